package dev.mstpanel.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The parts of the macOS packaging that do not need a Mac: the version jpackage and CFBundleVersion
 * get (packaging/macos/bundle-version.sh, run as package.sh runs it), and the keys a signed app
 * needs in Info.plist and the entitlements. What only a Mac can confirm is in packaging/README.md.
 */
@DisabledOnOs(OS.WINDOWS)
class MacPackagingTest {
    private static final Path MACOS =
            Path.of("..", "packaging", "macos").toAbsolutePath().normalize();

    private record Out(int exit, String stdout, String stderr) {}

    private static Out bundleVersion(String version) throws IOException, InterruptedException {
        Process p =
                new ProcessBuilder("bash", MACOS.resolve("bundle-version.sh").toString(), version).start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return new Out(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip(),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
    }

    /** jpackage on macOS: one to three integers, the first greater than zero. */
    private static boolean jpackageAcceptsOnMac(String v) {
        return v.matches("[0-9]+(\\.[0-9]+){0,2}") && Integer.parseInt(v.split("\\.")[0]) > 0;
    }

    @Test
    void everyProjectVersionMapsToOneJpackageAcceptsOnMac() throws Exception {
        for (String v : List.of("0.1.0", "0.1", "0", "0.0.1", "1.2.3", "0.2.0-SNAPSHOT", "2.0.0-rc1", "09.08.07")) {
            Out out = bundleVersion(v);
            assertThat(out.exit()).as(v).isZero();
            assertThat(jpackageAcceptsOnMac(out.stdout()))
                    .as(v + " -> " + out.stdout())
                    .isTrue();
        }
        assertThat(bundleVersion("0.1.0").stdout()).isEqualTo("1.1.0");
        assertThat(bundleVersion("0.2.0-SNAPSHOT").stdout()).isEqualTo("1.2.0");
        assertThat(bundleVersion("1.2.3").stdout()).isEqualTo("2.2.3");
    }

    @Test
    void theMappingKeepsTheOrderOfReleases() throws Exception {
        List<String> releases = List.of("0.0.9", "0.1.0", "0.1.1", "0.2.0", "0.10.0", "1.0.0", "1.0.1", "2.0.0");
        String previous = null;
        for (String v : releases) {
            String mapped = bundleVersion(v).stdout();
            if (previous != null) {
                assertThat(compare(mapped, previous))
                        .as(previous + " < " + mapped)
                        .isPositive();
            }
            previous = mapped;
        }
    }

    @Test
    void aVersionThatIsNotNumbersIsRefusedWithTheFix() throws Exception {
        Out out = bundleVersion("next");
        assertThat(out.exit()).isEqualTo(2);
        assertThat(out.stderr())
                .contains("\"next\" is not MAJOR[.MINOR[.PATCH]]")
                .contains("pom.xml");
    }

    @Test
    void theBundleAsksForAppleEventsAndTheLocalNetworkWithReasons() throws Exception {
        String plist = Files.readString(MACOS.resolve("Info.plist"));
        assertThat(plist)
                .contains("<key>CFBundleShortVersionString</key><string>@VERSION@</string>")
                .contains("<key>CFBundleVersion</key><string>@BUNDLE_VERSION@</string>")
                .containsPattern(
                        "<key>NSAppleEventsUsageDescription</key><string>[^<]*Terminal or iTerm2[^<]*</string>")
                .containsPattern("<key>NSLocalNetworkUsageDescription</key><string>[^<]*tcp://[^<]*</string>");
        String entitlements = Files.readString(MACOS.resolve("mst-panel.entitlements"));
        assertThat(entitlements)
                .contains("<key>com.apple.security.automation.apple-events</key><true/>")
                .contains("<key>com.apple.security.cs.allow-jit</key><true/>");
    }

    @Test
    void appNapIsKeptAwaySoAHiddenWindowKeepsReadingARunAndItsTimersKeepPace() throws Exception {
        assertThat(Files.readString(MACOS.resolve("Info.plist"))).contains("<key>NSAppSleepDisabled</key><true/>");
    }

    private static Out checkLinkage(Path... folders) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(
                List.of("bash", MACOS.resolve("check-linkage.sh").toString()));
        for (Path f : folders) {
            cmd.add(f.toString());
        }
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", dev.mstpanel.testsupport.MacDouble.bin() + ":" + System.getenv("PATH"));
        Process p = pb.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Out(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip(),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
    }

    @Test
    void aRuntimeLinkingHomebrewsLibrariesStopsThePackageWithTheJdkToUse(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path runtime = Files.createDirectories(dir.resolve("mst-panel.app/Contents/runtime/Contents/Home/lib"));
        Path app = Files.createDirectories(dir.resolve("mst-panel.app/Contents/app/lib"));
        Files.writeString(runtime.resolve("libjava.dylib"), "@rpath/libjava.dylib\n/usr/lib/libSystem.B.dylib\n");
        Files.writeString(
                runtime.resolve("libawt_lwawt.dylib"),
                "@rpath/libawt_lwawt.dylib\n/System/Library/Frameworks/Cocoa.framework/Versions/A/Cocoa\n");
        Files.writeString(app.resolve("libjnidispatch.dylib"), "libjnidispatch.jnilib\n/usr/lib/libSystem.B.dylib\n");
        // JavaFX's libraries name themselves by the path of the machine that built them: their own name is no
        // dependency
        Files.writeString(
                app.resolve("libglass.dylib"),
                "/Users/jenkins2/jenkins/workspace/OpenJFX-build-target/modules/javafx.graphics/build/libglass.dylib\n"
                        + "/System/Library/Frameworks/Cocoa.framework/Versions/A/Cocoa\n");
        Out selfContained =
                checkLinkage(dir.resolve("mst-panel.app/Contents/runtime"), dir.resolve("mst-panel.app/Contents/app"));
        assertThat(selfContained.exit()).as(selfContained.stderr()).isZero();

        // Homebrew's openjdk@17 links the system's libjpeg and lcms2 from Homebrew's prefix
        Files.writeString(
                runtime.resolve("libjavajpeg.dylib"),
                "@rpath/libjavajpeg.dylib\n/opt/homebrew/opt/jpeg-turbo/lib/libjpeg.8.dylib\n/usr/lib/libSystem.B.dylib\n");
        Files.writeString(
                runtime.resolve("liblcms.dylib"),
                "@rpath/liblcms.dylib\n/usr/local/opt/little-cms2/lib/liblcms2.2.dylib\n");
        Out homebrew =
                checkLinkage(dir.resolve("mst-panel.app/Contents/runtime"), dir.resolve("mst-panel.app/Contents/app"));
        assertThat(homebrew.exit()).isEqualTo(1);
        assertThat(homebrew.stderr())
                .contains("not be self-contained")
                .contains("libjavajpeg.dylib: /opt/homebrew/opt/jpeg-turbo/lib/libjpeg.8.dylib")
                .contains("liblcms.dylib: /usr/local/opt/little-cms2/lib/liblcms2.2.dylib")
                .contains("Temurin 17")
                .contains("brew install --cask temurin@17")
                .doesNotContain("libjava.dylib:");
    }

    @Test
    void thePackageStepChecksTheLinkageBeforeSigningAndStaplesTheAppToo() throws Exception {
        String script = Files.readString(MACOS.getParent().resolve("package.sh"));
        assertThat(script.indexOf("macos/check-linkage.sh"))
                .as("checked before the bundle is signed")
                .isPositive()
                .isLessThan(script.indexOf("codesign --verify --deep --strict"));
        assertThat(script)
                .contains("xcrun stapler staple \"$image\"")
                .contains("xcrun stapler staple \"$dmg\"")
                .contains("has no jmods folder");
    }

    private static int compare(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < 3; i++) {
            int c = Integer.compare(Integer.parseInt(x[i]), Integer.parseInt(y[i]));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
