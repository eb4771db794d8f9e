package dev.mstpanel.ui.runs;

import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.mst.ClientKind;
import dev.mstpanel.core.mst.EvalConfig;
import dev.mstpanel.core.mst.EvalConfigException;
import dev.mstpanel.core.mst.KeepPolicy;
import dev.mstpanel.core.mst.RunChecks;
import dev.mstpanel.core.mst.RunChecks.ContextFacts;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Problem;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.core.mst.RunRequest;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.contexts.ContextRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Run form: each field's value and its problems ({@link RunChecks}), the client read from the
 * eval config, the contexts to choose from with their split ({@link ContextSplits}), MST as found
 * for the eval config, and the command preview ({@link CommandPreview}). Every change is checked
 * again on the background executor (reading the eval config, finding MST); the result reaches the
 * properties on the FX thread, the latest check winning.
 */
final class RunForm {
    private static final Logger LOG = LoggerFactory.getLogger(RunForm.class);

    final StringProperty configPath = new SimpleStringProperty("");
    final ObservableList<String> recentConfigs = FXCollections.observableArrayList();
    final ReadOnlyStringWrapper clientText = new ReadOnlyStringWrapper("");
    /** Each variant's settings in a container (one line when they agree, else one per variant); blank when none apply. */
    final ReadOnlyStringWrapper evalSettingsText = new ReadOnlyStringWrapper("");

    final ObservableList<ContextChoice> contextChoices = FXCollections.observableArrayList();
    final StringProperty shards = new SimpleStringProperty("");
    final ObjectProperty<KeepPolicy> keep = new SimpleObjectProperty<>(KeepPolicy.NEVER);
    final StringProperty memory = new SimpleStringProperty("");
    final StringProperty cpus = new SimpleStringProperty("");
    final StringProperty image = new SimpleStringProperty("");
    final StringProperty readyTimeout = new SimpleStringProperty("");
    final StringProperty resume = new SimpleStringProperty("");
    final StringProperty secretsFile = new SimpleStringProperty("");
    final StringProperty outputDir = new SimpleStringProperty("");
    /** The cases and variants to run ({@code --case}/{@code --variant}), set by a re-run from Results. */
    final ObjectProperty<dev.mstpanel.core.mst.RunSelection> selection =
            new SimpleObjectProperty<>(dev.mstpanel.core.mst.RunSelection.ALL);
    /** Where {@code mst run} grades ({@code --grade-runner docker}, {@code --no-grade}). */
    final ObjectProperty<dev.mstpanel.core.mst.Grading> grading =
            new SimpleObjectProperty<>(dev.mstpanel.core.mst.Grading.HERE);
    /** A run id to grade again ({@code mst grade <run>}), set by Results → Grade…; blank for {@code mst run}. */
    final StringProperty gradeRun = new SimpleStringProperty("");
    /** How many grade containers fit on each chosen context, one line each; blank when none is chosen. */
    final ReadOnlyStringWrapper gradeCapacity = new ReadOnlyStringWrapper("");

    final Map<Field, ReadOnlyObjectWrapper<RunViewModel.FieldState>> fieldStates = new EnumMap<>(Field.class);
    final ReadOnlyStringWrapper preview = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper mstNote = new ReadOnlyStringWrapper();
    final ReadOnlyBooleanWrapper checking = new ReadOnlyBooleanWrapper();
    final ReadOnlyBooleanWrapper canStart = new ReadOnlyBooleanWrapper();
    final ReadOnlyBooleanWrapper formErrors = new ReadOnlyBooleanWrapper(true);
    /** The run's estimate for people, beside Start; blank while there is none to show (no config, a regrade). */
    final ReadOnlyStringWrapper estimateText = new ReadOnlyStringWrapper("");

    private final RunSession session;
    private final UiExecutor ui;
    private final Executor background;
    private final ObservableList<ContextRow> contextRows;
    private final BooleanSupplier running;
    private final RunChecks checks = new RunChecks();
    private final ContextSplits splits = new ContextSplits();

