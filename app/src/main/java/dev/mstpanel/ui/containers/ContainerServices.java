package dev.mstpanel.ui.containers;

import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.docker.ContainerLogs;
import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.MstContainers;
import dev.mstpanel.core.docker.SessionFiles;
import dev.mstpanel.core.docker.TerminalLauncher;
import dev.mstpanel.core.doctor.Doctor;
import dev.mstpanel.core.doctor.MstFinder;
import dev.mstpanel.core.images.ImageBuilds;
import dev.mstpanel.core.images.MstImages;
import dev.mstpanel.core.images.RecipeCatalog;
import dev.mstpanel.core.settings.Settings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The services of the Containers, Images and Doctor views, taken from the composition's
 * {@link PanelServices} (which builds and closes them), with the settings they read at each use.
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
     * @param services the composition: its environment (PATH, DOCKER_CONFIG, MST_PANEL_RECIPES),
     *     folders (build logs, unpacked recipes), settings (terminal, MST path, probe timeout; read
     *     at each use) and Docker services
     */
    public ContainerServices(PanelServices services) {
        this.contextStore = services.contextStore();
        this.settings = services.settings();
        this.containers = services.containers();
        this.sessionFiles = services.sessionFiles();
        this.logs = services.logs();
        this.terminals = services.terminals();
        this.dockerCli = services.dockerCli();
        this.mstFinder = services.mstFinder();
        this.doctor = services.doctor();
        this.images = services.images();
        this.builds = services.imageBuilds();
        this.recipesFallback = services.paths().dataDir();
        this.pluginSetups = services.pluginSetups();
        this.recipesOverride = services.environment().get("MST_PANEL_RECIPES").orElse(null);
    }

    /** The contexts the panel can name on a command line (Colima profiles without a context are left out). */
    public List<DockerContext> contexts() {
        return contextStore.load().contexts().stream()
                .filter(c -> c.source() != ContextSource.COLIMA_PROFILE)
                .toList();
    }

    /** The per-context timeout from settings (at least 0.2 s). */
    public Duration probeTimeout() {
        return Duration.ofMillis((long) (Math.max(0.2, settings.probeTimeoutSeconds) * 1000));
    }

    public Settings settings() {
        return settings;
    }

    public MstContainers containers() {
        return containers;
    }

    public SessionFiles sessionFiles() {
        return sessionFiles;
    }

    public ContainerLogs logs() {
        return logs;
    }

    public TerminalLauncher terminals() {
        return terminals;
    }
    /** The docker CLI (e.g. to ask a container whether it has bash, {@code ContainerShell}). */
    public DockerCli docker() {
        return dockerCli;
    }

    public Doctor doctor() {
        return doctor;
    }

    public MstImages images() {
        return images;
    }

    public ImageBuilds builds() {
        return builds;
    }
    /** Which eval config each context's image was last set up for. */
    public dev.mstpanel.core.images.PluginSetups pluginSetups() {
        return pluginSetups;
    }

    public MstFinder mstFinder() {
        return mstFinder;
    }

    /** The image recipes ({@code MST_PANEL_RECIPES}, the checkout's {@code images/}, or the packed copy). */
    public RecipeCatalog recipes() {
        try {
            return RecipeCatalog.locate(recipesOverride, recipesFallback);
        } catch (java.io.IOException e) {
            return new RecipeCatalog(recipesFallback.resolve("recipes"));
        }
    }

    /** Nothing of its own to close: the composition closes the containers, doctor and images it built. */
    @Override
    public void close() {}
}
