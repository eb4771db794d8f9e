package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.KeepPolicy;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.core.mst.RunRequest;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.contexts.ContextRow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
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
 *
 * <p>The parts: {@link RunForm} (fields, checks, contexts, preview), {@link CommandPreview} (the
 * command shown and run), {@link LiveRun} (the live session's counts, shards, memory and log) and
 * {@link FinishedRun} (the result and the actions after a run); this class wires them and holds
 * the run's handle.
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

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper hasRun = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper cancelLabel = new ReadOnlyStringWrapper("Cancel");
    private final ReadOnlyStringWrapper quitStatus = new ReadOnlyStringWrapper("");

    private final RunSession session;
    private final Settings settings;
    private final Consumer<Settings> saveSettings;
    private final UiExecutor ui;
    private final Executor background;
    private final RunForm form;
    private final LiveRun live;
    private final FinishedRun finished = new FinishedRun();

    // FX-thread state
    private RunSession.Handle handle;
    private RunSession.Launch launch;
    private int cancels;
    private CompletableFuture<List<String>> quitting;
    private ScheduledFuture<?> quitTicker;

    /**
     * @param session starts and watches MST
     * @param contextRows the Contexts view model's rows ({@code AppContext.contexts().rows()})
     * @param settings the panel's settings (recent eval configs are read and added)
     * @param saveSettings saves the settings; called on the background executor
     * @param ui posts state changes to the FX thread
     * @param background runs disk reads, MST look-ups and process starts
     */
    public RunViewModel(
            RunSession session,
            ObservableList<ContextRow> contextRows,
            Settings settings,
            Consumer<Settings> saveSettings,
            UiExecutor ui,
            Executor background) {
        this.session = session;
        this.settings = settings;
        this.saveSettings = saveSettings;
        this.ui = ui;
        this.background = background;
        this.live = new LiveRun(ui, this::ended);
        this.form = new RunForm(session, contextRows, settings.recentEvalConfigs, ui, background, running::get);
    }

    // ---- Form properties ----

    /** The eval config's path as typed or chosen. */
    public StringProperty configPathProperty() {
        return form.configPath;
    }
    /** Eval configs used recently, newest first (from settings). */
    public ObservableList<String> recentConfigs() {
        return form.recentConfigs;
    }
    /** The client the eval config names, e.g. "cowork (default): Cowork (Claude Desktop + VM…)"; blank before one is read. */
    public ReadOnlyStringProperty clientTextProperty() {
        return form.clientText.getReadOnlyProperty();
    }
    /** The eval's settings in a container per variant ({@code VariantSettings#describe}); blank when none apply. */
    public ReadOnlyStringProperty evalSettingsTextProperty() {
        return form.evalSettingsText.getReadOnlyProperty();
    }
    /** One checkbox per Docker context, in the Contexts view's order. */
    public ObservableList<ContextChoice> contextChoices() {
        return form.contextChoices;
    }
    /** The {@code shards} option as typed. */
    public StringProperty shardsProperty() {
        return form.shards;
    }
    /** The {@code keep} option. */
    public ObjectProperty<KeepPolicy> keepProperty() {
        return form.keep;
    }
    /** The {@code memory} option as typed (Docker syntax). */
    public StringProperty memoryProperty() {
        return form.memory;
    }
    /** The {@code cpus} option as typed. */
    public StringProperty cpusProperty() {
        return form.cpus;
    }
    /** The {@code image} option as typed. */
    public StringProperty imageProperty() {
        return form.image;
    }
    /** The {@code readyTimeout} option as typed (seconds). */
    public StringProperty readyTimeoutProperty() {
        return form.readyTimeout;
    }
    /** The run id (or 6-hex short id) to resume, as typed. */
    public StringProperty resumeProperty() {
        return form.resume;
    }
    /** The secrets file's path as typed or chosen. */
    public StringProperty secretsFileProperty() {
        return form.secretsFile;
    }
    /** The output folder's path as typed or chosen. */
    public StringProperty outputDirProperty() {
        return form.outputDir;
    }
    /**
     * The cases and variants the run is limited to ({@code --case}/{@code --variant}; docs/dev/mst-format.md, Run flags), {@link dev.mstpanel.core.mst.RunSelection#ALL} for everything. Set by a re-run
     * from the Results view; shown above the command.
     */
    public ObjectProperty<dev.mstpanel.core.mst.RunSelection> selectionProperty() {
        return form.selection;
    }
    /** Where {@code mst run} grades: here (MST's default), in containers ({@code --grade-runner docker}) or not ({@code --no-grade}). */
    public ObjectProperty<dev.mstpanel.core.mst.Grading> gradingProperty() {
        return form.grading;
    }
    /** The run id Start grades again ({@code mst grade <run>}), or blank for {@code mst run}. */
    public javafx.beans.property.StringProperty gradeRunProperty() {
        return form.gradeRun;
    }
    /** How many grade containers fit on each chosen context (one line each, 2 GiB each unless memory is set). */
    public ReadOnlyStringProperty gradeCapacityProperty() {
        return form.gradeCapacity.getReadOnlyProperty();
    }
    /** A field's problems (severity null and message null when it has none). */
    public ReadOnlyObjectProperty<FieldState> fieldStateProperty(Field field) {
        return form.fieldStates.get(field).getReadOnlyProperty();
    }
    /** The exact command line Start runs, shell-quoted, without secrets; blank before a config is chosen. */
    public ReadOnlyStringProperty previewProperty() {
        return form.preview.getReadOnlyProperty();
    }
    /** Why MST cannot be started (with the install command), or null. */
    public ReadOnlyStringProperty mstNoteProperty() {
        return form.mstNote.getReadOnlyProperty();
    }
    /**
     * How long and how much the form's run would take ({@code about 42 min (35–55), 3.1 container-hours,
     * $4.20; from 4 earlier runs}), or why that is unknown; blank while there is nothing to estimate.
     */
    public ReadOnlyStringProperty estimateTextProperty() {
        return form.estimateText.getReadOnlyProperty();
    }
    /** True while the form is being checked in the background. */
    public ReadOnlyBooleanProperty checkingProperty() {
        return form.checking.getReadOnlyProperty();
    }
    /** True when a field has an error (Start stays disabled until it is fixed). */
    public ReadOnlyBooleanProperty formErrorsProperty() {
        return form.formErrors.getReadOnlyProperty();
    }
    /** True when the form has no error, MST was found and no run is going. */
    public ReadOnlyBooleanProperty canStartProperty() {
        return form.canStart.getReadOnlyProperty();
    }

    // ---- Live properties ----

    /** True from Start until MST exits. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
    /** True once a run was started in this window (the live part is shown). */
    public ReadOnlyBooleanProperty hasRunProperty() {
        return hasRun.getReadOnlyProperty();
    }
    /** The latest snapshot shown, or null before the first run. */
    public ReadOnlyObjectProperty<RunSnapshot> snapshotProperty() {
        return live.snapshotProperty();
    }
    /** One row per shard, by index. */
    public ObservableList<ShardSnapshot> shardRows() {
        return live.shardRows();
    }
    /** e.g. "12 collected · 1 infra · 2 missing of 24". */
    public ReadOnlyStringProperty countsTextProperty() {
        return live.countsTextProperty();
    }
    /** e.g. "elapsed 4:12 · about 6 min left". */
    public ReadOnlyStringProperty timeTextProperty() {
        return live.timeTextProperty();
    }
    /** Trials finished out of expected, 0..1, or -1 when the total is unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return live.progressProperty();
    }
    /** Each shard's memory over time, by shard index; replaced at most once a second. */
    public ReadOnlyObjectProperty<Map<Integer, List<MemorySample>>> memoryHistoryProperty() {
        return live.memoryHistoryProperty();
    }
    /** MST's output lines, at most {@link #LOG_LIMIT}, filtered by {@link #logFilterProperty()}. */
    public ObservableList<String> filteredLog() {
        return live.filteredLog();
    }
    /** Every line kept on screen, unfiltered. */
    public ObservableList<String> log() {
        return live.log();
    }
    /** Lines MST printed in this run so far (the on-screen log keeps the last {@link #LOG_LIMIT}). */
    public ReadOnlyLongProperty linesReceivedProperty() {
        return live.linesReceivedProperty();
    }
    /** The log search text (case-insensitive; blank shows every line). */
    public StringProperty logFilterProperty() {
        return live.logFilterProperty();
    }
    /** The run's result line once it ended ("Results: 4/6 passed (66.7%) · 2 trials missing"), or null. */
    public ReadOnlyStringProperty resultTextProperty() {
        return finished.resultTextProperty();
    }
    /**
     * The Docker context whose MST image is stale: a shard there stopped because the worker runs
     * another MST version than the run (docs/dev/mst-format.md, Run flags); null otherwise. The view offers
     * "Rebuild the image on &lt;context&gt;" beside Resume.
     */
    public ReadOnlyStringProperty staleImageContextProperty() {
        return finished.staleImageContextProperty();
    }
    /** The context of a shard stopped because its image holds other plugins than the run, or null. */
    public ReadOnlyStringProperty pluginImageContextProperty() {
        return finished.pluginImageContextProperty();
    }
    /**
     * MST's end-of-run lines once the run ended (variant table, {@code Pairwise …}, {@code Previous run …};
     * docs/dev/mst-format.md, Run flags); {@link dev.mstpanel.core.mst.EndOfRunReport#EMPTY} before or when it printed none.
     */
    public ReadOnlyObjectProperty<dev.mstpanel.core.mst.EndOfRunReport> endOfRunProperty() {
        return finished.endOfRunProperty();
    }
    /** True when the run ended with missing trials and a run id to resume. */
    public ReadOnlyBooleanProperty canResumeProperty() {
        return finished.canResumeProperty();
    }
    /** True when the run ended with a results folder. */
    public ReadOnlyBooleanProperty canOpenResultsProperty() {
        return finished.canOpenResultsProperty();
    }
    /** The countdown while quitting stops the run ({@link #stopForQuit()}); blank otherwise. */
    public ReadOnlyStringProperty quitStatusProperty() {
        return quitStatus.getReadOnlyProperty();
    }
    /** Once a run ended: its containers still there (not kept ones), as {@code <name> on <context> (<state>)}. */
    public ReadOnlyObjectProperty<List<String>> leftContainersProperty() {
        return finished.leftContainersProperty();
    }
    /** "Cancel", then "Stop now" after the first Cancel. */
    public ReadOnlyStringProperty cancelLabelProperty() {
        return cancelLabel.getReadOnlyProperty();
    }

    // ---- Commands ----

    /** Chooses an eval config (file chooser or recent list). */
    public void chooseConfig(Path file) {
        form.configPath.set(file.toAbsolutePath().toString());
    }

    /** The request the form describes now (FX thread). */
    public RunRequest request() {
        return form.request();
    }

    /** Starts MST with the form's values. Does nothing unless {@link #canStartProperty()} is true. */
    public void start() {
        if (!form.canStart.get()) {
            return;
        }
        RunRequest req = request();
        launch = CommandPreview.launch(req, form.mst(), form.config());
        cancels = 0;
        cancelLabel.set("Cancel");
        handle = null;
        live.reset(launch.expectedTrials());
        finished.clear();
        running.set(true);
        hasRun.set(true);
        form.updateCanStart();
        live.begin(launch.display());
        String remembered = req.config().toAbsolutePath().toString();
        Settings.remember(settings.recentEvalConfigs, remembered);
        form.recentConfigs.setAll(settings.recentEvalConfigs);
        RunSession.Launch l = launch;
        RunSession.Listener listener = live.listener();
        BackgroundTask.wrap(() -> {
                    saveSettings.accept(settings);
                    return session.start(l, listener);
                })
                .onSuccess(this::started)
                .onFailure(e -> {
                    LOG.warn("MST could not start: {}", e.getMessage());
                    failedToStart(e.getMessage());
                })
                .executeWith(ui, background);
    }

    /**
     * Shows a run another session plays, a replay ("Replay"): the live part as for a
     * started run, but nothing to cancel, resume or start again, and no settings touched. Calling
     * it again (a seek) starts the live part over.
     *
     * @param l the run's command line, for the log's first line; its expected trials for the counts
     * @param playing the session that plays it (its {@code start} is called on the background executor)
     */
    public void watch(RunSession.Launch l, RunSession playing) {
        launch = l;
        handle = null;
        live.reset(l.expectedTrials());
        finished.clear();
        finished.offerResume(false);
        hasRun.set(true);
        live.begin(l.display());
        RunSession.Listener listener = live.listener();
        BackgroundTask.wrap(() -> playing.start(l, listener))
                .onSuccess(h -> handle = h)
                .onFailure(e -> failedToStart(e.getMessage()))
                .executeWith(ui, background);
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
            BackgroundTask.wrap(() -> h.cancel()).executeWith(ui, background);
        }
    }

    /**
     * Fills the form in to grade a run again in containers (Results → Grade…): {@code mst grade <run id>
     * --config <eval> --runner docker} with the form's contexts, shards, memory, cpus, image and secrets file
     * (docs/dev/mst-format.md, Commands). Nothing starts: the person checks the command (e.g. an {@code image} with the
     * judges' SDKs) and presses Start; the grade is supervised and shown as a run is.
     *
     * @param config the eval config's path (its judges grade), or null to keep the one in the form
     * @param runId the run to grade ({@code 20260105T101500Z-a1b2c3}, or a regrade's id)
     */
    public void prefillGrade(String config, String runId) {
        // no config of this run's project found: the field is emptied (the hint beside it says why), not left with
        // another
        // project's config the command would then name
        form.configPath.set(config == null ? "" : config);
        form.resume.set("");
        form.selection.set(dev.mstpanel.core.mst.RunSelection.ALL);
        form.gradeRun.set(runId);
    }

    /**
     * Fills the form in for a new run of some cases ("Re-run the regressed and flaky cases"): the
     * eval config when one is given, no {@code --resume}, and the selection. Nothing starts: the
     * person checks the command and presses Start.
     *
     * @param config the eval config's path, or null to keep the one in the form
     * @param selection the cases and variants to run
     */
    public void prefillSelection(String config, dev.mstpanel.core.mst.RunSelection selection) {
        // no config of this run's project found: the field is emptied (the hint beside it says why), not left with
        // another
        // project's config the command would then name
        form.configPath.set(config == null ? "" : config);
        form.gradeRun.set("");
        form.resume.set("");
        form.selection.set(selection);
    }

    /**
     * What the form says beside an empty eval config instead of "Choose an eval config." (a re-run or grade
     * whose config the panel could not find: {@code RerunConfig#notFoundHint}); null for the plain hint.
     */
    public void hintConfig(String hint) {
        hintConfig(hint, null);
    }

    /**
     * {@link #hintConfig(String)}, and the folder Browse… opens in while no config is chosen: the run's project
     * folder, which the hint names (the chooser opened at "Recent"), or null.
     */
    public void hintConfig(String hint, java.nio.file.Path browseFrom) {
        form.hintConfig(hint);
        this.browseFrom = browseFrom;
    }

    private java.nio.file.Path browseFrom;

    /** Where Browse… opens while no config is chosen, or null ({@link #hintConfig(String, java.nio.file.Path)}). */
    public java.nio.file.Path browseFrom() {
        return browseFrom;
    }

    /** Starts the same run again with {@code --resume <run id>} (the "Resume missing trials" action). */
    public void resumeMissing() {
        RunSnapshot s = live.snapshotProperty().get();
        if (s == null || s.runId() == null || running.get()) {
            return;
        }
        // the form is checked again in the background; start once that is done
        form.whenChecked(this::start);
        if (s.runId().equals(form.resume.get())) {
            form.revalidate();
        } else {
            form.resume.set(s.runId());
        }
    }

    /** The run's results folder once known, for "Open in Results". Remembers it as the most recent results folder. */
    public Path resultsFolderToOpen() {
        RunSnapshot s = live.snapshotProperty().get();
        if (s == null || s.runDir() == null) {
            return null;
        }
        Settings.remember(settings.recentResultsFolders, s.runDir().toString());
        BackgroundTask.wrap(() -> saveSettings.accept(settings)).executeWith(ui, background);
        return s.runDir();
    }

    /**
     * Stops the run because the panel quits, as the quit dialog says: SIGINT
     * (MST stops its shards and removes its containers), up to the grace period, with a countdown
     * in {@link #quitStatusProperty()}; then the process tree is ended (SIGTERM, SIGKILL). FX thread.
     *
     * @return completes on the FX thread once MST exited and the run's containers were looked at,
     *     with those still there (empty when none, or at once when no run is going)
     */
    public CompletableFuture<List<String>> stopForQuit() {
        if (!running.get()) {
            return CompletableFuture.completedFuture(List.of());
        }
        if (quitting != null) {
            return quitting;
        }
        quitting = new CompletableFuture<>();
        RunSession.Handle h = handle;
        if (h != null) {
            quitCountdown(h);
        } else {
            quitStatus.set("Stopping the run: waiting for MST to start…");
        }
        return quitting;
    }

    private void quitCountdown(RunSession.Handle h) {
        long deadline = System.nanoTime() + h.grace().toNanos();
        if (cancels == 0) {
            cancels++;
            cancelLabel.set("Stop now");
            BackgroundTask.wrap(() -> h.cancel()).executeWith(ui, background);
        }
        quitTicker = live.everySecond(() -> {
            long left = (deadline - System.nanoTime() + 999_999_999L) / 1_000_000_000L;
            quitStatus.set(
                    left > 0
                            ? "Stopping the run: MST has " + left
                                    + " s to stop its shards and remove its containers; then its processes are ended."
                            : "Ending MST's processes (SIGTERM, then SIGKILL after "
                                    + dev.mstpanel.core.mst.ProcessSupervisor.TERM_WAIT.toSeconds() + " s)…");
        });
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
        live.dispose();
    }

    // ---- internals (FX thread) ----

    private void failedToStart(String message) {
        running.set(false);
        endQuit(List.of());
        live.notStarted();
        finished.notStarted(message);
        form.updateCanStart();
    }

    private void ended(RunSnapshot s) {
        cancelLabel.set("Cancel");
        finished.ended(s);
        running.set(false);
        form.updateCanStart();
        endQuit(s.leftContainers());
    }

    private void started(RunSession.Handle h) {
        handle = h;
        if (quitting != null && quitTicker == null && running.get()) {
            quitCountdown(h);
        }
    }

    private void endQuit(List<String> left) {
        if (quitTicker != null) {
            quitTicker.cancel(false);
            quitTicker = null;
        }
        if (quitting != null) {
            quitStatus.set("");
            CompletableFuture<List<String>> q = quitting;
            quitting = null;
            q.complete(left);
        }
    }

    /** Formats a duration as {@code m:ss} or {@code h:mm:ss}. */
    static String clock(Duration d) {
        return LiveRun.clock(d);
    }
}
