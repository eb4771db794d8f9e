package dev.mstpanel.core.results.compare;

/**
 * One case of a comparison.
 *
 * @param caseId the case id (decoded)
 * @param base the case on the base side, or null when it is not there ({@link CaseChange#ADDED})
 * @param candidate the case on the candidate side, or null ({@link CaseChange#REMOVED})
 * @param change how it changed
 */
public record CaseComparison(String caseId, CaseTally base, CaseTally candidate, CaseChange change) {
    /** The base side's outcome, or null. */
    public CaseOutcome baseOutcome() {
        return base == null ? null : base.outcome();
    }

    /** The candidate side's outcome, or null. */
    public CaseOutcome candidateOutcome() {
        return candidate == null ? null : candidate.outcome();
    }
}
