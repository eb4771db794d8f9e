package dev.mstpanel.ui.images;

import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.doctor.MstFinder;
import dev.mstpanel.core.images.BuildPlan;
import dev.mstpanel.core.images.BuildProgress;
import dev.mstpanel.core.images.ContextImages;
import dev.mstpanel.core.images.ImageRecipe;
import dev.mstpanel.core.mst.OutputListener;
import dev.mstpanel.core.mst.ProcessStartException;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.containers.ContainerServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Images view's state: each context's MST images against the MST version found, the
 * project's recipes, and one build at a time (MST's {@code mst runner setup docker} or a recipe),
 * run through the run supervisor with its log streamed (pushed at most 10 times a second, last
 * {@value #MAX_LOG_LINES} lines kept), a progress figure and cancel.
 */
public final class ImagesViewModel {
    /** Build log lines kept on screen (the full log is in the build's log file). */
    public static final int MAX_LOG_LINES = 3000;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final ObservableList<ContextImages> contextImages = FXCollections.observableArrayList();
    private final ObservableList<DockerContext> contexts = FXCollections.observableArrayList();
    private final ObservableList<ImageRecipe> recipes = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper mstLine = new ReadOnlyStringWrapper("Looking for MST…");
    private final ReadOnlyStringWrapper mstVersion = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper mstFound = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper refreshing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final StringProperty evalConfig = new SimpleStringProperty("");
    private final StringProperty claudeDesktopVersion = new SimpleStringProperty("");
    private final StringProperty chatgptVersion = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper building = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper buildTitle = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper buildStatus =
            new ReadOnlyStringWrapper("No build yet: build MST's images or a recipe above; its output streams here.");
    private final ReadOnlyBooleanWrapper buildFailed = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper buildLog = new ReadOnlyStringWrapper("");

    private final ContainerServices services;
    private final UiExecutor ui;
    private final Executor background;
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final Deque<String> logLines = new ArrayDeque<>();
    private final ScheduledExecutorService flusher;
    private volatile boolean logDirty;
    private volatile double pendingProgress = -1;
    private volatile ProcessSupervisor.SupervisedProcess current;
    private volatile MstFinder.Result mst;

    public ImagesViewModel(ContainerServices services, UiExecutor ui, Executor background) {
        this.services = services;
        this.ui = ui;
        this.background = background;
        flusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "build-log-flush");
            t.setDaemon(true);
            return t;
        });
        flusher.scheduleWithFixedDelay(this::flush, 100, 100, TimeUnit.MILLISECONDS);
    }

    // ---- Properties ----
    public ObservableList<ContextImages> contextImages() {
        return contextImages;
    }
    /** The contexts builds can target. */
    public ObservableList<DockerContext> contexts() {
        return contexts;
    }

    public ObservableList<ImageRecipe> recipes() {
        return recipes;
    }
    /** E.g. "MST 2.0.0 (…/node_modules/.bin/mst): images are compared with it". */
    public ReadOnlyStringProperty mstLineProperty() {
        return mstLine.getReadOnlyProperty();
    }
    /** The MST version found, or null. */
    public ReadOnlyStringProperty mstVersionProperty() {
        return mstVersion.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty mstFoundProperty() {
        return mstFound.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }
    /** The eval config for {@code --config} (its plugins and client pick what the image holds), blank for none. */
    public StringProperty evalConfigProperty() {
        return evalConfig;
    }
    /** {@code claudeDesktopVersion} to pin, blank for the newest. */
    public StringProperty claudeDesktopVersionProperty() {
        return claudeDesktopVersion;
    }
    /** {@code chatgptVersion} to pin, blank for the newest. */
    public StringProperty chatgptVersionProperty() {
        return chatgptVersion;
    }

    public ReadOnlyBooleanProperty buildingProperty() {
        return building.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty buildTitleProperty() {
        return buildTitle.getReadOnlyProperty();
    }
    /** The build's state in a sentence, e.g. "Built in 3 min" or "Failed (exit 1): see the log". */
    public ReadOnlyStringProperty buildStatusProperty() {
        return buildStatus.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty buildFailedProperty() {
        return buildFailed.getReadOnlyProperty();
    }
    /** 0 to 1, or -1 while the output gives no figure. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty buildLogProperty() {
        return buildLog.getReadOnlyProperty();
    }

    // ---- Commands ----

    /** Finds MST, lists every context's images and the recipes. */
    public void refresh() {
        if (!inFlight.compareAndSet(false, true)) {
            return;
        }
        BackgroundTask.wrap(() -> {
                    List<DockerContext> cs = services.contexts();
                    MstFinder.Result found = services.mstFinder().find();
                    mst = found;
                    List<ContextImages> listed = services.images().list(cs, found.version(), services.probeTimeout());
                    return new Listed(cs, found, listed, services.recipes().recipes());
                })
                .onRunning(() -> refreshing.set(true))
                .onSuccess(this::listed)
                .onFailure(e -> summary.set("The images could not be listed: " + e.getMessage()))
                .onFinished(() -> {
                    refreshing.set(false);
                    inFlight.set(false);
                })
                .executeWith(ui, background);
    }

    private record Listed(
            List<DockerContext> cs, MstFinder.Result found, List<ContextImages> listed, List<ImageRecipe> rs) {}

    private void listed(Listed all) {
        List<DockerContext> cs = all.cs();
        MstFinder.Result found = all.found();
        List<ContextImages> listed = all.listed();
        List<ImageRecipe> rs = all.rs();
        contexts.setAll(cs.stream()
                .filter(c -> listed.stream().anyMatch(l -> l.context().equals(c.name()) && l.failure() == null))
                .toList());
        mstFound.set(found.installation() != null);
        mstVersion.set(found.version());
        contextImages.setAll(listed);
        recipes.setAll(rs);
        mstLine.set(
                found.installation() == null
                        ? found.problem()
                        : found.version() == null
                                ? found.installation().describe()
                                        + ": it printed no version, so tags cannot be compared."
                                : "MST " + found.version() + " ("
                                        + String.join(" ", found.installation().command())
                                        + "): images are compared with this version.");
        long n = listed.stream().mapToLong(l -> l.images().size()).sum();
        summary.set(n + (n == 1 ? " image" : " images") + " on "
                + listed.stream().filter(l -> l.failure() == null).count() + " of " + listed.size() + " contexts · "
                + LocalTime.now().format(CLOCK));
    }

    /**
     * Builds MST's images on contexts ({@code mst runner setup docker}) with the options set here.
     *
     * @param contextNames where to build
     */
    public void buildMstImages(List<String> contextNames) {
        String cfg = evalConfig.get() == null ? "" : evalConfig.get().strip();
        Path config = cfg.isEmpty() ? null : Path.of(cfg);
        String claude = claudeDesktopVersion.get();
        String chatgpt = chatgptVersion.get();
        MstFinder.Result found = mst;
        building.set(true);
        BackgroundTask.wrap(() -> {
                    // looked at here, off the FX thread: a config on a slow or gone mount does not freeze the window
                    if (config != null && !Files.isRegularFile(config)) {
                        throw new IllegalArgumentException("The eval config " + cfg + " does not exist.");
                    }
                    // the eval config's node_modules/.bin/mst (or one above it) is the MST that builds for it
                    MstFinder.Result m =
                            config == null ? found : services.mstFinder().find(config);
                    if (m == null || m.installation() == null) {
                        throw new IllegalArgumentException(
                                m == null ? "MST has not been looked for yet." : m.problem());
                    }
                    return services.builds().mstSetupPlan(m.installation(), contextNames, config, claude, chatgpt);
                })
                .onSuccess(plan -> start(
                        plan,
                        () -> BackgroundTask.wrap(() -> services.pluginSetups().record(contextNames, config))
                                .executeWith(ui, background)))
                .onFailure(e -> {
                    building.set(false);
                    failBuild("Build MST's images", e.getMessage());
                })
                .executeWith(ui, background);
    }

    /**
     * Builds a recipe on a context.
     *
     * @param recipe the recipe
     * @param context the context
     * @param baseTag the MST image's tag
     * @param tag the image to produce (blank: the recipe's default)
     */
    public void buildRecipe(ImageRecipe recipe, DockerContext context, String baseTag, String tag) {
        if (recipe == null || context == null) {
            failBuild("Build a recipe", "Choose a recipe and a context.");
            return;
        }
        String base = baseTag == null ? "" : baseTag.strip();
        String out = tag == null || tag.isBlank() ? recipe.defaultTag(base) : tag.strip();
        building.set(true);
        BackgroundTask.wrap(() -> services.builds().recipePlan(context, recipe, base, out, null))
                .onSuccess(this::start)
                .onFailure(e -> {
                    building.set(false);
                    failBuild("Build " + recipe.name(), e.getMessage());
                })
                .executeWith(ui, background);
    }

    /** Cancels the build: the first call interrupts it, a second ends its process tree. */
    public void cancelBuild() {
        ProcessSupervisor.SupervisedProcess p = current;
        if (p != null) {
            BackgroundTask.wrap(() -> p.cancel()).executeWith(ui, background);
            buildStatus.set("Cancelling…");
        }
    }

    private void start(BuildPlan plan) {
        start(plan, () -> {});
    }

    /** Starts a build; {@code whenBuilt} runs on the FX thread once it succeeded. */
    private void start(BuildPlan plan, Runnable whenBuilt) {
        synchronized (logLines) {
            logLines.clear();
        }
        buildTitle.set(plan.title());
        buildFailed.set(false);
        progress.set(-1);
        pendingProgress = -1;
        building.set(true);
        buildStatus.set("Running: " + plan.shownCommand());
        if (plan.note() != null) {
            append("[mst-panel] " + plan.note());
        }
        append("[mst-panel] " + plan.shownCommand());
        long started = System.nanoTime();
        try {
            current = services.builds().start(plan, new OutputListener() {
                @Override
                public void onLine(Stream stream, String line) {
                    append(line);
                    int[] step = BuildProgress.step(line);
                    if (step != null) {
                        pendingProgress = (double) step[0] / step[1];
                    } else {
                        OptionalDouble d = BuildProgress.download(line);
                        if (d.isPresent()) {
                            pendingProgress = d.getAsDouble();
                        }
                    }
                }

                @Override
                public void onNotice(String message) {
                    append("[mst-panel] " + message);
                }

                @Override
                public void onExit(int code) {
                    long secs = (System.nanoTime() - started) / 1_000_000_000L;
                    String took = secs < 120 ? secs + " s" : secs / 60 + " min";
                    ui.execute(() -> {
                        building.set(false);
                        current = null;
                        buildFailed.set(code != 0);
                        buildStatus.set(
                                code == 0
                                        ? "Built in " + took + ". Log: " + plan.logFile()
                                        : "Failed (exit " + code + ") after " + took
                                                + ": see the log above; full log in " + plan.logFile());
                        if (code == 0) {
                            progress.set(1);
                            whenBuilt.run();
                            refresh();
                        }
                    });
                }
            });
        } catch (ProcessStartException e) {
            building.set(false);
            failBuild(plan.title(), e.getMessage());
        }
    }

    private void failBuild(String title, String why) {
        buildTitle.set(title);
        buildFailed.set(true);
        buildStatus.set(why);
    }

    private void append(String line) {
        synchronized (logLines) {
            logLines.addLast(line);
            while (logLines.size() > MAX_LOG_LINES) {
                logLines.removeFirst();
            }
        }
        logDirty = true;
    }

    private void flush() {
        double p = pendingProgress;
        if (!logDirty && (p < 0 || p == progress.get())) {
            return;
        }
        logDirty = false;
        String text;
        synchronized (logLines) {
            text = String.join("\n", logLines);
        }
        ui.execute(() -> {
            buildLog.set(text);
            if (p >= 0 && building.get()) {
                progress.set(p);
            }
        });
    }

    /** Stops the log flusher (a running build goes on under the supervisor). */
    public void dispose() {
        flusher.shutdownNow();
    }
}
