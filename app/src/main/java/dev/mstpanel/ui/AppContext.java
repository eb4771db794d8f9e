package dev.mstpanel.ui;

import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SettingsStore;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.shell.ToolVersions;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.Notifier;
import dev.mstpanel.ui.common.ThemeSwitcher;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.containers.ContainerServices;
import dev.mstpanel.ui.contexts.ContextsViewModel;
import dev.mstpanel.ui.results.ResultsViewModel;
import dev.mstpanel.ui.results.TrialInspectorViewModel;
import dev.mstpanel.ui.runs.RunViewModel;
import dev.mstpanel.ui.runs.SupervisedRunSession;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The composition root: every service the window uses, built once in {@link App#start} and
 * handed to views by constructor. The core services are the {@link PanelServices} the command
 * line shares; this adds the view models. No static singletons.
 */
public final class AppContext implements AutoCloseable {
    private final PanelServices services;
    private final HostEnvironment environment;
    private final AppPaths paths;
    private final SettingsStore settingsStore;
    private final Settings settings;
    private final CommandRunner commandRunner;
    private final DockerCli dockerCli;
    private final ContextStore contextStore;
    private final EngineProber prober;
    private final ExecutorService background;
    private final UiExecutor ui;
    private final DialogService dialogs;
    private final ContextsViewModel contexts;
    private final dev.mstpanel.ui.contexts.FleetViewModel fleet;
    private final RunViewModel runs;
    private final ResultsReader resultsReader;
    private final ResultsViewModel results;
    private final TrialInspectorViewModel trialInspector;
    private final dev.mstpanel.ui.results.TriageViewModel triage;
    private final dev.mstpanel.ui.results.compare.CompareViewModel compare;
    private final dev.mstpanel.ui.results.compare.TrendViewModel trend;
    private final ContainerServices containerServices;
    private final ToolVersions toolVersions;
    private final ThemeSwitcher theme;
    private final Notifier notifier;
    private final BooleanProperty runInProgress = new SimpleBooleanProperty(this, "runInProgress", false);

    /**
     * @param environment the environment processes get
     * @param paths the panel's folders
     * @param ui the FX-thread executor ({@link UiExecutor#fx()} in the app)
     */
    public AppContext(HostEnvironment environment, AppPaths paths, UiExecutor ui) {
        this.environment = environment;
        this.paths = paths;
        this.ui = ui;
        this.services = PanelServices.forWindow(environment, paths);
        this.settingsStore = services.settingsStore();
        this.settings = services.settings();
        this.commandRunner = services.commandRunner();
        this.dockerCli = services.dockerCli();
        this.contextStore = services.contextStore();
        this.prober = services.prober();
        AtomicInteger n = new AtomicInteger();
        this.background = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "panel-background-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.dialogs = new DialogService();
        this.contexts = new ContextsViewModel(
                contextStore,
                prober,
                () -> Duration.ofMillis((long) (Math.max(0.2, settings.probeTimeoutSeconds) * 1000)),
                ui,
                background);
        this.fleet = new dev.mstpanel.ui.contexts.FleetViewModel(
                services.colima(), services.remoteHosts(), commandRunner, contexts::refresh, ui, background);
        this.runs = new RunViewModel(
                new SupervisedRunSession(services.mstLocator(), settings, environment, services.runSupervisor())
                        .withPluginSetups(services.pluginSetups())
                        .withEstimates(services.runEstimates(), services.estimateLog()),
                contexts.rows(),
                settings,
                this::saveSettingsQuietly,
                ui,
                background);
        runs.runningProperty().addListener((o, was, running) -> runInProgress.set(running));
        this.resultsReader = services.resultsReader();
        this.results = new ResultsViewModel(resultsReader, ui, background);
        results.rememberOpen(savedPath(settings.openResults), savedPath(settings.openResultsRun));
        this.trialInspector = new TrialInspectorViewModel(ui, background);
        this.triage = new dev.mstpanel.ui.results.TriageViewModel(services.triage(), results, ui, background);
        this.compare = new dev.mstpanel.ui.results.compare.CompareViewModel(resultsReader, ui, background, dir -> {
            ResultsViewModel.RunState r = results.run(dir);
            return r == null || r.loading() ? null : r.trials();
        });
        compare.showTrialLabels(triage::labelName, triage.revisionProperty());
        this.trend = new dev.mstpanel.ui.results.compare.TrendViewModel(resultsReader, ui, background, dir -> {
            ResultsViewModel.RunState r = results.run(dir);
            return r == null || r.loading() ? null : r.trials();
        });
        this.containerServices = new ContainerServices(services);
        this.toolVersions = new ToolVersions(commandRunner);
        this.theme = new ThemeSwitcher(commandRunner, background, ui);
        this.notifier = new Notifier(
                ui,
                new dev.mstpanel.core.shell.SystemNotifications(commandRunner),
                background,
                environment.os() == HostEnvironment.OsFamily.MAC
                        ? new dev.mstpanel.ui.common.TaskbarDock()
                        : dev.mstpanel.core.shell.DockAttention.NONE);
        dev.mstpanel.ui.runs.RunNotifications.attach(runs, notifier, null);
    }

    /** The core services, shared with the command line's composition. */
    public PanelServices services() {
        return services;
    }

    public HostEnvironment environment() {
        return environment;
    }

    public AppPaths paths() {
        return paths;
    }

    public SettingsStore settingsStore() {
        return settingsStore;
    }

    public Settings settings() {
        return settings;
    }

    public CommandRunner commandRunner() {
        return commandRunner;
    }

    public DockerCli dockerCli() {
        return dockerCli;
    }

    public ContextStore contextStore() {
        return contextStore;
    }

    public EngineProber prober() {
        return prober;
    }
    /** Runs disk, Docker and process work off the FX thread. */
    public ExecutorService background() {
        return background;
    }

    public UiExecutor ui() {
        return ui;
    }

    public DialogService dialogs() {
        return dialogs;
    }

    private dev.mstpanel.ui.results.ResultsExport resultsExport;

    /** Exports the trial, run or comparison the Results view shows (File → Export…, its Export… button). */
    public synchronized dev.mstpanel.ui.results.ResultsExport resultsExport() {
        if (resultsExport == null) {
            resultsExport = new dev.mstpanel.ui.results.ResultsExport(services, dialogs, ui, background);
            resultsExport.setFormSecretsFile(() -> runs.secretsFileProperty().get());
        }
        return resultsExport;
    }
    /** The contexts and their split, shared by every view that needs them. */
    public ContextsViewModel contexts() {
        return contexts;
    }

    /** Colima VMs and remote hosts (the Contexts view's fleet strip). */
    public dev.mstpanel.ui.contexts.FleetViewModel fleet() {
        return fleet;
    }
    /** The Run form and the live run (one run at a time per window). */
    public RunViewModel runs() {
        return runs;
    }

    private void saveSettingsQuietly(Settings s) {
        try {
            settingsStore.save(s);
        } catch (java.io.IOException e) {
            org.slf4j.LoggerFactory.getLogger(AppContext.class)
                    .warn("could not save settings to {}: {}", settingsStore.file(), e.getMessage());
        }
    }
    /** Reads mst.run/v1 results folders (core; also for other views that follow a run's trials). */
    public ResultsReader resultsReader() {
        return resultsReader;
    }
    /** The Results view's state; {@link ResultsViewModel#openRun} opens a run folder in it. */
    public ResultsViewModel results() {
        return results;
    }

    /** A path from the settings file, or null when there is none or it is not a path on this system. */
    private static java.nio.file.Path savedPath(String s) {
        try {
            return s == null || s.isBlank() ? null : java.nio.file.Path.of(s);
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }
    /** The Compare screen's state. */
    public dev.mstpanel.ui.results.compare.CompareViewModel compare() {
        return compare;
    }
    /** The trend screen's state. */
    public dev.mstpanel.ui.results.compare.TrendViewModel trend() {
        return trend;
    }
    /** The trial inspector's state. */
    /** Labels of the open runs' failures (the Results view's triage). */
    public dev.mstpanel.ui.results.TriageViewModel triage() {
        return triage;
    }

    public TrialInspectorViewModel trialInspector() {
        return trialInspector;
    }
    /** Containers, shells, session files, doctor and images. */
    public ContainerServices containerServices() {
        return containerServices;
    }

    /** Asks MST and Docker for their versions (About dialog). */
    public ToolVersions toolVersions() {
        return toolVersions;
    }
    /** Applies the theme choice live. */
    public ThemeSwitcher theme() {
        return theme;
    }
    /** Desktop notifications: run finished, shard out of memory, image build ended. */
    public Notifier notifier() {
        return notifier;
    }
    /**
     * True while an MST run is in progress; Quit asks before closing then. The Runs view binds
     * it to its model (FX thread), e.g. {@code app.runInProgress().bind(model.runningProperty())}.
     */
    public BooleanProperty runInProgress() {
        return runInProgress;
    }

    @Override
    public void close() {
        runs.dispose();
        contexts.dispose();
        results.dispose();
        containerServices.close();
        theme.close();
        background.shutdownNow(); // the view models' work ends before the services it uses
        services.close(); // the results reader, the prober, the ssh bridges
    }
}
