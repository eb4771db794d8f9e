package dev.mstpanel.core.export;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.triage.TriageLabel;
import java.util.Optional;

/**
 * The triage label and note of a trial, as an export shows them beside the trial. Labels are kept
 * by the panel (keyed by eval, run, variant, case and trial), never in a run's folder; an export
 * asks through this interface so it does not depend on how they are stored.
 */
@FunctionalInterface
public interface ExportLabels {
    /** No trial has a label. */
    ExportLabels NONE = trial -> Optional.empty();

    /**
     * The label of a trial, if it has one. Called off the UI thread; may read disk.
     *
     * @param trial the trial (its eval, run id, variant, case and trial number)
     */
    Optional<TriageLabel> labelOf(TrialRecord trial);
}
