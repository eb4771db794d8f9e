package dev.mstpanel.core.results.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The with-methods of {@link TrialRecord}: each changes its own fields and keeps every other one. */
class TrialRecordWithTest {
    private static final List<ScoreRecord> SCORES =
            List.of(new ScoreRecord("judge.accuracy", false, "wrong", null, Path.of("s.json"), null));
    private static final TrialUsage USAGE = new TrialUsage(120L, 30L, 0.02, 3);

    private static TrialRecord trial(String evalName, String runId, List<ScoreRecord> scores, String problem) {
        return new TrialRecord(
                new TrialKey("fast", "refund-order", 1),
                evalName,
                runId,
                Path.of("runs/r1"),
                "fast",
                "refund-order",
                true,
                "orders",
                4_200L,
                TrialStatus.FAILED,
                "Task did not submit",
                "judge timed out",
                "not-submitted",
                scores,
                Path.of("runs/r1/traces/fast/refund-order/1.json"),
                Path.of("runs/r1/artifacts/fast/refund-order/1"),
                problem,
                7,
                2,
                "mail · send",
                USAGE);
    }

    @Test
    void withNamesChangesTheEvalAndRunNamesOnly() {
        TrialRecord t = trial("support", "20261007T182504Z-7f3c2a", SCORES, "x");

        assertThat(t.withNames("support-copy", "20261008T090000Z-aaaaaa"))
                .isEqualTo(trial("support-copy", "20261008T090000Z-aaaaaa", SCORES, "x"));
    }

    @Test
    void withNamesKeepsTheSameRecordWhenTheNamesAreAlreadyThese() {
        TrialRecord t = trial("support", "r1", SCORES, null);

        assertThat(t.withNames("support", "r1")).isSameAs(t);
    }

    @Test
    void withScoresChangesTheScoresOnlyAndSharesAnUnmodifiableList() {
        TrialRecord t = trial("support", "r1", List.of(), "x");

        TrialRecord scored = t.withScores(SCORES);

        assertThat(scored).isEqualTo(trial("support", "r1", SCORES, "x"));
        assertThat(scored.scores()).isSameAs(SCORES);
    }

    @Test
    void withNoteAddsASentenceToTheProblemAfterASpace() {
        TrialRecord t = trial("support", "r1", SCORES, "The trace is cut.");

        assertThat(t.withNote("A score could not be read.").problem())
                .isEqualTo("The trace is cut. A score could not be read.");
        assertThat(t.withNote("A score could not be read."))
                .isEqualTo(trial("support", "r1", SCORES, "The trace is cut. A score could not be read."));
    }

    @Test
    void withNoteOnATrialWithoutAProblemMakesTheNoteItsProblem() {
        TrialRecord t = trial("support", "r1", SCORES, null);

        assertThat(t.withNote("A score could not be read.").problem()).isEqualTo("A score could not be read.");
    }
}
