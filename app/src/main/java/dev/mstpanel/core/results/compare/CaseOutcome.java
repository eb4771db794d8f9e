package dev.mstpanel.core.results.compare;

import java.util.Locale;

/**
 * A case's outcome over its graded trials (the panel's rule): {@code PASS} when all of them passed,
 * {@code FAIL} when none did, {@code MIXED} when some did, {@code NO_RESULT} when it has no graded
 * trial (only infra, missing, ungraded or unreadable ones).
 */
public enum CaseOutcome {
    PASS,
    FAIL,
    MIXED,
    NO_RESULT;

    /**
     * The outcome of {@code passed} out of {@code graded} trials.
     *
     * @throws IllegalArgumentException when passed is outside 0..graded
     */
    public static CaseOutcome of(int passed, int graded) {
        if (passed < 0 || passed > graded) {
            throw new IllegalArgumentException("passed " + passed + " is outside 0.." + graded);
        }
        if (graded == 0) {
            return NO_RESULT;
        }
        return passed == graded ? PASS : passed == 0 ? FAIL : MIXED;
    }

    /** The name in JSON and text: {@code pass}, {@code fail}, {@code mixed}, {@code no-result}. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
