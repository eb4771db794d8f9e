package dev.mstpanel.core.app;

import dev.mstpanel.core.colima.Colima;
import dev.mstpanel.core.docker.ContainerLogs;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.MstContainers;
import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.core.docker.RemoteHosts;
import dev.mstpanel.core.docker.SessionFiles;
import dev.mstpanel.core.docker.SshBridges;
import dev.mstpanel.core.docker.TerminalLauncher;
import dev.mstpanel.core.doctor.Doctor;
import dev.mstpanel.core.doctor.MstFinder;
import dev.mstpanel.core.images.ImageBuilds;
import dev.mstpanel.core.images.MstImages;
import dev.mstpanel.core.images.PluginSetups;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.runs.RunSupervisor;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SettingsStore;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.triage.TriageService;
import dev.mstpanel.core.triage.TriageStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The one composition of the panel's core services, shared by the window's composition root and
 * the command line's root command: each service is built once, on its first use (a command that
 * reads results starts no Docker machinery), and closed with the composition, in the reverse of
 * the order they were made. Nothing here is static: the ssh bridges belong to the composition's
 * {@link DockerClientFactory}.
 */
public final class PanelServices implements AutoCloseable {
    private final HostEnvironment environment;
    private final AppPaths paths;
    private final Supplier<DockerClientFactory> makeDockerClients;
    private final List<AutoCloseable> made = new ArrayList<>();

    private CommandRunner commandRunner;
    private DockerCli dockerCli;
    private ContextStore contextStore;
    private DockerClientFactory dockerClients;
    private EngineProber prober;
    private MstContainers containers;
    private SettingsStore settingsStore;
    private Settings settings;
    private MstFinder mstFinder;
    private Doctor doctor;
    private RemoteHosts remoteHosts;
    private Colima colima;
    private TerminalLauncher terminals;
    private RunSupervisor runSupervisor;
    private SessionFiles sessionFiles;
    private ContainerLogs logs;
    private MstImages images;
    private ImageBuilds imageBuilds;
    private PluginSetups pluginSetups;
    private ResultsReader resultsReader;
    private ComparisonService comparisons;
    private MstLocator mstLocator;
    private dev.mstpanel.core.runs.estimate.RunEstimates runEstimates;
    private dev.mstpanel.core.runs.estimate.EstimateLog estimateLog;
    private dev.mstpanel.core.export.HtmlExporter exporter;
    private TriageService triage;
    private boolean closed;

    private PanelServices(
            HostEnvironment environment, AppPaths paths, Supplier<DockerClientFactory> makeDockerClients) {
        this.environment = environment;
        this.paths = paths;
        this.makeDockerClients = makeDockerClients;
    }

    /**
     * The window's services: its ssh bridges are made at once, so the logins a killed panel left
     * behind are ended when the window starts, not at its first {@code ssh://} use.
     *
     * @param environment the environment processes get (the login shell's)
     * @param paths the panel's folders
     */
    public static PanelServices forWindow(HostEnvironment environment, AppPaths paths) {
        return new PanelServices(environment, paths, () -> DockerClientFactory.standard(new SshBridges(environment)));
    }

    /**
     * A command's services: the panel's folders of this environment, ssh bridges made only when a
     * command reaches an {@code ssh://} context.
     *
     * @param environment the environment processes get
     */
    public static PanelServices forCommand(HostEnvironment environment) {
        return new PanelServices(
                environment, AppPaths.of(environment), () -> DockerClientFactory.standard(environment));
    }

    /** The environment processes get. */
    public HostEnvironment environment() {
        return environment;
    }

    /** The panel's folders. */
    public AppPaths paths() {
        return paths;
    }

    /** Runs short processes with {@link #environment()}. */
    public synchronized CommandRunner commandRunner() {
        if (commandRunner == null) {
            commandRunner = new CommandRunner(environment);
        }
        return commandRunner;
    }

    /** The docker CLI, for what docker-java does not do (builds, versions, shells). */
    public synchronized DockerCli dockerCli() {
        if (dockerCli == null) {
            dockerCli = new DockerCli(commandRunner());
        }
        return dockerCli;
    }

