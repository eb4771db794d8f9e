package dev.mstpanel.ui.runs;

import dev.mstpanel.core.docker.ByteSize;
import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.RunSizing;
import dev.mstpanel.core.mst.ClientKind;
import dev.mstpanel.core.mst.EvalConfig;
import dev.mstpanel.core.mst.EvalConfigException;
import dev.mstpanel.core.mst.KeepPolicy;
import dev.mstpanel.core.mst.RunChecks;
import dev.mstpanel.core.mst.RunChecks.ContextFacts;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Problem;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.core.mst.RunCommandLine;
import dev.mstpanel.core.mst.RunRequest;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.contexts.ContextRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Run view's state and commands: the form (each field's value and its problems, the client
 * read from the eval config, the contexts to choose from with their split, the command preview)
 * and the live run (overall counts, elapsed time and ETA, one {@link ShardSnapshot} per shard,
 * each shard's memory over time, a bounded log with search, the result).
 *
 * <p>Threads: disk reads (the eval config, the secrets file's existence), finding MST and
 * starting it run on the background executor; the {@link RunSession}'s callbacks come on its
 * threads. Every state change reaches the properties through the {@link UiExecutor}, and live
 * updates are coalesced to at most one every {@link #FLUSH_INTERVAL} (10 a second).
 */
public final class RunViewModel {
    private static final Logger LOG = LoggerFactory.getLogger(RunViewModel.class);
    /**
     * The longest the on-screen log gets, in lines; the full output is in the run's log file. When it
     * is full, the oldest tenth is dropped at once.
     */
    public static final int LOG_LIMIT = 5_000;
    /** The shortest pause between two live updates of the view (at most 10 a second). */
    public static final Duration FLUSH_INTERVAL = Duration.ofMillis(100);
    /** The most memory samples kept per shard; older ones are thinned out, not dropped. */
    public static final int MEMORY_SAMPLES = 600;

    /** A field's problems, merged: the worst severity and every message, one per line. */
    public record FieldState(Severity severity, String message) {
        static final FieldState OK = new FieldState(null, null);
    }

    // ---- Form properties ----
    private final StringProperty configPath = new SimpleStringProperty("");
    private final ObservableList<String> recentConfigs = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper clientText = new ReadOnlyStringWrapper("");
    private final ObservableList<ContextChoice> contextChoices = FXCollections.observableArrayList();
    private final StringProperty shards = new SimpleStringProperty("");
    private final ObjectProperty<KeepPolicy> keep = new SimpleObjectProperty<>(KeepPolicy.NEVER);
    private final StringProperty memory = new SimpleStringProperty("");
    private final StringProperty cpus = new SimpleStringProperty("");
    private final StringProperty image = new SimpleStringProperty("");
    private final StringProperty readyTimeout = new SimpleStringProperty("");
    private final StringProperty resume = new SimpleStringProperty("");
    private final StringProperty secretsFile = new SimpleStringProperty("");
    private final StringProperty outputDir = new SimpleStringProperty("");
    private final Map<Field, ReadOnlyObjectWrapper<FieldState>> fieldStates = new EnumMap<>(Field.class);
    private final ReadOnlyStringWrapper preview = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper mstNote = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper checking = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canStart = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper formErrors = new ReadOnlyBooleanWrapper(true);

    // ---- Live properties ----
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper hasRun = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<RunSnapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ObservableList<ShardSnapshot> shardRows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper countsText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper timeText = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyObjectWrapper<Map<Integer, List<MemorySample>>> memoryHistory = new ReadOnlyObjectWrapper<>(Map.of());
    private final ObservableList<String> log = FXCollections.observableArrayList();
    private final javafx.beans.property.ReadOnlyLongWrapper linesReceived = new javafx.beans.property.ReadOnlyLongWrapper();
    private final StringProperty logFilter = new SimpleStringProperty("");
    private final FilteredList<String> filteredLog = new FilteredList<>(log, s -> true);
    private final ReadOnlyStringWrapper resultText = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper canResume = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canOpenResults = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper cancelLabel = new ReadOnlyStringWrapper("Cancel");

    private final RunSession session;
    private final Settings settings;
    private final Consumer<Settings> saveSettings;
    private final UiExecutor ui;
    private final Executor background;
    private final ObservableList<ContextRow> contextRows;
    private final RunChecks checks = new RunChecks();
    private final CapacityPlanner planner = new CapacityPlanner();
    private final ScheduledExecutorService scheduler;

    // FX-thread state
    private long generation;
    private EvalConfig config;
    private RunSession.Mst mst = RunSession.Mst.ASSUMED;
    private List<Problem> problems = List.of();
    private RunSession.Handle handle;
    private RunSession.Launch launch;
    private int cancels;
    private boolean startWhenChecked;
    private ScheduledFuture<?> ticker;
    private boolean watching; // a replay: nothing to resume
    private final Map<Integer, List<MemorySample>> samples = new HashMap<>();

    // background caches and the coalescing buffers
    private final Map<Path, CachedConfig> configCache = new ConcurrentHashMap<>();
    private final Map<Path, RunSession.Mst> mstCache = new ConcurrentHashMap<>();
    private final AtomicReference<RunSnapshot> pendingSnapshot = new AtomicReference<>();
    private final ConcurrentLinkedQueue<String> pendingLines = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();

    private record CachedConfig(FileTime modified, long size, EvalConfig config, EvalConfigException error) {}

    /**
     * @param session starts and watches MST
     * @param contextRows the Contexts view model's rows ({@code AppContext.contexts().rows()})
     * @param settings the panel's settings (recent eval configs are read and added)
     * @param saveSettings saves the settings; called on the background executor
     * @param ui posts state changes to the FX thread
     * @param background runs disk reads, MST look-ups and process starts
     */
    public RunViewModel(RunSession session, ObservableList<ContextRow> contextRows, Settings settings,
                        Consumer<Settings> saveSettings, UiExecutor ui, Executor background) {
        this.session = session;
        this.contextRows = contextRows;
        this.settings = settings;
        this.saveSettings = saveSettings;
        this.ui = ui;
        this.background = background;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "run-view-updates");
            t.setDaemon(true);
            return t;
        });
        for (Field f : Field.values()) {
            fieldStates.put(f, new ReadOnlyObjectWrapper<>(FieldState.OK));
        }
        recentConfigs.setAll(settings.recentEvalConfigs);
        ChangeListener<Object> changed = (o, a, b) -> revalidate();
        for (StringProperty p : List.of(configPath, shards, memory, cpus, image, readyTimeout, resume, secretsFile, outputDir)) {
            p.addListener(changed);
        }
        keep.addListener(changed);
        memory.addListener((o, a, b) -> updateSplitLines());
        cpus.addListener((o, a, b) -> updateSplitLines());
        contextRows.addListener((ListChangeListener<ContextRow>) c -> mergeContexts());
        logFilter.addListener((o, a, b) -> {
            String needle = b == null ? "" : b.strip().toLowerCase(Locale.ROOT);
            filteredLog.setPredicate(needle.isEmpty() ? s -> true : s -> s.toLowerCase(Locale.ROOT).contains(needle));
        });
        mergeContexts();
        revalidate();
    }

    // ---- Form properties ----

    /** The eval config's path as typed or chosen. */
    public StringProperty configPathProperty() { return configPath; }
    /** Eval configs used recently, newest first (from settings). */
    public ObservableList<String> recentConfigs() { return recentConfigs; }
    /** The client the eval config names, e.g. "cowork (default): Cowork (Claude Desktop + VM…)"; blank before one is read. */
    public ReadOnlyStringProperty clientTextProperty() { return clientText.getReadOnlyProperty(); }
    /** One checkbox per Docker context, in the Contexts view's order. */
    public ObservableList<ContextChoice> contextChoices() { return contextChoices; }
    /** The {@code shards} option as typed. */
    public StringProperty shardsProperty() { return shards; }
    /** The {@code keep} option. */
    public ObjectProperty<KeepPolicy> keepProperty() { return keep; }
    /** The {@code memory} option as typed (Docker syntax). */
    public StringProperty memoryProperty() { return memory; }
    /** The {@code cpus} option as typed. */
    public StringProperty cpusProperty() { return cpus; }
    /** The {@code image} option as typed. */
    public StringProperty imageProperty() { return image; }
    /** The {@code readyTimeout} option as typed (seconds). */
    public StringProperty readyTimeoutProperty() { return readyTimeout; }
    /** The run id (or 6-hex short id) to resume, as typed. */
    public StringProperty resumeProperty() { return resume; }
    /** The secrets file's path as typed or chosen. */
    public StringProperty secretsFileProperty() { return secretsFile; }
    /** The output folder's path as typed or chosen. */
    public StringProperty outputDirProperty() { return outputDir; }
    /** A field's problems (severity null and message null when it has none). */
    public ReadOnlyObjectProperty<FieldState> fieldStateProperty(Field field) { return fieldStates.get(field).getReadOnlyProperty(); }
    /** The exact command line Start runs, shell-quoted, without secrets; blank before a config is chosen. */
    public ReadOnlyStringProperty previewProperty() { return preview.getReadOnlyProperty(); }
    /** Why MST cannot be started (with the install command), or null. */
    public ReadOnlyStringProperty mstNoteProperty() { return mstNote.getReadOnlyProperty(); }
    /** True while the form is being checked in the background. */
    public ReadOnlyBooleanProperty checkingProperty() { return checking.getReadOnlyProperty(); }
    /** True when a field has an error (Start stays disabled until it is fixed). */
    public ReadOnlyBooleanProperty formErrorsProperty() { return formErrors.getReadOnlyProperty(); }
    /** True when the form has no error, MST was found and no run is going. */
    public ReadOnlyBooleanProperty canStartProperty() { return canStart.getReadOnlyProperty(); }

    // ---- Live properties ----

    /** True from Start until MST exits. */
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    /** True once a run was started in this window (the live part is shown). */
    public ReadOnlyBooleanProperty hasRunProperty() { return hasRun.getReadOnlyProperty(); }
    /** The latest snapshot shown, or null before the first run. */
    public ReadOnlyObjectProperty<RunSnapshot> snapshotProperty() { return snapshot.getReadOnlyProperty(); }
    /** One row per shard, by index. */
    public ObservableList<ShardSnapshot> shardRows() { return shardRows; }
    /** e.g. "12 collected · 1 infra · 2 missing of 24". */
    public ReadOnlyStringProperty countsTextProperty() { return countsText.getReadOnlyProperty(); }
    /** e.g. "elapsed 4:12 · about 6 min left". */
    public ReadOnlyStringProperty timeTextProperty() { return timeText.getReadOnlyProperty(); }
    /** Trials finished out of expected, 0..1, or -1 when the total is unknown. */
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    /** Each shard's memory over time, by shard index; replaced at most once a second. */
    public ReadOnlyObjectProperty<Map<Integer, List<MemorySample>>> memoryHistoryProperty() { return memoryHistory.getReadOnlyProperty(); }
    /** MST's output lines, at most {@link #LOG_LIMIT}, filtered by {@link #logFilterProperty()}. */
    public ObservableList<String> filteredLog() { return filteredLog; }
    /** Every line kept on screen, unfiltered. */
    public ObservableList<String> log() { return FXCollections.unmodifiableObservableList(log); }
    /** Lines MST printed in this run so far (the on-screen log keeps the last {@link #LOG_LIMIT}). */
    public javafx.beans.property.ReadOnlyLongProperty linesReceivedProperty() { return linesReceived.getReadOnlyProperty(); }
    /** The log search text (case-insensitive; blank shows every line). */
    public StringProperty logFilterProperty() { return logFilter; }
    /** The run's result line once it ended ("Results: 4/6 passed (66.7%) · 2 trials missing"), or null. */
    public ReadOnlyStringProperty resultTextProperty() { return resultText.getReadOnlyProperty(); }
    /** True when the run ended with missing trials and a run id to resume. */
    public ReadOnlyBooleanProperty canResumeProperty() { return canResume.getReadOnlyProperty(); }
    /** True when the run ended with a results folder. */
    public ReadOnlyBooleanProperty canOpenResultsProperty() { return canOpenResults.getReadOnlyProperty(); }
    /** "Cancel", then "Stop now" after the first Cancel. */
    public ReadOnlyStringProperty cancelLabelProperty() { return cancelLabel.getReadOnlyProperty(); }

    // ---- Commands ----

    /** Chooses an eval config (file chooser or recent list). */
    public void chooseConfig(Path file) {
        configPath.set(file.toAbsolutePath().toString());
    }

    /** The request the form describes now (FX thread). */
    public RunRequest request() {
        List<String> chosen = contextChoices.stream().filter(c -> c.selectedProperty().get()).map(ContextChoice::name).toList();
        return new RunRequest(pathOrNull(configPath.get()), chosen, shards.get(), keep.get(), memory.get(), cpus.get(),
                image.get(), readyTimeout.get(), resume.get(), pathOrNull(secretsFile.get()), pathOrNull(outputDir.get()));
    }

    /** Starts MST with the form's values. Does nothing unless {@link #canStartProperty()} is true. */
    public void start() {
        if (!canStart.get()) {
            return;
        }
        RunRequest req = request();
        RunCommandLine line = new RunCommandLine(req, mst.vocabulary());
        Path dir = req.config().toAbsolutePath().getParent();
        OptionalInt expected = config == null ? OptionalInt.empty() : config.expectedTrials();
        List<String> args = line.arguments();
        launch = new RunSession.Launch(mst.command(), args.subList(1, args.size()), line.display(mst.command()), dir,
                req.contexts(), expected);
        resetLive();
        running.set(true);
        hasRun.set(true);
        updateCanStart();
        log.add("$ " + launch.display());
        String remembered = req.config().toAbsolutePath().toString();
        Settings.remember(settings.recentEvalConfigs, remembered);
        recentConfigs.setAll(settings.recentEvalConfigs);
        RunSession.Launch l = launch;
        background.execute(() -> {
            saveSettings.accept(settings);
            try {
                RunSession.Handle h = session.start(l, new Listener());
                ui.execute(() -> handle = h);
            } catch (IOException | RuntimeException e) {
                LOG.warn("MST could not start: {}", e.getMessage());
                ui.execute(() -> failedToStart(e.getMessage()));
            }
        });
        ticker = scheduler.scheduleAtFixedRate(() -> ui.execute(this::updateTimes), 1, 1, TimeUnit.SECONDS);
    }

    /**
     * Shows a run another session plays, a replay (issue 12, "Replay"): the live part as for a
     * started run, but nothing to cancel, resume or start again, and no settings touched. Calling
     * it again (a seek) starts the live part over.
     *
     * @param l the run's command line, for the log's first line; its expected trials for the counts
     * @param playing the session that plays it (its {@code start} is called on the background executor)
     */
    public void watch(RunSession.Launch l, RunSession playing) {
        stopTicker();
        watching = true;
        launch = l;
        resetLive();
        hasRun.set(true);
        log.add("$ " + l.display());
        background.execute(() -> {
            try {
                RunSession.Handle h = playing.start(l, new Listener());
                ui.execute(() -> handle = h);
            } catch (IOException | RuntimeException e) {
                ui.execute(() -> failedToStart(e.getMessage()));
            }
        });
        ticker = scheduler.scheduleAtFixedRate(() -> ui.execute(this::updateTimes), 1, 1, TimeUnit.SECONDS);
    }

    /** First call: asks MST to stop (SIGINT); second call: ends it at once. */
    public void cancel() {
        if (!running.get()) {
            return;
        }
        cancels++;
        cancelLabel.set("Stop now");
        RunSession.Handle h = handle;
        if (h != null) {
            background.execute(h::cancel);
        }
    }

    /** Starts the same run again with {@code --resume <run id>} (the "Resume missing trials" action). */
    public void resumeMissing() {
        RunSnapshot s = snapshot.get();
        if (s == null || s.runId() == null || running.get()) {
            return;
        }
        // the form is checked again in the background; start once that is done
        startWhenChecked = true;
        if (s.runId().equals(resume.get())) {
            revalidate();
        } else {
            resume.set(s.runId());
        }
    }

    /** The run's results folder once known, for "Open in Results". Remembers it as the most recent results folder. */
    public Path resultsFolderToOpen() {
        RunSnapshot s = snapshot.get();
        if (s == null || s.runDir() == null) {
            return null;
        }
        Settings.remember(settings.recentResultsFolders, s.runDir().toString());
        background.execute(() -> saveSettings.accept(settings));
        return s.runDir();
    }

    /** True while MST runs: quitting the panel should ask first. */
    public boolean isRunning() {
        return running.get();
    }

    /** Stops the timers; cancels a run still going (quitting). */
    public void dispose() {
        if (running.get() && handle != null) {
            handle.cancel();
        }
        scheduler.shutdownNow();
    }

    // ---- form internals (FX thread) ----

    private static Path pathOrNull(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            String t = text.strip();
            if (t.startsWith("~/")) {
                t = System.getProperty("user.home") + t.substring(1);
            }
            return Path.of(t);
        } catch (InvalidPathException e) {
            return Path.of("invalid path");
        }
    }

    private void revalidate() {
        RunRequest req = request();
        Map<String, ContextFacts> facts = contextFacts();
        long gen = ++generation;
        checking.set(true);
        updateCanStart();
        background.execute(() -> {
            CachedConfig cc = req.config() == null ? null : readConfig(req.config());
            EvalConfig cfg = cc == null ? null : cc.config();
            List<Problem> ps = checks.check(req, cfg, cc == null ? null : cc.error(), facts);
            RunSession.Mst found = req.config() == null ? RunSession.Mst.ASSUMED
                    : mstCache.computeIfAbsent(dirOf(req.config()), d -> safeLocate(req.config()));
            String shown = req.config() == null ? "" : new RunCommandLine(req, found.vocabulary()).display(found.command());
            ui.execute(() -> {
                if (gen != generation) {
                    return;
                }
                applyChecks(cfg, ps, found, shown);
            });
        });
    }

    private RunSession.Mst safeLocate(Path config) {
        try {
            return session.locate(config);
        } catch (RuntimeException e) {
            LOG.warn("finding MST failed: {}", e.getMessage());
            return new RunSession.Mst(List.of("mst"), RunSession.Mst.ASSUMED.vocabulary(), null,
                    "MST could not be found: " + e.getMessage());
        }
    }

    private static Path dirOf(Path config) {
        Path abs = config.toAbsolutePath().getParent();
        return abs == null ? Path.of("/") : abs;
    }

    private CachedConfig readConfig(Path file) {
        FileTime modified = null;
        long size = -1;
        try {
            modified = Files.getLastModifiedTime(file);
            size = Files.size(file);
        } catch (IOException e) {
            // read() below says what is wrong
        }
        CachedConfig cached = configCache.get(file);
        if (cached != null && modified != null && modified.equals(cached.modified()) && size == cached.size()) {
            return cached;
        }
        CachedConfig fresh;
        try {
            fresh = new CachedConfig(modified, size, EvalConfig.read(file), null);
        } catch (EvalConfigException e) {
            fresh = new CachedConfig(modified, size, null, e);
        }
        if (modified != null) {
            configCache.put(file, fresh);
        }
        return fresh;
    }

    private void applyChecks(EvalConfig cfg, List<Problem> ps, RunSession.Mst found, String shown) {
        boolean clientChanged = cfg == null || config == null || !cfg.client().equals(config.client());
        this.config = cfg;
        this.problems = ps;
        this.mst = found;
        preview.set(shown);
        mstNote.set(found.problem());
        if (cfg == null) {
            clientText.set("");
        } else {
            clientText.set(cfg.client() + (cfg.clientGiven() ? "" : " (default)") + ": " + cfg.clientKind().label());
        }
        Map<Field, List<Problem>> byField = new EnumMap<>(Field.class);
        for (Problem p : ps) {
            byField.computeIfAbsent(p.field(), f -> new ArrayList<>()).add(p);
        }
        for (Field f : Field.values()) {
            List<Problem> list = byField.getOrDefault(f, List.of());
            if (list.isEmpty()) {
                fieldStates.get(f).set(FieldState.OK);
            } else if (f == Field.CONFIG && configPath.get().isBlank()) {
                // nothing typed yet: a hint, not a red error (Start stays disabled all the same)
                fieldStates.get(f).set(new FieldState(Severity.NOTE, list.get(0).message()));
            } else {
                Severity worst = list.stream().map(Problem::severity).min(Enum::compareTo).orElseThrow();
                String text = String.join("\n", list.stream().map(Problem::message).toList());
                fieldStates.get(f).set(new FieldState(worst, text));
            }
        }
        checking.set(false);
        if (clientChanged) {
            updateSplitLines();
        }
        updateCanStart();
        if (startWhenChecked) {
            startWhenChecked = false;
            start();
        }
    }

    private void updateCanStart() {
        formErrors.set(config == null || !RunChecks.canStart(problems));
        canStart.set(!checking.get() && !running.get() && config != null && RunChecks.canStart(problems) && mst.problem() == null);
    }

    private Map<String, ContextFacts> contextFacts() {
        Map<String, ContextFacts> facts = new LinkedHashMap<>();
        for (ContextRow row : contextRows) {
            EngineInfo e = row.probe() == null ? null : row.probe().engine();
            facts.put(row.name(), new ContextFacts(row.name(), e == null ? 0 : e.memoryBytes(), e == null ? 0 : e.cpus()));
        }
        return facts;
    }

    private void mergeContexts() {
        Map<String, ContextChoice> old = new HashMap<>();
        contextChoices.forEach(c -> old.put(c.name(), c));
        List<ContextChoice> next = new ArrayList<>();
        for (ContextRow row : contextRows) {
            ContextChoice c = old.get(row.name());
            if (c == null) {
                c = new ContextChoice(row.name());
                c.selectedProperty().addListener((o, a, b) -> revalidate());
            }
            next.add(c);
        }
        if (!next.equals(contextChoices)) {
            contextChoices.setAll(next);
        }
        updateSplitLines();
        revalidate();
    }

    private void updateSplitLines() {
        RunSizing sizing;
        try {
            sizing = RunSizing.parse(memory.get(), cpus.get());
        } catch (IllegalArgumentException e) {
            sizing = RunSizing.DEFAULTS;
        }
        ClientKind kind = config == null ? ClientKind.COWORK : config.clientKind();
        for (ContextRow row : contextRows) {
            ContextChoice choice = contextChoices.stream().filter(c -> c.name().equals(row.name())).findFirst().orElse(null);
            if (choice == null) {
                continue;
            }
            EngineInfo e = row.probe() == null ? null : row.probe().engine();
            if (row.state() == ContextRow.State.PROBING) {
                choice.update(false, "probing…", false);
            } else if (row.state() == ContextRow.State.UNREACHABLE || e == null) {
                String why = row.probe() != null && row.probe().failure() != null ? row.probe().failure().message() : null;
                choice.update(false, "unreachable (see the Contexts view)", false);
                choice.setReason(why);
            } else if (e.memoryBytes() <= 0 || e.cpus() <= 0) {
                choice.update(true, "memory and CPUs unknown", false);
            } else {
                ContextCapacity cap = planner.plan(e.memoryBytes(), e.cpus(), sizing);
                String head = ByteSize.gib(e.memoryBytes()) + ", " + e.cpus() + (e.cpus() == 1 ? " CPU" : " CPUs") + ": ";
                String line = switch (kind) {
                    case COWORK -> cap.error() != null ? cap.error() : cap.cowork().containers() == 0
                            ? "no Cowork container fits (" + cap.cowork().note() + ")"
                            : "1 Cowork container at a time, " + (cap.cowork().memoryBytes() < ByteSize.GIB
                            ? ByteSize.human(cap.cowork().memoryBytes()) : ByteSize.gib(cap.cowork().memoryBytes())) + " each";
                    case CHATGPT -> cap.chatgptLine();
                    case HEADLESS, OTHER -> cap.gradeLine();
                };
                boolean bad = cap.error() != null || (kind == ClientKind.COWORK ? cap.cowork().containers() == 0 : cap.grade().containers() == 0);
                choice.update(true, head + line, bad);
            }
        }
    }

    // ---- live internals ----

    private void resetLive() {
        cancels = 0;
        cancelLabel.set("Cancel");
        handle = null;
        snapshot.set(null);
        shardRows.clear();
        samples.clear();
        memoryHistory.set(Map.of());
        log.clear();
        linesReceived.set(0);
        pendingLines.clear();
        pendingSnapshot.set(null);
        resultText.set(null);
        canResume.set(false);
        canOpenResults.set(false);
        countsText.set("starting MST…");
        timeText.set("elapsed 0:00");
        progress.set(launch != null && launch.expectedTrials().isPresent() ? 0 : -1);
    }

    private void failedToStart(String message) {
        running.set(false);
        stopTicker();
        resultText.set("MST did not start: " + message);
        countsText.set("not started");
        updateCanStart();
    }

    /** Receives the session's callbacks on its threads and schedules a coalesced flush. */
    private final class Listener implements RunSession.Listener {
        @Override
        public void snapshot(RunSnapshot s) {
            pendingSnapshot.set(s);
            scheduleFlush();
        }

        @Override
        public void lines(List<String> lines) {
            pendingLines.addAll(lines);
            scheduleFlush();
        }
    }

    private void scheduleFlush() {
        if (flushScheduled.compareAndSet(false, true)) {
            try {
                scheduler.schedule(() -> {
                    flushScheduled.set(false);
                    ui.execute(this::flush);
                }, FLUSH_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                flushScheduled.set(false);
            }
        }
    }

    private void flush() {
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = pendingLines.poll()) != null) {
            lines.add(line);
        }
        if (!lines.isEmpty()) {
            linesReceived.set(linesReceived.get() + lines.size());
            if (lines.size() > LOG_LIMIT) {
                lines = lines.subList(lines.size() - LOG_LIMIT, lines.size());
            }
            int overflow = log.size() + lines.size() - LOG_LIMIT;
            if (overflow > 0) {
                // trim a tenth more than needed, so a fast stream trims once every few hundred lines, not every flush
                log.remove(0, Math.min(overflow + LOG_LIMIT / 10, log.size()));
            }
            log.addAll(lines);
        }
        RunSnapshot s = pendingSnapshot.getAndSet(null);
        if (s != null) {
            apply(s);
        }
    }

    private void apply(RunSnapshot s) {
        snapshot.set(s);
        if (!shardRows.equals(s.shards())) {
            shardRows.setAll(s.shards());
        }
        recordMemory(s);
        updateCounts(s);
        updateTimes();
        if (s.state().ended()) {
            stopTicker();
            cancelLabel.set("Cancel");
            resultText.set(resultLine(s));
            canResume.set(!watching && s.missing() > 0 && s.runId() != null);
            canOpenResults.set(s.runDir() != null);
            running.set(false);
            updateCanStart();
        }
    }

    private void stopTicker() {
        if (ticker != null) {
            ticker.cancel(false);
            ticker = null;
        }
    }

    private void recordMemory(RunSnapshot s) {
        if (s.startedAt() == null) {
            return;
        }
        double now = Duration.between(s.startedAt(), s.finishedAt() != null ? s.finishedAt() : Instant.now()).toMillis() / 1000.0;
        boolean changed = false;
        for (ShardSnapshot sh : s.shards()) {
            if (sh.memoryBytes() <= 0) {
                continue;
            }
            List<MemorySample> list = samples.computeIfAbsent(sh.index(), i -> new ArrayList<>());
            if (!list.isEmpty() && now - list.get(list.size() - 1).seconds() < 1.0) {
                continue;
            }
            list.add(new MemorySample(now, sh.memoryBytes()));
            if (list.size() > MEMORY_SAMPLES) {
                List<MemorySample> thinned = new ArrayList<>();
                for (int i = 0; i < list.size(); i += 2) {
                    thinned.add(list.get(i));
                }
                list.clear();
                list.addAll(thinned);
            }
            changed = true;
        }
        if (changed) {
            Map<Integer, List<MemorySample>> copy = new java.util.TreeMap<>();
            samples.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            memoryHistory.set(copy);
        }
    }

    private void updateCounts(RunSnapshot s) {
        OptionalInt expected = launch == null ? OptionalInt.empty() : launch.expectedTrials();
        StringBuilder sb = new StringBuilder();
        sb.append(s.collected()).append(" collected · ").append(s.infra()).append(" infra");
        if (s.missing() >= 0) {
            sb.append(" · ").append(s.missing()).append(" missing");
        }
        if (expected.isPresent()) {
            sb.append(" of ").append(expected.getAsInt()).append(expected.getAsInt() == 1 ? " trial" : " trials");
        }
        countsText.set(sb.toString());
        if (expected.isPresent() && expected.getAsInt() > 0) {
            progress.set(Math.min(1.0, (s.collected() + s.infra()) / (double) expected.getAsInt()));
        } else {
            progress.set(s.state().ended() ? 1.0 : -1);
        }
    }

    private void updateTimes() {
        RunSnapshot s = snapshot.get();
        if (s == null || s.startedAt() == null) {
            return;
        }
        Instant end = s.finishedAt() != null ? s.finishedAt() : Instant.now();
        Duration elapsed = Duration.between(s.startedAt(), end);
        String text = "elapsed " + clock(elapsed);
        if (!s.state().ended()) {
            text += " · " + eta(s, elapsed);
        }
        timeText.set(text);
    }

    private String eta(RunSnapshot s, Duration elapsed) {
        OptionalInt expected = launch == null ? OptionalInt.empty() : launch.expectedTrials();
        int done = s.collected() + s.infra();
        if (expected.isEmpty()) {
            return "ETA unknown";
        }
        if (done == 0) {
            return "ETA after the first trial";
        }
        int left = expected.getAsInt() - done;
        if (left <= 0) {
            return "finishing";
        }
        double perTrial = elapsed.toMillis() / (double) done;
        return "about " + clock(Duration.ofMillis((long) (perTrial * left))) + " left";
    }

    /** Formats a duration as {@code m:ss} or {@code h:mm:ss}. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s % 3600) / 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    private static String resultLine(RunSnapshot s) {
        List<String> parts = new ArrayList<>();
        switch (s.state()) {
            case CANCELLED -> parts.add("Cancelled");
            case FAILED -> parts.add(s.failure() != null ? s.failure() : "MST failed");
            default -> { }
        }
        if (s.resultLine() != null) {
            parts.add(s.resultLine());
        } else if (s.state() == RunSnapshot.State.FINISHED) {
            parts.add(s.collected() + " trials collected");
        }
        if (s.missing() > 0) {
            parts.add(s.missing() + (s.missing() == 1 ? " trial missing" : " trials missing"));
        }
        if (!s.keptContainers().isEmpty()) {
            parts.add("kept: " + String.join(", ", s.keptContainers()));
        }
        // exit code 1 means a graded case failed, which the Results line already says (contract, section 5)
        if (s.exitCode() != null && s.exitCode() > 1) {
            parts.add("MST exit code " + s.exitCode());
        }
        return String.join(" · ", parts);
    }
}
