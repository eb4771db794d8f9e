package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.RunInfo;
import dev.mstpanel.core.results.TrialRecord;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.RunSummary;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.core.results.compare.SummaryReader;
import dev.mstpanel.ui.common.Navigator;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;
import javafx.collections.SetChangeListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Compare screen's state (issue 10): the two sides picked, the comparison of them (figures,
 * verdict, cases), the change filter, the case opened, and the re-run action. The trials come
 * from the Results view's model when it has read the run, else from the disk; both sides are
 * counted and compared on a background thread, never on the FX thread.
 */
public final class CompareViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(CompareViewModel.class);

    // Properties
    private final ObservableList<CompareSide> sides = FXCollections.observableArrayList();
    private final ObjectProperty<CompareSide> base = new SimpleObjectProperty<>(this, "base");
    private final ObjectProperty<CompareSide> candidate = new SimpleObjectProperty<>(this, "candidate");
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message");
    private final ObservableSet<CaseChange> changeFilter = FXCollections.observableSet(EnumSet.allOf(CaseChange.class));
    private final ObservableList<CaseComparison> rows = FXCollections.observableArrayList();
    private final ObjectProperty<CaseComparison> selectedCase = new SimpleObjectProperty<>(this, "selectedCase");
    private final ReadOnlyBooleanWrapper canRerun = new ReadOnlyBooleanWrapper(this, "canRerun");

    private final ResultsReader reader;
    private final UiExecutor ui;
    private final Executor background;
    private final Function<Path, List<TrialRecord>> loadedTrials;
    private final Navigator navigator;
    private long generation;
    private boolean picking;

    /**
     * @param reader reads a run that the Results view has not read
     * @param ui posts to the FX thread
     * @param background counts and compares
     * @param loadedTrials a run's trials as the Results view holds them (called on the FX thread), or null when it has not read them all
     * @param navigator opens the Runs form for a re-run
     */
    public CompareViewModel(ResultsReader reader, UiExecutor ui, Executor background, Function<Path, List<TrialRecord>> loadedTrials,
                            Navigator navigator) {
        this.reader = reader;
        this.ui = ui;
        this.background = background;
        this.loadedTrials = loadedTrials;
        this.navigator = navigator;
        base.addListener((o, a, b) -> picked());
        candidate.addListener((o, a, b) -> picked());
        changeFilter.addListener((SetChangeListener<CaseChange>) c -> filter());
    }

    /** Every side of the eval: each variant of each run, newest run first. */
    public ObservableList<CompareSide> sides() { return sides; }
    /** The base side picked. */
    public ObjectProperty<CompareSide> baseProperty() { return base; }
    /** The candidate side picked. */
    public ObjectProperty<CompareSide> candidateProperty() { return candidate; }
    /** The comparison of the sides picked, or null while loading or when they cannot be compared. */
    public ReadOnlyObjectProperty<Comparison> comparisonProperty() { return comparison.getReadOnlyProperty(); }
    /** True while the sides are being read and compared. */
    public ReadOnlyBooleanProperty loadingProperty() { return loading.getReadOnlyProperty(); }
    /** Why the sides cannot be compared, or null. */
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    /** The changes the case table shows (all at first). */
    public ObservableSet<CaseChange> changeFilter() { return changeFilter; }
    /** The case table's rows: the comparison's cases whose change is in the filter, regressions first. */
    public ObservableList<CaseComparison> rows() { return rows; }
    /** The case opened (its two sides' trials are shown next to each other), or null. */
    public ObjectProperty<CaseComparison> selectedCaseProperty() { return selectedCase; }
    /** True when some case regressed or is flaky. */
    public ReadOnlyBooleanProperty canRerunProperty() { return canRerun.getReadOnlyProperty(); }

    // Commands

    /**
     * Opens a comparison: lists the sides of the runs given and picks the two named.
     *
     * @param runs the eval's runs (run.json read), any order
     * @param baseRunDir the base run
     * @param baseVariant its variant, or null for its baseline
     * @param candidateRunDir the candidate run (the same as the base for two variants)
     * @param candidateVariant its variant, or null for the first other variant (two variants) or the same name (two runs)
     */
    public void open(List<RunInfo> runs, Path baseRunDir, String baseVariant, Path candidateRunDir, String candidateVariant) {
        List<CompareSide> all = new ArrayList<>();
        List<RunInfo> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> b.runId().compareTo(a.runId()));
        for (RunInfo r : sorted) {
            List<String> vs = r.variants().isEmpty() ? variantsFromTrials(r.dir()) : r.variants();
            for (String v : vs) {
                all.add(new CompareSide(r.dir(), r.runId(), r.createdAt(), v));
            }
        }
        CompareSide b = find(all, baseRunDir, baseVariant, null);
        CompareSide c;
        if (Objects.equals(baseRunDir, candidateRunDir)) {
            c = find(all, candidateRunDir, candidateVariant, b == null ? null : b.variant());
        } else {
            c = find(all, candidateRunDir, candidateVariant != null ? candidateVariant : b == null ? null : b.variant(), null);
        }
        picking = true;
        try {
            sides.setAll(all);
            base.set(b);
            candidate.set(c);
        } finally {
            picking = false;
        }
        picked();
    }

    /** Swaps base and candidate. */
    public void swap() {
        CompareSide b = base.get();
        picking = true;
        try {
            base.set(candidate.get());
            candidate.set(b);
        } finally {
            picking = false;
        }
        picked();
    }

    /** Shows only regressed and flaky cases. */
    public void onlyRerunCases() {
        changeFilter.retainAll(EnumSet.of(CaseChange.REGRESSED, CaseChange.FLAKY));
    }

    /** Shows every case. */
    public void allCases() {
        changeFilter.addAll(EnumSet.allOf(CaseChange.class));
    }

    /** Shows or hides one change. */
    public void toggleChange(CaseChange change, boolean shown) {
        if (shown) {
            changeFilter.add(change);
        } else {
            changeFilter.remove(change);
        }
    }

    /**
     * "Re-run the regressed and flaky cases": opens the Runs form for the candidate's eval with
     * {@code --case <ids…> --variant <names…>} (contract, section 10); the person checks it and starts.
     */
    public void rerun() {
        Comparison c = comparison.get();
        if (c == null || c.rerunArgs().isEmpty()) {
            return;
        }
        navigator.openRunsForm(c.candidateRunDir(), c.rerunArgs());
    }

    private List<String> variantsFromTrials(Path runDir) {
        List<TrialRecord> t = loadedTrials.apply(runDir);
        if (t == null) {
            return List.of();
        }
        return t.stream().map(TrialRecord::variant).distinct().toList();
    }

    private static CompareSide find(List<CompareSide> all, Path runDir, String variant, String notVariant) {
        for (CompareSide s : all) {
            if (s.runDir().equals(runDir) && (variant == null ? !s.variant().equals(notVariant) : s.variant().equals(variant))) {
                return s;
            }
        }
        return null;
    }

    private void picked() {
        if (picking) {
            return;
        }
        long gen = ++generation;
        CompareSide b = base.get();
        CompareSide c = candidate.get();
        comparison.set(null);
        rows.clear();
        selectedCase.set(null);
        canRerun.set(false);
        if (b == null || c == null) {
            message.set("Pick a base and a candidate: two variants of a run, or one variant in two runs of this eval.");
            loading.set(false);
            return;
        }
        if (b.equals(c)) {
            message.set("The base and the candidate are the same: pick another variant or run.");
            loading.set(false);
            return;
        }
        message.set(null);
        loading.set(true);
        // the Results view's trials are read on the FX thread (a list copy); counting happens in the background
        List<TrialRecord> bt = loadedTrials.apply(b.runDir());
        List<TrialRecord> ct = b.runDir().equals(c.runDir()) ? bt : loadedTrials.apply(c.runDir());
        background.execute(() -> {
            try {
                RunTally bTally = tally(b.runDir(), bt);
                RunTally cTally = b.runDir().equals(c.runDir()) ? bTally : tally(c.runDir(), ct);
                Comparison.Kind kind = b.runDir().equals(c.runDir()) ? Comparison.Kind.VARIANTS : Comparison.Kind.RUNS;
                Comparison result = Comparison.of(kind, bTally, b.variant(), cTally, c.variant());
                ui.execute(() -> {
                    if (gen == generation) {
                        loading.set(false);
                        comparison.set(result);
                        canRerun.set(!result.rerunArgs().isEmpty());
                        filter();
                    }
                });
            } catch (RuntimeException e) {
                LOG.warn("could not compare {} with {}", b, c, e);
                ui.execute(() -> {
                    if (gen == generation) {
                        loading.set(false);
                        message.set("Could not compare " + b.label() + " with " + c.label() + ": " + e.getMessage());
                    }
                });
            }
        });
    }

    private RunTally tally(Path runDir, List<TrialRecord> trials) {
        if (trials != null) {
            RunInfo info = reader.readRun(runDir);
            RunSummary summary = SummaryReader.read(runDir);
            return RunTally.of(info, summary, trials, true);
        }
        return RunTally.read(reader, runDir, true);
    }

    private void filter() {
        Comparison c = comparison.get();
        CaseComparison sel = selectedCase.get();
        if (c == null) {
            rows.clear();
            return;
        }
        List<CaseComparison> shown = c.cases().stream().filter(r -> changeFilter.contains(r.change())).toList();
        rows.setAll(shown);
        if (sel != null && !shown.contains(sel)) {
            selectedCase.set(null);
        }
    }
}
