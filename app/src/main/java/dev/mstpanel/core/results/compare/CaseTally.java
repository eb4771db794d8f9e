package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.TrialRecord;
import java.util.List;

/**
 * One case of one variant of a run, counted: its trials, how many were graded (passed or failed;
 * infra, missing, ungraded and unreadable trials are left out) and how many passed.
 *
 * @param caseId the case id (decoded)
 * @param trials every trial of the case, graded or not
 * @param graded passed + failed trials
 * @param passed passed trials
 * @param infra infra trials (left out of the graded ones, like missing, ungraded and unreadable trials)
 * @param records the trials themselves, in trial order, or an empty list when they were not kept
 */
public record CaseTally(String caseId, int trials, int graded, int passed, int infra, List<TrialRecord> records) {
    public CaseTally {
        records = List.copyOf(records);
    }

    /** The case's outcome (see {@link CaseOutcome}). */
    public CaseOutcome outcome() {
        return CaseOutcome.of(passed, graded);
    }

    /** passed ÷ graded, or null when no trial was graded. */
    public Double passFraction() {
        return graded == 0 ? null : (double) passed / graded;
    }

    /**
     * The trials left out of the graded ones, by why, for after the counts: {@code 1 infra}, {@code 2 not graded},
     * {@code 1 infra, 2 not graded} (missing, ungraded and unreadable trials are "not graded"); null when every
     * trial was graded (tester check18 #10: infra trials were called "not graded", which points at Grade…).
     */
    public String leftOutText() {
        return leftOutText(trials, graded, infra);
    }

    /** {@link #leftOutText()} for any count of trials (a case's, a variant's). */
    static String leftOutText(int trials, int graded, int infra) {
        int other = trials - graded - infra;
        if (infra == 0 && other <= 0) {
            return null;
        }
        return infra == 0 ? other + " not graded" : other <= 0 ? infra + " infra" : infra + " infra, " + other + " not graded";
    }
}
