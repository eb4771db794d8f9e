package dev.mstpanel.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * packaging/tools/UpgradeOldClassFiles.java, the step of package.sh that re-encodes picocli's Java 5
 * class files for the app image, run as package.sh runs it (a real {@code java} process on a folder
 * of jars): the jar keeps its entries and still runs, and a class-data archive made with it holds
 * its classes, where one made with the jar as Maven Central ships it does not (JDK 17).
 */
class UpgradeOldClassFilesTest {
    private static final Path TOOL = Path.of("..", "packaging", "tools", "UpgradeOldClassFiles.java")
            .toAbsolutePath()
            .normalize();
    private static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    static Path dir;

    static Path original;
    static Path upgraded;
    static Path untouched;
    static long untouchedTime;
    static String toolOutput;

    private record Out(int exit, String stdout, String stderr) {}

    @BeforeAll
    static void upgrade() throws Exception {
        original = jarOf(picocli.CommandLine.class);
        Path lib = Files.createDirectories(dir.resolve("lib"));
        upgraded = Files.copy(original, lib.resolve("picocli.jar"));
        untouched = Files.copy(jarOf(Test.class), lib.resolve("junit-jupiter-api.jar")); // Java 8 class files
        untouchedTime = Files.getLastModifiedTime(untouched).toMillis();
        Out out = run(
                dir,
                JAVA,
                "-cp",
                jarOf(org.objectweb.asm.ClassReader.class).toString(),
                TOOL.toString(),
                lib.toString());
        assertThat(out.exit()).as(out.stderr()).isZero();
        toolOutput = out.stdout();
    }

    @Test
    void reEncodesEveryOldClassFileAndKeepsTheEntries() throws IOException {
        List<String> before = entries(original);
        List<String> after = entries(upgraded);
        assertThat(after).isEqualTo(before);
        long old = classVersions(original).stream().filter(v -> v < 50).count();
        assertThat(old)
                .as("picocli as Maven Central ships it holds Java 5 class files")
                .isPositive();
        assertThat(classVersions(upgraded))
                .as("class file major versions after the step")
                .allMatch(v -> v >= 50);
        assertThat(toolOutput).contains("picocli.jar: " + old + " class files older than Java 6 re-encoded");
    }

    @Test
    void leavesAJarWithoutOldClassFilesAsItWas() throws Exception {
        assertThat(classVersions(untouched)).isNotEmpty().allMatch(v -> v >= 50);
        assertThat(Files.mismatch(untouched, jarOf(Test.class)))
                .as("first byte that differs")
                .isEqualTo(-1L);
        assertThat(Files.getLastModifiedTime(untouched).toMillis()).isEqualTo(untouchedTime);
        assertThat(toolOutput).doesNotContain("junit-jupiter-api.jar");
    }

    @Test
    void theClassDataArchiveHoldsTheReEncodedClassesOnly() throws Exception {
        assertThat(fromJarWithArchive(original, "original"))
                .as("picocli classes loaded from the jar, archive made with the original")
                .isPositive();
        assertThat(fromJarWithArchive(upgraded, "upgraded"))
                .as("picocli classes loaded from the jar, archive made with the re-encoded jar")
                .isZero();
    }

    /**
     * Makes a class-data archive with picocli's own command ({@code picocli.AutoComplete --help}, which
     * parses its annotations and prints its usage), then runs it again with that archive.
     *
     * @return how many picocli classes the second run loaded from the jar rather than the archive
     */
    private static long fromJarWithArchive(Path jar, String name) throws Exception {
        Path archive = dir.resolve(name + ".jsa");
        Out made = run(
                dir,
                JAVA,
                "-XX:ArchiveClassesAtExit=" + archive,
                "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off",
                "-cp",
                jar.toString(),
                "picocli.AutoComplete",
                "--help");
        assertThat(made.stdout()).as(made.stderr()).contains("Usage:");
        assertThat(archive).isRegularFile();
        Out used = run(
                dir,
                JAVA,
                "-XX:SharedArchiveFile=" + archive,
                "-Xshare:on",
                "-Xlog:class+load=info",
                "-cp",
                jar.toString(),
                "picocli.AutoComplete",
                "--help");
        assertThat(used.stdout()).as(used.stderr()).contains("Usage:");
        List<String> picocli = used.stdout()
                .lines()
                .filter(l -> l.contains(" picocli.") && l.contains("source:"))
                .toList();
        assertThat(picocli).as("picocli classes loaded").isNotEmpty();
        return picocli.stream()
                .filter(l -> !l.contains("source: shared objects file"))
                .count();
    }

    private static Path jarOf(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static List<String> entries(Path jar) throws IOException {
        List<String> out = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(jar);
                ZipInputStream in = new ZipInputStream(raw)) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                out.add(e.getName());
            }
        }
        return out;
    }

    /** The major version of every class file outside META-INF/. */
    private static List<Integer> classVersions(Path jar) throws IOException {
        List<Integer> out = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(jar);
                ZipInputStream in = new ZipInputStream(raw)) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
                    byte[] head = in.readNBytes(8);
                    out.add(((head[6] & 0xff) << 8) | (head[7] & 0xff));
                }
            }
        }
        return out;
    }

    private static Out run(Path cwd, String... command) throws IOException, InterruptedException {
        Path stdout = Files.createTempFile(dir, "out", ".txt");
        Path stderr = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command)
                .directory(cwd.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not end within 120 s: " + String.join(" ", command));
        }
        return new Out(
                p.exitValue(),
                Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8));
    }
}
