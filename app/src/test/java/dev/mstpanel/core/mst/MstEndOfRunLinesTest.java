package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** MST's end-of-run lines about variants and the previous run (contract, section 10). */
class MstEndOfRunLinesTest {
    private final MstOutputParser parser = new MstOutputParser();

    @Test
    void pairwiseLineGivesJudgeSidesAndShares() {
        MstLine l = parser.parse("Pairwise judge.preference: with-search vs default: 62.5% win · 25% loss · 12.5% tie (8 cases)\r\n");
        assertThat(l).isEqualTo(new MstLine.Pairwise("Pairwise judge.preference: with-search vs default: 62.5% win · 25% loss · 12.5% tie (8 cases)",
                "judge.preference", "with-search", "default", 62.5, 25, 12.5, 8));
    }

    @Test
    void previousRunLineGivesTheRunAndBothRates() {
        MstLine l = parser.parse("Previous run 20260105T101500Z-aaaaaa (2026-01-05 10:15): pass rate 60% -> 75%");
        assertThat(l).isInstanceOf(MstLine.PreviousRun.class);
        MstLine.PreviousRun p = (MstLine.PreviousRun) l;
        assertThat(p.runId()).isEqualTo("20260105T101500Z-aaaaaa");
        assertThat(p.time()).isEqualTo("2026-01-05 10:15");
        assertThat(p.fromPercent()).isEqualTo(60);
        assertThat(p.toPercent()).isEqualTo(75);
        // the per-variant line after it has no fixed shape in the contract: shown as printed
        assertThat(parser.parse("  default: 2 regressed (refund-order, lookup-invoice); 1 improved (cancel-plan)")).isInstanceOf(MstLine.Unknown.class);
    }

    @Test
    void olderOutputLineNamingResultsJsonMeansItsRunFolder() {
        assertThat(parser.parse("Output: /p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3/results.json"))
                .isEqualTo(new MstLine.Output("Output: /p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3/results.json",
                        "/p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3"));
        assertThat(((MstLine.Output) parser.parse("Output: /p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3")).runDir())
                .isEqualTo("/p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3");
    }
}
