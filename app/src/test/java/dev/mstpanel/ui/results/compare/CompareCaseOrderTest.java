package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.CaseTally;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Compare table's Base and Candidate columns sort by outcome, not by case id. */
class CompareCaseOrderTest {
    private static CaseTally t(String id, int passed, int graded) {
        return new CaseTally(id, graded, graded, passed, 0, List.of());
    }

    @Test
    void aSideSortsByNoSideNoResultThenPassFraction() {
        List<CaseTally> sides = new ArrayList<>(Arrays.asList(
                t("a-pass", 3, 3), null, t("b-mixed", 2, 3), t("c-none", 0, 0), t("d-fail", 0, 3), t("e-mixed", 1, 3)));
        sides.sort(CompareCaseTable.BY_OUTCOME);
        assertThat(sides)
                .extracting(x -> x == null ? "—" : x.caseId())
                .containsExactly("—", "c-none", "d-fail", "e-mixed", "b-mixed", "a-pass");
    }
}
