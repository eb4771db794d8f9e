package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The trials a pass rate leaves out are named with the word the trial list gives their status, on the cards, in
 * Compare and in compare's text: a missing trial is "missing" everywhere, never "not graded" in one place.
 */
class LeftOutWordsTest {

    @Test
    void eachLeftOutTrialIsCountedUnderItsOwnStatusWord() {
        // 9 trials: 3 graded, 1 infra, 2 missing, 1 ungraded, 2 unreadable
        CaseTally t = new CaseTally("refund", 9, 3, 2, 1, 2, 1, List.of());
        assertThat(t.leftOutText())
                .isEqualTo(String.join(
                        ", ",
                        "1 " + TrialStatus.INFRA.jsonName(),
                        "2 " + TrialStatus.MISSING.jsonName(),
                        "1 " + TrialStatus.UNGRADED.jsonName(),
                        "2 " + TrialStatus.UNREADABLE.jsonName()));
        assertThat(t.leftOutText())
                .isEqualTo("1 infra, 2 missing, 1 ungraded, 2 unreadable")
                .doesNotContain("not graded");
    }

    @Test
    void onlyTheStatusesThereAreNamedAndNothingWhenAllWereGraded() {
        assertThat(new CaseTally("a", 4, 2, 1, 0, 2, 0, List.of()).leftOutText())
                .isEqualTo("2 missing");
        assertThat(new CaseTally("a", 3, 2, 1, 0, 0, 1, List.of()).leftOutText())
                .isEqualTo("1 ungraded");
        assertThat(new CaseTally("a", 2, 2, 1, 0, 0, 0, List.of()).leftOutText())
                .isNull();
    }
}
