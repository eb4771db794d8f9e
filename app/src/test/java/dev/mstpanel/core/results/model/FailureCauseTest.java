package dev.mstpanel.core.results.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The failure cause rules (docs/dev/mst-format.md, Failure diagnosis), in their order. */
class FailureCauseTest {
    private static final List<ScoreRecord> FAILED_JUDGE = List.of(
            new ScoreRecord("judge.accuracy", false, "wrong", null, java.nio.file.Path.of("s.json"), null),
            new ScoreRecord("textContains", false, null, null, java.nio.file.Path.of("t.json"), null),
            new ScoreRecord("toolCalled", true, null, null, java.nio.file.Path.of("u.json"), null));

    private static String cause(TrialStatus s, String kind, String error, List<ScoreRecord> scores, String tool) {
        return FailureCause.of(s, kind, error, null, null, scores, tool);
    }

    @Test
    void passedAndUngradedTrialsHaveNoCause() {
        assertThat(cause(TrialStatus.PASSED, null, null, List.of(), null)).isNull();
        assertThat(cause(TrialStatus.UNGRADED, null, "x", List.of(), null)).isNull();
    }

    @Test
    void theFailureKindComesFirst() {
        assertThat(cause(TrialStatus.INFRA, "startup", "Claude did not start", List.of(), "mail · send"))
                .isEqualTo("startup");
        assertThat(cause(TrialStatus.INFRA, "not-submitted", null, FAILED_JUDGE, null))
                .isEqualTo("not-submitted");
    }

    @Test
    void outOfMemoryAndWorkspaceUnavailableAreTakenFromTheErrorText() {
        assertThat(cause(TrialStatus.INFRA, "process", "Container was OOM-killed (exit code 137)", List.of(), null))
                .isEqualTo("out of memory");
        assertThat(cause(
                        TrialStatus.INFRA,
                        "startup",
                        "Cowork's workspace was unavailable: the VM did not start",
                        List.of(),
                        null))
                .isEqualTo("workspace unavailable");
    }

    @Test
    void thenTheFirstFailedToolCall() {
        assertThat(cause(TrialStatus.FAILED, null, "Task did not submit", FAILED_JUDGE, "mail · send_message"))
                .isEqualTo("tool error: mail · send_message");
    }

    @Test
    void thenTheGradersThatFailed() {
        assertThat(cause(TrialStatus.FAILED, null, null, FAILED_JUDGE, null))
                .isEqualTo("failed: judge.accuracy, textContains");
    }

    @Test
    void thenTheErrorTextsFirstLineCut() {
        assertThat(cause(TrialStatus.INFRA, null, "  The agent crashed\nstack…", List.of(), null))
                .isEqualTo("The agent crashed");
        String longLine = "x".repeat(200);
        assertThat(cause(TrialStatus.INFRA, null, longLine, List.of(), null))
                .hasSize(FailureCause.MAX_TEXT)
                .endsWith("…");
    }

    @Test
    void unreadableAndMissingTrialsAreGroupedByStatus() {
        assertThat(cause(TrialStatus.UNREADABLE, null, null, List.of(), null)).isEqualTo("unreadable");
        assertThat(cause(TrialStatus.MISSING, "missing", null, List.of(), null)).isEqualTo("missing");
    }

    @Test
    void onlyMstsOwnMessagesNameOutOfMemoryOrAnUnavailableWorkspace() {
        for (String oom : List.of(
                "Container mst-20261129t101500z-a1b2c3-2 ran out of memory",
                "Couldn't create a machine for shard 2: Container mst-x-2 ran out of memory",
                "Couldn’t create a machine for shard 2/3: Container mst-x-2 ran out of memory",
                "done, but Container mst-x-1 ran out of memory",
                "The trial failed.\nContainer mst-x-1 ran out of memory (Docker: OOMKilled)",
                "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory")) {
            assertThat(cause(TrialStatus.INFRA, "process", oom, List.of(), null))
                    .as(oom)
                    .isEqualTo("out of memory");
        }
        for (String ws : List.of("Cowork's workspace was unavailable: the VM did not start", "Workspace unavailable")) {
            assertThat(cause(TrialStatus.INFRA, "startup", ws, List.of(), null))
                    .as(ws)
                    .isEqualTo("workspace unavailable");
        }
        // the same words quoted, or said of something else, are no such message: the trial keeps its own cause
        for (String said : List.of(
                "The assistant wrote: I will not run out of memory ideas",
                "Tool said: Container mst-x ran out of memory",
                "exit code 137",
                "the OOM killer was mentioned",
                "note: Cowork's workspace was unavailable yesterday",
                "workspace unavailable: the VM did not start")) {
            assertThat(cause(TrialStatus.FAILED, null, said, FAILED_JUDGE, null))
                    .as(said)
                    .isEqualTo("failed: judge.accuracy, textContains");
            assertThat(TrialErrorKind.of(said)).as(said).isNull();
        }
    }
}
