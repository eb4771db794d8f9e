package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.results.compare.RunSummary;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.core.results.compare.SummaryReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
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
 * The Compare screen's state: the two sides picked, the comparison of them (figures,
 * verdict, cases), the change filter, the case opened, and the re-run action. The trials come
 * from the Results view's model when it has read the run, else from the disk; both sides are
 * counted and compared on a background thread, never on the FX thread. The view shows it while
 * {@link #shownProperty()} is true.
 */
public final class CompareViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(CompareViewModel.class);

    // Properties
    private final ObservableList<CompareSide> sides = FXCollections.observableArrayList();
    private final ObjectProperty<CompareSide> base = new SimpleObjectProperty<>(this, "base");
    private final ObjectProperty<CompareSide> candidate = new SimpleObjectProperty<>(this, "candidate");
    private final ReadOnlyObjectWrapper<Comparison> comparison = new ReadOnlyObjectWrapper<>(this, "comparison");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper(this, "progress");
    private final ReadOnlyBooleanWrapper meansPending = new ReadOnlyBooleanWrapper(this, "meansPending");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message");
    private final ReadOnlyStringWrapper runJsonNote = new ReadOnlyStringWrapper(this, "runJsonNote");
    private final ObservableSet<CaseChange> changeFilter = FXCollections.observableSet(EnumSet.allOf(CaseChange.class));
    private final ObservableList<CaseComparison> rows = FXCollections.observableArrayList();
    private final ObservableList<dev.mstpanel.core.results.compare.Comparisons.VariantChanges> otherVariants =
            FXCollections.observableArrayList();
    private final ObservableList<dev.mstpanel.core.results.compare.Comparisons.VariantChanges> otherVariantsView =
            FXCollections.unmodifiableObservableList(otherVariants);
    private final ObjectProperty<CaseComparison> selectedCase = new SimpleObjectProperty<>(this, "selectedCase");
    private final ReadOnlyBooleanWrapper canRerun = new ReadOnlyBooleanWrapper(this, "canRerun");
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(this, "shown");
    private final ReadOnlyBooleanWrapper canRetry = new ReadOnlyBooleanWrapper(this, "canRetry");
    /** The run the message says to grade first, or null: cleared whenever the message changes. */
    private final javafx.beans.property.ReadOnlyObjectWrapper<Path> toGrade =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "toGrade");
    /** What "Try again" does after a failed load: the listing of the sides again, or the pick again. */
    private Runnable again;

    private final ResultsReader reader;
    private final UiExecutor ui;
    private final Executor background;
    /** Reads the sides and checks a whole read against the first, as the compare command does. */
    private final ComparisonService comparisons;
    /** The compared cases grouped by dataset or tag, when a grouping is picked. */
    private final CaseGroupsModel groups;

    private final Function<Path, List<TrialRecord>> loadedTrials;
    /** Bumped on the FX thread at each new pick; read by the reading threads to stop work nobody waits for. */
    private volatile long generation;
    /** "Counting trials… N read" while the current pick's statuses are read. */
    private final CountingProgress counting;
    /** How long after the statuses' figures are drawn the traces of a side without summary.json are read whole, in ms. */
    private static final long WHOLE_READ_AFTER_MILLIS = 300;

    private final RunSummaries summaries;
    private boolean picking;
    /** Each compared run's {@code redactStoredResponses}, for its transcripts' "not kept" notes. */
    private final java.util.Map<Path, Boolean> redacted = new java.util.HashMap<>();

    private final dev.mstpanel.core.results.transcript.TranscriptReader transcripts =
            new dev.mstpanel.core.results.transcript.TranscriptReader(
                    dev.mstpanel.core.results.transcript.TranscriptReader.WINDOW_OUTPUT_CHARS);
    private final SideTrial baseTrial;
    private final SideTrial candidateTrial;

    /**
     * @param reader reads a run that the Results view has not read
     * @param ui posts to the FX thread
     * @param background counts and compares
     * @param loadedTrials a run's trials as the Results view holds them (called on the FX thread), or null when it has not read them all
     */
    public CompareViewModel(
            ResultsReader reader, UiExecutor ui, Executor background, Function<Path, List<TrialRecord>> loadedTrials) {
        this.reader = reader;
        this.ui = ui;
        this.background = background;
        this.loadedTrials = loadedTrials;
        this.comparisons = new ComparisonService(reader, background);
        this.groups = new CaseGroupsModel(comparisons, ui, background, comparison.getReadOnlyProperty());
        this.summaries = new RunSummaries(ui, background);
        this.counting = new CountingProgress(ui, progress::set);
        baseTrial = new SideTrial(ui, background, transcripts, redacted::get);
        candidateTrial = new SideTrial(ui, background, transcripts, redacted::get);
        // opening a case shows a trial of each side at once: the first that did not pass, else the first
        selectedCase.addListener((o, a, c) -> {
            baseTrial
                    .trialProperty()
                    .set(
                            c == null || c.base() == null
                                    ? null
                                    : SideTrial.firstToShow(c.base().records()));
            candidateTrial
                    .trialProperty()
                    .set(
                            c == null || c.candidate() == null
                                    ? null
                                    : SideTrial.firstToShow(c.candidate().records()));
        });
        message.addListener((o, a, m) -> toGrade.set(null)); // the offer to grade goes with the message that made it
        base.addListener((o, a, b) -> picked());
        candidate.addListener((o, a, b) -> picked());
        changeFilter.addListener((SetChangeListener<CaseChange>) c -> filter());
    }

    /** Every side of the eval: each variant of each run, newest run first. */
    public ObservableList<CompareSide> sides() {
        return sides;
    }
    /** The base side picked. */
    public ObjectProperty<CompareSide> baseProperty() {
        return base;
    }
    /** The candidate side picked. */
    public ObjectProperty<CompareSide> candidateProperty() {
        return candidate;
    }
    /** The comparison of the sides picked, or null while loading or when they cannot be compared. */
    public ReadOnlyObjectProperty<Comparison> comparisonProperty() {
        return comparison.getReadOnlyProperty();
    }
    /** True while the sides are being read and compared. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }
    /** While loading, what has been read so far ({@code Counting trials… 6,200 read}); else null. */
    public ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }
    /**
     * True while the comparison shown has its statuses but the traces are still being read whole for
     * tool calls, tokens and cost (a run never listed: {@link RunTally#readStatuses}); the comparison
     * is then replaced by the complete one.
     */
    public ReadOnlyBooleanProperty meansPendingProperty() {
        return meansPending.getReadOnlyProperty();
    }
    /** Why the sides cannot be compared, or null. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
    /**
     * The compared runs whose run.json could not be read, one line each ({@link RunTally#runJsonNote}: why, and
     * that the baseline is then the first variant folder), or null when both were read.
     */
    public ReadOnlyStringProperty runJsonNoteProperty() {
        return runJsonNote.getReadOnlyProperty();
    }
    /** The changes the case table shows (all at first). */
    public ObservableSet<CaseChange> changeFilter() {
        return changeFilter;
    }
    /** The compared cases grouped by dataset or tag ("Group by"). */
    public CaseGroupsModel groups() {
        return groups;
    }

    /** The case table's rows: the comparison's cases whose change is in the filter, regressions first. */
    public ObservableList<CaseComparison> rows() {
        return rows;
    }

    /**
     * Two runs compared on one variant: the other variants both runs have, with their regressed and
     * improved cases ({@link dev.mstpanel.core.results.compare.Comparisons#otherVariants}); empty for two
     * variants of one run, or until the statuses are read. Read-only (FX thread).
     */
    public ObservableList<dev.mstpanel.core.results.compare.Comparisons.VariantChanges> otherVariants() {
        return otherVariantsView;
    }

    /** Compares the same two runs on another of their variants ({@link #otherVariants()}). */
    public void pickVariant(String variant) {
        CompareSide[] next = CompareSides.onVariant(sides, base.get(), candidate.get(), variant);
        if (next == null) {
            return;
        }
        picking = true;
        try {
            base.set(next[0]);
            candidate.set(next[1]);
        } finally {
            picking = false;
        }
        picked();
    }
    /** The case opened (its two sides' trials are shown next to each other), or null. */
    public ObjectProperty<CaseComparison> selectedCaseProperty() {
        return selectedCase;
    }
    /** True while the Compare screen is open (the Results view shows it instead of the trial inspector). */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }
    /**
     * True when {@link #messageProperty()} tells of a load that failed (a side could not be read or
     * compared, or the screen's own code failed): the view offers "Try again" ({@link #retry()}).
     */
    public ReadOnlyBooleanProperty canRetryProperty() {
        return canRetry.getReadOnlyProperty();
    }
    /** The run folder {@link #messageProperty()} says to grade first (none of its compared trials graded), or null. */
    public javafx.beans.property.ReadOnlyObjectProperty<Path> toGradeProperty() {
        return toGrade.getReadOnlyProperty();
    }
    /** True when some case regressed or is flaky. */
    public ReadOnlyBooleanProperty canRerunProperty() {
        return canRerun.getReadOnlyProperty();
    }
    /** The opened case's base side: its chosen trial and that trial's transcript. */
    public SideTrial baseTrial() {
        return baseTrial;
    }
    /** The opened case's candidate side: its chosen trial and that trial's transcript. */
    public SideTrial candidateTrial() {
        return candidateTrial;
    }

    private java.util.function.Function<TrialRecord, String> trialLabels;
    private javafx.beans.Observable trialLabelsChanged;

    /**
     * Shows the labels people gave failed trials (triage) beside the trials of an opened case.
     *
     * @param labelOf a trial's label, or null (called on the FX thread; never waits on the disk)
     * @param changed fires when labels changed, so the trials are shown again
     */
    public void showTrialLabels(
            java.util.function.Function<TrialRecord, String> labelOf, javafx.beans.Observable changed) {
        this.trialLabels = labelOf;
        this.trialLabelsChanged = changed;
    }

    /** A trial's label for the case pane, or null (no triage, or no label). */
    String trialLabel(TrialRecord t) {
        return trialLabels == null || t == null ? null : trialLabels.apply(t);
    }

    /** What fires when labels changed, or null without triage. */
    javafx.beans.Observable trialLabelsChanged() {
        return trialLabelsChanged;
    }

    /** Opens the two sides' chosen trials aligned (base as A), in a window of their own beside {@code owner}. */
    void alignChosenTrials(javafx.stage.Window owner) {
        TrialRecord a = baseTrial.trialProperty().get();
        TrialRecord b = candidateTrial.trialProperty().get();
        if (a != null && b != null) {
            dev.mstpanel.ui.results.align.TrialAlignmentView.open(
                    owner, a, redacted.get(a.runDir()), b, redacted.get(b.runDir()), background);
        }
    }

    // Commands

    /**
     * Opens the Compare screen on two sides; reads the eval's runs (their run.json) in the
     * background to list every side the pickers offer.
     *
     * @param baseRunDir the base run
     * @param baseVariant its variant, or null for its baseline
     * @param candidateRunDir the candidate run (the same folder for two variants)
     * @param candidateVariant its variant, or null (see {@link #open(List, Path, String, Path, String)})
     */
    public void open(Path baseRunDir, String baseVariant, Path candidateRunDir, String candidateVariant) {
        Path b = baseRunDir.toAbsolutePath().normalize();
        Path c = candidateRunDir.toAbsolutePath().normalize();
        long gen = ++generation;
        shown.set(true);
        loading.set(true);
        progress.set(null);
        meansPending.set(false);
        message.set(null);
        canRetry.set(false);
        comparison.set(null);
        rows.clear();
        Runnable retry = () -> open(baseRunDir, baseVariant, candidateRunDir, candidateVariant);
        inBackground(
                gen, "Could not list the runs of " + b.getFileName() + " and " + c.getFileName(), retry, false, () -> {
                    List<RunInfo> runs = new ArrayList<>();
                    java.util.Set<Path> dirs = new java.util.LinkedHashSet<>(List.of(b, c));
                    Path runsDir = b.getParent();
                    if (runsDir != null
                            && runsDir.getFileName() != null
                            && runsDir.getFileName().toString().equals("runs")) {
                        try {
                            dirs.addAll(reader.locate(runsDir).runDirs());
                        } catch (dev.mstpanel.core.results.files.ResultsException e) {
                            LOG.debug("could not list {}: {}", runsDir, e.getMessage());
                        }
                    }
                    for (Path d : dirs) {
                        runs.add(reader.readRun(d.toAbsolutePath().normalize()));
                    }
                    ui.execute(() -> {
                        if (gen != generation) {
                            LOG.debug("the sides of {} and {} were listed after a newer pick or close: dropped", b, c);
                            return;
                        }
                        try {
                            open(runs, b, baseVariant, c, candidateVariant);
                        } catch (Throwable t) { // never leave the screen loading: say so in place, and log it
                            LOG.warn("could not open the comparison of {} with {}", b, c, t);
                            failed(gen, "Could not open the comparison", t, retry, false);
                        }
                    });
                });
    }

    /** Closes the Compare screen (the Results view shows the trial inspector again). */
    public void close() {
        generation++;
        LOG.debug("compare screen closed: any load under way is dropped");
        shown.set(false);
        canRetry.set(false);
        loading.set(false);
        progress.set(null);
        meansPending.set(false);
    }

    /**
     * Opens a comparison: lists the sides of the runs given and picks the two named.
     *
     * @param runs the eval's runs (run.json read), any order
     * @param baseRunDir the base run
     * @param baseVariant its variant, or null for its baseline
     * @param candidateRunDir the candidate run (the same as the base for two variants)
     * @param candidateVariant its variant, or null for the first other variant (two variants) or the same name (two runs)
     */
    public void open(
            List<RunInfo> runs, Path baseRunDir, String baseVariant, Path candidateRunDir, String candidateVariant) {
        shown.set(true);
        List<CompareSide> all = CompareSides.listed(runs, loadedTrials);
        CompareSide b = CompareSides.find(all, baseRunDir, baseVariant, null);
        CompareSide c = CompareSides.candidate(all, b, baseRunDir, candidateRunDir, candidateVariant);
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
     * The {@code mst run} arguments of "Re-run the regressed and flaky cases" ({@code --case <ids…>
     * --variant <names…>}; docs/dev/mst-format.md, Run flags), empty when there is nothing to re-run.
     */
    public List<String> rerunArgs() {
        Comparison c = comparison.get();
        return c == null ? List.of() : c.rerunArgs();
    }

    /** The run whose eval a re-run uses (the candidate's), or null. */
    public Path rerunRunDir() {
        Comparison c = comparison.get();
        return c == null ? null : c.candidateRunDir();
    }

    /**
     * Forgets the {@code summary.json} files read so far, so the run headers read them again (the Results
     * view's Refresh, or a folder opened again: MST writes summary.json when a run or a regrade ends).
     * FX thread.
     */
    public void forgetSummaries() {
        summaries.forget();
    }

    /**
     * A run's {@code summary.json} for its header's cards, read once in the background (FX thread).
     *
     * @param runDir the run
     * @param onRead called on the FX thread once the file has been read, when it was not yet
     * @return the summary; empty when the run has none; null while it is being read
     */
    public java.util.Optional<RunSummary> summary(Path runDir, Runnable onRead) {
        return summaries.summary(runDir, onRead);
    }

    /**
     * Whether a path is a folder, looked at once in the background and kept until the summaries are
     * forgotten (FX thread).
     *
     * @param onLooked called on the FX thread once it has been looked at, when it was not yet
     * @return true or false; null while it is being looked at
     */
    public Boolean isFolder(Path dir, Runnable onLooked) {
        return summaries.isFolder(dir, onLooked);
    }

    /** The runs beside a run folder, read once in the background (FX thread; null while read): see RunSummaries#siblingRuns. */
    public List<RunInfo> siblingRuns(Path runDir, Runnable onRead) {
        return summaries.siblingRuns(reader, runDir, onRead);
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
        otherVariants.clear();
        runJsonNote.set(null);
        selectedCase.set(null);
        canRerun.set(false);
        canRetry.set(false);
        progress.set(null);
        meansPending.set(false);
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
        Runnable retry = this::picked;
        try {
            load(gen, b, c, retry);
        } catch (Throwable t) { // never leave the screen loading: say so in place, and log it
            LOG.warn("could not compare {} with {}", b, c, t);
            failed(gen, "Could not compare " + b.label() + " with " + c.label(), t, retry, false);
        }
    }

    /** Reads and compares the two sides picked (FX thread; the reading in the background). */
    private void load(long gen, CompareSide b, CompareSide c, Runnable retry) {
        // the Results view's trials are read on the FX thread (a list copy); counting happens in the background
        List<TrialRecord> bt = loadedTrials.apply(b.runDir());
        List<TrialRecord> ct = b.runDir().equals(c.runDir()) ? bt : loadedTrials.apply(c.runDir());
        boolean oneRun = b.runDir().equals(c.runDir());
        counting.reset();
        progress.set("Counting the trials of both sides…");
        Comparison.Kind kind = oneRun ? Comparison.Kind.VARIANTS : Comparison.Kind.RUNS;
        String what = "Could not compare " + b.label() + " with " + c.label();
        // two runs are read at the same time: the candidate's on a second background thread while
        // this one reads the base's, so the figures wait for the slower side, not for the sum of both
        java.util.concurrent.CompletableFuture<RunTally> candidateRead = oneRun
                ? null
                : java.util.concurrent.CompletableFuture.supplyAsync(() -> tally(c.runDir(), ct), background);
        inBackground(gen, what, retry, false, () -> {
            // first the statuses (all the figures and the case table need), then, for a side whose
            // means are computed from its trials, its traces read whole for tool calls, tokens and cost
            RunTally baseRead = tally(b.runDir(), bt);
            RunTally[] quick = {baseRead, oneRun ? baseRead : ComparisonService.joined(candidateRead)};
            if (dropped(gen, b, c, "its statuses were read")) {
                return;
            }
            // a side with no trials (a run.json variant with none on disk): said in place, as the compare command says
            // it
            String empty = dev.mstpanel.core.results.compare.Comparisons.emptySide(
                    quick[0], b.variant(), quick[1], c.variant());
            if (empty != null) {
                RunTally ungraded = dev.mstpanel.core.results.compare.Comparisons.ungradedSide(
                        quick[0], b.variant(), quick[1], c.variant());
                ui.execute(() -> {
                    cannotCompare(gen, empty + " Pick a base and a candidate that have graded trials.");
                    if (gen == generation && ungraded != null) {
                        toGrade.set(ungraded.run().dir());
                    }
                });
                return;
            }
            Comparison first = Comparison.of(kind, quick[0], b.variant(), quick[1], c.variant());
            // two runs on one variant: what changed in the others they share, said beside the verdict
            List<dev.mstpanel.core.results.compare.Comparisons.VariantChanges> others = oneRun
                            || !b.variant().equals(c.variant())
                    ? List.of()
                    : dev.mstpanel.core.results.compare.Comparisons.otherVariants(quick[0], quick[1], b.variant());
            // a side whose summary.json has its figures needs nothing more; one computed from
            // statuses alone is read again whole for its means (the two at once, as before)
            boolean baseAgain = first.base().meansPending();
            boolean candidateAgain = first.candidate().meansPending();
            java.util.concurrent.CountDownLatch drawn = new java.util.concurrent.CountDownLatch(1);
            ui.execute(() -> {
                try {
                    shown(gen, b, c, quick, first, baseAgain || candidateAgain);
                    if (gen == generation) {
                        otherVariants.setAll(others);
                    }
                } catch (Throwable t) {
                    LOG.warn("could not show the comparison of {} with {}", b, c, t);
                    failed(gen, what, t, retry, false);
                } finally {
                    drawn.countDown();
                }
            });
            if (!baseAgain && !candidateAgain) {
                return;
            }
            try {
                // the screen lays out its figures and first rows before the whole read takes both cores
                drawn.await(2, java.util.concurrent.TimeUnit.SECONDS);
                Thread.sleep(WHOLE_READ_AFTER_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                LOG.debug("the whole read of {} and {} was interrupted: dropped", b, c);
                ui.execute(() -> {
                    if (gen == generation) {
                        meansPending.set(false);
                    }
                });
                return;
            }
            if (dropped(gen, b, c, "its figures were shown (before the whole read)")) {
                return;
            }
            try {
                // counted only, the trials not kept (the cases shown keep the statuses' trials): fewer
                // live objects, so shorter collector pauses while the screen is in use
                RunTally[] whole =
                        comparisons.readWhole(b.runDir(), c.runDir(), quick, baseAgain, candidateAgain, false);
                if (dropped(gen, b, c, "its traces were read whole")) {
                    return;
                }
                Comparison counted = Comparison.of(kind, whole[0], b.variant(), whole[1], c.variant());
                Comparison complete;
                if (ComparisonService.sameCases(first, counted)) {
                    complete = first.withFigures(counted.base(), counted.candidate());
                } else { // the traces read whole disagree with their ends (e.g. one broken in its middle): the whole
                    // read's cases
                    RunTally[] kept =
                            comparisons.readWhole(b.runDir(), c.runDir(), quick, baseAgain, candidateAgain, true);
                    complete = Comparison.of(kind, kept[0], b.variant(), kept[1], c.variant());
                }
                ui.execute(() -> {
                    try {
                        shown(gen, b, c, whole, complete, false);
                    } catch (Throwable t) {
                        LOG.warn("could not show the complete comparison of {} with {}", b, c, t);
                        failed(gen, "Could not count tool calls, tokens and cost", t, retry, true);
                    }
                });
            } catch (Throwable t) { // the figures shown stand; only the means could not be counted
                LOG.warn("could not count tool calls, tokens and cost of {} and {}", b, c, t);
                ui.execute(() -> failed(gen, "Could not count tool calls, tokens and cost", t, retry, true));
            }
        });
    }

    /** Logs at debug and returns true when a newer pick (or Back) has replaced the load of {@code gen}. */
    private boolean dropped(long gen, CompareSide b, CompareSide c, String after) {
        if (gen == generation) {
            return false;
        }
        LOG.debug("the comparison of {} with {} was replaced by a newer pick or closed after {}: dropped", b, c, after);
        return true;
    }

    /** Ends the load of {@code gen} with why its sides cannot be compared, in place (FX thread); no "Try again": a new pick is the fix. */
    private void cannotCompare(long gen, String why) {
        if (dropped(gen, base.get(), candidate.get(), "it could not be compared")) {
            return;
        }
        loading.set(false);
        progress.set(null);
        meansPending.set(false);
        message.set(why);
    }

    /** Runs {@code body} on the background executor; any failure (even an Error, or a rejected task) ends the load in place. */
    private void inBackground(long gen, String what, Runnable retry, boolean keepFigures, Runnable body) {
        try {
            background.execute(() -> {
                try {
                    body.run();
                } catch (Throwable t) { // e.g. NoClassDefFoundError when the panel's jar was replaced under it
                    LOG.warn("{}", what, t);
                    ui.execute(() -> failed(gen, what, t, retry, keepFigures));
                }
            });
        } catch (RuntimeException e) { // a rejected task (the executor shut down)
            LOG.warn("{}: the background task was refused", what, e);
            failed(gen, what, e, retry, keepFigures);
        }
    }

    /**
     * Ends the load of {@code gen} with a plain message in place and "Try again" (FX thread); a load
     * replaced meanwhile is only logged.
     *
     * @param keepFigures true when the statuses' figures are shown and stay (only the means failed)
     */
    private void failed(long gen, String what, Throwable t, Runnable retry, boolean keepFigures) {
        if (gen != generation) {
            LOG.debug("{} ({}), but a newer pick or close replaced that load: not shown", what, t.toString());
            return;
        }
        loading.set(false);
        progress.set(null);
        meansPending.set(false);
        Comparison c = comparison.get();
        if (keepFigures && c != null) {
            comparison.set(c.withFigures(c.base().withMeansDone(), c.candidate().withMeansDone()));
            message.set(what + " (the pass rates, cases and verdict above are complete): "
                    + dev.mstpanel.ui.common.FailureText.reason(t));
        } else {
            message.set(what + ": " + dev.mstpanel.ui.common.FailureText.reason(t));
        }
        again = retry;
        canRetry.set(true);
    }

    /** "Try again" after a failed load: the same listing or pick as before. */
    public void retry() {
        Runnable r = again;
        if (r != null && canRetry.get()) {
            canRetry.set(false);
            r.run();
        }
    }

    /** Shows a comparison of the current pick; a complete one replaces the statuses-only one, keeping the case opened. */
    private void shown(long gen, CompareSide b, CompareSide c, RunTally[] tallies, Comparison result, boolean pending) {
        redacted.put(b.runDir(), tallies[0].run().redactStoredResponses());
        redacted.put(c.runDir(), tallies[1].run().redactStoredResponses());
        if (dropped(gen, b, c, "it was compared")) {
            return;
        }
        String opened = selectedCase.get() == null ? null : selectedCase.get().caseId();
        // the complete comparison of the same cases only adds the means: the rows (and the case opened) stay
        boolean sameCases = ComparisonService.sameCases(comparison.get(), result);
        loading.set(false);
        progress.set(null);
        meansPending.set(pending);
        runJsonNote.set(runJsonNote(b, c, tallies));
        comparison.set(result);
        canRerun.set(!result.rerunArgs().isEmpty() && !result.regradePair()); // a regrade's changes are the graders'
        if (!sameCases) {
            filter();
            if (opened != null) {
                rows.stream().filter(r -> r.caseId().equals(opened)).findFirst().ifPresent(selectedCase::set);
            }
        }
    }

    /** The lines naming a compared run whose run.json could not be read, or null (as the compare command prints them). */
    private static String runJsonNote(CompareSide b, CompareSide c, RunTally[] tallies) {
        boolean oneRun = b.runDir().equals(c.runDir());
        ComparisonService.Notes notes = ComparisonService.notes(
                tallies[0], oneRun ? null : tallies[1], b.variant().equals(tallies[0].baseline()));
        List<String> lines = new ArrayList<>(notes.runJson());
        for (String unfinished : notes.unfinished()) { // a run not finished, or partial: a sentence of its own here
            lines.add(Character.toUpperCase(unfinished.charAt(0)) + unfinished.substring(1));
        }
        return lines.isEmpty() ? null : String.join("\n", lines);
    }

    /** A side's run: from the Results view's trials when it holds them, else its statuses read ({@link RunTally#readStatuses}). */
    private RunTally tally(Path runDir, List<TrialRecord> trials) {
        if (trials != null) {
            RunInfo info = reader.readRun(runDir);
            RunSummary summary = SummaryReader.read(runDir);
            return RunTally.of(info, summary, trials, true);
        }
        long gen = generation;
        return RunTally.readStatuses(reader, runDir, true, counting.side(() -> gen == generation && loading.get()));
    }

    private void filter() {
        Comparison c = comparison.get();
        CaseComparison sel = selectedCase.get();
        if (c == null) {
            rows.clear();
            return;
        }
        List<CaseComparison> shown = c.cases().stream()
                .filter(r -> changeFilter.contains(r.change()))
                .toList();
        rows.setAll(shown);
        if (sel != null && !shown.contains(sel)) {
            selectedCase.set(null);
        }
    }
}
