package dev.mstpanel.packaging;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The app image's launcher on Linux (packaging/linux/launcher.sh, bin/mst-panel): it starts the JVM
 * the .cfg describes, as jpackage's launcher did, with the user's arguments as they were typed,
 * from any folder and through a link, and the JVM's exit code, stdin and stdout are the user's.
 * Laid out here as package.sh lays out the app image: bin/mst-panel, lib/app/mst-panel.cfg,
 * lib/runtime/bin/java.
 */
@EnabledOnOs(OS.LINUX)
class LinuxLauncherTest {
    private static final Path LAUNCHER = Path.of("..", "packaging", "linux", "launcher.sh").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private record Out(int exit, String stdout, String stderr) {}

    /** An app image under {@code dir/image} whose runtime's {@code bin/java} is {@code java}, and whose .cfg has these lines. */
    private Path image(String javaScript, String... cfgLines) throws IOException {
        Path root = dir.resolve("image");
        Files.createDirectories(root.resolve("bin"));
        Files.createDirectories(root.resolve("lib/app"));
        Files.createDirectories(root.resolve("lib/runtime/bin"));
        Path launcher = root.resolve("bin/mst-panel");
        Files.copy(LAUNCHER, launcher);
        executable(launcher);
        Files.writeString(root.resolve("lib/app/mst-panel.cfg"), String.join("\n", cfgLines) + "\n");
        Files.writeString(root.resolve("lib/app/mst-panel.jar"), "a stand-in for the jar (its size and time name the class-data archive)");
        Files.createDirectories(root.resolve("lib/app/lib"));
        Files.writeString(root.resolve("lib/app/lib/picocli.jar"), "a stand-in for a library");
        Path java = root.resolve("lib/runtime/bin/java");
        Files.writeString(java, javaScript);
        executable(java);
        return root;
    }

    /**
     * A test double of the runtime's {@code java}: prints each argument on its own line between
     * brackets, then a line from stdin, and exits with the code in {@code EXIT}.
     */
    private static final String JAVA_DOUBLE = """
            #!/bin/sh
            for a in "$@"; do printf '[%s]\\n' "$a"; done
            IFS= read -r line && printf 'stdin:%s\\n' "$line"
            exit "${EXIT:-0}"
            """;

    private static final String[] CFG = {
        "[Application]",
        "app.classpath=$APPDIR/mst-panel.jar",
        "app.mainclass=dev.mstpanel.Main",
        "app.classpath=$APPDIR/lib/picocli.jar",
        "",
        "[JavaOptions]",
        "java-options=-Djpackage.app-version=0.1.0",
        "java-options=-Djna.boot.library.path=$APPDIR/lib",
        "java-options=-Dhome=$ROOTDIR -Dbin=$BINDIR",
        "java-options=-Dliteral=$HOME",
        "java-options=-XX:TieredStopAtLevel=1",
    };

    private static Out run(Path workingDir, List<String> command, String stdin, String exit) throws Exception {
        return run(workingDir, command, stdin, exit, java.util.Map.of("MST_PANEL_CLASS_DATA", "off"));
    }

    private static Out run(Path workingDir, List<String> command, String stdin, String exit, java.util.Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDir.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("MST_PANEL_CLASS_DATA");
        pb.environment().putAll(env);
        if (exit != null) {
            pb.environment().put("EXIT", exit);
        }
        Process p = pb.start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Out(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private static List<String> bracketed(String stdout) {
        List<String> args = new ArrayList<>();
        StringBuilder cur = null;
        for (String line : stdout.split("\n", -1)) {
            if (cur == null && line.startsWith("[")) {
                cur = new StringBuilder(line.substring(1));
            } else if (cur != null) {
                cur.append('\n').append(line);
            }
            if (cur != null && cur.toString().endsWith("]")) {
                args.add(cur.substring(0, cur.length() - 1));
                cur = null;
            }
        }
        return args;
    }

    @Test
    void startsTheJvmOfTheCfgWithTheUsersArgumentsAsTyped() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG).toRealPath();
        List<String> typed = List.of("trials", "/tmp/a folder/*", "", "--grep", "it's \"quoted\" $HOME `x`", "two\nlines", "-cp");
        List<String> command = new ArrayList<>(List.of(root.resolve("bin/mst-panel").toString()));
        command.addAll(typed);
        Out out = run(dir, command, "from stdin\n", "7");

        assertThat(out.exit()).as(out.stderr()).isEqualTo(7);
        List<String> expected = new ArrayList<>(List.of(
                "-Djpackage.app-version=0.1.0",
                "-Djna.boot.library.path=" + root + "/lib/app/lib",
                "-Dhome=" + root + " -Dbin=" + root + "/bin",
                "-Dliteral=$HOME",
                "-XX:TieredStopAtLevel=1",
                "-cp", root + "/lib/app/mst-panel.jar:" + root + "/lib/app/lib/picocli.jar",
                "dev.mstpanel.Main"));
        expected.addAll(typed);
        assertThat(bracketed(out.stdout())).containsExactlyElementsOf(expected);
        assertThat(out.stdout()).endsWith("stdin:from stdin\n");
        assertThat(out.stderr()).isEmpty();
    }

