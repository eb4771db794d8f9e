#!/usr/bin/env bash
# Builds mst-panel's package for the OS it runs on into app/target/dist/ (Maven's `package`
# profile runs it after the jar: `mvn -Ppackage package` at the root).
#
#   1. jlink: a runtime of the JDK modules the app needs (jlink.args), with the JDK's CDS archive;
#   2. jpackage: the app image (<os>/app-image.jpackage) with the jar and its libraries, JavaFX
#      included, on the class path (class files older than Java 6 re-encoded first, so that the
#      class-data archive can hold them: tools/UpgradeOldClassFiles.java);
#   3. (no AppCDS training here: an archive made at this path would not apply once the app is
#      installed or moved; the app makes one in the user's cache folder at its first start);
#   4. macOS only: the bundle is signed once its content is final (archive and .cfg included):
#      with MST_PANEL_MAC_SIGN_IDENTITY ("Developer ID Application: Name (TEAMID)") every Mach-O
#      file, inside out, with the hardened runtime, a secure timestamp and the entitlements;
#      without it ad hoc (Apple Silicon runs no unsigned code). `codesign --verify --deep
#      --strict` must pass, or the build stops;
#   5. the installer made from that app image unless MST_PANEL_PACKAGE_INSTALLER=no (CI builds
#      the app image only): jpackage for the .deb and .msi (<os>/deb.jpackage, msi.jpackage);
#      on macOS `hdiutil` makes the .dmg from the signed .app (jpackage would re-sign a copy),
#      signed too with an identity, then notarized and stapled when MST_PANEL_NOTARY_PROFILE names
#      a `xcrun notarytool store-credentials` profile (the .app is notarized and stapled first, so
#      that a copy taken out of the .dmg carries its own ticket);
#   6. macOS: the runtime's and the app's native libraries may link only the bundle and macOS
#      (macos/check-linkage.sh, with otool -L), or the build stops and names a JDK that works.
#
# macOS version: jpackage refuses an app-version whose first number is 0, so jpackage and
# CFBundleVersion get macos/bundle-version.sh's mapping (0.1.0 -> 1.1.0); CFBundleShortVersionString,
# the .dmg's name and `mst-panel --version` keep VERSION.
#
# Usage: packaging/package.sh VERSION   (run by Maven from app/; needs a JDK 17+ with jmods, e.g. Temurin 17)
set -euo pipefail
version=${1:?usage: package.sh VERSION}
app="$(cd "$(dirname "$0")/../app" && pwd)"
cd "$app"
case "$(uname -s)" in
  Linux) os=linux installer=deb image=target/dist/mst-panel appdir=target/dist/mst-panel/lib/app launcher=target/dist/mst-panel/bin/mst-panel ;;
  Darwin) os=macos installer=dmg image=target/dist/mst-panel.app appdir=target/dist/mst-panel.app/Contents/app launcher=target/dist/mst-panel.app/Contents/MacOS/mst-panel ;;
  MINGW* | MSYS* | CYGWIN*) os=windows installer=msi image=target/dist/mst-panel appdir=target/dist/mst-panel/app launcher=target/dist/mst-panel/mst-panel.exe ;;
  *) echo "package.sh: no package for $(uname -s)" >&2; exit 1 ;;
esac
jdk_bin="$(dirname "$(readlink -f "$(command -v jpackage)")")"
[[ -n ${JAVA_HOME:-} && -x $JAVA_HOME/bin/jpackage ]] && jdk_bin=$JAVA_HOME/bin
step() { printf '[package] %s\n' "$*"; }
jdk_home=$(dirname "$jdk_bin")
if [[ ! -d $jdk_home/jmods ]]; then
  echo "package.sh: $jdk_home has no jmods folder, which jlink needs to make the app's runtime. Use a full JDK 17," >&2
  echo "e.g. Eclipse Temurin 17 (macOS: brew install --cask temurin@17; export JAVA_HOME=\$(/usr/libexec/java_home -v 17))." >&2
  exit 1
fi

