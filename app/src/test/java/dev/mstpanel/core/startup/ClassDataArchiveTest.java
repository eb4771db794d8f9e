package dev.mstpanel.core.startup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up relaunch with a class-data archive made in the cache folder: the plans for
 * {@code java -jar} and the app image's launcher, what a child's processes inherit, and a real
 * child JVM that makes the archive at its first start and maps it at the next.
 */
class ClassDataArchiveTest {
    @TempDir
    Path dir;

    private ClassDataArchive.Launch jar(Path jarFile) {
        return new ClassDataArchive.Launch(
                "/usr/lib/jvm/java-17/bin/java",
                List.of("-Xmx1g", "-jar", jarFile.toString()),
                null,
                "/usr/lib/jvm/java-17 17.0.21",
                jarFile.toString());
    }

    @Test
    void firstStartOfTheJarTrainsAndTheNextMapsTheArchive_optionsBeforeTheUsersOwn() throws IOException {
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        ClassDataArchive.Plan first = ClassDataArchive.plan(
                        Map.of("HOME", "/h"), jar(jarFile), dir.resolve("cache"), dir.resolve("logs"))
                .orElseThrow();
        assertThat(first.training()).isTrue();
        assertThat(first.archive().getParent()).isEqualTo(dir.resolve("cache/class-data"));
        assertThat(first.archive().getFileName().toString()).endsWith(".tmp");
        assertThat(first.command().get(0)).isEqualTo("/usr/lib/jvm/java-17/bin/java");
        assertThat(first.command().get(1)).isEqualTo("-XX:ArchiveClassesAtExit=" + first.archive());
        assertThat(first.command())
                .containsSubsequence(
                        "-Xshare:auto",
                        "-XX:ErrorFile=" + dir.resolve("logs/hs_err_pid%p.log"),
                        "-XX:TieredStopAtLevel=1",
                        "-Xmx1g",
                        "-jar",
                        jarFile.toString());
        assertThat(first.environment())
                .containsEntry(ClassDataArchive.MARKER, "child")
                .containsKey(ClassDataArchive.STARTED_AT)
                .doesNotContainKey("JAVA_TOOL_OPTIONS");

        Path made = archiveFor(first);
        ClassDataArchive.Plan next = ClassDataArchive.plan(
                        Map.of("HOME", "/h"), jar(jarFile), dir.resolve("cache"), null)
                .orElseThrow();
        assertThat(next.training()).isFalse();
        assertThat(next.command()).contains("-XX:SharedArchiveFile=" + made);
    }

    @Test
    void theJarsWindowGetsTheInstalledAppsCompilerChoice() throws IOException {
        // one choice for both ways of starting the window: the installed app's .cfg has it from common.jpackage
        String common = Files.readString(Path.of("..", "packaging", "common.jpackage"));
        assertThat(common.lines()).contains("--java-options " + ClassDataArchive.WINDOW_JIT);
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        ClassDataArchive.Plan plan = ClassDataArchive.plan(
                        Map.of("HOME", "/h"), jar(jarFile), dir.resolve("cache"), null)
                .orElseThrow();
        assertThat(plan.command())
                .containsSubsequence(
                        ClassDataArchive.WINDOW_JIT, "-Xmx1g"); // the user's own options come after, and win
    }

    /** The first bytes of a JDK dynamic archive: its magic number in the machine's byte order. */
    private static byte[] archiveHead() {
        return java.nio.ByteBuffer.allocate(64)
                .order(java.nio.ByteOrder.nativeOrder())
                .putInt(0xf00baba8)
                .array();
    }

    /** A stand-in archive where a training of this plan would leave it: {@code <key>-<bytes>.jsa}. */
    private static Path archiveFor(ClassDataArchive.Plan training) throws IOException {
        String name = training.archive().getFileName().toString();
        Path p = training.archive().resolveSibling(name.substring(0, name.indexOf('.')) + "-64.jsa");
        Files.createDirectories(p.getParent());
        return Files.write(p, archiveHead());
    }