    /** The form's checks: a newer edit's check wins over an older, slower one. */
    private final BackgroundTask.Lane revalidations = new BackgroundTask.Lane();
    /** The estimate: only the one of the form as it stands is shown. */
    private final BackgroundTask.Lane estimates = new BackgroundTask.Lane();
    /**
     * How long the form must stay unchanged before it is estimated: typing a number of shards is one
     * estimate, not one per key (each reads the eval's earlier runs).
     */
    static final java.time.Duration ESTIMATE_DELAY = java.time.Duration.ofMillis(400);

    // FX-thread state
    private EvalConfig config;
    private RunSession.Mst mst = RunSession.Mst.ASSUMED;
    private List<Problem> problems = List.of();
    private Runnable whenChecked;

    // background caches
    private final Map<Path, CachedConfig> configCache = new ConcurrentHashMap<>();
    private final Map<Path, RunSession.Mst> mstCache = new ConcurrentHashMap<>();

    /** A config as read, with the stamps of the bases it extends: a change to a base reads it again too. */
    private record CachedConfig(
            FileTime modified, long size, EvalConfig config, EvalConfigException error, Map<Path, String> bases) {
        CachedConfig(FileTime modified, long size, EvalConfig config, EvalConfigException error) {
            this(modified, size, config, error, config == null ? Map.of() : stamps(config.extended()));
        }

        boolean basesUnchanged() {
            // a base that could not be read is looked for again: it may have been created since
            return (config == null || config.extendsProblem() == null)
                    && bases.equals(stamps(List.copyOf(bases.keySet())));
        }
    }

    private static Map<Path, String> stamps(List<Path> files) {
        Map<Path, String> out = new LinkedHashMap<>();
        for (Path f : files) {
            try {
                out.put(f, Files.getLastModifiedTime(f) + "/" + Files.size(f));
            } catch (IOException e) {
                out.put(f, "unreadable");
            }
        }
        return out;
    }

    /**
     * @param running true while a run is going (Start is then disabled)
     */
    RunForm(
            RunSession session,
            ObservableList<ContextRow> contextRows,
            List<String> recent,
            UiExecutor ui,
            Executor background,
            BooleanSupplier running) {
        this.session = session;
        this.contextRows = contextRows;
        this.ui = ui;
        this.background = background;
        this.running = running;
        for (Field f : Field.values()) {
            fieldStates.put(f, new ReadOnlyObjectWrapper<>(RunViewModel.FieldState.OK));
        }
        recentConfigs.setAll(recent);
        ChangeListener<Object> changed = (o, a, b) -> revalidate();
        for (StringProperty p :
                List.of(configPath, shards, memory, cpus, image, readyTimeout, resume, secretsFile, outputDir)) {
            p.addListener(changed);
        }
        keep.addListener(changed);
        selection.addListener(changed);
        grading.addListener(changed);
        gradeRun.addListener(changed);
        gradeRun.addListener((o, a, b) -> updateSplitLines()); // the context lines say the grade capacity while grading
        memory.addListener((o, a, b) -> updateSplitLines());
        cpus.addListener((o, a, b) -> updateSplitLines());
        contextRows.addListener((ListChangeListener<ContextRow>) c -> mergeContexts());
        mergeContexts();
        revalidate();
    }

    /** Said beside an empty eval config in place of the plain hint (a re-run whose config was not found), or null. */
    private String configHint;

    /** @see RunViewModel#hintConfig(String) */
    void hintConfig(String hint) {
        configHint = hint;
        revalidate();
    }

    /** The eval config as last read, or null. */
    EvalConfig config() {
        return config;
    }

    /** MST as last found for the eval config. */
    RunSession.Mst mst() {
        return mst;
    }

