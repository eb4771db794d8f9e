package dev.mstpanel.core.results.compare;

import java.util.Locale;

/**
 * How a case changed from the base side to the candidate side of a comparison (the comparison's table):
 * {@code UNCHANGED} pass→pass, fail→fail; {@code REGRESSED} pass→fail, pass→mixed; {@code IMPROVED}
 * fail→pass, mixed→pass; {@code FLAKY} mixed→mixed, fail→mixed, mixed→fail; {@code ADDED} /
 * {@code REMOVED} a case on the candidate / base side only; {@code NO_RESULT} a side with no graded
 * trial. The declaration order is the order a comparison lists its cases in: regressions first.
 */
public enum CaseChange {
    REGRESSED,
    FLAKY,
    IMPROVED,
    ADDED,
    REMOVED,
    NO_RESULT,
    UNCHANGED;

    /**
     * The change between two outcomes.
     *
     * @param base the base side's outcome, or null when the case is not on the base side
     * @param candidate the candidate side's outcome, or null when the case is not on that side
     * @throws IllegalArgumentException when both are null
     */
    public static CaseChange of(CaseOutcome base, CaseOutcome candidate) {
        if (base == null && candidate == null) {
            throw new IllegalArgumentException("a case must be on at least one side");
        }
        if (base == null) {
            return ADDED;
        }
        if (candidate == null) {
            return REMOVED;
        }
        if (base == CaseOutcome.NO_RESULT || candidate == CaseOutcome.NO_RESULT) {
            return NO_RESULT;
        }
        return switch (base) {
            case PASS -> candidate == CaseOutcome.PASS ? UNCHANGED : REGRESSED;
            case FAIL -> candidate == CaseOutcome.FAIL ? UNCHANGED : candidate == CaseOutcome.PASS ? IMPROVED : FLAKY;
            case MIXED -> candidate == CaseOutcome.PASS ? IMPROVED : FLAKY;
            case NO_RESULT -> NO_RESULT;
        };
    }

    /** The name in JSON and text: {@code regressed}, {@code no-result}, … */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True for the changes "Re-run the regressed and flaky cases" re-runs. */
    public boolean rerun() {
        return this == REGRESSED || this == FLAKY;
    }
}
