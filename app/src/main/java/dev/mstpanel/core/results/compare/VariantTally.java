package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials of one variant of one run, counted per case, as read from {@code traces/} and
 * {@code scores/} (docs/dev/mst-format.md, Results). Immutable.
 *
 * @param variant the variant's name
 * @param cases per case id, in the order the cases were read (folder order)
 * @param trials every trial
 * @param graded passed + failed trials
 * @param passed passed trials
 * @param timedTrials graded trials with a {@code durationMs}
 * @param durationMsSum the sum of those trials' {@code durationMs}, in ms
 * @param usage tool calls, MCP calls, tokens and cost summed over the graded trials (infra left out, as
 *        in {@code summary.json}'s metrics; docs/dev/mst-format.md, Compare)
 * @param unreadable trials the panel could not read (a trace or score file, or a folder above them), left out of the
 *        figures like the other trials not graded, and said
 * @param unreadableProblem the first of those trials' problem (what is wrong and how to fix it), or null
 * @param byStatus trials per status (every status present, 0 when none), for saying why a side has no
 *        graded trial (infra, missing, not graded yet, unreadable)
 */
public record VariantTally(
        String variant,
        Map<String, CaseTally> cases,
        int trials,
        int graded,
        int passed,
        int timedTrials,
        long durationMsSum,
        Usage usage,
        int unreadable,
        String unreadableProblem,
        Map<TrialStatus, Integer> byStatus) {
    public VariantTally {
        cases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cases));
        java.util.EnumMap<TrialStatus, Integer> all = new java.util.EnumMap<>(TrialStatus.class);
        for (TrialStatus s : TrialStatus.values()) {
            all.put(s, byStatus == null ? 0 : byStatus.getOrDefault(s, 0));
        }
        byStatus = java.util.Collections.unmodifiableMap(all);
    }

    /** Trials of one status. */
    public int count(TrialStatus status) {
        return byStatus.get(status);
    }

    /**
     * Sums over the graded trials of a variant, for the means the panel computes when {@code summary.json}
     * is absent (docs/dev/mst-format.md, Trace and Compare).
     *
     * @param trials graded trials counted
     * @param toolCalls their {@code tool_call} events
     * @param mcpCalls those with {@code source: "mcp"}
     * @param tokenTrials graded trials that recorded tokens
     * @param tokens their input + output tokens
     * @param costTrials graded trials that recorded a cost
     * @param costUsd their cost in US dollars
     */
    public record Usage(
            int trials, long toolCalls, long mcpCalls, int tokenTrials, long tokens, int costTrials, double costUsd) {
        /** Tool calls per graded trial, or null with no graded trial. */
        public Double toolCallsMean() {
            return trials == 0 ? null : (double) toolCalls / trials;
        }

        /** MCP calls per graded trial, or null with no graded trial. */
        public Double mcpCallsMean() {
            return trials == 0 ? null : (double) mcpCalls / trials;
        }

        /** Tokens per graded trial that recorded them, or null when none did. */
        public Double tokensMean() {
            return tokenTrials == 0 ? null : (double) tokens / tokenTrials;
        }

        /** Cost in US dollars per graded trial that recorded one, or null when none did. */
        public Double costUsdMean() {
            return costTrials == 0 ? null : costUsd / costTrials;
        }
    }

    /** Cases whose outcome is {@link CaseOutcome#PASS}. */
    public int casesPassed() {
        int n = 0;
        for (CaseTally c : cases.values()) {
            if (c.outcome() == CaseOutcome.PASS) {
                n++;
            }
        }
        return n;
    }

    /** Adds trials of one variant up, case by case; not thread-safe. */
    public static final class Builder {
        private final String variant;
        private final boolean keepRecords;
        private final Map<String, int[]> counts = new LinkedHashMap<>();
        private final Map<String, List<TrialRecord>> records = new LinkedHashMap<>();
        private final Map<String, String> datasets = new java.util.HashMap<>();
        private int trials;
        private int graded;
        private int passed;
        private int timed;
        private long duration;
        private long toolCalls;
        private long mcpCalls;
        private int tokenTrials;
        private long tokens;
        private int costTrials;
        private double cost;
        private int unreadable;
        private String unreadableProblem;
        private final java.util.EnumMap<TrialStatus, Integer> byStatus = new java.util.EnumMap<>(TrialStatus.class);

        /**
         * @param variant the variant's name
         * @param keepRecords true to keep each case's trials (the window shows them), false to only count (the CLI)
         */
        public Builder(String variant, boolean keepRecords) {
            this.variant = variant;
            this.keepRecords = keepRecords;
        }

        /** Counts one trial of this variant. */
        public Builder add(TrialRecord t) {
            int[] c = counts.computeIfAbsent(t.caseId(), k -> new int[6]);
            c[0]++;
            trials++;
            byStatus.merge(t.status(), 1, Integer::sum);
            boolean isGraded = t.status() == TrialStatus.PASSED || t.status() == TrialStatus.FAILED;
            if (isGraded) {
                c[1]++;
                graded++;
                if (t.durationMs() != null) {
                    timed++;
                    duration += t.durationMs();
                }
                toolCalls += t.toolCalls();
                mcpCalls += t.usage().mcpCalls();
                Long tk = t.usage().tokens();
                if (tk != null) {
                    tokenTrials++;
                    tokens += tk;
                }
                if (t.usage().costUsd() != null) {
                    costTrials++;
                    cost += t.usage().costUsd();
                }
            }
            if (t.status() == TrialStatus.PASSED) {
                c[2]++;
                passed++;
            }
            if (t.status() == TrialStatus.INFRA) {
                c[3]++;
            }
            if (t.status() == TrialStatus.MISSING) {
                c[4]++;
            }
            if (t.status() == TrialStatus.UNGRADED) {
                c[5]++;
            }
            if (t.status() == TrialStatus.UNREADABLE) {
                unreadable++;
                if (unreadableProblem == null) {
                    unreadableProblem = t.problem();
                }
            }
            if (t.datasetName() != null && !t.datasetName().isBlank()) {
                datasets.putIfAbsent(t.caseId(), t.datasetName());
            }
            if (keepRecords) {
                records.computeIfAbsent(t.caseId(), k -> new ArrayList<>()).add(t);
            }
            return this;
        }

        public VariantTally build() {
            Map<String, CaseTally> cases = new LinkedHashMap<>();
            for (var e : counts.entrySet()) {
                int[] c = e.getValue();
                List<TrialRecord> r = records.getOrDefault(e.getKey(), List.of());
                if (!r.isEmpty()) {
                    r.sort(java.util.Comparator.comparingInt(TrialRecord::trial));
                }
                cases.put(
                        e.getKey(),
                        new CaseTally(e.getKey(), c[0], c[1], c[2], c[3], c[4], c[5], r, datasets.get(e.getKey())));
            }
            return new VariantTally(
                    variant,
                    cases,
                    trials,
                    graded,
                    passed,
                    timed,
                    duration,
                    new Usage(graded, toolCalls, mcpCalls, tokenTrials, tokens, costTrials, cost),
                    unreadable,
                    unreadableProblem,
                    byStatus);
        }
    }
}
