package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.runs.RunModel;
import dev.mstpanel.core.runs.RunState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MST's end-of-run lines about variants and the previous run (docs/dev/mst-format.md, Run flags). */
class MstEndOfRunLinesTest {
    private final MstOutputParser parser = new MstOutputParser();

    @Test
    void pairwiseLineGivesJudgeSidesAndShares() {
        MstLine l = parser.parse(
                "Pairwise judge.preference: with-search vs default: 62.5% win · 25% loss · 12.5% tie (8 cases)\r\n");
        assertThat(l)
                .isEqualTo(new MstLine.Pairwise(
                        "Pairwise judge.preference: with-search vs default: 62.5% win · 25% loss · 12.5% tie (8 cases)",
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
    }

    @Test
    void perVariantLineAfterThePreviousRunGivesItsRegressedAndImprovedCases() {
        assertThat(parser.parse("  default: 2 regressed (refund-order, lookup-invoice); 1 improved (cancel-plan)"))
                .isEqualTo(new MstLine.CaseChanges(
                        "default: 2 regressed (refund-order, lookup-invoice); 1 improved (cancel-plan)",
                        "default",
                        2,
                        List.of("refund-order", "lookup-invoice"),
                        1,
                        List.of("cancel-plan")));
        MstLine.CaseChanges none = (MstLine.CaseChanges) parser.parse("0 regressed; 0 improved");
        assertThat(none.variant()).isNull();
        assertThat(none.regressedCases()).isEmpty();
        assertThat(parser.parse("3 regressed cases in total")).isInstanceOf(MstLine.Unknown.class);
    }

    /** The end of a run as MST prints it on stdout (docs/dev/mst-format.md, Output and Run flags), with an older MST's Output line. */
    private static final List<String> END_OF_RUN = List.of(
            "Eval complete: refund-desk",
            "",
            "Variant      │ Passed │ Trial pass │ MCP calls │ Tokens │ Cost   │ Time",
            "─────────────┼────────┼────────────┼───────────┼────────┼────────┼──────",
            "default      │ 3/9    │ 52.0%      │ 5.3       │ 12.8k  │ $0.042 │ 41.3s",
            "with-search  │ 8/9    │ 88.9%      │ 3.0       │ 9.7k   │ $0.031 │ 35.0s",
            "",
            "Pairwise judge.preference: with-search vs default: 66.7% win · 22.2% loss · 11.1% tie (9 cases)",
            "Previous run 20260105T101500Z-aaaaaa (2026-01-05 10:15): pass rate 60% -> 75%",
            "  default: 2 regressed (refund-order, lookup-invoice); 1 improved (cancel-plan)",
            "  with-search: 0 regressed; 0 improved",
            "  (same config)",
            "",
            "Results: 11/18 passed (61.1%)",
            "Output: /p/.mcp-test-results/refund-desk/runs/20260106T101500Z-bbbbbb/results.json");

    @Test
    void aRunsEndOfRunLinesReachItsStateParsedWhereKnownAndAsPrintedWhereNot() {
        RunModel model = new RunModel();
        END_OF_RUN.forEach(l -> model.acceptLine(OutputListener.Stream.STDOUT, l));
        RunState s = model.snapshot();
        EndOfRunReport r = s.endOfRun();
        assertThat(r.table().parsed()).isTrue();
        assertThat(r.table().header())
                .containsExactly("Variant", "Passed", "Trial pass", "MCP calls", "Tokens", "Cost", "Time");
        assertThat(r.table().rows())
                .containsExactly(
                        List.of("default", "3/9", "52.0%", "5.3", "12.8k", "$0.042", "41.3s"),
                        List.of("with-search", "8/9", "88.9%", "3.0", "9.7k", "$0.031", "35.0s"));
        assertThat(r.table().lines()).hasSize(4);
        assertThat(r.pairwise())
                .extracting(MstLine.Pairwise::judge, MstLine.Pairwise::winPercent, MstLine.Pairwise::cases)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("judge.preference", 66.7, 9));
        assertThat(r.previousRun().runId()).isEqualTo("20260105T101500Z-aaaaaa");
        assertThat(r.caseChanges()).extracting(MstLine.CaseChanges::variant).containsExactly("default", "with-search");
        assertThat(r.printed()).containsExactly("(same config)");
        // an older MST's Output line names results.json: the run folder is its folder
        assertThat(s.runDir()).isEqualTo("/p/.mcp-test-results/refund-desk/runs/20260106T101500Z-bbbbbb");
        assertThat(s.resultLine()).isEqualTo("Results: 11/18 passed (61.1%)");
    }

    @Test
    void aTableWhoseRowsDoNotSplitLikeItsHeadIsKeptAsPrinted() {
        RunModel model = new RunModel();
        List.of(
                        "variant  passed  trial pass  MCP calls  tokens  cost  time",
                        "default  3/9  52%  5.3  12.8k  $0.04  41s",
                        "with search (new descriptions)  8/9  89%  3.0 9.7k $0.03  35s",
                        "Results: 11/18 passed (61.1%)")
                .forEach(l -> model.acceptLine(OutputListener.Stream.STDOUT, l));
        EndOfRunReport.VariantTable t = model.snapshot().endOfRun().table();
        assertThat(t.parsed()).isFalse();
        assertThat(t.lines())
                .hasSize(3)
                .first()
                .isEqualTo("variant  passed  trial pass  MCP calls  tokens  cost  time");
    }

    @Test
    void progressLinesAndStderrAreNotTakenForTheTable() {
        RunModel model = new RunModel();
        model.acceptLine(OutputListener.Stream.STDERR, "[mst] shard 1/2: default refund-order #1 collected");
        model.acceptLine(OutputListener.Stream.STDOUT, "Starting eval refund-desk");
        assertThat(model.snapshot().endOfRun().isEmpty()).isTrue();
    }

    @Test
    void olderOutputLineNamingResultsJsonMeansItsRunFolder() {
        assertThat(parser.parse("Output: /p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3/results.json"))
                .isEqualTo(new MstLine.Output(
                        "Output: /p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3/results.json",
                        "/p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3"));
        assertThat(((MstLine.Output) parser.parse("Output: /p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3"))
                        .runDir())
                .isEqualTo("/p/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3");
    }
}
