package dev.mstpanel.core.results.compare;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code summary.json} as far as it could be read (MST's run format; docs/dev/mst-format.md, Compare). Every number may be null: a metric is absent when no case has it.
 *
 * @param file the file
 * @param variants {@code variants[]}, baseline first
 * @param previousRun {@code previousRun}, or null
 * @param problem why the file could not be read, or null
 */
public record RunSummary(Path file, List<Variant> variants, PreviousRun previousRun, String problem) {
    public RunSummary {
        variants = List.copyOf(variants);
    }

    /** The variant's entry, or null. */
    public Variant variant(String name) {
        for (Variant v : variants) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        return null;
    }

    /**
     * One entry of {@code variants[]}.
     *
     * @param name {@code name}
     * @param total {@code result.total} (cases)
     * @param passed {@code result.passed} (cases)
     * @param failed {@code result.failed}
     * @param durationMs {@code result.durationMs}
     * @param metrics {@code metrics} without {@code judge_score}: {@code passed_rate}, {@code trial_pass_rate},
     *        {@code tool_count_mean}, {@code mcp_call_count_mean}, {@code input_tokens_mean}, {@code output_tokens_mean},
     *        {@code cost_usd_mean}, {@code duration_s_mean}, {@code judge_pass_rate}, and any other number MST wrote
     * @param judgeScores {@code metrics.judge_score}: judge → mean score
     * @param delta {@code variantDeltas[name]}, or null (the baseline has none)
     * @param pairwise {@code pairwise}: one per pairwise judge
     * @param leftOut the figures of {@code metrics} left out as no figure a run can have, each as a person reads it:
     *        {@code cost_usd_mean (-5: negative)}, {@code input_tokens_mean ("12": a string, not a number)}
     */
    public record Variant(
            String name,
            Integer total,
            Integer passed,
            Integer failed,
            Long durationMs,
            Map<String, Double> metrics,
            Map<String, Double> judgeScores,
            Delta delta,
            List<Pairwise> pairwise,
            List<String> leftOut) {
        public Variant {
            metrics = Map.copyOf(metrics);
            judgeScores = Map.copyOf(judgeScores);
            pairwise = List.copyOf(pairwise);
            leftOut = List.copyOf(leftOut);
        }

        /** A metric, or null when MST did not write it. */
        public Double metric(String name) {
            return metrics.get(name);
        }
    }

    /**
     * {@code variantDeltas[variant]}: the variant against the baseline.
     *
     * @param baseline {@code baseline}: the baseline variant's name
     * @param passRate {@code passRate}, 0..1
     * @param passRateDelta {@code passRateDelta}, variant − baseline
     * @param trialPassRateDelta {@code trialPassRateDelta}
     * @param metricDeltas {@code metricDeltas}: metric → variant − baseline
     */
    public record Delta(
            String baseline,
            Double passRate,
            Double passRateDelta,
            Double trialPassRateDelta,
            Map<String, Double> metricDeltas) {
        public Delta {
            metricDeltas = Map.copyOf(metricDeltas);
        }
    }

    /**
     * A pairwise judge's tally, candidate against baseline.
     *
     * @param judge the judge's name
     * @param candidateWins {@code candidateWins}
     * @param baselineWins {@code baselineWins}
     * @param ties {@code ties}
     * @param candidateWinRate {@code candidateWinRate}, 0..1
     */
    public record Pairwise(
            String judge, Integer candidateWins, Integer baselineWins, Integer ties, Double candidateWinRate) {}

    /**
     * {@code previousRun}: the last earlier run of the same eval with the same variants.
     *
     * @param runId its id
     * @param timestamp when it ran, as written
     * @param sameConfig {@code sameConfig}
     * @param passRate its pass rate, 0..1
     * @param passRateDelta this run − that run
     * @param changes per variant: the case ids that regressed, improved, were added or removed
     */
    public record PreviousRun(
            String runId,
            String timestamp,
            Boolean sameConfig,
            Double passRate,
            Double passRateDelta,
            Map<String, CaseChanges> changes) {
        public PreviousRun {
            changes = Map.copyOf(changes);
        }

        /**
         * The run's own line, for its header once (the pass rate is the whole run's, not a variant's):
         * {@code previous run 7f3c2a: pass rate 60 % → 75 %}, {@code (its config differed)} when so; null when
         * MST recorded no pass rate.
         */
        public String runLine() {
            if (passRate == null) {
                return null;
            }
            StringBuilder sb = new StringBuilder("previous run ")
                    .append(runId == null ? "?" : shortId(runId))
                    .append(": pass rate ")
                    .append(VariantFigures.percent(passRate));
            if (passRateDelta != null) {
                sb.append(" → ").append(VariantFigures.percent(passRate + passRateDelta));
            }
            if (Boolean.FALSE.equals(sameConfig)) {
                sb.append(" (its config differed)");
            }
            return sb.toString();
        }

        /**
         * A variant's line, for its card: {@code vs previous run 7f3c2a: 2 regressed, 1 improved}, or
         * {@code vs previous run 7f3c2a: no case regressed or improved}; null when MST recorded no change for the variant.
         */
        public String variantLine(String variant) {
            CaseChanges c = changes.get(variant);
            if (c == null) {
                return null;
            }
            String id = runId == null ? "?" : shortId(runId);
            int reg = c.regressed().size();
            int imp = c.improved().size();
            if (reg == 0 && imp == 0) {
                return "vs previous run " + id + ": no case regressed or improved";
            }
            return "vs previous run " + id + ": " + (reg > 0 ? reg + " regressed" : "")
                    + (reg > 0 && imp > 0 ? ", " : "") + (imp > 0 ? imp + " improved" : "");
        }

        private static String shortId(String id) {
            int dash = id.lastIndexOf('-');
            return dash < 0 ? id : id.substring(dash + 1);
        }
    }

    /** The case ids of one variant that changed since the previous run. */
    public record CaseChanges(List<String> regressed, List<String> improved, List<String> added, List<String> removed) {
        public CaseChanges {
            regressed = List.copyOf(regressed);
            improved = List.copyOf(improved);
            added = List.copyOf(added);
            removed = List.copyOf(removed);
        }
    }
}