    /** The Docker contexts of this user. */
    public synchronized ContextStore contextStore() {
        if (contextStore == null) {
            contextStore = new ContextStore(environment);
        }
        return contextStore;
    }

    /** Opens docker-java clients for contexts of every scheme; owns the ssh bridges. */
    public synchronized DockerClientFactory dockerClients() {
        if (dockerClients == null) {
            dockerClients = own(makeDockerClients.get());
        }
        return dockerClients;
    }

    /** Probes engines. */
    public synchronized EngineProber prober() {
        if (prober == null) {
            prober = own(new EngineProber(dockerClients()));
        }
        return prober;
    }

    /** MST's containers on every context, as this machine's process sees them. */
    public synchronized MstContainers containers() {
        if (containers == null) {
            containers = own(new MstContainers(OwnerIdentity.current(), dockerClients()));
        }
        return containers;
    }

    /** The settings file in the panel's config folder. */
    public synchronized SettingsStore settingsStore() {
        if (settingsStore == null) {
            settingsStore = new SettingsStore(paths.configDir());
        }
        return settingsStore;
    }

    /** The settings, read from {@link #settingsStore()} on the first use; one object the whole composition shares. */
    public synchronized Settings settings() {
        if (settings == null) {
            settings = settingsStore().load();
        }
        return settings;
    }

    /** Finds MST as the settings say (their MST path, then the most recent eval config's folder, then the usual places). */
    public synchronized MstFinder mstFinder() {
        if (mstFinder == null) {
            Settings s = settings();
            mstFinder = new MstFinder(
                    mstLocator(),
                    () -> s.mstPath,
                    () -> s.recentEvalConfigs.stream()
                            .map(Path::of)
                            .filter(Files::isRegularFile)
                            .findFirst()
                            .orElse(null));
        }
        return mstFinder;
    }

    /** The readiness checks of this host and each context. */
    public synchronized Doctor doctor() {
        if (doctor == null) {
            doctor = own(new Doctor(prober(), dockerCli(), commandRunner(), mstFinder()));
        }
        return doctor;
    }

    /** Adds remote hosts as ssh contexts. */
    public synchronized RemoteHosts remoteHosts() {
        if (remoteHosts == null) {
            remoteHosts = new RemoteHosts(commandRunner(), contextStore(), prober());
        }
        return remoteHosts;
    }

    /** Colima's VMs on this machine. */
    public synchronized Colima colima() {
        if (colima == null) {
            colima = new Colima(commandRunner());
        }
        return colima;
    }

    /** Opens shells into containers, in a terminal or here. */
    public synchronized TerminalLauncher terminals() {
        if (terminals == null) {
            terminals = new TerminalLauncher(environment);
        }
        return terminals;
    }

    /** Starts and follows MST runs. */
    public synchronized RunSupervisor runSupervisor() {
        if (runSupervisor == null) {
            runSupervisor = new RunSupervisor(new ProcessSupervisor(), dockerClients());
        }
        return runSupervisor;
    }

    /** The session files of MST's containers. */
    public synchronized SessionFiles sessionFiles() {
        if (sessionFiles == null) {
            sessionFiles = new SessionFiles(containers());
        }
        return sessionFiles;
    }

    /** Containers' logs. */
    public synchronized ContainerLogs logs() {
        if (logs == null) {
            logs = new ContainerLogs(dockerClients());
        }
        return logs;
    }

    /** MST's images on each context. */
    public synchronized MstImages images() {
        if (images == null) {
            images = own(new MstImages(dockerClients()));
        }
        return images;
    }

    /** Builds images from the panel's recipes, logging each build in the data folder. */
    public synchronized ImageBuilds imageBuilds() {
        if (imageBuilds == null) {
            imageBuilds = new ImageBuilds(
                    new ProcessSupervisor(),
                    commandRunner(),
                    dockerCli(),
                    paths.dataDir().resolve("build-logs"));
        }
        return imageBuilds;
    }

