package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.TrialRecord;
import dev.mstpanel.core.results.TrialStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trials of one variant of one run, counted per case, as read from {@code traces/} and
 * {@code scores/} (contract, section 6). Immutable.
 *
 * @param variant the variant's name
 * @param cases per case id, in the order the cases were read (folder order)
 * @param trials every trial
 * @param graded passed + failed trials
 * @param passed passed trials
 * @param timedTrials graded trials with a {@code durationMs}
 * @param durationMsSum the sum of those trials' {@code durationMs}, in ms
 */
public record VariantTally(String variant, Map<String, CaseTally> cases, int trials, int graded, int passed,
                           int timedTrials, long durationMsSum) {
    public VariantTally {
        cases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cases));
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
        private int trials;
        private int graded;
        private int passed;
        private int timed;
        private long duration;

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
            int[] c = counts.computeIfAbsent(t.caseId(), k -> new int[3]);
            c[0]++;
            trials++;
            boolean isGraded = t.status() == TrialStatus.PASSED || t.status() == TrialStatus.FAILED;
            if (isGraded) {
                c[1]++;
                graded++;
                if (t.durationMs() != null) {
                    timed++;
                    duration += t.durationMs();
                }
            }
            if (t.status() == TrialStatus.PASSED) {
                c[2]++;
                passed++;
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
                cases.put(e.getKey(), new CaseTally(e.getKey(), c[0], c[1], c[2], r));
            }
            return new VariantTally(variant, cases, trials, graded, passed, timed, duration);
        }
    }
}
