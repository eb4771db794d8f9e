package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ReliabilityTest {
    @Test
    void passAtKAndPassHatKFollowTheUnbiasedEstimators() {
        assertThat(Reliability.passAtK(10, 3, 1)).isCloseTo(0.3, within(1e-12));
        assertThat(Reliability.passAtK(10, 3, 2)).isCloseTo(1 - 21.0 / 45, within(1e-12));
        assertThat(Reliability.passAtK(10, 3, 8))
                .as("fewer failures than k: one passes for sure")
                .isEqualTo(1.0);
        assertThat(Reliability.passHatK(10, 3, 2)).isCloseTo(3.0 / 45, within(1e-12));
        assertThat(Reliability.passHatK(10, 3, 4)).isZero();
        assertThat(Reliability.passHatK(5, 5, 5)).isEqualTo(1.0);
        assertThat(Reliability.passAtK(5, 0, 5)).isZero();
    }

    @Test
    void largeCountsDoNotOverflow() {
        assertThat(Reliability.passAtK(10_000, 5_000, 100)).isCloseTo(1.0, within(1e-9));
        assertThat(Reliability.passHatK(10_000, 9_990, 1_000)).isBetween(0.0, 1.0);
    }

    @Test
    void aDifferenceThatIsCertainOnEveryCaseNeedsOneTrial() {
        // 20 cases, base passes half its trials, the candidate all: with one trial a case is up half the time and
        // never down, so 6 ups or more among the decided cases give p < 0.05 almost always
        assertThat(Reliability.power(20, 1, 0.5, 1.0)).isGreaterThan(0.95);
        assertThat(Reliability.trialsNeeded(20, 0.5, 1.0)).isEqualTo(1);
    }

    @Test
    void aSmallerDifferenceNeedsMoreTrialsAndNoDifferenceCannotBeTold() {
        int tenPoints = Reliability.trialsNeeded(30, 0.6, 0.7);
        int twentyPoints = Reliability.trialsNeeded(30, 0.6, 0.8);
        assertThat(twentyPoints).isPositive().isLessThan(tenPoints < 0 ? Integer.MAX_VALUE : tenPoints);
        assertThat(Reliability.power(30, 5, 0.6, 0.6))
                .as("with no difference the verdict comes only by chance")
                .isLessThan(0.1);
        assertThat(Reliability.trialsNeeded(30, 0.6, 0.6)).isEqualTo(-1);
    }

    @Test
    void powerGrowsWithTrials() {
        double previous = 0;
        for (int m = 1; m <= 9; m += 2) {
            double p = Reliability.power(25, m, 0.5, 0.7);
            assertThat(p).isGreaterThanOrEqualTo(previous - 1e-9);
            previous = p;
        }
    }

    @Test
    void aPlanForAThousandCasesIsQuick() {
        long start = System.nanoTime();
        int m = Reliability.trialsNeeded(1_000, 0.70, 0.72);
        assertThat(m).isNotZero();
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(5_000);
    }

    @Test
    void aPlanForTenThousandCasesIsQuickEvenWhenNoNumberOfTrialsWouldDo() {
        // the plan is made with every comparison: a run of 10,000 cases with no difference tries all 50 trial counts
        long start = System.nanoTime();
        assertThat(Reliability.trialsNeeded(10_000, 0.3, 0.3)).isEqualTo(-1);
        assertThat(Reliability.trialsNeeded(10_000, 0.6, 0.61)).isPositive();
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(10_000);
    }

    @Test
    void theQuickPowerAgreesWithTheSignTestCountedOutExactly() {
        // 12 cases, one trial each, base never passes and the candidate always: every case goes up, and 12 of 12
        // up gives p = 2/4096 < 0.05, so the verdict always comes
        assertThat(Reliability.power(12, 1, 0.0, 1.0)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        // 5 cases can never: 5 of 5 up gives p = 1/16
        assertThat(Reliability.power(5, 3, 0.0, 1.0)).isZero();
        // 6 of 6 up gives p = 1/32 < 0.05, 5 of 6 gives 7/32: with each case up with chance ½ (one trial, ½ vs 1:
        // up when the base fails) and never down, the verdict comes when all 6 decide, (½)^6
        assertThat(Reliability.power(6, 1, 0.5, 1.0)).isCloseTo(1.0 / 64, org.assertj.core.data.Offset.offset(1e-12));
    }
}
