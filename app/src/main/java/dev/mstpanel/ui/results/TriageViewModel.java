package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.triage.RunTriage;
import dev.mstpanel.core.triage.TriageLabel;
import dev.mstpanel.core.triage.TriageProgress;
import dev.mstpanel.core.triage.TriageRefused;
import dev.mstpanel.core.triage.TriageService;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Triage in the Results view: the labels of the open runs' failures, read and written off the FX thread through the
 * {@link TriageService} the command line uses too; moving to the next or previous failure; how far each run's triage
 * has come. {@link #revisionProperty()} ticks whenever a run's labels changed.
 */
public final class TriageViewModel {
    private final TriageService service;
    private final ResultsViewModel results;
    private final UiExecutor ui;
    private final Executor background;
    private final Map<Path, RunTriage> labels = new HashMap<>();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper();

    /**
     * @param service the triage service (shared with the command line)
     * @param results the Results view's state: its runs, trials and selection
     * @param ui posts to the FX thread
     * @param background reads and writes the labels files
     */
    public TriageViewModel(TriageService service, ResultsViewModel results, UiExecutor ui, Executor background) {
        this.service = service;
        this.results = results;
        this.ui = ui;
        this.background = background;
        results.revisionProperty().addListener((o, a, b) -> readNewRuns());
        readNewRuns();
    }

    // ---- Properties ----

    /** Ticks each time a run's labels were read or written. */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** What went wrong reading or saving a label (a sentence for people), or null. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The label list, in keyboard order (digit 1 is the first). */
    public List<String> labelNames() {
        return service.labelNames();
    }

    /** A trial's label, or null. */
    public TriageLabel labelOf(TrialRecord t) {
        RunTriage r = t == null ? null : labels.get(t.runDir());
        return r == null ? null : r.labels().get(t.key());
    }

    /** True when the trial is one triage is about (failed or infra). */
    public static boolean needsLabel(TrialRecord t) {
        return t != null && TriageService.needsLabel(t.status());
    }

    /** How far a run's triage has come, or null when the run is not open. */
    public TriageProgress progress(Path runDir) {
        ResultsViewModel.RunState r = results.run(runDir);
        if (r == null) {
            return null;
        }
        RunTriage t = labels.get(runDir);
        return TriageService.progress(r.trials(), t == null ? Map.of() : t.labels());
    }

    /**
     * How many failures have one label, or none.
     *
     * @param label the label's name, or null for the failures without a label
     * @param count how many
     */
    public record LabelCount(String label, int count) {
        /** True for the count of failures without a label. */
        public boolean unlabelled() {
            return label == null;
        }

        /** As shown: {@code flaky 3}, {@code unlabelled 2}. */
        public String text() {
            return (label == null ? "unlabelled" : label) + " " + String.format(java.util.Locale.ROOT, "%,d", count);
        }
    }

    /**
     * The failures of the given runs by label, in the list's order then other labels by name, and the unlabelled last
     * (when there are such).
     */
    public List<LabelCount> labelCounts(List<ResultsViewModel.RunState> runs) {
        Map<String, Integer> byLabel = new java.util.LinkedHashMap<>();
        for (String l : labelNames()) {
            byLabel.put(l, 0);
        }
        Map<String, Integer> others = new TreeMap<>();
        int unlabelled = 0;
        for (ResultsViewModel.RunState r : runs) {
            RunTriage t = labels.get(r.info().dir());
            for (TrialRecord trial : r.trials()) {
                if (!needsLabel(trial)) {
                    continue;
                }
                TriageLabel l = t == null ? null : t.labels().get(trial.key());
                if (l == null) {
                    unlabelled++;
                } else if (byLabel.containsKey(l.label())) {
                    byLabel.merge(l.label(), 1, Integer::sum);
                } else {
                    others.merge(l.label(), 1, Integer::sum);
                }
            }
        }
        byLabel.values().removeIf(n -> n == 0);
        byLabel.putAll(others);
        List<LabelCount> out = new ArrayList<>();
        byLabel.forEach((l, n) -> out.add(new LabelCount(l, n)));
        if (unlabelled > 0) {
            out.add(new LabelCount(null, unlabelled));
        }
        return out;
    }

    // ---- Commands ----

    /**
     * Selects the next (or previous) failure after the selected trial among the trials the navigator shows, in the
     * order of the runs and their trials; from nothing selected, the first (or last). Stays put at either end.
     *
     * @return true when another trial was selected
     */
    public boolean moveToFailure(boolean forward) {
        List<TrialRecord> failures = new ArrayList<>();
        Path selectedRun = results.selectedRunDirProperty().get();
        for (ResultsViewModel.RunState r : results.runs()) {
            if (selectedRun != null
                    && !r.info().dir().equals(selectedRun)
                    && results.runs().size() > 1) {
                continue; // the run the person is triaging: its failures only
            }
            for (TrialRecord t : r.trials()) {
                if (needsLabel(t) && results.shows(t)) {
                    failures.add(t);
                }
            }
        }
        if (failures.isEmpty()) {
            return false;
        }
        TrialRecord sel = results.selectedTrialProperty().get();
        int at = -1;
        for (int i = 0; sel != null && i < failures.size(); i++) {
            TrialRecord t = failures.get(i);
            if (t.runDir().equals(sel.runDir()) && t.key().equals(sel.key())) {
                at = i;
                break;
            }
        }
        int next;
        if (at < 0) {
            next = forward ? 0 : failures.size() - 1;
        } else {
            next = forward ? at + 1 : at - 1;
        }
        if (next < 0 || next >= failures.size()) {
            return false;
        }
        results.selectedTrialProperty().set(failures.get(next));
        return true;
    }

    /**
     * Gives a failed trial the n-th label of the list (1-based), keeping its note; does nothing for a number past the
     * list or a trial that did not fail.
     */
    public void setLabel(TrialRecord t, int n) {
        List<String> names = labelNames();
        if (!needsLabel(t) || n < 1 || n > names.size()) {
            return;
        }
        TriageLabel now = labelOf(t);
        write(t, () -> service.set(t, names.get(n - 1), now == null ? null : now.note()));
    }

    /** Changes the note of a labelled failure; a trial without a label is told to get one first ({@link #problemProperty()}). */
    public void setNote(TrialRecord t, String note) {
        if (!needsLabel(t)) {
            return;
        }
        TriageLabel now = labelOf(t);
        RunInfo info =
                results.run(t.runDir()) == null ? null : results.run(t.runDir()).info();
        if (now == null || info == null) {
            problem.set("Give the trial a label first (a digit key), then a note.");
            return;
        }
        write(t, () -> service.setNote(info, t, note));
    }

    /** Clears a trial's label and note. */
    public void clear(TrialRecord t) {
        if (t == null || labelOf(t) == null) {
            return;
        }
        write(t, () -> service.clear(t));
    }

    /**
     * Reads the labels of every open run again (the command line or another panel may have changed them), keeping
     * what is shown until each read is done.
     */
    public void reload() {
        otherRuns.clear();
        readFor.clear();
        readNewRuns();
    }

    /**
     * One lane per run for its reads and writes: an answer older than the last read or write started is dropped, so a
     * slow read never shows labels from before a label just saved.
     */
    private final Map<Path, BackgroundTask.Lane> lanes = new HashMap<>();

    private BackgroundTask.Lane laneOf(Path dir) {
        return lanes.computeIfAbsent(dir, d -> new BackgroundTask.Lane());
    }

    private interface Write {
        RunTriage run() throws TriageRefused, java.io.IOException;
    }

    private void write(TrialRecord t, Write w) {
        Path dir = t.runDir();
        otherRuns.remove(dir);
        BackgroundTask.wrap(w::run)
                .onSuccess(written -> {
                    labels.put(dir, written);
                    problem.set(
                            written.problem() == null ? null : written.problem().sentence());
                    revision.set(revision.get() + 1);
                })
                .onFailure(e -> problem.set(
                        e instanceof TriageRefused
                                ? e.getMessage()
                                : "The label could not be saved: " + e.getMessage()))
                .latestIn(laneOf(dir))
                .executeWith(ui, background);
    }

    /** The run state each run's labels were read for: a run opened again (Refresh) is a new state, read again. */
    private final Map<Path, ResultsViewModel.RunState> readFor = new HashMap<>();

    private void readNewRuns() {
        for (ResultsViewModel.RunState r : results.runs()) {
            Path dir = r.info().dir();
            if (readFor.get(dir) == r) {
                continue;
            }
            readFor.put(dir, r);
            labels.putIfAbsent(dir, RunTriage.NONE); // the reading below fills it
            RunInfo info = r.info();
            BackgroundTask.wrap(() -> service.read(info))
                    .onSuccess(read -> {
                        if (results.run(dir) != null) {
                            labels.put(dir, read);
                            if (read.problem() != null) {
                                problem.set(read.problem().sentence());
                            }
                            revision.set(revision.get() + 1);
                        }
                    })
                    .latestIn(laneOf(dir))
                    .executeWith(ui, background);
        }
        labels.keySet().removeIf(d -> results.run(d) == null);
        readFor.keySet().removeIf(d -> results.run(d) == null);
    }

    private final Map<Path, RunTriage> otherRuns = new HashMap<>();

    /**
     * A trial's label name for a screen that shows runs the Results view may not have open (the Compare screen's
     * previous run): from the open runs, else from a read started here off the FX thread (the label shows once read,
     * with a tick of {@link #revisionProperty()}); null meanwhile and when it has none.
     */
    public String labelName(TrialRecord t) {
        if (t == null) {
            return null;
        }
        RunTriage r = labels.get(t.runDir());
        if (r == null) {
            r = otherRuns.get(t.runDir());
        }
        if (r == null) {
            Path dir = t.runDir();
            otherRuns.put(dir, RunTriage.NONE);
            BackgroundTask.wrap(() -> service.readRunOf(t))
                    .onSuccess(read -> {
                        otherRuns.put(dir, read);
                        if (!read.labels().isEmpty()) {
                            revision.set(revision.get() + 1);
                        }
                    })
                    .executeWith(ui, background);
            return null;
        }
        TriageLabel l = r.labels().get(t.key());
        return l == null ? null : l.label();
    }

    /** A trial's label, by key, for the Compare screen's trials of a run. */
    public Map<TrialKey, TriageLabel> labelsOf(Path runDir) {
        RunTriage r = labels.get(runDir);
        return r == null ? Map.of() : r.labels();
    }
}
