package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.RunFolderWatcher;
import dev.mstpanel.core.results.RunListener;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.Location;
import dev.mstpanel.core.results.layout.LocationKind;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Results view's state: the open folder's runs and their trials, the status filter and case
 * search, and the selected trial. Runs are read and watched in {@code core/results} off the FX
 * thread; their batches are folded here at most 10 times a second ({@link #revisionProperty()}
 * ticks on each fold). Other views open a run with {@link #openRun(Path)}.
 */
public final class ResultsViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(ResultsViewModel.class);
    private static final long FOLD_INTERVAL_MS = 100;
    /** A watched, unfinished run is called live when it changed this recently: 10 minutes, in ms. */
    public static final long LIVE_WINDOW_MS = 10 * 60 * 1000L;

    /** One run's state, on the FX thread. */
    public static final class RunState {
        private RunInfo info;
        private final Map<TrialKey, TrialRecord> trials = new LinkedHashMap<>();
        private boolean loading = true;
        private boolean watched;
        private long lastChange;

        RunState(RunInfo info) {
            this.info = info;
        }

        /** A run as read: not loading, watched or not, last changed at {@code lastChange} (ms since the epoch). */
        RunState(RunInfo info, boolean watched, long lastChange) {
            this.info = info;
            this.loading = false;
            this.watched = watched;
            this.lastChange = lastChange;
        }

        public RunInfo info() {
            return info;
        }
        /** The trials in folder order (variant, case, trial), new ones at the end. */
        public List<TrialRecord> trials() {
            return new ArrayList<>(trials.values());
        }

        public boolean loading() {
            return loading;
        }
        /** True when new traces in this run show up by themselves. */
        public boolean watched() {
            return watched;
        }

        /**
         * What the navigator says after the run id: {@code (reading…)} while first read;
         * {@code (cannot be read)} when the run folder cannot be read ({@link RunInfo#folderUnreadable});
         * {@code (live)} only when watched and changed within {@link #LIVE_WINDOW_MS} (a trace
         * written, run.json rewritten); else for an unfinished run {@code (no run.json)} or
         * {@code (run.json unreadable)} or {@code (not finished)}; empty for a finished run.
         *
         * @param nowMs the time now, ms since the epoch
         */
        public String note(long nowMs) {
            if (loading) {
                return "(reading…)";
            }
            if (info.finished()) {
                return "";
            }
            if (info.folderUnreadable()) {
                return "(cannot be read)"; // its folder's time is not a trace being written
            }
            if (watched && nowMs - lastChange < LIVE_WINDOW_MS) {
                return "(live)";
            }
            if (info.runJsonUnread()
                    != null) { // (a run.json copied from another run was read: it is "not finished" below)
                return info.problemKind() == RunInfo.ProblemKind.RUN_JSON_MISSING
                        ? "(no run.json)"
                        : "(run.json unreadable)";
            }
            return "(not finished)";
        }

        /** Trials per status. */
        public Map<TrialStatus, Integer> counts() {
            Map<TrialStatus, Integer> m = new EnumMap<>(TrialStatus.class);
            for (TrialRecord t : trials.values()) {
                m.merge(t.status(), 1, Integer::sum);
            }
            return m;
        }
    }

    // Properties
    private final ReadOnlyObjectWrapper<Path> location = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper();
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ObservableSet<TrialStatus> statusFilter =
            FXCollections.observableSet(EnumSet.allOf(TrialStatus.class));
    private final StringProperty caseSearch = new SimpleStringProperty("");
    private final ObjectProperty<TrialRecord> selectedTrial = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> selectedRunDir = new SimpleObjectProperty<>();
    private final Map<Path, RunState> runs = new LinkedHashMap<>();
    private final StringProperty causeFilter = new SimpleStringProperty();
    private final ReadOnlyObjectWrapper<Set<String>> transcriptMatches = new ReadOnlyObjectWrapper<>();

    private final ResultsReader reader;
    private final UiExecutor ui;
    private final Executor background;
    private final ScheduledExecutorService folder;
    private final ConcurrentLinkedQueue<Runnable> pending = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean foldScheduled = new AtomicBoolean();
    private volatile long lastFold;
    private final List<RunFolderWatcher> watchers = new ArrayList<>();
    private long generation;
    /** Counts calls to open: a folder listed after a later call is dropped. FX thread only. */
    private long requests;

    /**
     * @param reader reads results folders (shared, closed by its owner)
     * @param ui posts to the FX thread
     * @param background runs folder listing
     */
    /** The selected run's pass rates by dataset or tag. */
    private final RunGroupsModel groups;

    /** The selected run's cases grouped by dataset or tag ("Pass rate by"). */
    public RunGroupsModel groups() {
        return groups;
    }

    public ResultsViewModel(ResultsReader reader, UiExecutor ui, Executor background) {
        this.reader = reader;
        this.ui = ui;
        this.background = background;
        this.groups = new RunGroupsModel(
                this, new dev.mstpanel.core.results.compare.ComparisonService(reader, background), ui, background);
        this.folder = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "results-fold");
            t.setDaemon(true);
            return t;
        });
    }

    // ---- Properties ----

    /** The open folder (results root, eval or run), or null. */
    public ReadOnlyObjectProperty<Path> locationProperty() {
        return location.getReadOnlyProperty();
    }
    /** A sentence about the open folder (nothing found, cannot be read), or null. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
    /** Ticks each time runs or trials changed (at most 10 times a second). */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }
    /** True while a run is still being read for the first time. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }
    /** The statuses shown (all by default). */
    public ObservableSet<TrialStatus> statusFilter() {
        return statusFilter;
    }
    /** Text the case ids shown must contain (ignoring case); blank for all. */
    public StringProperty caseSearchProperty() {
        return caseSearch;
    }
    /** The trial open in the inspector, or null. */
    public ObjectProperty<TrialRecord> selectedTrialProperty() {
        return selectedTrial;
    }
    /** The run whose header shows, or null. */
    public ObjectProperty<Path> selectedRunDirProperty() {
        return selectedRunDir;
    }

    /** The failure cause the trials shown must have ({@link TrialRecord#cause()}), or null for any. */
    public StringProperty causeFilterProperty() {
        return causeFilter;
    }
    /**
     * The trials the search across trials found ({@link #trialId(TrialRecord)}), or null when no such
     * search is on: then only they are shown.
     */
    public ReadOnlyObjectProperty<Set<String>> transcriptMatchesProperty() {
        return transcriptMatches.getReadOnlyProperty();
    }

    /** Keeps only these trials (a search across trials found them); null shows every trial again. */
    public void showTranscriptMatches(java.util.Collection<TrialRecord> found) {
        if (found == null) {
            transcriptMatches.set(null);
        } else {
            Set<String> ids = new java.util.HashSet<>();
            found.forEach(t -> ids.add(trialId(t)));
            transcriptMatches.set(java.util.Collections.unmodifiableSet(ids));
        }
        revision.set(revision.get() + 1);
    }

    /** A trial's identity across runs: its run folder and key. */
    public static String trialId(TrialRecord t) {
        return t.runDir() + "\n" + t.key().variantSegment() + "\n" + t.key().caseSegment() + "\n"
                + t.key().trial();
    }

    /**
     * Failed, infra, missing and unreadable trials grouped by cause ({@link dev.mstpanel.core.results.model.FailureCause}),
     * most frequent first (ties by name), over the given runs.
     */
    public static List<Map.Entry<String, Integer>> causes(java.util.Collection<RunState> of) {
        Map<String, Integer> m = new java.util.HashMap<>();
        for (RunState r : of) {
            for (TrialRecord t : r.trials.values()) {
                String c = t.cause();
                if (c != null) {
                    m.merge(c, 1, Integer::sum);
                }
            }
        }
        List<Map.Entry<String, Integer>> out = new ArrayList<>(m.entrySet());
        out.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        return out;
    }

    /**
     * The same case and variant in every open run of its eval, newest run first (run ids start with
     * their UTC start time): each run's trials of it, by trial number.
     */
    public List<Map.Entry<RunInfo, List<TrialRecord>>> caseAcrossRuns(TrialRecord of) {
        // loops and named comparators, no stream, lambda or method reference: this runs on the FX thread at a trial's
        // first
        // open, where each new call site's bootstrap (class spinning) came on top of the first rows (300 ms)
        List<Map.Entry<RunInfo, List<TrialRecord>>> out = new ArrayList<>();
        for (RunState r : runs.values()) {
            if (!r.info().evalName().equals(of.evalName())) {
                continue;
            }
            List<TrialRecord> same = new ArrayList<>();
            for (TrialRecord t : r.trials.values()) {
                if (t.caseId().equals(of.caseId()) && t.variant().equals(of.variant())) {
                    same.add(t);
                }
            }
            same.sort(BY_TRIAL_NUMBER);
            out.add(Map.entry(r.info(), java.util.Collections.unmodifiableList(same)));
        }
        out.sort(NEWEST_RUN_FIRST);
        return out;
    }

    /** Trials by their number (stable: equal numbers keep their order). */
    private static final java.util.Comparator<TrialRecord> BY_TRIAL_NUMBER = new java.util.Comparator<>() {
        @Override
        public int compare(TrialRecord a, TrialRecord b) {
            return Integer.compare(a.trial(), b.trial());
        }
    };

    /** Runs by id, the newest (greatest id) first. */
    private static final java.util.Comparator<Map.Entry<RunInfo, List<TrialRecord>>> NEWEST_RUN_FIRST =
            new java.util.Comparator<>() {
                @Override
                public int compare(Map.Entry<RunInfo, List<TrialRecord>> a, Map.Entry<RunInfo, List<TrialRecord>> b) {
                    return b.getKey().runId().compareTo(a.getKey().runId());
                }
            };

    /** The runs, in the order found (oldest first per eval). */
    public List<RunState> runs() {
        return new ArrayList<>(runs.values());
    }

    /** One run's state, or null. */
    public RunState run(Path runDir) {
        return runDir == null ? null : runs.get(runDir);
    }

    /**
     * Another trial of {@code t}'s case in its run that passed, or null: what a trial is aligned with to see where it
     * went another way. One of the same variant first (the lowest trial number), else one of another variant (in the
     * run's order): a case often passes only with the variant under test.
     */
    public TrialRecord passingTrialOf(TrialRecord t) {
        RunState r = t == null ? null : run(t.runDir());
        if (r == null) {
            return null;
        }
        TrialRecord same = null;
        TrialRecord other = null;
        for (TrialRecord o : r.trials()) {
            if (o.status() != TrialStatus.PASSED
                    || !o.caseId().equals(t.caseId())
                    || o.key().equals(t.key())) {
                continue;
            }
            if (o.variant().equals(t.variant())) {
                if (same == null || o.trial() < same.trial()) {
                    same = o;
                }
            } else if (other == null) {
                other = o;
            }
        }
        return same != null ? same : other;
    }

    /** Trials per status over every open run. */
    public Map<TrialStatus, Integer> totalCounts() {
        Map<TrialStatus, Integer> m = new EnumMap<>(TrialStatus.class);
        for (RunState r : runs.values()) {
            r.counts().forEach((k, v) -> m.merge(k, v, Integer::sum));
        }
        return m;
    }

    /** True when a trial passes the status filter, case search, cause filter and search across trials. */
    public boolean shows(TrialRecord t) {
        if (!statusFilter.contains(t.status())) {
            return false;
        }
        String cause = causeFilter.get();
        if (cause != null && !cause.equals(t.cause())) {
            return false;
        }
        Set<String> found = transcriptMatches.get();
        if (found != null && !found.contains(trialId(t))) {
            return false;
        }
        String q = caseSearch.get();
        return q == null
                || q.isBlank()
                || t.caseId()
                        .toLowerCase(java.util.Locale.ROOT)
                        .contains(q.strip().toLowerCase(java.util.Locale.ROOT));
    }

    // ---- Commands ----

    /**
     * Opens a results root, an eval folder or a run folder: lists its runs at once and reads their
     * trials in the background; unfinished runs (and a single run opened by itself) are watched.
     * The folder is listed first, off the FX thread: when it is missing, a file, or holds no run,
     * what is open stays open (its runs, trials, selection and watchers) and {@link #messageProperty()}
     * says what is wrong and which folders are accepted ({@link ResultsReader#noRunsMessage(Path)}).
     */
    public void open(Path path) {
        open(path, null);
    }

    /**
     * Opens {@code path} as {@link #open(Path)} does when it is a folder and nothing else was asked to
     * open meanwhile; does nothing (no message) when it is not a folder: for the working folder's
     * {@code .mcp-test-results} at start-up. Whether it is a folder is looked at on the background
     * executor, never on the caller's (FX) thread; an open asked for after this call wins over it, and so
     * does one asked for before it that has shown its folder by the time the look is done.
     */
    public void openIfFolder(Path path) {
        long asked = requests;
        Path remembered = reopen;
        Path rememberedRun = reopenRun;
        background.execute(() -> {
            Path folder = java.nio.file.Files.isDirectory(path)
                    ? path
                    : remembered != null && java.nio.file.Files.isDirectory(remembered) ? remembered : null;
            if (folder != null) {
                // the remembered run is selected again when it is still there, in the folder opened
                Path select =
                        folder == remembered && rememberedRun != null && java.nio.file.Files.isDirectory(rememberedRun)
                                ? rememberedRun.toAbsolutePath().normalize()
                                : null;
                ui.execute(() -> {
                    if (asked == requests && location.get() == null) {
                        open(folder, select);
                    }
                });
            }
        });
    }

    private Path reopen;
    private Path reopenRun;

    /**
     * What was open when the panel last closed (from the settings): {@link #openIfFolder} opens it, its run selected,
     * when the folder it is given is not there, so Results comes back as it was left.
     *
     * @param folder the folder that was open, or null
     * @param run its selected run, or null
     */
    public void rememberOpen(Path folder, Path run) {
        this.reopen = folder;
        this.reopenRun = run;
    }

    private void open(Path path, Path select) {
        Path p = path.toAbsolutePath().normalize();
        long req = ++requests;
        background.execute(() -> {
            Location loc = null;
            String problem;
            try {
                loc = reader.locate(p);
                problem = !loc.runDirs().isEmpty()
                        ? null
                        : loc.unlisted().isEmpty()
                                ? ResultsReader.noRunsMessage(path)
                                : String.join(" ", loc.unlisted());
            } catch (ResultsException e) {
                problem = e.getMessage();
            }
            Location found = loc;
            String why = problem;
            ui.execute(() -> {
                if (req != requests) {
                    return; // a later open superseded this one
                }
                if (why != null) {
                    Path shown = location.get();
                    message.set(runs.isEmpty() || shown == null ? why : why + " Still showing " + shown + ".");
                    return;
                }
                show(p, found, select);
            });
        });
    }

    /** On the FX thread: replaces what is open with the runs found at {@code p} and reads them. */
    private void show(Path p, Location loc, Path select) {
        closeWatchers();
        long gen = ++generation;
        runs.clear();
        causeFilter.set(null);
        transcriptMatches.set(null);
        selectedTrial.set(null);
        selectedRunDir.set(null);
        if (!p.equals(location.get())) {
            caseSearch.set(""); // another folder: its cases are not filtered by what was typed for the last one
        }
        location.set(p);
        // folders that could not be looked into are said above the runs that could
        message.set(loc == null || loc.unlisted().isEmpty() ? null : String.join(" ", loc.unlisted()));
        loading.set(true);
        revision.set(revision.get() + 1);
        if (select != null) {
            selectedRunDir.set(select);
        }
        background.execute(() -> {
            try {
                readRuns(gen, loc);
            } catch (java.util.concurrent.RejectedExecutionException closing) {
                LOG.debug(
                        "the listing of {} stopped: the panel is closing its reader",
                        p); // the window is closing: nobody waits
            } catch (RuntimeException | LinkageError e) {
                LOG.warn("could not list {}", p, e);
                ui.execute(() -> {
                    if (gen == generation) {
                        loading.set(false);
                        message.set("Could not list " + p + ": "
                                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
                    }
                });
            }
        });
    }

    /** Reads the runs of a location on the background thread, newest first, posting each to the FX thread. */
    private void readRuns(long gen, Location loc) {
        boolean single = loc.kind() == LocationKind.RUN;
        // newest runs first: they are what people open the view for
        List<Path> dirs = new ArrayList<>(loc.runDirs());
        java.util.Collections.reverse(dirs);
        for (Path dir : dirs) {
            if (gen != generation) {
                return;
            }
            RunInfo info = reader.readRun(dir);
            boolean watch = single || !info.finished();
            long changed = info.finished() ? 0 : ResultsReader.lastChangeMillis(dir);
            enqueue(gen, () -> {
                RunState s = runs.computeIfAbsent(dir, d -> new RunState(info));
                s.watched = watch;
                s.lastChange = Math.max(s.lastChange, changed);
            });
            if (watch) {
                RunFolderWatcher w = new RunFolderWatcher(reader, dir, listener(gen, dir));
                ui.execute(() -> {
                    if (gen == generation) {
                        watchers.add(w);
                        w.start();
                    } else {
                        w.close();
                    }
                });
            } else {
                RunListener l = listener(gen, dir);
                reader.readTrials(info, l::trials);
                l.initialReadDone();
            }
        }
    }

    /**
     * Opens one run folder (e.g. from the Run view, while MST writes it): shows it, selects it and
     * watches it, so its traces appear as they are written.
     *
     * @param runDir a folder {@code .../runs/<runId>}
     */
    public void openRun(Path runDir) {
        open(runDir, runDir.toAbsolutePath().normalize());
    }

    /**
     * Opens the eval folder a finished run folder is in ({@code <eval>/runs/<runId>}), that run selected:
     * the eval's other runs are listed beside it (the demo's four runs, for the trend and the run before).
     *
     * @param runDir a folder {@code .../<eval>/runs/<runId>}
     */
    public void openRunInItsEval(Path runDir) {
        Path run = runDir.toAbsolutePath().normalize();
        Path runs = run.getParent();
        open(runs != null && runs.getParent() != null ? runs.getParent() : run, run);
    }

    /** Shows only failed, infra, missing and unreadable trials. */
    public void failuresOnly() {
        statusFilter.retainAll(EnumSet.noneOf(TrialStatus.class));
        for (TrialStatus s : TrialStatus.values()) {
            if (s.isFailure()) {
                statusFilter.add(s);
            }
        }
    }

    /** Shows every status. */
    public void allStatuses() {
        statusFilter.addAll(EnumSet.allOf(TrialStatus.class));
    }

    /** Shows or hides one status. */
    public void toggleStatus(TrialStatus s, boolean shown) {
        if (shown) {
            statusFilter.add(s);
        } else {
            statusFilter.remove(s);
        }
    }

    /** Stops watching and folding. */
    public void dispose() {
        closeWatchers();
        folder.shutdownNow();
    }

    private void closeWatchers() {
        watchers.forEach(RunFolderWatcher::close);
        watchers.clear();
    }

    private RunListener listener(long gen, Path dir) {
        return new RunListener() {
            @Override
            public void runRead(RunInfo run) {
                enqueue(gen, () -> {
                    RunState s = runs.computeIfAbsent(dir, d -> new RunState(run));
                    if (!s.loading) {
                        s.lastChange = System.currentTimeMillis(); // run.json changed while watched
                    }
                    s.info = run;
                });
            }

            @Override
            public void trials(List<TrialRecord> batch) {
                enqueue(gen, () -> {
                    RunState s = runs.get(dir);
                    if (s != null) {
                        if (!s.loading) {
                            s.lastChange = System.currentTimeMillis(); // a trace or score changed while watched
                        }
                        for (TrialRecord t : batch) {
                            s.trials.put(t.key(), t);
                            TrialRecord sel = selectedTrial.get();
                            if (sel != null
                                    && sel.runDir().equals(t.runDir())
                                    && sel.key().equals(t.key())
                                    && !sel.equals(t)) {
                                selectedTrial.set(t);
                            }
                        }
                    }
                });
            }

            @Override
            public void initialReadDone() {
                enqueue(gen, () -> {
                    RunState s = runs.get(dir);
                    if (s != null) {
                        s.loading = false;
                    }
                    loading.set(runs.values().stream().anyMatch(RunState::loading));
                });
            }

            @Override
            public void watchFailed(String text) {
                enqueue(gen, () -> message.set(text));
            }
        };
    }

    /** Queues a change and folds the queue on the FX thread at most every 100 ms. */
    private void enqueue(long gen, Runnable change) {
        pending.add(() -> {
            if (gen == generation) {
                change.run();
            }
        });
        if (foldScheduled.compareAndSet(false, true)) {
            long wait = Math.max(0, FOLD_INTERVAL_MS - (System.currentTimeMillis() - lastFold));
            try {
                folder.schedule(() -> ui.execute(this::fold), wait, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                LOG.debug("results view disposed");
            }
        }
    }

    private void fold() {
        foldScheduled.set(false);
        lastFold = System.currentTimeMillis();
        Runnable r;
        int n = 0;
        while ((r = pending.poll()) != null) {
            r.run();
            n++;
        }
        if (n > 0) {
            revision.set(revision.get() + 1);
        }
    }

    /** The statuses a "failures only" filter keeps. */
    public static Set<TrialStatus> failureStatuses() {
        EnumSet<TrialStatus> s = EnumSet.noneOf(TrialStatus.class);
        for (TrialStatus t : TrialStatus.values()) {
            if (t.isFailure()) {
                s.add(t);
            }
        }
        return s;
    }
}