rm -rf target/dist target/runtime target/jpackage-input target/packaging
mkdir -p target/dist target/jpackage-input target/packaging/resources
cp target/mst-panel.jar target/jpackage-input/
cp -r target/lib target/jpackage-input/lib
# Class files older than Java 6 (picocli's) re-encoded as Java 8 ones, so that the class-data archive
# of a headless command holds them: JDK 17 leaves them out of it (tools/UpgradeOldClassFiles.java)
step "class files older than Java 6: re-encoded for the class-data archive"
"$jdk_bin/java" -cp target/packaging-tools/asm.jar ../packaging/tools/UpgradeOldClassFiles.java target/jpackage-input/lib \
  | sed 's/^/[package]   /'
# JavaFX looks for its native libraries next to its jars first; otherwise it unpacks them from the
# jars into ~/.openjfx/cache and compares them with the cached copies at every start.
mkdir -p target/packaging/natives
for jar in target/jpackage-input/lib/javafx-*-*.jar; do
  [[ $jar =~ -(linux|mac|win)[^/]*\.jar$ ]] || continue
  (cd target/packaging/natives && "$jdk_bin/jar" xf "../../../$jar")
done
find target/packaging/natives -maxdepth 1 \( -name '*.so' -o -name '*.dylib' -o -name '*.dll' \) -exec mv {} target/jpackage-input/lib/ \;
rm -rf target/packaging/natives
app_version=$version short_version=$version
if [[ $os == macos ]]; then
  # Apple's notary service looks inside jars and refuses unsigned native code there. The natives
  # this Mac uses sit next to the jars (JavaFX's above; JNA's jnidispatch here, found through
  # -Djna.boot.library.path=$APPDIR/lib in macos/app-image.jpackage), where step 4 signs them; every
  # native library is then deleted from the jars (JavaFX's and JNA's, other platforms' included).
  case "$(uname -m)" in arm64) jna_dir=darwin-aarch64 ;; *) jna_dir=darwin-x86-64 ;; esac
  for jar in target/jpackage-input/lib/jna-[0-9]*.jar; do
    [[ -f $jar ]] || continue
    unzip -p "$jar" "com/sun/jna/$jna_dir/libjnidispatch.jnilib" >target/jpackage-input/lib/libjnidispatch.dylib
  done
  for jar in target/jpackage-input/lib/*.jar; do
    if unzip -Z1 "$jar" | grep -E '\.(so|dylib|jnilib|dll|a)$' >/dev/null; then   # not grep -q: with pipefail, unzip's SIGPIPE would fail the test
      zip -q -d "$jar" '*.so' '*.dylib' '*.jnilib' '*.dll' '*.a' >/dev/null || true
    fi
  done
  app_version=$(../packaging/macos/bundle-version.sh "$version")
  short_version=${version%%[-+]*}
fi
cp -r "../packaging/$os/." target/packaging/resources/
rm -f target/packaging/resources/bundle-version.sh target/packaging/resources/launcher.sh target/packaging/resources/check-linkage.sh
if [[ -f target/packaging/resources/Info.plist ]]; then
  sed -i.bak -e "s/@VERSION@/$short_version/g" -e "s/@BUNDLE_VERSION@/$app_version/g" target/packaging/resources/Info.plist
  rm -f target/packaging/resources/Info.plist.bak
fi
if [[ $os == macos ]]; then cp ../icons/mst-panel.icns target/packaging/resources/mst-panel.icns; fi

step "jlink: runtime of the JDK modules in packaging/jlink.args"
"$jdk_bin/jlink" @../packaging/jlink.args --output target/runtime
rm -f target/runtime/lib/server/classes_nocoops.jsa   # only used with heaps over 32 GiB

step "jpackage: $os app image"
"$jdk_bin/jpackage" @../packaging/common.jpackage @"../packaging/$os/app-image.jpackage" \
  --type app-image --input target/jpackage-input --runtime-image target/runtime \
  --resource-dir target/packaging/resources --dest target/dist --app-version "$app_version"

if [[ $os == linux ]]; then
  # jpackage's Linux launcher asks rpm and dpkg which package owns it at every start (~250 ms);
  # linux/launcher.sh starts the same JVM from the same .cfg without asking (see its header)
  step "launcher: packaging/linux/launcher.sh in place of jpackage's"
  cp ../packaging/linux/launcher.sh "$launcher"
  chmod 755 "$launcher"
fi

# No class-data archive is made here: on Java 17 one only applies at the path it was made for, so
# the app makes its own at its first start, in the user's cache folder (core/startup/ClassDataArchive).
if [[ $os == macos ]]; then
  # A .dmg for other Macs: no native library may link files outside the bundle and macOS
  step "otool -L: linkage of the runtime's and the app's native libraries"
  ../packaging/macos/check-linkage.sh "$image/Contents/runtime" "$image/Contents/app"
  # Last change to the bundle's content is above; from here on it is only signed (a signature
  # made before the archive and the .cfg edit would make a downloaded copy "damaged").
  entitlements=../packaging/macos/mst-panel.entitlements
  if [[ -n ${MST_PANEL_MAC_SIGN_IDENTITY:-} ]]; then
    step "codesign: $MST_PANEL_MAC_SIGN_IDENTITY (hardened runtime, timestamp), inside out"
    sign() { codesign --force --timestamp --options runtime --sign "$MST_PANEL_MAC_SIGN_IDENTITY" "$@"; }
    while IFS= read -r -d '' f; do
      if [[ $f == *.dylib || $f == *.jnilib ]]; then sign "$f"
      elif file -b "$f" | grep -q 'Mach-O'; then sign --entitlements "$entitlements" "$f"; fi
    done < <(find "$image/Contents/runtime" "$image/Contents/app" "$image/Contents/MacOS" -type f -print0)
    sign "$image/Contents/runtime"
    sign --entitlements "$entitlements" "$image"
  else
    step "codesign: ad hoc (set MST_PANEL_MAC_SIGN_IDENTITY to sign with a Developer ID)"
    codesign --force --deep --sign - "$image"
  fi
  codesign --verify --deep --strict --verbose=2 "$image"
fi
step "app image: $image ($(du -sh "$image" | cut -f1))"

if [[ ${MST_PANEL_PACKAGE_INSTALLER:-yes} == no ]]; then
  step "installer skipped (MST_PANEL_PACKAGE_INSTALLER=no)"
  exit 0
fi
if [[ $os == macos ]]; then
  dmg="target/dist/mst-panel-$version.dmg"
  notarize() { # submits a .zip or .dmg and waits; stops the build unless Apple accepts it
    step "notarytool: submitting $1 (profile $MST_PANEL_NOTARY_PROFILE)"
    local notary
    notary=$(xcrun notarytool submit "$1" --keychain-profile "$MST_PANEL_NOTARY_PROFILE" --wait 2>&1) || true
    printf '%s\n' "$notary"
    if ! grep -q 'status: Accepted' <<<"$notary"; then
      echo "package.sh: notarization was not accepted; Apple's reasons: xcrun notarytool log <id above> --keychain-profile $MST_PANEL_NOTARY_PROFILE" >&2
      exit 1
    fi
  }
  if [[ -n ${MST_PANEL_MAC_SIGN_IDENTITY:-} && -n ${MST_PANEL_NOTARY_PROFILE:-} ]]; then
    # the .app gets its own ticket too, so that a copy taken out of the .dmg opens offline the first time
    ditto -c -k --keepParent "$image" target/packaging/mst-panel-app.zip
    notarize target/packaging/mst-panel-app.zip
    xcrun stapler staple "$image"
    rm -f target/packaging/mst-panel-app.zip
  fi
  step "hdiutil: $dmg"
  stage=target/packaging/dmg
  rm -rf "$stage" && mkdir -p "$stage"
  ditto "$image" "$stage/mst-panel.app"
  ln -s /Applications "$stage/Applications"
  hdiutil create -quiet -volname mst-panel -srcfolder "$stage" -ov -format UDZO "$dmg"
  rm -rf "$stage"
  if [[ -n ${MST_PANEL_MAC_SIGN_IDENTITY:-} ]]; then
    codesign --force --timestamp --sign "$MST_PANEL_MAC_SIGN_IDENTITY" "$dmg"
    if [[ -n ${MST_PANEL_NOTARY_PROFILE:-} ]]; then
      notarize "$dmg"
      xcrun stapler staple "$dmg"
    fi
  fi
  step "installer: $dmg"
  exit 0
fi
step "jpackage: $installer"
"$jdk_bin/jpackage" @"../packaging/$os/$installer.jpackage" --name mst-panel --app-image "$image" \
  --resource-dir target/packaging/resources --dest target/dist --app-version "$app_version" \
  --description "A control panel for running MST evals in Docker containers" --vendor mst-panel
step "installer: $(ls target/dist | grep -v '^mst-panel\(\.app\)\?$' | sed 's|^|target/dist/|' | tr '\n' ' ')"
