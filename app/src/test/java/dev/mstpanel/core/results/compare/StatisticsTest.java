package dev.mstpanel.core.results.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatisticsTest {

    /** Newcombe, "Two-sided confidence intervals for the single proportion" (Stat. Med. 1998), Table I, method 3. */
    @ParameterizedTest(name = "{0}/{1} → {2}–{3}")
    @CsvSource({
        "81,263,0.2553,0.3662",
        "15,148,0.0624,0.1605",
        "0,20,0.0000,0.1611",
        "1,29,0.0061,0.1718",
        "29,29,0.8830,1.0000",
        "0,10,0.0000,0.2775"
    })
    void wilsonIntervalMatchesNewcombesPublishedValues(int passed, int n, double low, double high) {
        WilsonInterval ci = WilsonInterval.of(passed, n);
        assertEquals(low, ci.low(), 0.00005);
        assertEquals(high, ci.high(), 0.00005);
    }

    @Test
    void wilsonIntervalOfNothingGradedIsNull() {
        assertNull(WilsonInterval.of(0, 0));
        assertThrows(IllegalArgumentException.class, () -> WilsonInterval.of(3, 2));
    }

    @ParameterizedTest(name = "{0}/{1} → {2}")
    @CsvSource({"3,3,PASS", "1,1,PASS", "0,3,FAIL", "0,1,FAIL", "1,3,MIXED", "2,3,MIXED", "0,0,NO_RESULT"})
    void caseOutcomeFollowsItsGradedTrials(int passed, int graded, CaseOutcome expected) {
        assertEquals(expected, CaseOutcome.of(passed, graded));
    }

    /** Every cell of the verdict table (one-sided and two-sided counts), and the one-sided rows. */
    @ParameterizedTest(name = "{0} → {1}: {2}")
    @CsvSource({
        "PASS,PASS,UNCHANGED",
        "FAIL,FAIL,UNCHANGED",
        "PASS,FAIL,REGRESSED",
        "PASS,MIXED,REGRESSED",
        "FAIL,PASS,IMPROVED",
        "MIXED,PASS,IMPROVED",
        "MIXED,MIXED,FLAKY",
        "FAIL,MIXED,FLAKY",
        "MIXED,FAIL,FLAKY",
        "PASS,NO_RESULT,NO_RESULT",
        "FAIL,NO_RESULT,NO_RESULT",
        "MIXED,NO_RESULT,NO_RESULT",
        "NO_RESULT,PASS,NO_RESULT",
        "NO_RESULT,FAIL,NO_RESULT",
        "NO_RESULT,MIXED,NO_RESULT",
        "NO_RESULT,NO_RESULT,NO_RESULT",
        ",PASS,ADDED",
        ",NO_RESULT,ADDED",
        "PASS,,REMOVED",
        "NO_RESULT,,REMOVED"
    })
    void changeTableHasEveryCell(CaseOutcome base, CaseOutcome candidate, CaseChange expected) {
        assertEquals(expected, CaseChange.of(base, candidate));
    }

    @Test
    void changeNamesAreTheIssuesWords() {
        assertEquals("no-result", CaseChange.NO_RESULT.jsonName());
        assertEquals("no-result", CaseOutcome.NO_RESULT.jsonName());
        assertEquals("regressed", CaseChange.REGRESSED.jsonName());
    }

    @ParameterizedTest(name = "{0} up, {1} down → p {2}")
    @CsvSource({
        "0,5,0.0625",
        "5,0,0.0625",
        "0,6,0.03125",
        "1,9,0.021484375",
        "9,1,0.021484375",
        "3,3,1.0",
        "0,0,1.0",
        "1,0,1.0",
        "2,10,0.03857421875",
        "5000,5000,1.0"
    })
    void signTestGivesTheExactBinomialTail(int up, int down, double p) {
        assertEquals(p, SignTest.pValue(up, down), 1e-9);
    }

    @Test
    void signTestOfManyCasesDoesNotUnderflow() {
        // 10,000 cases, 5,200 up: z ≈ 4, p ≈ 6.3e-5 (normal approximation); not 0, not NaN
        double p = SignTest.pValue(5200, 4800);
        assertEquals(6.3e-5, p, 1.5e-5);
    }

    @Test
    void verdictNeedsPBelowFivePercent() {
        assertEquals(Verdict.UNCLEAR, SignTest.verdict(5, 0)); // p = 0.0625
        assertEquals(Verdict.BETTER, SignTest.verdict(6, 0)); // p = 0.03125
        assertEquals(Verdict.WORSE, SignTest.verdict(1, 9));
        assertEquals(Verdict.UNCLEAR, SignTest.verdict(0, 0));
    }
}
