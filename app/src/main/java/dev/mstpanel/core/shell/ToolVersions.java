package dev.mstpanel.core.shell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The versions of the tools the panel drives, for the About dialog and bug reports. Each call
 * runs a process bounded by {@link #TIMEOUT}: call them off the UI thread. Never throws; a tool
 * that is missing or does not answer gives a sentence saying so.
 */
public final class ToolVersions {
    /** How long one version command may run: 5 s. */
    public static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final CommandRunner runner;

    /** @param runner runs commands in the panel's environment (its PATH finds {@code mst} and {@code docker}) */
    public ToolVersions(CommandRunner runner) {
        this.runner = runner;
    }

    /**
     * MST's version from {@code mst --version}.
     *
     * @param configuredPath the MST path from the settings, or null/blank to look on PATH
     * @return e.g. {@code 2.0.0-beta.3 (/usr/local/bin/mst)}, or why there is none
     */
    public String mst(String configuredPath) {
        Optional<Path> mst = configuredPath != null && !configuredPath.isBlank()
                ? Optional.of(Path.of(configuredPath.strip())).filter(Files::isExecutable)
                : runner.environment().findExecutable("mst");
        if (mst.isEmpty()) {
            return configuredPath != null && !configuredPath.isBlank()
                    ? "not found at " + configuredPath.strip()
                    : "not found on PATH (set its path in Settings)";
        }
        CommandResult r = runner.run(List.of(mst.get().toString(), "--version"), null, TIMEOUT);
        if (!r.ok()) {
            return "did not answer " + mst.get() + " --version"
                    + (r.timedOut() ? " within 5 s" : ": " + firstLine(r.stderr()));
        }
        return firstLine(r.stdout()) + " (" + mst.get() + ")";
    }

    /**
     * The Docker CLI's version and the engine's of the current context, from
     * {@code docker version} and {@code docker context show}.
     *
     * @return the CLI line and the engine line, e.g. {@code ["20.10.24", "20.10.24 (context engine-1)"]}
     */
    public List<String> docker() {
        Optional<Path> docker = runner.environment().findExecutable("docker");
        if (docker.isEmpty()) {
            return List.of("not installed (no docker on PATH)", "unknown: the docker CLI is missing");
        }
        String exe = docker.get().toString();
        CommandResult ctx = runner.run(List.of(exe, "context", "show"), null, TIMEOUT);
        String context = ctx.ok() ? firstLine(ctx.stdout()) : "unknown";
        CommandResult client = runner.run(List.of(exe, "version", "--format", "{{.Client.Version}}"), null, TIMEOUT);
        CommandResult server = runner.run(List.of(exe, "version", "--format", "{{.Server.Version}}"), null, TIMEOUT);
        String clientLine = client.stdout().isBlank() ? "unknown" : firstLine(client.stdout());
        String serverLine = server.ok() && !server.stdout().isBlank()
                ? firstLine(server.stdout()) + " (context " + context + ")"
                : "not reachable (context " + context + ")";
        return List.of(clientLine, serverLine);
    }

    private static String firstLine(String s) {
        String t = s == null ? "" : s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl).strip();
    }
}
