package dev.mstpanel.core.triage;

import dev.mstpanel.core.results.model.TrialKey;
import java.util.Map;
import java.util.Optional;

/**
 * The labels of one run as read from the panel's data folder.
 *
 * @param labels each labelled trial's label and note, by where the trial lives in its run
 * @param problem why the run's labels file could not be used as it was, or null
 */
public record RunTriage(Map<TrialKey, TriageLabel> labels, TriageProblem problem) {
    public RunTriage {
        labels = Map.copyOf(labels);
    }

    /** No labels, no problem. */
    public static final RunTriage NONE = new RunTriage(Map.of(), null);

    /** The label of a trial, if it has one. */
    public Optional<TriageLabel> of(TrialKey key) {
        return Optional.ofNullable(labels.get(key));
    }

    /** The problem, if any. */
    public Optional<TriageProblem> problemIfAny() {
        return Optional.ofNullable(problem);
    }
}
