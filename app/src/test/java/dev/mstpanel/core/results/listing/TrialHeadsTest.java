package dev.mstpanel.core.results.listing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick status read of the Compare screen: a trial read from its trace's first and
 * last bytes ({@link TrialHeads}) has the status, names, time and errors the whole-file listing
 * gives, for every status and for fields before, after and around the events; the walk from the
 * file's end splits JSON right (escaped quotes and backslashes), and what the ends cannot tell is
 * read whole. Real run folders, the real reader.
 */
class TrialHeadsTest {
    @TempDir
    Path root;

    /** What a status read must agree on with the listing. */
    private static List<Object> shown(TrialRecord t) {
        return java.util.Arrays.asList(
                t.key(),
                t.status(),
                t.variant(),
                t.caseId(),
                t.caseIdCut(),
                t.datasetName(),
                t.durationMs(),
                t.error(),
                t.gradingError(),
                t.failureKind(),
                t.problem(),
                t.artifactsDir(),
                t.traceFile(),
                t.scores());
    }

    private static Map<TrialKey, TrialRecord> byKey(List<TrialRecord> ts) {
        return ts.stream().collect(Collectors.toMap(TrialRecord::key, Function.identity()));
    }

    @Test
    void everyStatusReadFromTheTracesEndsIsTheListingsOwn() {
        RunFixture f = RunFixture.allStatuses(root.resolve("small"));
        // the same run with traces of ~20 kB, so that the ends are read, not the whole file
        RunFixture big = RunFixture.allStatuses(root.resolve("big").toAbsolutePath());
        for (RunFixture run : List.of(f, big)) {
            Path dir = run.runDir();
            if (run == big) {
                big.traceBytes(20_000);
                big.trace("default", "calendar-lookup", 0, null);
                big.trace(
                        "default",
                        RunFixture.FAILED_CASE,
                        0,
                        RunFixture.fields().put("error", "Task did not submit: \"send\" stayed disabled \\ C:\\dir\\"));
                var infra = RunFixture.fields()
                        .put("infrastructureError", true)
                        .put("error", "Cowork's workspace was unavailable");
                infra.putObject("clientDiagnostics").put("failureKind", "startup");
                big.trace("default", "vm-down", 0, infra);
                var missing = RunFixture.fields();
                missing.putObject("clientDiagnostics").put("failureKind", "missing");
                big.trace("default", "never-ran", 0, missing);
                big.trace("with-tools", RunFixture.ODD_CASE, 0, null);
                big.trace("with-tools", RunFixture.LONG_CASE, 0, null);
                // a long error after the events: more than the first window, within the wide one
                big.trace(
                        "with-tools", "empty-artifacts", 0, RunFixture.fields().put("error", "timed out ".repeat(400)));
            }
            try (ResultsReader reader = new ResultsReader()) {
                RunInfo info = reader.readRun(dir);
                Map<TrialKey, TrialRecord> whole = byKey(reader.readTrials(info));
                List<TrialRecord> quick = new java.util.ArrayList<>();
                boolean complete = reader.readTrialStatuses(info, quick::addAll);
                assertThat(complete)
                        .as("a run never listed is read for its statuses only")
                        .isFalse();
                assertThat(byKey(quick).keySet()).isEqualTo(whole.keySet());
                for (TrialRecord q : quick) {
                    assertThat(shown(q)).as("trial %s", q.key()).isEqualTo(shown(whole.get(q.key())));
                }
                if (run == big) { // read from the ends indeed: no events were counted
                    TrialKey k = new TrialKey("default", "calendar-lookup", 0);
                    assertThat(whole.get(k).toolCalls()).isPositive();
                    assertThat(byKey(quick).get(k).toolCalls()).isZero();
                }
                assertThat(quick)
                        .extracting(TrialRecord::status)
                        .contains(
                                TrialStatus.PASSED,
                                TrialStatus.FAILED,
                                TrialStatus.INFRA,
                                TrialStatus.MISSING,
                                TrialStatus.UNGRADED,
                                TrialStatus.UNREADABLE);
            }
        }
    }

    @Test
    void aRunListedBeforeGivesItsCompleteTrialsFromTheCache() throws Exception {
        RunFixture f = RunFixture.allStatuses(root.resolve("r")).traceBytes(20_000);
        f.trace("default", "calendar-lookup", 0, null);
        // an hour old, as a finished run's files are (fresh files are not kept in the cache)
        java.nio.file.attribute.FileTime hourAgo =
                java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(3600));
        try (var all = Files.walk(f.runDir())) {
            for (Path p :
                    all.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
                Files.setLastModifiedTime(p, hourAgo);
            }
        }
        Path cache = Files.createDirectories(root.resolve("cache"));
        try (ResultsReader reader = new ResultsReader(cache)) {
            RunInfo info = reader.readRun(f.runDir());
            List<TrialRecord> listed = reader.readTrials(info);
            reader.flushCaches();
            List<TrialRecord> again = new java.util.ArrayList<>();
            assertThat(reader.readTrialStatuses(info, again::addAll))
                    .as("listed before: complete, from the cache")
                    .isTrue();
            assertThat(byKey(again)
                            .get(new TrialKey("default", "calendar-lookup", 0))
                            .toolCalls())
                    .isEqualTo(byKey(listed)
                            .get(new TrialKey("default", "calendar-lookup", 0))
                            .toolCalls())
                    .isPositive();
        }
    }

    @Test
    void theWalkFromTheEndFindsTheMembersAfterTheTrace() {
        // tails as read from a file's end: they start inside the trace's events
        assertThat(after("\"x\":\"}\"}]},\"error\":\"b\"}", '}')).isEqualTo(",\"error\":\"b\"}");
        // quotes and backslashes in strings: a quote ends a string unless an odd number of backslashes precede it
        assertThat(after("e\":\"q\\\"}\"}, \"error\" : \"say \\\"hi\\\" \\\\\", \"x\": [1, {\"y\": \"]\"}] }", '}'))
                .isEqualTo(", \"error\" : \"say \\\"hi\\\" \\\\\", \"x\": [1, {\"y\": \"]\"}] }");
        assertThat(after("1,2]}", ']'))
                .as("the trace last: no members after it")
                .isEmpty();
        assertThat(tail("{\"trace\":{}}", '}'))
                .as("the whole object in view: read whole")
                .isEqualTo(-1);
        assertThat(tail("{\"trace\":{\"e\":1},\"error\":\"x\"", '}'))
                .as("cut short: no closing brace")
                .isEqualTo(-1);
        // the window starts among the members after the trace: read wider, or whole
        assertThat(tail("\"error\":\"x\",\"infrastructureError\":true}", '}')).isEqualTo(-1);
        assertThat(tail("ong error text\",\"kind\":\"trial\"}", '}'))
                .as("a string before the members, not the trace")
                .isEqualTo(-1);
        assertThat(tail("2]},\"error\":\"x\"}", ']'))
                .as("a trace that is an array ends in ]")
                .isEqualTo(-1);
    }

    /** The members after the trace in a tail. */
    private static String after(String tail, char close) {
        int i = tail(tail, close);
        assertThat(i).as("members of %s", tail).isNotNegative();
        return tail.substring(i);
    }

    /** {@link TrialHeads#membersAfterTrace} on a tail, as a char index. */
    private static int tail(String t, char close) {
        byte[] b = t.getBytes(StandardCharsets.UTF_8);
        int i = TrialHeads.membersAfterTrace(b, b.length, (byte) close);
        return i < 0 ? i : new String(b, 0, i, StandardCharsets.UTF_8).length();
    }
}
