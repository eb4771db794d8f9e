package dev.mstpanel.core.docker;

import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The panel's {@link SshBridge}s: one per {@code ssh://} endpoint, made on first use and kept for
 * the life of the process, so a refresh, a probe, a stats stream and a log all share one ssh
 * login. {@link SshTransport} asks it for the local socket of an {@code ssh://} context.
 *
 * <p>{@code ssh} is found on the environment's PATH (the login shell's in the app, as MST is);
 * it runs with that environment, so the user's {@code ~/.ssh/config}, keys and {@code ssh-agent}
 * apply. Closing it (also on JVM exit) stops every bridge's processes.
 */
public final class SshBridges implements AutoCloseable {
    private final HostEnvironment environment;
    private final Map<String, SshBridge> bridges = new ConcurrentHashMap<>();
    private final Thread shutdownHook = new Thread(this::closeBridges, "ssh-bridges-shutdown");
    private volatile boolean closed;

    /** @param environment the variables and PATH ssh runs with */
    public SshBridges(HostEnvironment environment) {
        this.environment = environment;
        // listing every process can take a while on a busy machine: not on the first ssh probe's clock
        Thread reaper = new Thread(SshBridges::reapOrphans, "ssh-bridge-reaper");
        reaper.setDaemon(true);
        reaper.start();
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (IllegalStateException ignored) {
            // the JVM is already shutting down
        }
    }

    /**
     * The local socket bridging to an {@code ssh://} context's engine, logging in when needed.
     *
     * @param context an {@code ssh://} context
     * @param timeout how long an ssh login may take
     * @return the local socket file
     * @throws EngineUnreachableException when the endpoint is malformed, ssh is missing or cannot log in
     */
    public Path socketFor(DockerContext context, Duration timeout) throws EngineUnreachableException {
        return bridgeFor(context).ensure(timeout);
    }

    /** The bridge of a context made so far, if any (it may be disconnected). */
    public Optional<SshBridge> existing(DockerContext context) {
        return Optional.ofNullable(bridges.get(context.endpoint()));
    }

    /** Every bridge made so far. */
    public List<SshBridge> all() {
        return List.copyOf(bridges.values());
    }

    /** The recent failure of a connection through a context's bridge (see {@link SshBridge#recentFailure()}), or null. */
    ProbeFailure recentFailure(DockerContext context) {
        SshBridge b = bridges.get(context.endpoint());
        return b == null ? null : b.recentFailure();
    }

    private SshBridge bridgeFor(DockerContext context) throws EngineUnreachableException {
        if (closed) {
            throw new EngineUnreachableException(
                    new ProbeFailure(ProbeFailure.Kind.OTHER, "The panel is shutting down.", null), null);
        }
        SshEndpoint endpoint;
        try {
            endpoint = SshEndpoint.parse(context.endpoint());
        } catch (IllegalArgumentException e) {
            throw new EngineUnreachableException(
                    new ProbeFailure(ProbeFailure.Kind.BROKEN_CONTEXT, e.getMessage(), null), e);
        }
        SshBridge existing = bridges.get(context.endpoint());
        if (existing != null) {
            return existing;
        }
        Optional<Path> ssh = environment.findExecutable("ssh");
        if (ssh.isEmpty()) {
            throw new EngineUnreachableException(
                    new ProbeFailure(
                            ProbeFailure.Kind.UNSUPPORTED,
                            "This is an ssh:// context and no `ssh` is on your login shell's PATH. Install the OpenSSH client.",
                            null),
                    null);
        }
        synchronized (bridges) {
            SshBridge again = bridges.get(context.endpoint());
            if (again != null) {
                return again;
            }
            try {
                SshBridge made = new SshBridge(context.name(), endpoint, ssh.get(), environment.variables());
                bridges.put(context.endpoint(), made);
                return made;
            } catch (IOException e) {
                throw new EngineUnreachableException(
                        new ProbeFailure(
                                ProbeFailure.Kind.OTHER,
                                "The panel could not make a folder for its ssh bridge: " + e.getMessage(),
                                null),
                        e);
            }
        }
    }

    /**
     * Ends the ssh logins of bridges whose panel died without closing them (killed, or its
     * display went away before its shutdown hook ran): an ssh master with a control socket in a
     * {@code mstp-ssh-} folder whose parent process is gone. Only such processes are touched.
     */
    static void reapOrphans() {
        String marker = Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("mstp-ssh-")
                .toString();
        ProcessHandle.allProcesses().forEach(p -> {
            String cmd = p.info().commandLine().orElse("");
            boolean bridgeMaster = cmd.contains(" -M -S " + marker) && cmd.contains("ControlPersist=no");
            boolean orphaned =
                    p.parent().map(pp -> pp.pid() == 1 || !pp.isAlive()).orElse(true);
            if (bridgeMaster && orphaned) {
                p.destroy();
            }
        });
    }

    private void closeBridges() {
        closed = true;
        bridges.values().forEach(SshBridge::close);
        bridges.clear();
    }

    /** Stops every bridge and its processes. */
    @Override
    public void close() {
        closeBridges();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException ignored) {
            // the JVM is already shutting down
        }
    }
}
