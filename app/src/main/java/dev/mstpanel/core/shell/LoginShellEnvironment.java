package dev.mstpanel.core.shell;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the user's login-shell environment once, so processes the panel starts (mst, npx, node,
 * docker, colima) see the PATH and the {@code DOCKER_*}, {@code ANTHROPIC_*}, {@code OPENAI_*},
 * {@code MST_*} variables the user set in their shell profile. An app opened from the macOS Finder
 * gets launchd's bare PATH and none of those (issue 4, "The environment of a GUI launch").
 *
 * <p>How: {@code $SHELL -l -i -c '<print a marker>; env -0; <print a marker>'} with stdin closed
 * and a timeout; the NUL-separated variables between the markers win over the JVM's, and variables
 * only the JVM has (e.g. {@code MST_PANEL_HOME}) are kept.
 *
 * <p><b>The environment rule.</b> The variables processes get are the login shell's, except
 * {@code PATH}: it is the JVM's own PATH entries first, in their order, then the login shell's
 * entries not already there ({@link #mergePath}). So a PATH the user exported before starting the
 * panel ({@code export PATH=/tmp/bin:$PATH; mst-panel run …}) wins even when the profile resets it
 * (Debian's {@code /etc/profile} sets PATH from scratch), and an app opened from the macOS Finder,
 * whose PATH is launchd's bare {@code /usr/bin:/bin:/usr/sbin:/sbin}, still gets the shell's tools
 * (nvm's node, Homebrew's docker) after those. When it cannot be read (no
 * {@code $SHELL}, Windows, a timeout, a profile that fails or prints nothing between the markers),
 * the JVM's own environment is used and {@link Result#fallbackReason()} says why, for the window to
 * show. {@code MST_PANEL_LOGIN_SHELL=off} skips the read (tests, portable use).
 */
public final class LoginShellEnvironment {
    /** Default timeout for the login shell: 5 s (profiles that run nvm or conda are slow). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    static final String BEGIN = "__MST_PANEL_ENV_BEGIN__";
    static final String END = "__MST_PANEL_ENV_END__";

    /**
     * What was read.
     *
     * @param environment the environment to use for every process the panel starts
     * @param fromLoginShell true when it came from the login shell
     * @param fallbackReason why the JVM's environment is used instead, for people; null when read
     * @param shell the shell that was asked, or null
     * @param elapsedMillis how long the read took, in ms
     */
    public record Result(HostEnvironment environment, boolean fromLoginShell, String fallbackReason, String shell, long elapsedMillis) {
        /** The reason, when the JVM's environment is used. */
        public Optional<String> fallback() {
            return Optional.ofNullable(fallbackReason);
        }
    }

    private LoginShellEnvironment() {}

    /**
     * Reads the login-shell environment with the default timeout.
     *
     * @param base the JVM's environment ({@link HostEnvironment#fromSystem()})
     * @return the environment to use, never null
     */
    public static Result read(HostEnvironment base) {
        return read(base, DEFAULT_TIMEOUT);
    }

    /**
     * Reads the login-shell environment.
     *
     * @param base the JVM's environment; its {@code SHELL} names the shell
     * @param timeout how long the shell may take; past that its process tree is ended
     * @return the environment to use, never null; never throws
     */
    public static Result read(HostEnvironment base, Duration timeout) {
        if (base.os() == HostEnvironment.OsFamily.WINDOWS) {
            return new Result(base, false, "Windows: the panel uses its own environment.", null, 0);
        }
        if (base.get("MST_PANEL_LOGIN_SHELL").map("off"::equalsIgnoreCase).orElse(false)) {
            return new Result(base, false, "MST_PANEL_LOGIN_SHELL=off: the panel uses its own environment.", null, 0);
        }
        String shell = base.get("SHELL").orElse(null);
        if (shell == null) {
            return new Result(base, false, "SHELL is not set: the panel uses its own environment (PATH=" + base.get("PATH").orElse("") + ").", null, 0);
        }
        String script = "printf '\\n" + BEGIN + "\\n'; env -0; printf '\\n" + END + "\\n'";
        CommandResult r = new CommandRunner(base).run(List.of(shell, "-l", "-i", "-c", script), base.home(), timeout);
        String name = Path.of(shell).getFileName().toString();
        if (r.timedOut()) {
            return new Result(base, false, "Your login shell (" + name + ") did not answer within " + timeout.toSeconds()
                    + " s; the panel uses its own environment. Check your shell profile for commands that wait.", shell, r.elapsedMillis());
        }
        Optional<Map<String, String>> vars = parse(r.stdout());
        if (vars.isEmpty()) {
            String why = r.exitCode() == -1 ? r.stderr() : "exit code " + r.exitCode();
            return new Result(base, false, "Could not read your login shell's environment (" + name + ": " + why.strip()
                    + "); the panel uses its own environment.", shell, r.elapsedMillis());
        }
        Map<String, String> merged = new HashMap<>(base.variables());
        merged.putAll(vars.get());
        String path = mergePath(base.get("PATH").orElse(""), vars.get().getOrDefault("PATH", ""));
        if (!path.isEmpty()) {
            merged.put("PATH", path);
        }
        // the shell's own bookkeeping is not the user's environment
        merged.remove("SHLVL");
        merged.remove("_");
        merged.remove("PWD");
        merged.remove("OLDPWD");
        return new Result(base.withVariables(merged), true, null, shell, r.elapsedMillis());
    }

    /**
     * The PATH processes get: the JVM's entries first, in their order, then the login shell's
     * entries the JVM's PATH does not have; empty entries and repeats are dropped.
     *
     * @param jvmPath the JVM's PATH ({@code File.pathSeparator}-separated), may be empty
     * @param shellPath the login shell's PATH, may be empty
     * @return the merged PATH, empty when both are empty
     */
    public static String mergePath(String jvmPath, String shellPath) {
        java.util.LinkedHashSet<String> entries = new java.util.LinkedHashSet<>();
        for (String p : List.of(jvmPath == null ? "" : jvmPath, shellPath == null ? "" : shellPath)) {
            for (String dir : p.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator))) {
                if (!dir.isBlank()) {
                    entries.add(dir);
                }
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    /** The variables between the markers of a shell's output, or empty when the markers are missing. */
    static Optional<Map<String, String>> parse(String stdout) {
        int b = stdout.indexOf(BEGIN + "\n");
        int e = stdout.lastIndexOf("\n" + END);
        if (b < 0 || e < 0 || e < b) {
            return Optional.empty();
        }
        String body = stdout.substring(b + BEGIN.length() + 1, e);
        Map<String, String> vars = new HashMap<>();
        for (String entry : body.split("\0")) {
            int eq = entry.indexOf('=');
            if (eq > 0) {
                vars.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return vars.isEmpty() ? Optional.empty() : Optional.of(vars);
    }
}
