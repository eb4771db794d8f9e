package dev.mstpanel.core.results.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import dev.mstpanel.core.results.listing.ScoreReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failure diagnoses kept in the cache of listed trials ({@link KeptDiagnoses}): a run listed
 * again finds the same diagnoses as a walk of its artifacts folders, sees every file added or
 * removed, and never keeps what a link or a folder changed just now could make stale.
 */
class KeptDiagnosesTest {
    @TempDir
    Path root;

    @TempDir
    Path cacheDir;

    private ResultsReader reader;

    @BeforeEach
    void open() {
        reader = new ResultsReader(cacheDir);
    }

    @AfterEach
    void close() {
        reader.close();
    }

    /** Every file and folder below {@code dir} an hour old, as a finished run's are. */
    private static void age(Path dir) throws IOException {
        FileTime hourAgo = FileTime.from(Instant.now().minusSeconds(3600));
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p :
                    all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                if (!Files.isSymbolicLink(p)) {
                    Files.setLastModifiedTime(p, hourAgo);
                }
            }
        }
    }

    /** Lists the run as {@code trials} does: each trial's diagnosis found while the listing runs, by case. */
    private Map<String, FailureDiagnosis> listed(Path runDir) {
        RunInfo run = reader.readRun(runDir);
        FailureDiagnosis.Finder finder = FailureDiagnosis.finder(runDir, run.redactStoredResponses());
        Map<String, FailureDiagnosis> out = new TreeMap<>();
        reader.readTrials(
                run,
                null,
                batch -> {
                    for (TrialRecord t : batch) {
                        out.put(t.variant() + "/" + t.caseId() + "#" + t.trial(), finder.find(t.artifactsDir()));
                    }
                },
                null,
                finder);
        reader.flushCaches(); // written after the listing, on the reader's own thread
        return out;
    }

    /** The same trials' diagnoses by walking their folders now, with no cache. */
    private Map<String, FailureDiagnosis> walked(Path runDir) {
        ResultsReader plain = new ResultsReader();
        try {
            RunInfo run = plain.readRun(runDir);
            Map<String, FailureDiagnosis> out = new TreeMap<>();
            for (TrialRecord t : plain.readTrials(run)) {
                out.put(
                        t.variant() + "/" + t.caseId() + "#" + t.trial(),
                        FailureDiagnosis.find(t.artifactsDir(), run.redactStoredResponses()));
            }
            return out;
        } finally {
            plain.close();
        }
    }

    /** The diagnosis the cache file now keeps for a trial's artifacts folder, or null. */
    private FailureDiagnosis keptFor(Path runDir, Path artifactsDir) {
        RunInfo run = reader.readRun(runDir);
        return TrialCache.open(cacheDir, run, ScoreReader.graderDirs(runDir))
                .diagnoses()
                .get(artifactsDir);
    }

    @Test
    void aRunListedAgainFindsTheSameDiagnosesFromTheCacheAsByWalkingItsFolders() throws IOException {
        RunFixture f = RunFixture.allStatuses(root);
        age(f.runDir());
        Map<String, FailureDiagnosis> first = listed(f.runDir());
        Map<String, FailureDiagnosis> second = listed(f.runDir());

        // a full diagnosis, a session copy's mst-diagnosis/, an empty artifacts folder, none at all: record for record
        assertThat(first).isEqualTo(walked(f.runDir()));
        assertThat(second).isEqualTo(first);
        FailureDiagnosis failed = second.get("default/" + RunFixture.FAILED_CASE + "#0");
        assertThat(failed.screenshot()).isNotNull().hasFileName("screen.png");
        assertThat(failed.logs()).isNotEmpty();
        assertThat(second.get("default/vm-down#0").sources()).singleElement().satisfies(s -> {
            assertThat(s.sessionCopy()).isTrue();
            assertThat(s.folder()).endsWith(Path.of("session-1", "mst-diagnosis"));
        });
        assertThat(second.get("with-tools/empty-artifacts#0").notice()).contains("The artifacts folder is empty");
        // the second listing took them from the cache file
        assertThat(keptFor(f.runDir(), f.artifacts("default", RunFixture.FAILED_CASE, 0)))
                .isEqualTo(failed);
        assertThat(keptFor(f.runDir(), f.artifacts("default", "vm-down", 0)))
                .isEqualTo(second.get("default/vm-down#0"));
    }

    @Test
    void aLogAddedAScreenshotRemovedAndASessionCopyAddedAreSeenAtTheNextListing() throws IOException {
        RunFixture f = RunFixture.allStatuses(root);
        age(f.runDir());
        listed(f.runDir());
        listed(f.runDir());
        Path artifacts = f.artifacts("default", RunFixture.FAILED_CASE, 0);
        assertThat(keptFor(f.runDir(), artifacts)).isNotNull();

        Files.writeString(artifacts.resolve("logs").resolve("zz-added.log"), "a log written later\n");
        Files.delete(artifacts.resolve("screen.png"));
        Path session = Files.createDirectories(artifacts.resolve("session-2").resolve("mst-diagnosis"));
        Files.writeString(session.resolve("accessibility.txt"), "window: Claude\n");

        FailureDiagnosis now = listed(f.runDir()).get("default/" + RunFixture.FAILED_CASE + "#0");
        assertThat(now.logs()).anySatisfy(p -> assertThat(p).hasFileName("zz-added.log"));
        assertThat(now.sources().get(0).screenshot()).isNull();
        assertThat(now.sources())
                .anySatisfy(s -> assertThat(s.accessibility()).isEqualTo(session.resolve("accessibility.txt")));
        assertThat(now).isEqualTo(walked(f.runDir()).get("default/" + RunFixture.FAILED_CASE + "#0"));
        // changed just now: walked again at every listing until it settles, never kept as it was
        assertThat(keptFor(f.runDir(), artifacts)).isNull();
    }

    @Test
    void aDiagnosisWithALinkIsWalkedEveryTimeSoALinkWhoseFileIsGoneIsNotShown() throws IOException {
        RunFixture f = RunFixture.allStatuses(root);
        Path artifacts = f.artifacts("default", RunFixture.FAILED_CASE, 0);
        Path target = Files.writeString(root.resolve("elsewhere.log"), "a log kept elsewhere\n");
        Files.createSymbolicLink(artifacts.resolve("logs").resolve("linked.log"), target);
        age(f.runDir());
        assertThat(listed(f.runDir())
                        .get("default/" + RunFixture.FAILED_CASE + "#0")
                        .logs())
                .anySatisfy(p -> assertThat(p).hasFileName("linked.log"));
        listed(f.runDir());
        assertThat(keptFor(f.runDir(), artifacts)).isNull();

        Files.delete(target); // the link's folder keeps its times
        List<Path> logs = listed(f.runDir())
                .get("default/" + RunFixture.FAILED_CASE + "#0")
                .logs();
        assertThat(logs).isNotEmpty().noneSatisfy(p -> assertThat(p).hasFileName("linked.log"));
    }

    @Test
    void foldersChangedWithinTheSettlingTimeAreNotKept() {
        RunFixture f = RunFixture.allStatuses(root); // written just now
        listed(f.runDir());
        assertThat(keptFor(f.runDir(), f.artifacts("default", RunFixture.FAILED_CASE, 0)))
                .isNull();
        assertThat(listed(f.runDir())).isEqualTo(walked(f.runDir()));
    }
}
