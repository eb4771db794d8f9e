package dev.mstpanel.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
    private static final Path LAUNCHER =
            Path.of("..", "packaging", "linux", "launcher.sh").toAbsolutePath().normalize();

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
        Files.writeString(
                root.resolve("lib/app/mst-panel.jar"),
                "a stand-in for the jar (its size and time name the class-data archive)");
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

    private static Out run(
            Path workingDir, List<String> command, String stdin, String exit, java.util.Map<String, String> env)
            throws Exception {
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
        return new Out(
                p.exitValue(),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
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
        List<String> typed =
                List.of("trials", "/tmp/a folder/*", "", "--grep", "it's \"quoted\" $HOME `x`", "two\nlines", "-cp");
        List<String> command =
                new ArrayList<>(List.of(root.resolve("bin/mst-panel").toString()));
        command.addAll(typed);
        Out out = run(dir, command, "from stdin\n", "7");

        assertThat(out.exit()).as(out.stderr()).isEqualTo(7);
        List<String> expected = new ArrayList<>(List.of(
                "-Djpackage.app-version=0.1.0",
                "-Djna.boot.library.path=" + root + "/lib/app/lib",
                "-Dhome=" + root + " -Dbin=" + root + "/bin",
                "-Dliteral=$HOME",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                root + "/lib/app/mst-panel.jar:" + root + "/lib/app/lib/picocli.jar",
                "dev.mstpanel.Main"));
        expected.addAll(typed);
        assertThat(bracketed(out.stdout())).containsExactlyElementsOf(expected);
        assertThat(out.stdout()).endsWith("stdin:from stdin\n");
        assertThat(out.stderr()).isEmpty();
    }

    @Test
    void aHeadlessCommandRunsWithTheSerialCollectorUnlessTheUserChoseOneAndTheWindowKeepsTheDefault() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG).toRealPath();
        String launcher = root.resolve("bin/mst-panel").toString();
        assertThat(bracketed(
                        run(dir, List.of(launcher, "trials", "x"), "", null).stdout()))
                .contains("-XX:+UseSerialGC");
        assertThat(bracketed(run(dir, List.of(launcher, "--version"), "", null).stdout()))
                .contains("-XX:+UseSerialGC");
        assertThat(bracketed(run(dir, List.of(launcher), "", null).stdout()))
                .as("the window")
                .doesNotContain("-XX:+UseSerialGC");
        // two collectors would stop the JVM: the user's choice wins
        assertThat(bracketed(run(
                                dir,
                                List.of(launcher, "trials", "x"),
                                "",
                                null,
                                java.util.Map.of(
                                        "MST_PANEL_CLASS_DATA", "off", "JAVA_TOOL_OPTIONS", "-XX:+UseParallelGC"))
                        .stdout()))
                .doesNotContain("-XX:+UseSerialGC");
    }

    @Test
    void findsItsInstallationFromARelativePathAndThroughALink() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG).toRealPath();
        Out relative = run(root, List.of("bin/mst-panel", "--version"), "", null);
        assertThat(relative.exit()).as(relative.stderr()).isZero();
        assertThat(bracketed(relative.stdout()))
                .contains("-cp", root + "/lib/app/mst-panel.jar:" + root + "/lib/app/lib/picocli.jar")
                .endsWith("dev.mstpanel.Main", "--version");

        Path links = Files.createDirectories(dir.resolve("usr/bin"));
        Files.createSymbolicLink(links.resolve("mst-panel"), root.resolve("bin/mst-panel"));
        Out linked = run(dir, List.of(links.resolve("mst-panel").toString(), "doctor"), "", null);
        assertThat(linked.exit()).as(linked.stderr()).isZero();
        assertThat(bracketed(linked.stdout()))
                .contains("-Dhome=" + root + " -Dbin=" + root + "/bin")
                .endsWith("dev.mstpanel.Main", "doctor");
    }

    @Test
    void anIncompleteInstallationSaysWhatIsMissing() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG);
        Files.delete(root.resolve("lib/runtime/bin/java"));
        Out out = run(dir, List.of(root.resolve("bin/mst-panel").toString(), "--version"), "", null);
        assertThat(out.exit()).isEqualTo(1);
        assertThat(out.stdout()).isEmpty();
        assertThat(out.stderr())
                .startsWith("mst-panel: the installation is incomplete")
                .contains("lib/runtime/bin/java")
                .contains("reinstall");
    }

    @Test
    void runsThePanelOnARealJvm() throws Exception {
        // the runtime is the JDK running this test; the class path is the panel's compiled classes and libraries
        Path root = image(
                "",
                "[Application]",
                "app.mainclass=dev.mstpanel.Main",
                "app.classpath="
                        + String.join(
                                java.io.File.pathSeparator,
                                System.getProperty("java.class.path").split(java.io.File.pathSeparator)),
                "[JavaOptions]",
                "java-options=-Djava.awt.headless=true");
        Path java = root.resolve("lib/runtime/bin/java");
        Files.delete(java);
        Files.createSymbolicLink(java, Path.of(System.getProperty("java.home"), "bin", "java"));
        // the test's class path holds folders (Java 17 archives jars only): the launcher starts no class-data archive
        // then
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

        ProcessBuilder missing = new ProcessBuilder(
                root.resolve("bin/mst-panel").toString(),
                "trials",
                dir.resolve("nowhere").toString());
        missing.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        Process m = missing.start();
        assertThat(m.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(m.exitValue()).isEqualTo(1);
        assertThat(new String(m.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("mst-panel trials: There is no folder at");
        Files.delete(java); // the link, before JUnit cleans the folder up
    }

    private static final java.util.function.Predicate<String> ARCHIVE_OPTION =
            a -> a.contains("SharedArchiveFile") || a.contains("ArchiveClassesAtExit");

    private static String option(List<String> args, String prefix) {
        return args.stream()
                .filter(a -> a.startsWith(prefix))
                .findFirst()
                .map(a -> a.substring(prefix.length()))
                .orElse(null);
    }

    @Test
    void eachCommandMakesAClassDataArchiveItsNextStartsMapAndTheWindowIsLeftToItsOwn() throws Exception {
        Path root = image(JAVA_DOUBLE, CFG).toRealPath();
        Path home = dir.resolve("panel-home");
        java.util.Map<String, String> env = java.util.Map.of("MST_PANEL_HOME", home.toString());
        String launcher = root.resolve("bin/mst-panel").toString();
        Path folder = home.resolve("cache/class-data-headless");

        List<String> first = bracketed(
                run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout());
        Path training = Path.of(option(first, "-XX:ArchiveClassesAtExit="));
        assertThat(training.getParent()).isEqualTo(folder);
        assertThat(training.getFileName().toString()).matches("[0-9]+-trials\\.[0-9]+\\.tmp");
        String name = training.getFileName()
                .toString()
                .substring(0, training.getFileName().toString().indexOf('.'));
        assertThat(first)
                .contains("-Xlog:cds=off", "-Xlog:cds+dynamic=off")
                .endsWith("dev.mstpanel.Main", "trials", "x");
        assertThat(first.indexOf("-XX:ArchiveClassesAtExit=" + training))
                .as("a JVM option, before the main class")
                .isLessThan(first.indexOf("dev.mstpanel.Main"));
        assertThat(bracketed(
                        run(dir, List.of(launcher, "--version"), "", null, env).stdout()))
                .as("--version makes none, and there is none to map yet")
                .noneMatch(ARCHIVE_OPTION);

        // a finished training (its process gone, the archive's magic number at its start) becomes the archive,
        // named with its size and time (a later start checks them: a cut or rewritten archive would crash the JVM)
        Files.write(
                training,
                new byte[] {(byte) 0xa8, (byte) 0xab, 0x0b, (byte) 0xf0, 1, 2, 3}); // 0xf00baba8, little-endian
        long trainedAt = Files.getLastModifiedTime(training).toMillis() / 1000;
        Path archive = folder.resolve(name + ".7-" + trainedAt + ".jsa");
        List<String> mapped = bracketed(
                run(dir, List.of(launcher, "trials", "z"), "", null, env).stdout());
        assertThat(mapped)
                .contains(
                        "-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-XX:+VerifySharedSpaces", "-Xlog:cds=off")
                .noneMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit"));
        assertThat(archive).exists();
        assertThat(training).doesNotExist();
        assertThat(bracketed(
                        run(dir, List.of(launcher, "--version"), "", null, env).stdout()))
                .as("--version maps a command's archive")
                .contains("-XX:SharedArchiveFile=" + archive);

        // another command makes its own; one cut short (the double wrote no archive) is removed and not tried again
        List<String> contexts = bracketed(
                run(dir, List.of(launcher, "contexts", "--json"), "", null, env).stdout());
        Path contextsTraining = Path.of(option(contexts, "-XX:ArchiveClassesAtExit="));
        assertThat(contextsTraining.getFileName().toString())
                .startsWith(name.substring(0, name.indexOf('-')) + "-contexts.");
        Files.write(contextsTraining, new byte[] {0, 0, 0, 0, 1, 2});
        assertThat(bracketed(
                        run(dir, List.of(launcher, "contexts"), "", null, env).stdout()))
                .noneMatch(ARCHIVE_OPTION);
        assertThat(contextsTraining).doesNotExist();
        assertThat(bracketed(
                        run(dir, List.of(launcher, "contexts"), "", null, env).stdout()))
                .as("not tried again until an update")
                .noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env)
                        .stdout()))
                .as("the other command's archive is still mapped")
                .contains("-XX:SharedArchiveFile=" + archive);

        assertThat(bracketed(run(dir, List.of(launcher), "", null, env).stdout()))
                .as("the window's JVM relaunches itself with its own archive")
                .noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(
                                dir,
                                List.of(launcher, "trials", "x"),
                                "",
                                null,
                                java.util.Map.of("MST_PANEL_HOME", home.toString(), "MST_PANEL_CLASS_DATA", "off"))
                        .stdout()))
                .noneMatch(ARCHIVE_OPTION);
        assertThat(bracketed(run(
                                dir,
                                List.of(launcher, "trials", "x"),
                                "",
                                null,
                                java.util.Map.of("MST_PANEL_HOME", home.toString(), "JAVA_TOOL_OPTIONS", "-Xshare:off"))
                        .stdout()))
                .as("the user's own archive options win")
                .noneMatch(ARCHIVE_OPTION);
        for (String notACommand : List.of("../../etc", "trails", "tirals", "trial", "help", "1", "trials x", "")) {
            assertThat(bracketed(run(dir, List.of(launcher, notACommand, "x"), "", null, env)
                            .stdout()))
                    .as("not a command's name: " + notACommand)
                    .noneMatch(ARCHIVE_OPTION);
        }
        try (var names = Files.list(folder)) {
            assertThat(names.map(p -> p.getFileName().toString()))
                    .as("nothing trained for a mistyped command")
                    .noneMatch(f -> f.contains("trails") || f.contains("tirals") || f.contains("-trial."));
        }

        // a folder on the class path: no archive options at all (the JVM would refuse to start)
        Files.createDirectories(root.resolve("lib/app/classes"));
        Files.writeString(
                root.resolve("lib/app/mst-panel.cfg"),
                String.join("\n", CFG) + "\n[Application]\napp.classpath=$APPDIR/classes\n");
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env)
                        .stdout()))
                .noneMatch(ARCHIVE_OPTION);
        Files.writeString(root.resolve("lib/app/mst-panel.cfg"), String.join("\n", CFG) + "\n");

        // an update (the jar changes) makes a new archive under a new name
        Files.writeString(root.resolve("lib/app/mst-panel.jar"), "a newer jar");
        List<String> updated = bracketed(
                run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout());
        assertThat(option(updated, "-XX:ArchiveClassesAtExit="))
                .startsWith(folder.toString())
                .doesNotContain("/" + name + ".");
    }

    @Test
    void theLaunchersCommandNamesAreThoseOfPicocliCommandTable() throws Exception {
        String script = Files.readString(LAUNCHER);
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(?m)^commands='([a-z -]+)'$").matcher(script);
        assertThat(m.find()).as("launcher.sh has its commands='...' line").isTrue();
        java.lang.reflect.Field table =
                Class.forName("dev.mstpanel.cli.MstPanelCommand").getDeclaredField("COMMANDS");
        table.setAccessible(true);
        java.util.Map<?, ?> commands = (java.util.Map<?, ?>) table.get(null);
        assertThat(m.group(1).split(" "))
                .as("the commands that train a class-data archive are the panel's commands")
                .containsExactlyInAnyOrderElementsOf(
                        commands.keySet().stream().map(String::valueOf).toList());
    }

    /**
     * A test double of {@code java} that trains as the JVM does: writes an archive (its magic number
     * and a few bytes) to the {@code -XX:ArchiveClassesAtExit} file as it exits, a little later, so
     * that starts begun together overlap.
     */
    private static final String TRAINING_DOUBLE = """
            #!/bin/sh
            for a in "$@"; do
              printf '[%s]\\n' "$a"
              case $a in -XX:ArchiveClassesAtExit=*) out=${a#*=} ;; esac
            done
            sleep 0.3
            [ -z "${out:-}" ] || printf '\\250\\253\\013\\360archive' >"$out"
            """;

    @Test
    void concurrentFirstStartsLeaveOneArchiveAndNoLeftovers() throws Exception {
        Path root = image(TRAINING_DOUBLE, CFG).toRealPath();
        Path home = dir.resolve("panel-home");
        java.util.Map<String, String> env = java.util.Map.of("MST_PANEL_HOME", home.toString());
        String launcher = root.resolve("bin/mst-panel").toString();
        Path folder = home.resolve("cache/class-data-headless");
        for (int wave : new int[] {4, 3, 3}) { // four first starts at once, then two waves that find their trainings
            List<Process> starts = new ArrayList<>();
            for (int i = 0; i < wave; i++) {
                ProcessBuilder pb = new ProcessBuilder(launcher, "trials", "x").redirectErrorStream(true);
                pb.environment().remove("JAVA_TOOL_OPTIONS");
                pb.environment().remove("MST_PANEL_CLASS_DATA");
                pb.environment().putAll(env);
                starts.add(pb.start());
            }
            for (Process p : starts) {
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.exitValue()).as(out).isZero();
                assertThat(bracketed(out)).endsWith("dev.mstpanel.Main", "trials", "x");
            }
        }
        List<String> last = bracketed(
                run(dir, List.of(launcher, "trials", "x"), "", null, env).stdout());
        try (var names = Files.list(folder)) {
            List<String> left =
                    names.map(p -> p.getFileName().toString()).sorted().toList();
            assertThat(left)
                    .as("one archive, no training left behind, no .failed marker")
                    .hasSize(1);
            assertThat(left.get(0)).matches("[0-9]+-trials\\.11-[0-9]+\\.jsa");
            assertThat(last).contains("-XX:SharedArchiveFile=" + folder.resolve(left.get(0)));
        }

        // a training cut short whose process is gone, found next to the archive: removed, no marker
        Path cut = folder.resolve(last.stream()
                        .filter(a -> a.startsWith("-XX:SharedArchiveFile="))
                        .findFirst()
                        .orElseThrow()
                        .replaceAll(".*/([0-9]+-trials)\\..*", "$1")
                + ".999999999.tmp");
        Files.write(cut, new byte[] {1, 2, 3});
        assertThat(bracketed(run(dir, List.of(launcher, "trials", "x"), "", null, env)
                        .stdout()))
                .anyMatch(a -> a.startsWith("-XX:SharedArchiveFile="));
        assertThat(cut).doesNotExist();
        try (var names = Files.list(folder)) {
            assertThat(names.map(p -> p.getFileName().toString())).noneMatch(f -> f.endsWith(".failed"));
        }
    }

    /** A jar of the panel's compiled classes and the test's library jars: a class path Java 17 can archive. */
    private List<String> jarClassPath() throws IOException {
        List<String> cp = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isRegularFile(p) && entry.endsWith(".jar")) {
                cp.add(entry);
            }
        }
        Path classes = Path.of("target", "classes").toAbsolutePath();
        Path jar = dir.resolve("mst-panel-classes.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar));
                var files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new java.util.jar.JarEntry(
                        classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        cp.add(0, jar.toString());
        return cp;
    }

    @Test
    void aDamagedClassDataArchiveNeverStopsTheCommand() throws Exception {
        // the real JVM (the JDK running this test) and a class path of jars, as in the app image
        List<String> cfg = new ArrayList<>(List.of("[Application]", "app.mainclass=dev.mstpanel.Main"));
        jarClassPath().forEach(jar -> cfg.add("app.classpath=" + jar)); // one line per jar, as jpackage writes them
        cfg.addAll(List.of("[JavaOptions]", "java-options=-Djava.awt.headless=true"));
        Path root = image("", cfg.toArray(String[]::new));
        Path java = root.resolve("lib/runtime/bin/java");
        Files.delete(java);
        Files.createSymbolicLink(java, Path.of(System.getProperty("java.home"), "bin", "java"));
        dev.mstpanel.testsupport.GenerateRun.main(
                new String[] {"big", dir.resolve("runs").toString(), "5", "2000"});
        String run = dir.resolve("runs/big-eval/runs/20260110T080000Z-bbbbbb").toString();
        Path home = dir.resolve("panel-home");
        Path folder = home.resolve("cache/class-data-headless");
        Path cwd = Files.createDirectories(dir.resolve("cwd"));
        java.util.Map<String, String> env = Map.of("MST_PANEL_HOME", home.toString());
        List<String> trials = List.of(root.resolve("bin/mst-panel").toString(), "trials", run, "--json");
        Out reference =
                run(cwd, trials, "", null, Map.of("MST_PANEL_HOME", home.toString(), "MST_PANEL_CLASS_DATA", "off"));
        assertThat(reference.exit()).as(reference.stderr()).isZero();
        assertThat(reference.stdout()).contains("\"caseId\"");

        assertThat(run(cwd, trials, "", null, env)).as("the first start trains").isEqualTo(reference);
        assertThat(run(cwd, trials, "", null, env))
                .as("the next names the archive and maps it")
                .isEqualTo(reference);
        Path archive;
        try (var names = Files.list(folder)) {
            archive =
                    names.filter(p -> p.toString().endsWith(".jsa")).findFirst().orElseThrow();
        }
        byte[] whole = Files.readAllBytes(archive);
        var trainedAt = Files.getLastModifiedTime(archive);
        assertThat(whole).hasSizeGreaterThan(100_000);

        // bytes flipped after the header, the file's size and time kept: the JVM's CRC check (VerifySharedSpaces)
        // starts without it
        byte[] flipped = whole.clone();
        for (int i = 4096; i < flipped.length; i += 7919) {
            flipped[i] ^= 0x5a;
        }
        rewrite(archive, flipped, trainedAt);
        assertThat(run(cwd, trials, "", null, env))
                .as("flipped bytes, same size and time")
                .isEqualTo(reference);
        Out version = run(cwd, List.of(trials.get(0), "--version"), "", null, env);
        assertThat(version.exit()).as(version.stderr()).isZero();
        assertThat(version.stdout()).startsWith("mst-panel ");

        // flipped bytes written by a program (a new time): the launcher removes it, the command trains anew
        rewrite(archive, flipped, null);
        assertThat(run(cwd, trials, "", null, env))
                .as("flipped bytes, a new time")
                .isEqualTo(reference);
        assertThat(archive).doesNotExist();
        assertThat(run(cwd, trials, "", null, env)).as("the new archive").isEqualTo(reference);

        // cut to 1000 bytes, its time put back (the JVM would die of SIGBUS): removed before the JVM sees it
        try (var names = Files.list(folder)) {
            archive =
                    names.filter(p -> p.toString().endsWith(".jsa")).findFirst().orElseThrow();
        }
        trainedAt = Files.getLastModifiedTime(archive);
        rewrite(archive, Arrays.copyOf(Files.readAllBytes(archive), 1000), trainedAt);
        version = run(cwd, List.of(trials.get(0), "--version"), "", null, env);
        assertThat(version.exit()).as(version.stderr()).isZero();
        assertThat(version.stdout()).startsWith("mst-panel ");
        assertThat(archive).doesNotExist();
        rewrite(archive, Arrays.copyOf(whole, 1000), trainedAt);
        assertThat(run(cwd, trials, "", null, env)).as("cut short").isEqualTo(reference);

        try (var names = Files.list(cwd)) {
            assertThat(names.map(Path::getFileName).map(Path::toString))
                    .as("no JVM crash report")
                    .noneMatch(f -> f.startsWith("hs_err"));
        }
        Files.delete(java); // the link, before JUnit cleans the folder up
    }

    /** Writes these bytes over a (read-only) archive, and puts its time back when one is given. */
    private static void rewrite(Path archive, byte[] bytes, java.nio.file.attribute.FileTime time) throws IOException {
        if (Files.exists(archive)) {
            executable(archive);
        }
        Files.write(archive, bytes);
        if (time != null) {
            Files.setLastModifiedTime(archive, time);
        } else {
            Files.setLastModifiedTime(
                    archive, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        }
    }

    private static void executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
