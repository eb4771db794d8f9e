package dev.mstpanel.core.results.model;

import java.util.Locale;

/**
 * A trial's status as users mean it (the panel's docs/dev/mst-format.md, Results, from MST's run format):
 * {@code MISSING} when {@code clientDiagnostics.failureKind} is {@code missing} or there is no
 * trace (yet); {@code INFRA} when the trial failed on infrastructure by MST's rule ({@link InfraRule});
 * otherwise {@code PASSED} when every score passes, {@code FAILED} when
 * one does not, {@code UNGRADED} when there are no scores. {@code UNREADABLE} is the panel's own:
 * one of the trial's files could not be read.
 */
public enum TrialStatus {
    PASSED,
    FAILED,
    INFRA,
    MISSING,
    UNGRADED,
    UNREADABLE;

    private final String jsonName = name().toLowerCase(Locale.ROOT);

    /** The lower-case name used in JSON and on the command line ({@code failed}). */
    public String jsonName() {
        return jsonName;
    }

    /** True for the statuses the "failures only" filter keeps: failed, infra, missing, unreadable. */
    public boolean isFailure() {
        return this == FAILED || this == INFRA || this == MISSING || this == UNREADABLE;
    }

    /**
     * The status of a trial from its scores, whether it failed on infrastructure ({@link InfraRule}) and its
     * {@code clientDiagnostics.failureKind} (the rule above; one score that could not be read makes
     * it {@code UNREADABLE}). The one place the listing and the quick status read of the Compare
     * screen ({@link TrialHeads}) decide it.
     */
    public static TrialStatus of(java.util.List<ScoreRecord> scores, boolean infra, String failureKind) {
        if (scoreProblem(scores) != null) {
            return UNREADABLE;
        } else if ("missing".equals(failureKind)) {
            return MISSING;
        } else if (infra) {
            return INFRA;
        } else if (scores.isEmpty()) {
            return UNGRADED;
        } else if (scores.stream().allMatch(s -> Boolean.TRUE.equals(s.pass()))) {
            return PASSED;
        }
        return FAILED;
    }

    /** The first score's problem (it could not be read), or null. */
    public static String scoreProblem(java.util.List<ScoreRecord> scores) {
        for (ScoreRecord s : scores) { // a loop, not a stream: once per trial listed
            if (s.problem() != null) {
                return s.problem();
            }
        }
        return null;
    }

    /**
     * Parses a lower- or upper-case status name.
     *
     * @throws IllegalArgumentException naming the valid statuses
     */
    public static TrialStatus parse(String s) {
        for (TrialStatus t : values()) {
            if (t.jsonName().equals(s.trim().toLowerCase(Locale.ROOT))) {
                return t;
            }
        }
        throw new IllegalArgumentException(
                "Unknown status \"" + s.trim() + "\": use passed, failed, infra, missing, ungraded or unreadable.");
    }
}