    @Test
    void findsItsInstallationFromARelativePathAndThroughALink() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG).toRealPath();
        Out relative = run(root, List.of("bin/mst-panel", "--version"), "", null);
        assertThat(relative.exit()).as(relative.stderr()).isZero();
        assertThat(bracketed(relative.stdout())).contains("-cp", root + "/lib/app/mst-panel.jar:" + root + "/lib/app/lib/picocli.jar")
                .endsWith("dev.mstpanel.Main", "--version");

        Path links = Files.createDirectories(dir.resolve("usr/bin"));
        Files.createSymbolicLink(links.resolve("mst-panel"), root.resolve("bin/mst-panel"));
        Out linked = run(dir, List.of(links.resolve("mst-panel").toString(), "doctor"), "", null);
        assertThat(linked.exit()).as(linked.stderr()).isZero();
        assertThat(bracketed(linked.stdout())).contains("-Dhome=" + root + " -Dbin=" + root + "/bin")
                .endsWith("dev.mstpanel.Main", "doctor");
    }

    @Test
    void anIncompleteInstallationSaysWhatIsMissing() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG);
        Files.delete(root.resolve("lib/runtime/bin/java"));
        Out out = run(dir, List.of(root.resolve("bin/mst-panel").toString(), "--version"), "", null);
        assertThat(out.exit()).isEqualTo(1);
        assertThat(out.stdout()).isEmpty();
        assertThat(out.stderr()).startsWith("mst-panel: the installation is incomplete").contains("lib/runtime/bin/java").contains("reinstall");
    }

    @Test
    void runsThePanelOnARealJvm() throws Exception {
        // the runtime is the JDK running this test; the class path is the panel's compiled classes and libraries
        Path root = image("", "[Application]", "app.mainclass=dev.mstpanel.Main",
                "app.classpath=" + String.join(java.io.File.pathSeparator, System.getProperty("java.class.path").split(java.io.File.pathSeparator)),
                "[JavaOptions]", "java-options=-Djava.awt.headless=true");
        Path java = root.resolve("lib/runtime/bin/java");
        Files.delete(java);
        Files.createSymbolicLink(java, Path.of(System.getProperty("java.home"), "bin", "java"));
        // the test's class path holds folders (Java 17 archives jars only): the launcher starts no class-data archive then
        for (int start = 0; start < 2; start++) {
            ProcessBuilder pb = new ProcessBuilder(root.resolve("bin/mst-panel").toString(), "--version");
            pb.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            pb.environment().remove("MST_PANEL_CLASS_DATA");
            Process p = pb.start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(err).isZero();
            assertThat(err).as("nothing from the JVM's class-data logging").isEmpty();
            assertThat(out).startsWith("mst-panel ").contains("\nJava " + System.getProperty("java.version"));
            assertThat(out.lines()).hasSize(2);
        }
        assertThat(dir.resolve("panel-home/cache/class-data-headless")).doesNotExist();

        ProcessBuilder missing = new ProcessBuilder(root.resolve("bin/mst-panel").toString(), "trials", dir.resolve("nowhere").toString());
        missing.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        Process m = missing.start();
        assertThat(m.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(m.exitValue()).isEqualTo(1);
        assertThat(new String(m.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)).contains("mst-panel trials: There is no folder at");
        Files.delete(java); // the link, before JUnit cleans the folder up
    }

    private static final java.util.function.Predicate<String> ARCHIVE_OPTION = a -> a.contains("SharedArchiveFile") || a.contains("ArchiveClassesAtExit");

    private static String option(List<String> args, String prefix) {
        return args.stream().filter(a -> a.startsWith(prefix)).findFirst().map(a -> a.substring(prefix.length())).orElse(null);
    }

    @Test
    void eachCommandMakesAClassDataArchiveItsNextStartsMapAndTheWindowIsLeftToItsOwn() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG).toRealPath();
        Path home = dir.resolve("panel-home");
        java.util.Map<String, String> env = java.util.Map.of("MST_PANEL_HOME", home.toString());
        String launcher = root.resolve("bin/mst-panel").toString();
        Path folder = home.resolve("cache/class-data-headless");

        List<String> first = bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout());
        Path training = Path.of(option(first, "-XX:ArchiveClassesAtExit="));
        assertThat(training.getParent()).isEqualTo(folder);
        assertThat(training.getFileName().toString()).matches("[0-9]+-trials\\.[0-9]+\\.tmp");
        String name = training.getFileName().toString().substring(0, training.getFileName().toString().indexOf('.'));
        assertThat(first).contains("-Xlog:cds=off", "-Xlog:cds+dynamic=off").endsWith("dev.mstpanel.Main", "trials", "x");
        assertThat(first.indexOf("-XX:ArchiveClassesAtExit=" + training)).as("a JVM option, before the main class")
                .isLessThan(first.indexOf("dev.mstpanel.Main"));
        assertThat(bracketed(run(dir, List.of(launcher, "--version"), "", null, env).stdout()))
                .as("--version makes none, and there is none to map yet").noneMatch(ARCHIVE_OPTION);

        // a finished training (its process gone, the archive's magic number at its start) becomes the archive
        Files.write(training, new byte[] {(byte) 0xa8, (byte) 0xab, 0x0b, (byte) 0xf0, 1, 2, 3}); // 0xf00baba8, little-endian
        List<String> mapped = bracketed(run(dir, List.of(launcher, "trials", "z"), "", null, env).stdout());
        assertThat(mapped).contains("-XX:SharedArchiveFile=" + folder.resolve(name + ".jsa"), "-Xshare:auto", "-Xlog:cds=off")
                .noneMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit"));
        assertThat(folder.resolve(name + ".jsa")).exists();
        assertThat(training).doesNotExist();
        assertThat(bracketed(run(dir, List.of(launcher, "--version"), "", null, env).stdout()))
                .as("--version maps a command's archive").contains("-XX:SharedArchiveFile=" + folder.resolve(name + ".jsa"));

        // another command makes its own; one cut short (the double wrote no archive) is removed and not tried again
        List<String> contexts = bracketed(run(dir, List.of(launcher, "contexts", "--json"), "", null, env).stdout());
        Path contextsTraining = Path.of(option(contexts, "-XX:ArchiveClassesAtExit="));
        assertThat(contextsTraining.getFileName().toString()).startsWith(name.substring(0, name.indexOf('-')) + "-contexts.");
        Files.write(contextsTraining, new byte[] {0, 0, 0, 0, 1, 2});
        assertThat(bracketed(run(dir, List.of(launcher, "contexts"), "", null, env).stdout())).noneMatch(ARCHIVE_OPTION);
        assertThat(contextsTraining).doesNotExist();
        assertThat(bracketed(run(dir, List.of(launcher, "contexts"), "", null, env).stdout()))
                .as("not tried again until an update").noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout()))
                .as("the other command's archive is still mapped").contains("-XX:SharedArchiveFile=" + folder.resolve(name + ".jsa"));

        assertThat(bracketed(run(dir, List.of(launcher), "", null, env).stdout()))
                .as("the window's JVM relaunches itself with its own archive").noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null,
                java.util.Map.of("MST_PANEL_HOME", home.toString(), "MST_PANEL_CLASS_DATA", "off")).stdout())).noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null,
                java.util.Map.of("MST_PANEL_HOME", home.toString(), "JAVA_TOOL_OPTIONS", "-Xshare:off")).stdout()))
                .as("the user's own archive options win").noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(dir, List.of(launcher, "../../etc", "x"), "", null, env).stdout()))
                .as("not a command's name").noneMatch(ARCHIVE_OPTION);

        // a folder on the class path: no archive options at all (the JVM would refuse to start)
        Files.createDirectories(root.resolve("lib/app/classes"));
        Files.writeString(root.resolve("lib/app/mst-panel.cfg"), String.join("\n", CFG) + "\n[Application]\napp.classpath=$APPDIR/classes\n");
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout())).noneMatch(ARCHIVE_OPTION);
        Files.writeString(root.resolve("lib/app/mst-panel.cfg"), String.join("\n", CFG) + "\n");

        // an update (the jar changes) makes a new archive under a new name
        Files.writeString(root.resolve("lib/app/mst-panel.jar"), "a newer jar");
        List<String> updated = bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout());
        assertThat(option(updated, "-XX:ArchiveClassesAtExit=")).startsWith(folder.toString()).doesNotContain("/" + name + ".");
    }

    private static void executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
