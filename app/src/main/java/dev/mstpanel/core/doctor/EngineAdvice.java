package dev.mstpanel.core.doctor;

import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The fix Doctor offers, for the engine the person has: Colima, OrbStack, Docker Desktop, or a
 * Docker engine on a Linux host (this one or a remote one). One place for it, so a Mac user never
 * gets Linux advice ({@code sudo modprobe kvm_intel}) for an engine whose VM they cannot change
 * that way.
 *
 * <p>How the kind is told (first that matches): the context's endpoint is a Colima profile's
 * socket ({@link DockerContext#colimaProfile()}, under {@code ~/.colima}, {@code $COLIMA_HOME} or
 * {@code $XDG_CONFIG_HOME/colima}); the engine calls itself {@code OrbStack} ({@code docker info}'s
 * Operating System), or the socket is under {@code ~/.orbstack/}, or the context is
 * {@code orbstack}; the engine calls itself {@code Docker Desktop}, or the socket is Docker
 * Desktop's {@code ~/.docker/run/docker.sock}, or the context is {@code desktop-linux}; else a
 * Linux engine. Sources: Colima's, OrbStack's and Docker Desktop's documentation of their sockets
 * and contexts.
 */
public final class EngineAdvice {
    /** The kinds of engine Doctor has advice for. */
    public enum Kind {
        COLIMA,
        ORBSTACK,
        DOCKER_DESKTOP,
        LINUX
    }

    private EngineAdvice() {}

    /**
     * The kind of a context's engine.
     *
     * @param context the context
     * @param engine what the engine said, or null when it did not answer
     */
    public static Kind kind(DockerContext context, EngineInfo engine) {
        if (context.colimaProfile() != null) {
            return Kind.COLIMA;
        }
        String os = engine == null || engine.operatingSystem() == null
                ? ""
                : engine.operatingSystem().toLowerCase(Locale.ROOT);
        String endpoint = context.endpoint() == null ? "" : context.endpoint();
        if (os.contains("orbstack")
                || endpoint.contains("/.orbstack/")
                || context.name().equals("orbstack")) {
            return Kind.ORBSTACK;
        }
        if (os.contains("docker desktop")
                || endpoint.endsWith("/.docker/run/docker.sock")
                || context.name().equals("desktop-linux")) {
            return Kind.DOCKER_DESKTOP;
        }
        return Kind.LINUX;
    }

    /** The fix for an engine that does not answer, and the command (or null). */
    public static Fix notReachable(DockerContext context, Kind kind) {
        return switch (kind) {
            case COLIMA ->
                new Fix(
                        "Start Colima: colima start " + context.colimaProfile(),
                        "colima start " + context.colimaProfile());
            case ORBSTACK -> new Fix("Start OrbStack (its menu bar app, or `orb start`).", "orb start");
            case DOCKER_DESKTOP -> new Fix("Start Docker Desktop.", "open -a Docker");
            case LINUX ->
                new Fix(
                        "Start the engine (dockerd: sudo systemctl start docker), or remove the context if it is gone.",
                        null);
        };
    }

    /** The fix for too little memory for a Cowork container, and the command (or null). */
    public static Fix memory(DockerContext context, Kind kind) {
        return switch (kind) {
            case COLIMA ->
                new Fix(
                        "Give the Colima VM more memory (12 GiB suits one Cowork container).",
                        "colima stop " + context.colimaProfile() + " && colima start " + context.colimaProfile()
                                + " --memory 12");
            case ORBSTACK ->
                new Fix(
                        "Raise OrbStack's memory limit: OrbStack → Settings → System → Memory limit (8 GiB or more).",
                        null);
            case DOCKER_DESKTOP ->
                new Fix("Raise Docker Desktop's memory: Settings → Resources → Memory (8 GiB or more).", null);
            case LINUX ->
                new Fix(
                        "Use a Docker host with at least 6 GiB of memory for Cowork; ChatGPT and grading need less.",
                        null);
        };
    }

    /**
     * The fix for a device missing in the engine's VM ({@code /dev/kvm}, {@code /dev/vhost-vsock},
     * {@code /dev/vhost-net}, {@code /dev/net/tun}), and the command (or null).
     */
    public static Fix missingDevice(DockerContext context, Kind kind, String device) {
        return switch (kind) {
            case COLIMA ->
                new Fix(
                        "Colima's VM needs nested virtualization (Apple Silicon M3 or later, macOS 15 or later). Recreate the profile with it"
                                + " (an existing profile changes VM type only after `colima delete "
                                + context.colimaProfile() + "`).",
                        Doctor.colimaCommand(context.colimaProfile()));
            case ORBSTACK ->
                new Fix(
                        "OrbStack's VM gives containers no KVM. For Cowork use a Colima VM with nested virtualization"
                                + " (Apple Silicon M3 or later, macOS 15 or later); ChatGPT and headless clients run on OrbStack:",
                        Doctor.colimaCommand("mst-kvm"));
            case DOCKER_DESKTOP ->
                new Fix(
                        "Docker Desktop's VM gives containers no KVM. On a Mac use a Colima VM with nested virtualization:",
                        Doctor.colimaCommand("mst-kvm"));
            case LINUX ->
                switch (device) {
                    case "/dev/kvm" ->
                        new Fix(
                                "Enable hardware virtualization: KVM on the host (BIOS/UEFI setting, or nested virtualization on a cloud VM), then load the module.",
                                "sudo modprobe kvm_intel || sudo modprobe kvm_amd");
                    case "/dev/vhost-vsock" ->
                        new Fix("Load the vhost-vsock module on the engine's host.", "sudo modprobe vhost_vsock");
                    case "/dev/vhost-net" ->
                        new Fix("Load the vhost-net module on the engine's host.", "sudo modprobe vhost_net");
                    default -> new Fix("Load the tun module on the engine's host.", "sudo modprobe tun");
                };
        };
    }

    /**
     * The fix for a missing buildx plugin. On macOS Homebrew's {@code docker-buildx} alone is not
     * enough: the docker CLI only finds plugins in {@code ~/.docker/cli-plugins} and the folders
     * {@code cliPluginsExtraDirs} in {@code ~/.docker/config.json} names (Homebrew's caveat), so
     * the command links it there.
     *
     * @param env the OS and home folder
     * @param docker the docker CLI found, or null; its folder tells Homebrew's prefix ({@code /opt/homebrew} or {@code /usr/local})
     */
    public static Fix buildx(HostEnvironment env, Path docker) {
        if (env.os() == HostEnvironment.OsFamily.MAC) {
            String prefix =
                    docker != null && docker.toString().startsWith("/usr/local/") ? "/usr/local" : "/opt/homebrew";
            return new Fix(
                    "Install the buildx plugin with Homebrew and let docker find it: add \"cliPluginsExtraDirs\": [\""
                            + prefix
                            + "/lib/docker/cli-plugins\"] to ~/.docker/config.json, or link it into ~/.docker/cli-plugins (the command)."
                            + " Docker Desktop and OrbStack ship buildx already.",
                    "brew install docker-buildx && mkdir -p ~/.docker/cli-plugins && ln -sfn " + prefix
                            + "/opt/docker-buildx/bin/docker-buildx ~/.docker/cli-plugins/docker-buildx");
        }
        if (env.os() == HostEnvironment.OsFamily.WINDOWS) {
            return new Fix("Install Docker Desktop, which ships the buildx plugin, for BuildKit builds.", null);
        }
        return new Fix(
                "Install the buildx plugin for BuildKit builds (Debian/Ubuntu: docker-buildx; Docker's own packages: docker-buildx-plugin).",
                "sudo apt-get install docker-buildx");
    }

    /**
     * A fix: what to do, and the command that does it.
     *
     * @param text the sentence shown
     * @param command a command to copy, or null
     */
    public record Fix(String text, String command) {}
}
