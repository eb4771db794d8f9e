package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.Verdict;
import org.junit.jupiter.api.Test;

/** The sentence under the Compare screen's verdict ("flips this few" with no flip at all). */
class CompareVerdictRuleTest {
    @Test
    void withNoCaseChangedItSaysTheSidesCannotBeToldApartNotThatFlipsCouldBeChance() {
        assertThat(CompareView.verdictRule(Verdict.UNCLEAR, 0))
                .isEqualTo("No case's pass fraction changed: the two sides cannot be told apart.");
        assertThat(CompareView.verdictRule(Verdict.UNCLEAR, 1))
                .isEqualTo("Not enough evidence either way at p < 0.05: one flip could be chance.");
        assertThat(CompareView.verdictRule(Verdict.UNCLEAR, 4))
                .isEqualTo("Not enough evidence either way at p < 0.05: flips this few could be chance.");
        assertThat(CompareView.verdictRule(Verdict.WORSE, 9))
                .isEqualTo("The candidate is worse than the base at p < 0.05.");
    }
}
