package dev.mstpanel.core.triage;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Triage of a run's failures, for the window and the command line alike: the label list, the labels of a run, setting
 * and clearing one trial's label and note, and how far a run's triage has come. The labels live in the panel's data
 * folder ({@link TriageStore}), never in the run folder.
 */
public final class TriageService {
    private final TriageStore store;
    private final Supplier<List<String>> labelList;
    private final java.util.function.UnaryOperator<String> secrets;

    /**
     * @param store where labels are kept
     * @param labelList the person's label list as saved (cleaned with {@link TriageLabels#clean} on each use, so a
     *     change in the settings counts at once)
     */
    public TriageService(TriageStore store, Supplier<List<String>> labelList) {
        this(store, labelList, java.util.function.UnaryOperator.identity());
    }

    /**
     * @param secrets masks the secrets the panel knows of in a note before it is kept: a key pasted into a note is
     *     never written to the data folder (nor printed or exported from there)
     */
    public TriageService(
            TriageStore store, Supplier<List<String>> labelList, java.util.function.UnaryOperator<String> secrets) {
        this.store = store;
        this.labelList = labelList;
        this.secrets = secrets;
    }

    /**
     * True for the trials triage is about: failed and infra trials (the status rule of {@link TrialStatus}; a missing
     * or unreadable trial has nothing to look at yet).
     */
    public static boolean needsLabel(TrialStatus status) {
        return status == TrialStatus.FAILED || status == TrialStatus.INFRA;
    }

    /** The label list, in keyboard order (digit 1 is the first). */
    public List<String> labelNames() {
        return TriageLabels.clean(labelList.get());
    }

    /** The labels of a run, with the problem of its file if any; never throws. */
    public RunTriage read(RunInfo run) {
        return store.read(run.evalName(), run.runId());
    }

    /** The labels of the run a trial is in (its eval and run id), with the problem of its file if any; never throws. */
    public RunTriage readRunOf(TrialRecord trial) {
        return store.read(trial.evalName(), trial.runId());
    }

    /** The labels of a run by trial (none when its file cannot be read): the short way for exports. */
    public Map<TrialKey, TriageLabel> labels(RunInfo run) {
        return read(run).labels();
    }

    /** The file that holds a run's labels. */
    public java.nio.file.Path fileOf(RunInfo run) {
        return store.fileOf(run.evalName(), run.runId());
    }

    /**
     * Sets a failed trial's label and note.
     *
     * @param typed the label's name as typed: matched to the list ignoring case
     * @param note the note, or null for none
     * @return the run's labels as written
     * @throws TriageRefused when the name is not in the list, the trial did not fail or the note is too long
     * @throws IOException when the data folder cannot be written
     */
    public RunTriage set(TrialRecord trial, String typed, String note) throws TriageRefused, IOException {
        List<String> labels = labelNames();
        String label = TriageLabels.find(labels, typed)
                .orElseThrow(() -> new TriageRefused(
                        TriageRefused.Kind.UNKNOWN_LABEL,
                        "There is no label \"" + (typed == null ? "" : typed.strip()) + "\": the labels are "
                                + TriageLabels.quoted(labels) + ".",
                        labels));
        return write(trial, new TriageLabel(label, note == null ? null : secrets.apply(note)), labels);
    }

    /**
     * Changes the note of a trial's label, keeping the label (also one since removed from the list).
     *
     * @throws TriageRefused when the trial has no label or did not fail, or the note is too long
     * @throws IOException when the data folder cannot be written
     */
    public RunTriage setNote(RunInfo run, TrialRecord trial, String note) throws TriageRefused, IOException {
        TriageLabel now = read(run).labels().get(trial.key());
        if (now == null) {
            throw new TriageRefused(
                    TriageRefused.Kind.NO_LABEL, "Give the trial a label first, then a note.", labelNames());
        }
        return write(trial, new TriageLabel(now.label(), note == null ? null : secrets.apply(note)), labelNames());
    }

    /**
     * Clears a trial's label and note.
     *
     * @return the run's labels as written
     * @throws IOException when the data folder cannot be written
     */
    public RunTriage clear(TrialRecord trial) throws IOException {
        return store.write(trial.evalName(), trial.runId(), ref(trial), null);
    }

    private RunTriage write(TrialRecord trial, TriageLabel label, List<String> labels)
            throws TriageRefused, IOException {
        if (!needsLabel(trial.status())) {
            throw new TriageRefused(
                    TriageRefused.Kind.NOT_A_FAILURE,
                    "Only failed and infra trials are labelled; this trial is "
                            + trial.status().jsonName() + ".",
                    labels);
        }
        if (label.note().length() > TriageLabels.MAX_NOTE) {
            throw new TriageRefused(
                    TriageRefused.Kind.NOTE_TOO_LONG,
                    "The note is " + label.note().length() + " characters; a note holds at most "
                            + TriageLabels.MAX_NOTE + ".",
                    labels);
        }
        return store.write(trial.evalName(), trial.runId(), ref(trial), label);
    }

    private static TriageStore.TrialRef ref(TrialRecord t) {
        return new TriageStore.TrialRef(t.key(), t.variant(), t.caseId());
    }

    /** How many of the given trials' failures have a label. */
    public static TriageProgress progress(Collection<TrialRecord> trials, Map<TrialKey, TriageLabel> labels) {
        int failures = 0;
        int labelled = 0;
        for (TrialRecord t : trials) {
            if (needsLabel(t.status())) {
                failures++;
                if (labels.containsKey(t.key())) {
                    labelled++;
                }
            }
        }
        return new TriageProgress(labelled, failures);
    }
}
