package dev.mstpanel.core.docker;

import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.text.ByteSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Adds a remote Docker host as a context, as {@code docker context create NAME --docker host=ssh://…}
 * does (it runs that command), then probes it through its ssh bridge and says in plain words what
 * failed: ssh refused the key, an unknown host, no Docker on the host, permission denied on its
 * socket. A context whose probe fails is kept (fix the host, then refresh), and the message says
 * how to remove it.
 */
public final class RemoteHosts {
    private final CommandRunner runner;
    private final ContextStore store;
    private final EngineProber prober;

    /**
     * @param runner runs the {@code docker} CLI (its PATH finds it, and {@code ssh})
     * @param store reads the contexts after the creation
     * @param prober probes the new context
     */
    public RemoteHosts(CommandRunner runner, ContextStore store, EngineProber prober) {
        this.runner = runner;
        this.store = store;
        this.prober = prober;
    }

    /**
     * What adding a host gave.
     *
     * @param context the context created, or null when none was
     * @param probe its probe, or null when it was not created
     * @param message one or two sentences for a person: what was done, or what failed and how to fix it
     */
    public record Added(DockerContext context, ProbeResult probe, String message) {
        /** True when the context was created and its engine answered. */
        public boolean ok() {
            return probe != null && probe.reachable();
        }
    }

    /**
     * Creates the context and probes it.
     *
     * @param name the context's name (Docker's rule: letters, digits, {@code _ . + -}, starting with a letter or digit)
     * @param host {@code ssh://user@host} or {@code ssh://user@host:port}
     * @param timeout the probe's bound (the ssh login included)
     * @return what happened; never throws for bad input (the message says what is wrong)
     */
    public Added add(String name, String host, Duration timeout) {
        if (name == null || !DockerNames.valid(name)) {
            return new Added(
                    null,
                    null,
                    "\"" + dev.mstpanel.core.text.ControlCharacters.escape(name)
                            + "\" is not a context name Docker accepts: use letters, digits, _ . + -,"
                            + " starting with a letter or digit (e.g. build-1).");
        }
        SshEndpoint endpoint;
        try {
            endpoint = SshEndpoint.parse(host == null ? null : host.strip());
        } catch (IllegalArgumentException e) {
            return new Added(null, null, e.getMessage());
        }
        if (store.load().contexts().stream().anyMatch(c -> c.name().equals(name))) {
            return new Added(
                    null,
                    null,
                    "A context named " + name + " exists already: choose another name, or remove it first"
                            + " (docker context rm " + name + ").");
        }
        Optional<Path> docker = runner.environment().findExecutable("docker");
        if (docker.isEmpty()) {
            return new Added(
                    null,
                    null,
                    "The docker CLI is not installed (no `docker` on your login shell's PATH): install it to add hosts.");
        }
        String url = "ssh://" + endpoint.shown();
        CommandResult r = runner.run(
                List.of(
                        docker.get().toString(),
                        "context",
                        "create",
                        name,
                        "--description",
                        "Remote host " + endpoint.shown() + " (added by mst-panel)",
                        "--docker",
                        "host=" + url),
                null,
                Duration.ofSeconds(20));
        if (!r.ok()) {
            return new Added(
                    null,
                    null,
                    "docker context create " + name + " failed: "
                            + SshFailures.firstLine(r.stderr().isBlank() ? r.stdout() : r.stderr()));
        }
        DockerContext created = store.load().contexts().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElse(null);
        if (created == null) {
            return new Added(
                    null,
                    null,
                    "docker context create " + name + " said it worked, but the context is not in "
                            + store.load().configDir() + ": check DOCKER_CONFIG.");
        }
        ProbeResult probe = prober.probe(created, timeout);
        if (probe.reachable()) {
            EngineInfo e = probe.engine();
            return new Added(
                    created,
                    probe,
                    "Added " + name + ": Docker " + e.serverVersion() + " on " + e.operatingSystem() + ", " + e.cpus()
                            + (e.cpus() == 1 ? " CPU, " : " CPUs, ") + ByteSize.gib(e.memoryBytes()) + ".");
        }
        return new Added(
                created,
                probe,
                "Added the context " + name + ", but it does not answer: "
                        + probe.failure().message() + " Fix it and refresh, or remove the context (docker context rm "
                        + name + ").");
    }
}
