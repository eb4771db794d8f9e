package dev.mstpanel.core.results.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.search.UnsearchedTraces;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window's search across listed trials says which traces it could not search, with the listing's words when it has them. */
class TranscriptSearchTest {
    @TempDir
    Path root;

    @Test
    void tracesCutShortGoneOrUnreadableAreCountedNotTakenForNoMatch() throws Exception {
        RunFixture f = RunFixture.create(root, "e", "20260105T101500Z-a1b2c3").runJson("e", "default");
        f.trace("default", "a-found", 0, RunFixture.fields().put("error", "The mailbox does not exist"));
        f.trace("default", "b-cut-later", 0, RunFixture.fields().put("error", "timeout"));
        f.trace("default", "c-gone-later", 0, RunFixture.fields().put("error", "timeout"));
        Path broken = f.tracePath("default", "d-broken", 0);
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "{\"kind\":\"trial\",\"trace\":{");
        try (ResultsReader reader = new ResultsReader()) {
            List<TrialRecord> trials = reader.readTrials(reader.readRun(f.runDir()));
            Path cut = f.tracePath("default", "b-cut-later", 0);
            byte[] b = Files.readAllBytes(cut);
            Files.write(cut, java.util.Arrays.copyOf(b, b.length - 5));
            Files.delete(f.tracePath("default", "c-gone-later", 0));

            UnsearchedTraces unsearched = new UnsearchedTraces();
            List<TrialRecord> found = new TranscriptSearch()
                    .search(
                            trials,
                            new TranscriptQuery(TranscriptQuery.Mode.TEXT, "MAILBOX"),
                            new AtomicBoolean(),
                            n -> {},
                            unsearched);

            assertThat(found).extracting(TrialRecord::caseId).containsExactly("a-found");
            assertThat(unsearched.count()).isEqualTo(3);
            assertThat(unsearched.summary())
                    .startsWith("3 traces could not be searched: b-cut-later #1 (default): The trace is cut short or "
                            + "not a JSON object")
                    .contains("; c-gone-later #1 (default): The trace ")
                    .contains(" is gone")
                    .endsWith("; and 1 more");
        }
        UnsearchedTraces listed = new UnsearchedTraces();
        try (ResultsReader reader = new ResultsReader()) {
            reader.readTrials(
                    reader.readRun(f.runDir()),
                    new TranscriptQuery(TranscriptQuery.Mode.TEXT, "MAILBOX"),
                    x -> {},
                    listed);
        }
        assertThat(listed.firstReasons())
                .hasSize(2)
                .anySatisfy(s -> assertThat(s).startsWith("b-cut-later #1 (default): The trace is cut short ("));
    }

    @Test
    void aTraceListedAsBrokenNeverMatchesAndIsCountedWhateverTheText() throws Exception {
        RunFixture f = RunFixture.create(root, "e", "20260105T101500Z-a1b2c3").runJson("e", "default");
        f.trace("default", "a-found", 0, RunFixture.fields().put("error", "The mailbox does not exist"));
        Path cut = f.tracePath("default", "b-cut-with-text", 0);
        Files.createDirectories(cut.getParent());
        Files.writeString(cut, "{\"kind\":\"trial\",\"error\":\"the mailbox is full\",\"trace\":{\"events\":[");
        Path bad = f.tracePath("default", "c-bad-utf8", 0);
        Files.createDirectories(bad.getParent());
        Files.write(bad, new byte[] {'{', '"', 'e', '"', ':', '"', (byte) 0xFF, '"', '}'});
        try (ResultsReader reader = new ResultsReader()) {
            List<TrialRecord> trials = reader.readTrials(reader.readRun(f.runDir()));
            for (String text : List.of("MAILBOX", "no such words")) {
                UnsearchedTraces unsearched = new UnsearchedTraces();
                List<TrialRecord> found = new TranscriptSearch()
                        .search(
                                trials,
                                new TranscriptQuery(TranscriptQuery.Mode.TEXT, text),
                                new AtomicBoolean(),
                                n -> {},
                                unsearched);
                assertThat(found).extracting(TrialRecord::caseId).as(text).isSubsetOf("a-found");
                assertThat(unsearched.count()).as(text).isEqualTo(2);
                assertThat(unsearched.summary())
                        .as(text)
                        .startsWith(
                                "2 traces could not be searched: b-cut-with-text #1 (default): The trace is cut short (")
                        .contains("c-bad-utf8 #1 (default): The trace is not valid JSON");
            }
        }
    }
}
