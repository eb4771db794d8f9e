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
        return write(resultsRoot, 600);
    }

    /** The same two runs with traces of about {@code traceBytes} bytes each. */
    public static Path write(Path resultsRoot, int traceBytes) {
        RunFixture a = RunFixture.create(resultsRoot, EVAL, RUN_A)
                .traceBytes(traceBytes)
                .runJson(EVAL, "default", "with-search");
        RunFixture b = RunFixture.create(resultsRoot, EVAL, RUN_B)
                .traceBytes(traceBytes)
                .runJson(EVAL, "default", "with-search");
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
                    extra.put("infrastructureError", true)
                            .put("error", "Cowork's workspace was unavailable: the VM did not start");
                    extra.putObject("clientDiagnostics").put("failureKind", "startup");
                }
                case 'M' -> extra.putObject("clientDiagnostics").put("failureKind", "missing");
                default -> {}
            }
            f.trace(variant, caseId, i, extra);
            if (s == 'P' || s == 'F') {
                f.score(
                        "judge.accuracy",
                        variant,
                        caseId,
                        i,
                        s == 'P',
                        s == 'P' ? "Refunded the right order." : "Refunded order 1042, not 1024.");
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

    public static final String PAIR_EVAL = "pair-eval";
    public static final String PAIR_A = "20260110T080000Z-aaaaaa";
    public static final String PAIR_B = "20260111T080000Z-cccccc";

    /**
     * Two big runs for benchmarks: {@code trials} trials per run, half in {@code default} and half in
     * {@code with-search}, cases of 4 trials; the candidate run flips every 7th case to failed, every
     * 11th to passed, every 13th to mixed, and has an infra trial in every 17th case.
     *
     * @return the eval folder
     */
    public static Path pair(Path resultsRoot, int trials, int traceBytes) {
        RunFixture a = RunFixture.create(resultsRoot, PAIR_EVAL, PAIR_A)
                .traceBytes(traceBytes)
                .runJson(PAIR_EVAL, "default", "with-search");
        RunFixture b = RunFixture.create(resultsRoot, PAIR_EVAL, PAIR_B)
                .traceBytes(traceBytes)
                .runJson(PAIR_EVAL, "default", "with-search");
        int cases = Math.max(1, trials / 8);
        for (String v : new String[] {"default", "with-search"}) {
            for (int i = 0; i < cases; i++) {
                String id = String.format("case-%05d", i);
                String base = i % 5 == 0 ? "FFFF" : i % 9 == 0 ? "PFPP" : "PPPP";
                String cand = i % 7 == 0 ? "FFFF" : i % 11 == 0 ? "PPPP" : i % 13 == 0 ? "PFPF" : base;
                if (i % 17 == 0) {
                    cand = "I" + cand.substring(1);
                }
                trials(a, v, id, base);
                trials(b, v, id, cand);
            }
        }
        return resultsRoot.resolve(PAIR_EVAL);
    }

    /**
     * The two runs of {@link #write} and four later runs of the same eval whose {@code with-search}
     * gets better run by run while {@code default} stays about level: the trend chart's fixture.
     *
     * @return the eval folder
     */
    public static Path trend(Path resultsRoot) {
        Path eval = write(resultsRoot);
        String[] ids = {
            "20260107T101500Z-cccccc", "20260108T101500Z-dddddd", "20260109T101500Z-eeeeee", "20260110T101500Z-ffffff"
        };
        for (int r = 0; r < ids.length; r++) {
            RunFixture f = RunFixture.create(resultsRoot, EVAL, ids[r])
                    .traceBytes(400)
                    .runJson(EVAL, "default", "with-search");
            for (int i = 0; i < 12; i++) {
                String id = "case-" + i;
                trials(
                        f,
                        "default",
                        id,
                        i < 3 + (r % 3) ? "PPP" : (i + r) % 3 == 0 ? "PFF" : (i + r) % 4 == 0 ? "FFF" : "PPF");
                trials(f, "with-search", id, i <= 6 + r ? "PPP" : (i % 2 == 0 ? "PPF" : "FFF"));
            }
        }
        // each run started at its run id's time (as MST's runs do), so the chart spreads them over the days
        try (var runs = java.nio.file.Files.list(eval.resolve("runs"))) {
            for (Path run : runs.toList()) {
                String id = run.getFileName().toString();
                String day = id.substring(0, 4) + "-" + id.substring(4, 6) + "-" + id.substring(6, 8);
                Path json = run.resolve("run.json");
                java.nio.file.Files.writeString(
                        json,
                        java.nio.file.Files.readString(json)
                                .replace("2026-01-05T10:15:00.000Z", day + "T10:15:00.000Z")
                                .replace("2026-01-05T10:42:13.000Z", day + "T10:42:13.000Z"));
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return eval;
    }
}
