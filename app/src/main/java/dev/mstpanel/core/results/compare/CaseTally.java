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
 * @param records the trials themselves, in trial order, or an empty list when they were not kept
 */
public record CaseTally(String caseId, int trials, int graded, int passed, List<TrialRecord> records) {
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
}
