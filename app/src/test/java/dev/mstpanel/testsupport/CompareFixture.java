package dev.mstpanel.testsupport;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Two runs of one eval with known changes between them, for the comparison tests, the Compare
 * screen's test and its screenshot. Trials are written as a string of letters per case:
 * {@code P} passed, {@code F} failed, {@code I} infra, {@code U} ungraded, {@code M} missing.
 *
 * <p>Variant {@code default}, run {@link #RUN_A} (base) → run {@link #RUN_B} (candidate):
 * <pre>
 *   refund-order     PPP  → FFI   regressed (and an infra trial left out)
 *   lookup-invoice   PPP  → PPF   regressed (pass → mixed)
 *   cancel-plan      FFF  → PPP   improved
 *   update-address   PFF  → PPF   flaky (mixed → mixed)
 *   close-account    FFF  → FPF   flaky (fail → mixed)
 *   apply-coupon     PPP  → PPP   unchanged
 *   list-orders      FFF  → FFF   unchanged
 *   export-csv       PPP  → —     removed
 *   merge-carts      —    → PPF   added
 *   vm-down          PPP  → III   no-result
 * </pre>
 * Variant {@code with-search} is the same in both runs: all of {@code default}'s cases pass but
 * {@code list-orders} (FFF). Run B has a {@code summary.json} (with {@code previousRun}); run A has none.
 */
public final class CompareFixture {
    public static final String EVAL = "refund-desk";
    public static final String RUN_A = "20260105T101500Z-aaaaaa";
    public static final String RUN_B = "20260106T101500Z-bbbbbb";

    private CompareFixture() {}

    /** Writes both runs under {@code resultsRoot} ({@code <root>/refund-desk/runs/…}); returns the eval folder. */
    public static Path write(Path resultsRoot) {
        RunFixture a = RunFixture.create(resultsRoot, EVAL, RUN_A).traceBytes(600).runJson(EVAL, "default", "with-search");
        RunFixture b = RunFixture.create(resultsRoot, EVAL, RUN_B).traceBytes(600).runJson(EVAL, "default", "with-search");
        String[][] cases = {
                {"refund-order", "PPP", "FFI"},
                {"lookup-invoice", "PPP", "PPF"},
                {"cancel-plan", "FFF", "PPP"},
                {"update-address", "PFF", "PPF"},
                {"close-account", "FFF", "FPF"},
                {"apply-coupon", "PPP", "PPP"},
                {"list-orders", "FFF", "FFF"},
                {"export-csv", "PPP", null},
                {"merge-carts", null, "PPF"},
                {"vm-down", "PPP", "III"},
        };
        for (String[] c : cases) {
            if (c[1] != null) {
                trials(a, "default", c[0], c[1]);
                trials(a, "with-search", c[0], c[0].equals("list-orders") ? "FFF" : "PPP");
            }
            if (c[2] != null) {
                trials(b, "default", c[0], c[2]);
                trials(b, "with-search", c[0], c[0].equals("list-orders") ? "FFF" : "PPP");
            }
        }
        summary(b.runDir());
        return resultsRoot.resolve(EVAL);
    }

    /** Writes one case's trials from letters (see the class comment). */
    public static void trials(RunFixture f, String variant, String caseId, String letters) {
        for (int i = 0; i < letters.length(); i++) {
            char s = letters.charAt(i);
            ObjectNode extra = RunFixture.fields();
            switch (s) {
                case 'F' -> extra.put("error", "The agent refunded the wrong order");
                case 'I' -> {
                    extra.put("infrastructureError", true).put("error", "Cowork's workspace was unavailable: the VM did not start");
                    extra.putObject("clientDiagnostics").put("failureKind", "startup");
                }
                case 'M' -> extra.putObject("clientDiagnostics").put("failureKind", "missing");
                default -> { }
            }
            f.trace(variant, caseId, i, extra);
            if (s == 'P' || s == 'F') {
                f.score("judge.accuracy", variant, caseId, i, s == 'P', s == 'P' ? "Refunded the right order." : "Refunded order 1042, not 1024.");
            }
        }
    }

    private static void summary(Path runDir) {
        try {
            Files.writeString(runDir.resolve("summary.json"), """
                    {"format": "mst.run/v1", "kind": "summary",
                     "variants": [
                       {"name": "default", "result": {"total": 9, "passed": 3, "failed": 6, "durationMs": 1200000},
                        "metrics": {"passed_rate": 0.333, "trial_pass_rate": 0.52, "tool_count_mean": 7.5, "mcp_call_count_mean": 5.25,
                                    "input_tokens_mean": 12000, "output_tokens_mean": 800, "cost_usd_mean": 0.042, "duration_s_mean": 41.3,
                                    "judge_pass_rate": 0.52, "judge_score": {"judge.accuracy": 0.52}}},
                       {"name": "with-search", "result": {"total": 9, "passed": 8, "failed": 1, "durationMs": 1100000},
                        "metrics": {"passed_rate": 0.889, "trial_pass_rate": 0.889, "tool_count_mean": 4.0, "mcp_call_count_mean": 3.0,
                                    "input_tokens_mean": 9000, "output_tokens_mean": 700, "cost_usd_mean": 0.031, "duration_s_mean": 35.0},
                        "pairwise": {"judge.preference": {"candidateWins": 6, "baselineWins": 2, "ties": 1, "candidateWinRate": 0.667}}}
                     ],
                     "variantDeltas": {"with-search": {"baseline": "default", "passRate": 0.889, "passRateDelta": 0.556,
                                        "trialPassRateDelta": 0.369, "metricDeltas": {"tool_count_mean": -3.5}}},
                     "previousRun": {"runId": "%s", "timestamp": "2026-01-05T10:15:00Z", "sameConfig": true,
                                     "passRate": 0.6, "passRateDelta": 0.15,
                                     "variants": {"default": {"regressed": ["refund-order", "lookup-invoice"], "improved": ["cancel-plan"],
                                                              "added": ["merge-carts"], "removed": ["export-csv"]}}}
                    }
                    """.formatted(RUN_A));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
