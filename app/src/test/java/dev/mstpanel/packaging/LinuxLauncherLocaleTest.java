package dev.mstpanel.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.RunFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Non-ASCII arguments under a C locale: Java 17 decodes the arguments with the locale's
 * charset (sun.jnu.encoding; {@code -Dsun.jnu.encoding=UTF-8} is ignored), so under {@code LC_ALL=C} the run
 * folder {@code rün} reached the panel as {@code r\uFFFD\uFFFDn}. The app image's launcher
 * (packaging/linux/launcher.sh) gives the JVM the C.UTF-8 character type then, and the command lists the
 * run; {@code java -jar} without it stops with a usage error that names the locale and the fix. Real JVMs
 * (the JDK running this test) on the panel's class path, a real run folder.
 */
@EnabledOnOs(OS.LINUX)
class LinuxLauncherLocaleTest {
    private static final Path LAUNCHER =
            Path.of("..", "packaging", "linux", "launcher.sh").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private record Out(int exit, String stdout, String stderr) {}

    private Out run(List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("LC_CTYPE");
        pb.environment().put("LANG", "C");
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Out(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private Path runInAFolderNamedWithAnUmlaut() {
        RunFixture f = RunFixture.create(dir.resolve("rün"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
        return f.runDir();
    }

    /** An app image whose runtime is the JDK running this test and whose class path is the panel's. */
    private Path image() throws IOException {
        Path root = dir.resolve("image");
        Files.createDirectories(root.resolve("bin"));
        Files.createDirectories(root.resolve("lib/app"));
        Files.createDirectories(root.resolve("lib/runtime/bin"));
        Path launcher = root.resolve("bin/mst-panel");
        Files.copy(LAUNCHER, launcher);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(
                root.resolve("lib/app/mst-panel.cfg"),
                String.join(
                                "\n",
                                "[Application]",
                                "app.mainclass=dev.mstpanel.Main",
                                "app.classpath=" + System.getProperty("java.class.path"),
                                "[JavaOptions]",
                                "java-options=-Djava.awt.headless=true")
                        + "\n");
        Files.createSymbolicLink(
                root.resolve("lib/runtime/bin/java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        return root;
    }

    @Test
    void theLauncherUnderACLocaleReadsANonAsciiArgumentAsTyped() throws Exception {
        Path run = runInAFolderNamedWithAnUmlaut();
        Out out = run(List.of(image().resolve("bin/mst-panel").toString(), "trials", run.toString()));
        assertThat(out.exit()).as(out.stderr()).isZero();
        assertThat(out.stdout())
                .contains("passed     default")
                .contains("gift-card #1")
                .contains("1 passed");
        assertThat(out.stderr()).isEmpty();
        Files.delete(dir.resolve("image/lib/runtime/bin/java")); // the link, before JUnit cleans the folder up
    }

    @Test
    void javaWithoutTheLauncherUnderACLocaleSaysTheArgumentCannotBeDecodedAndHowToFixIt() throws Exception {
        Path run = runInAFolderNamedWithAnUmlaut();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main",
                "trials",
                run.toString()));
        Out out = run(command);
        assertThat(out.exit()).as(out.stderr()).isEqualTo(2);
        assertThat(out.stdout()).isEmpty();
        assertThat(out.stderr())
                .startsWith("mst-panel: the argument \"")
                .contains("r\uFFFD\uFFFDn")
                .contains("holds characters this locale's charset (ANSI_X3.4-1968) cannot decode")
                .contains("Run it under a UTF-8 locale: LC_ALL=C.UTF-8 mst-panel")
                .doesNotContain("Exception")
                .doesNotContain("picocli");

        Out grep = run(List.of(
                command.get(0),
                "-cp",
                command.get(2),
                "dev.mstpanel.Main",
                "trials",
                dir.toString(),
                "--grep",
                "café"));
        assertThat(grep.exit())
                .as("a search for what was not typed is refused, not run")
                .isEqualTo(2);
        assertThat(grep.stderr()).contains("\"caf\uFFFD\uFFFD\" holds characters");
    }
}