    /** Which eval config each context's image was last set up for. */
    public synchronized PluginSetups pluginSetups() {
        if (pluginSetups == null) {
            pluginSetups = new PluginSetups(paths.dataDir());
        }
        return pluginSetups;
    }

    /** Reads results folders, with the panel's cache. */
    public synchronized ResultsReader resultsReader() {
        if (resultsReader == null) {
            resultsReader = own(new ResultsReader(paths.cacheDir()));
        }
        return resultsReader;
    }

    /**
     * Compares runs and variants (the compare command and the Compare screen); the candidate
     * side is read on the common pool while the caller reads the base.
     */
    public synchronized ComparisonService comparisons() {
        if (comparisons == null) {
            comparisons = new ComparisonService(resultsReader(), java.util.concurrent.ForkJoinPool.commonPool());
        }
        return comparisons;
    }

    /** Estimates a run before it starts from the earlier runs of its eval (the Run form and {@code run --estimate}). */
    public synchronized dev.mstpanel.core.runs.estimate.RunEstimates runEstimates() {
        if (runEstimates == null) {
            runEstimates = new dev.mstpanel.core.runs.estimate.RunEstimates(resultsReader());
        }
        return runEstimates;
    }

    /** The runs' estimates and actual times, in the panel's data folder. */
    public synchronized dev.mstpanel.core.runs.estimate.EstimateLog estimateLog() {
        if (estimateLog == null) {
            estimateLog = new dev.mstpanel.core.runs.estimate.EstimateLog(paths.dataDir());
        }
        return estimateLog;
    }

    /** Writes a trial, a run or a comparison as one self-contained HTML page (the export command and File → Export…). */
    public synchronized dev.mstpanel.core.export.HtmlExporter exporter() {
        if (exporter == null) {
            exporter = new dev.mstpanel.core.export.HtmlExporter(
                    resultsReader(),
                    comparisons(),
                    // labels travel with an export: read from the panel's own store when the page is written
                    trial -> java.util.Optional.ofNullable(
                            triage().readRunOf(trial).labels().get(trial.key())));
        }
        return exporter;
    }

    /**
     * The mask of every export and page of a run's own files: the secrets of {@link #environment()} and of the
     * secrets files given (docs/masking-secrets.md).
     *
     * @throws java.io.IOException when a secrets file cannot be read whole (its message names it and why)
     */
    public dev.mstpanel.core.mst.SecretRedactor knownSecrets(java.util.Collection<Path> secretsFiles)
            throws java.io.IOException {
        return dev.mstpanel.core.mst.KnownSecrets.of(environment.variables(), secretsFiles);
    }

    /** Finds MST on this machine. */
    public synchronized MstLocator mstLocator() {
        if (mstLocator == null) {
            mstLocator = new MstLocator(commandRunner());
        }
        return mstLocator;
    }

    /** Labels of failed trials, kept in the data folder; the label list is the settings' own. */
    public synchronized TriageService triage() {
        if (triage == null) {
            Settings s = settings();
            dev.mstpanel.core.mst.SecretRedactor known =
                    dev.mstpanel.core.mst.SecretRedactor.forEnvironment(environment.variables());
            triage = new TriageService(new TriageStore(paths.dataDir()), () -> s.triageLabels, known::redact);
        }
        return triage;
    }

    private <T extends AutoCloseable> T own(T service) {
        if (closed) {
            throw new IllegalStateException("the panel's services are closed");
        }
        made.add(service);
        return service;
    }

    /** Closes every service made, the last made first (the ssh bridges after what used them). */
    @Override
    public void close() {
        List<AutoCloseable> toClose;
        synchronized (this) {
            closed = true;
            toClose = new ArrayList<>(made);
            made.clear();
        }
        for (int i = toClose.size() - 1; i >= 0; i--) {
            try {
                toClose.get(i).close();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(PanelServices.class)
                        .warn("closing {} failed", toClose.get(i).getClass().getSimpleName(), e);
            }
        }
    }
}
