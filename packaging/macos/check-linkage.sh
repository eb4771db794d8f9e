#!/usr/bin/env bash
# Fails when a native library of the app image links a library outside the bundle and outside
# macOS itself: a JDK built against Homebrew's libraries (Homebrew's openjdk@17 links libjpeg,
# lcms2, libpng, giflib, harfbuzz and freetype from /opt/homebrew) gives a runtime that works on
# the Mac that built it and fails on one without the same formulas; jlink does not copy them.
# Allowed: /usr/lib and /System (macOS's own), @rpath, @loader_path and @executable_path (inside
# the bundle). Read with `otool -L`, whose first line names the file and the others its
# dependencies, the library's own install name among them (a JavaFX library names itself by the
# path of the machine that built it): that name, which `otool -D` prints, is not a dependency.
#
# Usage: packaging/macos/check-linkage.sh FOLDER...   (package.sh runs it on the runtime and app)
set -euo pipefail
(($#)) || { echo "usage: check-linkage.sh FOLDER..." >&2; exit 2; }
outside=()
while IFS= read -r -d '' lib; do
  self=$(otool -D "$lib" | tail -n +2 | head -n 1)
  while IFS= read -r dep; do
    [[ -n $self && $dep == "$self" ]] && continue
    case $dep in
      /usr/lib/* | /System/* | @rpath/* | @loader_path/* | @executable_path/*) ;;
      *) outside+=("${lib#./}: $dep") ;;
    esac
  done < <(otool -L "$lib" | tail -n +2 | sed -e 's/^[[:space:]]*//' -e 's/ (compatibility version.*//' -e 's/ (current version.*//')
done < <(find "$@" -type f \( -name '*.dylib' -o -name '*.jnilib' \) -print0)
if ((${#outside[@]})); then
  {
    echo "package.sh: the app would not be self-contained: these native libraries link files outside the bundle,"
    echo "which other Macs do not have:"
    printf '  %s\n' "${outside[@]}"
    echo "Build with a JDK whose runtime carries its own libraries, e.g. Eclipse Temurin 17:"
    echo "  brew install --cask temurin@17 && export JAVA_HOME=\$(/usr/libexec/java_home -v 17)"
  } >&2
  exit 1
fi
echo "[package] linkage: every native library links only the bundle and macOS"
