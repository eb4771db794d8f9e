package dev.mstpanel.core.triage;

/**
 * How far the triage of a run has come.
 *
 * @param labelled the failures that have a label
 * @param failures the run's failures (failed and infra trials, {@link TriageService#needsLabel})
 */
public record TriageProgress(int labelled, int failures) {
    /** The line people read, e.g. {@code 12 of 17 failures labelled}, {@code no failures to label}. */
    public String text() {
        if (failures == 0) {
            return "no failures to label";
        }
        return labelled + " of " + failures + (failures == 1 ? " failure" : " failures") + " labelled";
    }

    /** True when every failure has a label. */
    public boolean done() {
        return labelled >= failures;
    }
}
