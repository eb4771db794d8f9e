package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TrialsPlanTest {

    @Test
    void aDifferenceSeenIsPlannedForAtItsOwnSizeAndSaidAsTrialsToRun() {
        TrialsPlan plan = TrialsPlan.of(0.5, 0.8, 30, 1);
        assertThat(plan.kind()).isEqualTo(TrialsPlan.Kind.RUN_MORE);
        assertThat(plan.forDifferencePp()).isEqualTo(30);
        assertThat(plan.seenIsSmaller()).isFalse();
        assertThat(plan.perCase())
                .isEqualTo(Reliability.trialsNeeded(30, 0.5, 0.8))
                .isGreaterThan(1);
        assertThat(plan.text())
                .isEqualTo("Run " + plan.perCase() + " trials per case to tell this apart: a 30 pp difference over 30"
                        + " cases at 80 % power (the fewest run: 1).");
    }

    @Test
    void aDifferenceSmallerThanTenPointsOrNoneIsPlannedForAtTenInTheDirectionSeen() {
        TrialsPlan none = TrialsPlan.of(0.6, 0.6, 200, 3);
        assertThat(none.forDifferencePp()).isEqualTo(10);
        assertThat(none.seenIsSmaller()).isTrue();
        assertThat(none.perCase()).isEqualTo(Reliability.trialsNeeded(200, 0.6, 0.7));
        assertThat(none.text()).contains("a 10 pp difference apart (the one seen is smaller)");
        TrialsPlan down = TrialsPlan.of(0.6, 0.57, 200, 3);
        assertThat(down.perCase()).isEqualTo(Reliability.trialsNeeded(200, 0.6, 0.5));
        // near the top the ten points are planned downward: a pass rate above 1 is no plan
        TrialsPlan top = TrialsPlan.of(0.95, 0.97, 200, 3);
        assertThat(top.perCase()).isEqualTo(Reliability.trialsNeeded(200, 0.95, 0.85));
    }

    @Test
    void trialsRunThatAreEnoughAreSaidSo() {
        TrialsPlan plan = TrialsPlan.of(0.5, 1.0, 20, 3);
        assertThat(plan.kind()).isEqualTo(TrialsPlan.Kind.ENOUGH);
        assertThat(plan.perCase()).isEqualTo(1);
        assertThat(plan.text())
                .isEqualTo("The 3 trials per case run are enough to tell this apart: a 50 pp difference over 20 cases"
                        + " at 80 % power (1 would do).");
    }

    @Test
    void tooFewCasesForTheSignTestSayHowManyCasesItNeedsWhateverTheTrials() {
        // five cases can never give p < 0.05 with the two-sided sign test: all five up is p = 0.0625
        TrialsPlan plan = TrialsPlan.of(0.2, 0.9, 5, 3);
        assertThat(plan.kind()).isEqualTo(TrialsPlan.Kind.BEYOND_CAP);
        assertThat(plan.perCaseOrNull()).isNull();
        assertThat(SignTest.fewestCasesToDecide()).isEqualTo(6);
        assertThat(plan.text())
                .isEqualTo("No number of trials per case can tell this apart over 5 cases: the sign test needs at"
                        + " least 6 cases that changed; more cases would.");
        assertThat(TrialsPlan.of(0.0, 1.0, 1, 1).text())
                .startsWith("No number of trials per case can tell this apart over 1 case: the sign test needs");
    }

    @Test
    void enoughCasesButTooSmallADifferenceSayEvenTheCapWouldNot() {
        TrialsPlan plan = TrialsPlan.of(0.5, 0.5, 7, 3);
        assertThat(plan.kind()).isEqualTo(TrialsPlan.Kind.BEYOND_CAP);
        assertThat(plan.text())
                .isEqualTo("Even 50 trials per case would not tell a 10 pp difference apart (the one seen is smaller)"
                        + " over 7 cases at 80 % power; more cases would.");
    }

    @Test
    void sidesThatShareNoCaseHaveNoPlan() {
        TrialsPlan plan = TrialsPlan.of(0.5, 0.9, 0, 0);
        assertThat(plan.kind()).isEqualTo(TrialsPlan.Kind.NO_SHARED_CASE);
        assertThat(plan.perCaseOrNull()).isNull();
        assertThat(plan.text()).startsWith("No case has graded trials on both sides");
    }
}
