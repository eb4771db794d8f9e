package dev.mstpanel.ui.containers;

import dev.mstpanel.core.docker.ContainerLogs;
import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.MstContainers;
import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.core.docker.SessionFiles;
import dev.mstpanel.core.doctor.Doctor;
import dev.mstpanel.core.doctor.MstFinder;
import dev.mstpanel.core.images.ImageBuilds;
import dev.mstpanel.core.images.MstImages;
import dev.mstpanel.core.images.RecipeCatalog;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.docker.TerminalLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The services of the Containers, Images and Doctor views (and their headless twins), built
 * once by the composition root from its shared pieces.
 */
public final class ContainerServices implements AutoCloseable {
    private final ContextStore contextStore;
    private final Settings settings;
    private final MstContainers containers;
    private final SessionFiles sessionFiles;
    private final ContainerLogs logs;
    private final TerminalLauncher terminals;
    private final DockerCli dockerCli;
    private final Doctor doctor;
    private final MstImages images;
    private final ImageBuilds builds;
    private final dev.mstpanel.core.images.PluginSetups pluginSetups;
    private final MstFinder mstFinder;
    private final Path recipesFallback;
    private final String recipesOverride;

    /**
     * @param runner the panel's command runner (its environment: PATH, DOCKER_CONFIG)
     * @param dockerCli the docker CLI
     * @param contextStore the Docker contexts
     * @param prober the engine prober
     * @param settings the settings (terminal, MST path, probe timeout; read at each use)
     * @param paths the panel's folders (build logs, unpacked recipes)
     */
    public ContainerServices(CommandRunner runner, DockerCli dockerCli, ContextStore contextStore, EngineProber prober,
                             Settings settings, AppPaths paths) {
        this.contextStore = contextStore;
        this.settings = settings;
        this.containers = new MstContainers(OwnerIdentity.current(), prober.clients());
        this.sessionFiles = new SessionFiles(containers);
        this.logs = new ContainerLogs(prober.clients());
        this.terminals = new TerminalLauncher(runner.environment());
        this.dockerCli = dockerCli;
        this.mstFinder = new MstFinder(new MstLocator(runner), () -> settings.mstPath, recentEvalConfig(settings));
        this.doctor = new Doctor(prober, dockerCli, runner, mstFinder);
        this.images = new MstImages(prober.clients());
        this.builds = new ImageBuilds(new ProcessSupervisor(), runner, dockerCli, paths.dataDir().resolve("build-logs"));
        this.recipesFallback = paths.dataDir();
        this.pluginSetups = new dev.mstpanel.core.images.PluginSetups(paths.dataDir());
        this.recipesOverride = runner.environment().get("MST_PANEL_RECIPES").orElse(null);
    }

    private static Supplier<Path> recentEvalConfig(Settings settings) {
        return () -> settings.recentEvalConfigs.stream().map(Path::of).filter(Files::isRegularFile).findFirst().orElse(null);
    }

    /** The contexts the panel can name on a command line (Colima profiles without a context are left out). */
    public List<DockerContext> contexts() {
        return contextStore.load().contexts().stream().filter(c -> c.source() != ContextSource.COLIMA_PROFILE).toList();
    }

    /** The per-context timeout from settings (at least 0.2 s). */
    public Duration probeTimeout() {
        return Duration.ofMillis((long) (Math.max(0.2, settings.probeTimeoutSeconds) * 1000));
    }

    public Settings settings() { return settings; }
    public MstContainers containers() { return containers; }
    public SessionFiles sessionFiles() { return sessionFiles; }
    public ContainerLogs logs() { return logs; }
    public TerminalLauncher terminals() { return terminals; }
    /** The docker CLI (e.g. to ask a container whether it has bash, {@code ContainerShell}). */
    public DockerCli docker() { return dockerCli; }
    public Doctor doctor() { return doctor; }
    public MstImages images() { return images; }
    public ImageBuilds builds() { return builds; }
    /** Which eval config each context's image was last set up for. */
    public dev.mstpanel.core.images.PluginSetups pluginSetups() { return pluginSetups; }
    public MstFinder mstFinder() { return mstFinder; }

    /** The image recipes ({@code MST_PANEL_RECIPES}, the checkout's {@code images/}, or the packed copy). */
    public RecipeCatalog recipes() {
        try {
            return RecipeCatalog.locate(recipesOverride, recipesFallback);
        } catch (java.io.IOException e) {
            return new RecipeCatalog(recipesFallback.resolve("recipes"));
        }
    }

    @Override
    public void close() {
        containers.close();
        doctor.close();
        images.close();
    }
}
