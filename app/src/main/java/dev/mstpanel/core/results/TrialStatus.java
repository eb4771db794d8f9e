package dev.mstpanel.core.results;

import java.util.Locale;

/**
 * A trial's status as users mean it (the panel's contract, section 6, from MST's run format):
 * {@code INFRA} when {@code infrastructureError} is true or a {@code clientDiagnostics.failureKind}
 * other than {@code missing} is set; {@code MISSING} when the failure kind is {@code missing} or
 * there is no trace (yet); otherwise {@code PASSED} when every score passes, {@code FAILED} when
 * one does not, {@code UNGRADED} when there are no scores. {@code UNREADABLE} is the panel's own:
 * one of the trial's files could not be read.
 */
public enum TrialStatus {
    PASSED, FAILED, INFRA, MISSING, UNGRADED, UNREADABLE;

    /** The lower-case name used in JSON and on the command line ({@code failed}). */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the statuses the "failures only" filter keeps: failed, infra, missing, unreadable. */
    public boolean isFailure() {
        return this == FAILED || this == INFRA || this == MISSING || this == UNREADABLE;
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
        throw new IllegalArgumentException("Unknown status \"" + s.trim() + "\": use passed, failed, infra, missing, ungraded or unreadable.");
    }
}