    /** The request the form describes now (FX thread). */
    RunRequest request() {
        List<String> chosen = contextChoices.stream()
                .filter(c -> c.selectedProperty().get())
                .map(ContextChoice::name)
                .toList();
        return new RunRequest(
                pathOrNull(configPath.get()),
                chosen,
                shards.get(),
                keep.get(),
                memory.get(),
                cpus.get(),
                image.get(),
                readyTimeout.get(),
                resume.get(),
                pathOrNull(secretsFile.get()),
                pathOrNull(outputDir.get()),
                selection.get(),
                grading.get(),
                gradeRun.get());
    }

    /** Runs the action (FX thread) once the check after the next change is done. */
    void whenChecked(Runnable action) {
        whenChecked = action;
    }

    void updateCanStart() {
        formErrors.set(config == null || !RunChecks.canStart(problems));
        canStart.set(!checking.get()
                && !running.getAsBoolean()
                && config != null
                && RunChecks.canStart(problems)
                && mst.problem() == null);
    }

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

    private record Checked(EvalConfig cfg, List<Problem> problems, RunSession.Mst found, String shown) {}

    void revalidate() {
        RunRequest req = request();
        Map<String, ContextFacts> facts = contextFacts();
        checking.set(true);
        updateCanStart();
        if (background instanceof java.util.concurrent.ExecutorService es && es.isShutdown()) {
            return; // the window is closing: a late change (e.g. a contexts probe) is not checked
        }
        BackgroundTask.wrap(() -> {
                    CachedConfig cc = req.config() == null ? null : readConfig(req.config());
                    EvalConfig cfg = cc == null ? null : cc.config();
                    List<Problem> ps = checks.check(
                            req,
                            cfg,
                            cc == null ? null : cc.error(),
                            facts,
                            session.environment(),
                            session.pluginSetups());
                    RunSession.Mst found = req.config() == null ? RunSession.Mst.ASSUMED : mstFor(req.config());
                    return new Checked(cfg, ps, found, CommandPreview.shown(req, found));
                })
                .onSuccess(c -> applyChecks(c.cfg(), c.problems(), c.found(), c.shown()))
                .onFailure(t -> {
                    // said beside the config, Start left off: not "Checking…" for good (the jar rebuilt under the
                    // window, say)
                    LOG.warn("checking the run form failed", t);
                    config = null; // nothing checked: Start stays off
                    checking.set(false);
                    fieldStates
                            .get(Field.CONFIG)
                            .set(new RunViewModel.FieldState(
                                    Severity.ERROR,
                                    "Could not check the form: " + dev.mstpanel.ui.common.FailureText.reason(t)));
                    updateCanStart();
                })
                .latestIn(revalidations)
                .executeWith(ui, background);
    }

    /**
     * The MST for a config's folder: one that was found is kept; one that was not is looked for
     * again at each check (a change of the form, a refresh), so installing it is noticed.
     */
    private RunSession.Mst mstFor(Path config) {
        Path dir = dirOf(config);
        RunSession.Mst known = mstCache.get(dir);
        if (known != null) {
            return known;
        }
        RunSession.Mst found = safeLocate(config);
        if (found.problem() == null) {
            mstCache.put(dir, found);
        }
        return found;
    }