    @Test
    void anArchiveCutShortOrOverwrittenIsRemovedAndMadeAgain() throws IOException {
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        ClassDataArchive.Plan training =
                ClassDataArchive.plan(Map.of(), jar(jarFile), dir, null).orElseThrow();
        Path cut = archiveFor(training);
        Files.write(cut, java.util.Arrays.copyOf(archiveHead(), 40)); // a valid head, but shorter than its name says
        assertThat(ClassDataArchive.plan(Map.of(), jar(jarFile), dir, null)
                        .orElseThrow()
                        .training())
                .isTrue();
        assertThat(cut).doesNotExist();

        Path overwritten = archiveFor(training);
        Files.write(overwritten, new byte[64]); // the right size, no magic number
        assertThat(ClassDataArchive.plan(Map.of(), jar(jarFile), dir, null)
                        .orElseThrow()
                        .training())
                .isTrue();
        assertThat(overwritten).doesNotExist();
    }

    @Test
    void aCacheThatCannotBeWrittenStartsNoTraining() throws IOException {
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        Path cache = Files.writeString(dir.resolve("cache"), "a file where the cache folder should be");
        assertThat(ClassDataArchive.plan(Map.of(), jar(jarFile), cache, null)).isEmpty();
    }

    @Test
    void aTrainingLeftBehindAnHourAgoIsRemoved() throws IOException {
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        Path left = Files.createDirectories(dir.resolve("class-data")).resolve("0123456789abcdef.4242.tmp");
        Files.write(left, new byte[100]);
        Files.setLastModifiedTime(left, FileTime.fromMillis(System.currentTimeMillis() - 2 * 3_600_000L));
        Path recent = Files.write(dir.resolve("class-data/fedcba9876543210.4343.tmp"), new byte[100]);
        ClassDataArchive.plan(Map.of(), jar(jarFile), dir, null);
        assertThat(left).doesNotExist();
        assertThat(recent).exists(); // another start may be writing it
    }

    @Test
    void anUpdatedJarGetsAnotherArchive() throws IOException {
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        Path before = ClassDataArchive.plan(Map.of(), jar(jarFile), dir, null)
                .orElseThrow()
                .archive();
        Files.writeString(jarFile, "a newer jar");
        Files.setLastModifiedTime(
                jarFile, FileTime.fromMillis(Files.getLastModifiedTime(jarFile).toMillis() + 5000));
        assertThat(ClassDataArchive.plan(Map.of(), jar(jarFile), dir, null)
                        .orElseThrow()
                        .archive())
                .isNotEqualTo(before);
    }

    @Test
    void theLaunchersChildGetsTheOptionsThroughJavaToolOptions_withoutTheLaunchersOwnMarker() {
        ClassDataArchive.Launch image = new ClassDataArchive.Launch(
                "/opt/mst-panel/bin/mst-panel",
                List.of(),
                "/opt/mst-panel/bin/mst-panel",
                "/opt/mst-panel/lib/runtime 17.0.21",
                "/opt/mst-panel/lib/app/mst-panel.jar");
        Map<String, String> env = Map.of("_JPACKAGE_LAUNCHER", "12345", "JAVA_TOOL_OPTIONS", "-Dfile.encoding=UTF-8");
        ClassDataArchive.Plan plan =
                ClassDataArchive.plan(env, image, dir, null).orElseThrow();
        assertThat(plan.command()).containsExactly("/opt/mst-panel/bin/mst-panel");
        assertThat(plan.environment()).doesNotContainKey("_JPACKAGE_LAUNCHER");
        assertThat(plan.environment().get("JAVA_TOOL_OPTIONS"))
                .startsWith("-XX:ArchiveClassesAtExit=")
                .endsWith(" -Dfile.encoding=UTF-8");

        // what the panel's own processes (mst, docker, ssh) get in the child: the user's variable as it was
        Map<String, String> forProcesses = ClassDataArchive.environmentForProcesses(plan.environment());
        assertThat(forProcesses)
                .containsEntry("JAVA_TOOL_OPTIONS", "-Dfile.encoding=UTF-8")
                .doesNotContainKeys(
                        ClassDataArchive.MARKER, ClassDataArchive.STARTED_AT, ClassDataArchive.SAVED_TOOL_OPTIONS);
        Map<String, String> none = ClassDataArchive.environmentForProcesses(
                ClassDataArchive.plan(Map.of(), image, dir, null).orElseThrow().environment());
        assertThat(none).doesNotContainKeys("JAVA_TOOL_OPTIONS", ClassDataArchive.MARKER);
    }

