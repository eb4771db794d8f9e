package dev.mstpanel.core.results.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FailureDiagnosis#find}, which walks a trial's artifacts folder once, against the plain rule it
 * follows (looked up here the slow way, file by file, as the panel did before): on random artifacts
 * folders with every shape MST or a user can leave (files, folders, links, session copies at every
 * depth, nothing at all).
 */
class FailureDiagnosisTest {
    @TempDir
    Path dir;

    private static final String[] FILES = {"screen.png", "accessibility.txt", "system.json"};

    /** The rule, file by file: the folder's own files, then each {@code mst-diagnosis/} at most 4 levels down, sorted. */
    private static FailureDiagnosis byTheRule(Path artifacts) {
        if (!Files.isDirectory(artifacts)) {
            return new FailureDiagnosis(artifacts, List.of(), "absent");
        }
        List<FailureDiagnosis.Source> sources = new ArrayList<>();
        FailureDiagnosis.Source own = source(artifacts, false);
        if (!own.isEmpty()) {
            sources.add(own);
        }
        try (Stream<Path> s = Files.find(
                artifacts,
                4,
                (p, a) -> a.isDirectory() && p.getFileName().toString().equals("mst-diagnosis"))) {
            s.sorted().forEach(d -> {
                FailureDiagnosis.Source src = source(d, true);
                if (!src.isEmpty()) {
                    sources.add(src);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // nothing more
        }
        return new FailureDiagnosis(artifacts, sources, null);
    }

    private static FailureDiagnosis.Source source(Path d, boolean session) {
        List<Path> logs = new ArrayList<>();
        if (Files.isDirectory(d.resolve("logs"))) {
            try (Stream<Path> s = Files.list(d.resolve("logs"))) {
                s.filter(Files::isRegularFile).sorted().forEach(logs::add);
            } catch (IOException e) {
                // none
            }
        }
        Path[] f = new Path[3];
        for (int i = 0; i < 3; i++) {
            f[i] = Files.isRegularFile(d.resolve(FILES[i])) ? d.resolve(FILES[i]) : null;
        }
        return new FailureDiagnosis.Source(d, session, f[0], f[1], logs, f[2]);
    }

    private static void some(Random r, Path d, int depth) throws IOException {
        Files.createDirectories(d);
        for (String name : FILES) {
            switch (r.nextInt(6)) {
                case 0, 1 -> Files.writeString(d.resolve(name), "x");
                case 2 -> Files.createDirectories(d.resolve(name));
                case 3 ->
                    Files.createSymbolicLink(d.resolve(name), Files.writeString(d.resolve("target-" + name), "y"));
                case 4 -> Files.createSymbolicLink(d.resolve(name), d.resolve("nowhere"));
                default -> {}
            }
        }
        switch (r.nextInt(5)) {
            case 0, 1 -> {
                Path logs = Files.createDirectories(d.resolve("logs"));
                for (int i = r.nextInt(4); i > 0; i--) {
                    Files.writeString(logs.resolve("log-" + r.nextInt(100) + ".log"), "l");
                }
                if (r.nextInt(4) == 0) {
                    Files.createDirectories(logs.resolve("nested"));
                }
                if (r.nextInt(4) == 0) {
                    Files.createSymbolicLink(logs.resolve("linked.log"), Files.writeString(d.resolve("real.log"), "l"));
                }
            }
            case 2 -> Files.writeString(d.resolve("logs"), "a file named logs");
            case 3 -> Files.createSymbolicLink(d.resolve("logs"), Files.createDirectories(d.resolve("real-logs")));
            default -> {}
        }
        if (depth < 6) {
            for (int i = r.nextInt(3); i > 0; i--) {
                Path sub = d.resolve(r.nextInt(3) == 0 ? "mst-diagnosis" : "session-" + r.nextInt(5));
                if (!Files.exists(sub, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    some(r, sub, depth + 1);
                }
            }
            if (r.nextInt(8) == 0
                    && !Files.exists(d.resolve("mst-diagnosis"), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(d.resolve("mst-diagnosis"), Files.createDirectories(d.resolve("elsewhere")));
            }
        }
    }

    @Test
    void oneWalkFindsWhatLookingFileByFileFindsOnRandomArtifactsFolders() throws Exception {
        Random r = new Random(20261201);
        int withSessions = 0;
        for (int i = 0; i < 300; i++) {
            Path artifacts = dir.resolve("trial-" + i);
            switch (i % 10) {
                case 0 -> {} // no folder
                case 1 -> Files.writeString(artifacts, "a file where the folder should be");
                case 2 -> Files.createDirectories(artifacts); // empty
                case 3 -> {
                    Path real = dir.resolve("real-" + i);
                    some(r, real, 0);
                    Files.createSymbolicLink(artifacts, real); // the folder is a link
                }
                default -> some(r, artifacts, 0);
            }
            FailureDiagnosis found = FailureDiagnosis.find(artifacts, false);
            FailureDiagnosis expected = byTheRule(artifacts);
            assertThat(found.sources()).as(artifacts.toString()).isEqualTo(expected.sources());
            assertThat(found.notice() == null)
                    .as(artifacts + ": a notice only when nothing was found")
                    .isEqualTo(!expected.sources().isEmpty());
            if (found.sources().stream().anyMatch(FailureDiagnosis.Source::sessionCopy)) {
                withSessions++;
            }
        }
        assertThat(withSessions)
                .as("folders with a session copy's diagnosis among the random ones")
                .isGreaterThan(20);
    }

    @Test
    void anEmptyFolderAndAFolderWithOtherFilesGetTheirOwnNotices() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThat(FailureDiagnosis.find(empty, false).notice()).startsWith("The artifacts folder is empty");
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.writeString(other.resolve("notes.txt"), "x");
        assertThat(FailureDiagnosis.find(other, false).notice())
                .startsWith("No failure diagnosis in the artifacts folder");
        assertThat(FailureDiagnosis.find(dir.resolve("none"), true).notice()).contains("redacts stored responses");
    }
}