    private RunSession.Mst safeLocate(Path config) {
        try {
            return session.locate(config);
        } catch (RuntimeException e) {
            LOG.warn("finding MST failed: {}", e.getMessage());
            return new RunSession.Mst(
                    List.of("mst"),
                    RunSession.Mst.ASSUMED.vocabulary(),
                    null,
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
        if (cached != null
                && modified != null
                && modified.equals(cached.modified())
                && size == cached.size()
                && cached.basesUnchanged()) {
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
            evalSettingsText.set("");
        } else {
            clientText.set(cfg.client() + (cfg.clientGiven() ? "" : " (default)") + ": "
                    + cfg.clientKind().label());
            evalSettingsText.set(String.join(
                    "\n", dev.mstpanel.core.mst.VariantSettings.describe(cfg.clientKind(), cfg.variantSettings())));
        }
        Map<Field, List<Problem>> byField = new EnumMap<>(Field.class);
        for (Problem p : ps) {
            byField.computeIfAbsent(p.field(), f -> new ArrayList<>()).add(p);
        }
        for (Field f : Field.values()) {
            List<Problem> list = byField.getOrDefault(f, List.of());
            if (list.isEmpty()) {
                fieldStates.get(f).set(RunViewModel.FieldState.OK);
            } else if (f == Field.CONFIG && configPath.get().isBlank()) {
                // nothing typed yet: a hint, not a red error (Start stays disabled all the same)
                fieldStates
                        .get(f)
                        .set(new RunViewModel.FieldState(
                                Severity.NOTE,
                                configHint != null ? configHint : list.get(0).message()));
            } else {
                Severity worst = list.stream()
                        .map(Problem::severity)
                        .min(Enum::compareTo)
                        .orElseThrow();
                String text =
                        String.join("\n", list.stream().map(Problem::message).toList());
                fieldStates.get(f).set(new RunViewModel.FieldState(worst, text));
            }
        }
        checking.set(false);
        if (clientChanged) {
            updateSplitLines();
        }
        updateCanStart();
        estimate();
        if (whenChecked != null) {
            Runnable action = whenChecked;
            whenChecked = null;
            action.run();
        }
    }

    /**
     * Estimates the form as it stands, off the FX thread, after {@link #ESTIMATE_DELAY} without a newer
     * change (a newer one makes this one stale: latest wins).
     */
    private void estimate() {
        RunRequest req = request();
        if (config == null || req.config() == null || req.isGrade()) {
            estimates.cancelAll();
            estimateText.set("");
            return;
        }
        List<String> runArgs = CommandPreview.launch(req, mst, config).runArgs();
        Map<String, EngineInfo> engines = new HashMap<>();
        for (ContextRow row : contextRows) {
            if (row.probe() != null && row.probe().engine() != null) {
                engines.put(row.name(), row.probe().engine());
            }
        }
        BackgroundTask.wrapWithProgress(p -> {
                    Thread.sleep(ESTIMATE_DELAY.toMillis());
                    if (p.isCancelled()) {
                        return null;
                    }
                    dev.mstpanel.core.runs.estimate.RunEstimate e = session.estimate(runArgs, engines);
                    if (e == null) {
                        return "";
                    }
                    String text = dev.mstpanel.core.runs.estimate.EstimateText.summary(e);
                    return session.estimatesCloseness()
                            .map(c -> text + " · " + c)
                            .orElse(text);
                })
                .onSuccess(t -> {
                    if (t != null) {
                        estimateText.set(t);
                    }
                })
                .onFailure(t -> {
                    LOG.warn("estimating the run failed", t);
                    estimateText.set("");
                })
                .latestIn(estimates)
                .executeWith(ui, background);
    }

    private Map<String, ContextFacts> contextFacts() {
        Map<String, ContextFacts> facts = new LinkedHashMap<>();
        for (ContextRow row : contextRows) {
            EngineInfo e = row.probe() == null ? null : row.probe().engine();
            facts.put(
                    row.name(),
                    new ContextFacts(row.name(), e == null ? 0 : e.memoryBytes(), e == null ? 0 : e.cpus()));
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
                c.selectedProperty().addListener((o, a, b) -> {
                    revalidate();
                    updateGradeCapacity();
                });
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
        splits.update(
                contextRows,
                contextChoices,
                memory.get(),
                cpus.get(),
                config == null ? ClientKind.COWORK : config.clientKind(),
                !gradeRun.get().isBlank());
        updateGradeCapacity();
    }

    private void updateGradeCapacity() {
        List<String> chosen = contextChoices.stream()
                .filter(c -> c.selectedProperty().get())
                .map(ContextChoice::name)
                .toList();
        gradeCapacity.set(ContextSplits.gradeLines(contextRows, chosen, memory.get(), cpus.get()));
    }
}