    @Test
    void noRelaunchOnAMac_soTheProcessFinderStartedOwnsTheOneDockIcon() throws IOException {
        Path jarFile = Files.writeString(dir.resolve("mst-panel.jar"), "jar");
        ClassDataArchive.Launch app = new ClassDataArchive.Launch(
                "/Applications/mst-panel.app/Contents/MacOS/mst-panel",
                List.of(),
                "/Applications/mst-panel.app/Contents/MacOS/mst-panel",
                "/Applications/mst-panel.app/Contents/runtime 17.0.21",
                jarFile.toString());
        assertThat(ClassDataArchive.plan(Map.of(), true, app, dir, null)).isEmpty();
        assertThat(ClassDataArchive.plan(Map.of(), true, jar(jarFile), dir, null))
                .isEmpty();
        assertThat(ClassDataArchive.plan(Map.of(), false, app, dir, null)).isPresent();
    }

    @Test
    void aCacheAndLogFolderWithASpaceStayOneOptionEachInJavaToolOptions_andTheJvmStarts() throws Exception {
        ClassDataArchive.Launch image = new ClassDataArchive.Launch(
                "/opt/mst-panel/bin/mst-panel",
                List.of(),
                "/opt/mst-panel/bin/mst-panel",
                "/opt/mst-panel/lib/runtime 17.0.21",
                "/opt/mst-panel/lib/app/mst-panel.jar");
        Path home = Files.createDirectories(dir.resolve("My Panel"));
        ClassDataArchive.Plan plan = ClassDataArchive.plan(
                        Map.of(), false, image, home.resolve("cache"), home.resolve("logs"))
                .orElseThrow();
        String options = plan.environment().get("JAVA_TOOL_OPTIONS");
        assertThat(options)
                .contains("-XX:ArchiveClassesAtExit=\"" + home.resolve("cache"))
                .contains("-XX:ErrorFile=\"" + home.resolve("logs/hs_err_pid%p.log") + "\"");
        // the JVM reads the variable as the window's JVM would: it starts (it refuses a stray "Panel/cache/…" word)
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true);
        pb.environment().put("JAVA_TOOL_OPTIONS", options);
        Process p = pb.start();
        String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(said).isZero();
        assertThat(ClassDataArchive.quotedForToolOptions("-XX:ErrorFile=/a \"b\"/x"))
                .isEqualTo("-XX:ErrorFile='/a \"b\"/x'");
        assertThat(ClassDataArchive.quotedForToolOptions("-Xshare:auto")).isEqualTo("-Xshare:auto");
    }

    @Test
    void noRelaunchInTheChild_whenTurnedOff_orWhenTheUserChoseArchiveOptions() {
        Path jarFile = dir.resolve("x.jar");
        assertThat(ClassDataArchive.plan(Map.of(ClassDataArchive.MARKER, "child"), jar(jarFile), dir, null))
                .isEmpty();
        assertThat(ClassDataArchive.plan(Map.of(ClassDataArchive.MARKER, "off"), jar(jarFile), dir, null))
                .isEmpty();
        ClassDataArchive.Launch own =
                new ClassDataArchive.Launch("java", List.of("-Xshare:off", "-jar", "x.jar"), null, "r", "x.jar");
        assertThat(ClassDataArchive.plan(Map.of(), own, dir, null)).isEmpty();
        assertThat(ClassDataArchive.plan(
                        Map.of("JAVA_TOOL_OPTIONS", "-XX:SharedArchiveFile=/a.jsa"), jar(jarFile), dir, null))
                .isEmpty();
        // an app argument that looks like an option is the app's, not the JVM's
        ClassDataArchive.Launch appArg =
                new ClassDataArchive.Launch("java", List.of("-jar", "x.jar", "-Xshare:off"), null, "r", "x.jar");
        assertThat(ClassDataArchive.plan(Map.of(), appArg, dir, null)).isPresent();
    }

    /** {@link ArchiveChild} in a jar of its own: Java 17 archives classes from jars only. */
    private Path childJar() throws IOException {
        Path jarFile = dir.resolve("child.jar");
        String entry = ArchiveChild.class.getName().replace('.', '/') + ".class";
        try (var in = ArchiveChild.class.getClassLoader().getResourceAsStream(entry);
                var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jarFile))) {
            out.putNextEntry(new java.util.jar.JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jarFile;
    }

    @Test
    void aClassFolderOnTheClassPathIsNotRelaunched_theJvmWouldRefuseToArchiveIt() {
        ClassDataArchive.Launch ide = new ClassDataArchive.Launch(
                "java", List.of("-cp", dir.toString(), "dev.mstpanel.Main"), null, "r", dir.toString());
        assertThat(ClassDataArchive.plan(Map.of(), ide, dir.resolve("cache"), null))
                .isEmpty();
    }

    @Test
    void theFirstFrameCountsFromTheParentsStart() {
        assertThat(ClassDataArchive.processStart(Map.of(ClassDataArchive.STARTED_AT, "1700000000000"))
                        .toEpochMilli())
                .isEqualTo(1700000000000L);
        assertThat(ClassDataArchive.processStart(Map.of(ClassDataArchive.STARTED_AT, "soon")))
                .isEqualTo(ProcessHandle.current().info().startInstant().orElseThrow());
    }

    @Test
    void aRealChildJvmMakesTheArchiveAtItsFirstStartAndMapsItAtTheNext() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classes = childJar().toString();
        Path out = dir.resolve("child-args.txt");
        ClassDataArchive.Launch launch = new ClassDataArchive.Launch(
                java.toString(),
                List.of("-cp", classes, ArchiveChild.class.getName(), out.toString()),
                null,
                "test-runtime",
                classes);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove(ClassDataArchive.MARKER);
        env.remove("JAVA_TOOL_OPTIONS");

        ClassDataArchive.Plan first =
                ClassDataArchive.plan(env, launch, dir.resolve("cache"), null).orElseThrow();
        assertThat(ClassDataArchive.run(first)).isEqualTo(Optional.of(0));
        List<Path> made = Files.list(first.archive().getParent()).toList();
        assertThat(made).hasSize(1); // the temporary file became the archive
        Path archive = made.get(0);
        assertThat(archive.getFileName().toString()).matches("[0-9a-f]{16}-" + Files.size(archive) + "\\.jsa");
        assertThat(Files.readString(out)).contains("-XX:ArchiveClassesAtExit=").contains("marker=child");

        ClassDataArchive.Plan next =
                ClassDataArchive.plan(env, launch, dir.resolve("cache"), null).orElseThrow();
        assertThat(next.training()).isFalse();
        assertThat(ClassDataArchive.run(next)).isEqualTo(Optional.of(0));
        assertThat(Files.readString(out))
                .contains("-XX:SharedArchiveFile=" + archive)
                .contains("marker=child");
    }

    @Test
    void aChildThatFailsKeepsNoHalfMadeArchiveAndItsExitCodeIsPassedOn() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classes = childJar().toString();
        ClassDataArchive.Launch launch = new ClassDataArchive.Launch(
                java.toString(),
                List.of("-cp", classes, ArchiveChild.class.getName(), "--fail"),
                null,
                "test-runtime-2",
                classes);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove(ClassDataArchive.MARKER);
        env.remove("JAVA_TOOL_OPTIONS");
        ClassDataArchive.Plan plan =
                ClassDataArchive.plan(env, launch, dir.resolve("cache"), null).orElseThrow();
        assertThat(ClassDataArchive.run(plan)).isEqualTo(Optional.of(3));
        assertThat(Files.list(plan.archive().getParent())).isEmpty(); // neither an archive nor the temporary file
    }

    @Test
    void aChildThatCrashesAtStartWithAnArchiveLosesTheArchiveAndTheWindowStartsInTheParent() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classes = childJar().toString();
        ClassDataArchive.Launch launch = new ClassDataArchive.Launch(
                java.toString(),
                List.of("-cp", classes, ArchiveChild.class.getName(), "--crash"),
                null,
                "test-runtime-3",
                classes);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove(ClassDataArchive.MARKER);
        env.remove("JAVA_TOOL_OPTIONS");
        Path archive = archiveFor(
                ClassDataArchive.plan(env, launch, dir.resolve("cache"), null).orElseThrow());
        ClassDataArchive.Plan plan =
                ClassDataArchive.plan(env, launch, dir.resolve("cache"), null).orElseThrow();
        assertThat(plan.training()).isFalse();
        assertThat(ClassDataArchive.run(plan)).isEmpty(); // Main then opens the window in its own JVM
        assertThat(archive).doesNotExist();
    }
}
