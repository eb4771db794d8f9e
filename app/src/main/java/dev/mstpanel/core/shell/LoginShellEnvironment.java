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
 * gets launchd's bare PATH and none of those ("The environment of a GUI launch").
 *
 * <p>How: {@code $SHELL -l -i -c '<print a marker>; /bin/sh -c <print every variable>; <print a marker>'}
 * with stdin closed and a timeout. The variables are printed by a POSIX {@code sh} loop the login
 * shell starts (so it sees exactly what the shell exports), as {@code NAME=value} followed by a NUL,
 * with {@code printf}: not {@code env -0}, which macOS before 12 does not have (macOS 11 is the
 * declared minimum). It works the same under zsh, bash, dash, ksh and fish. The variables between
 * the markers win over the JVM's, and variables only the JVM has (e.g. {@code MST_PANEL_HOME}) are
 * kept. On a timeout the shell first gets SIGHUP, so an interactive shell hands the terminal's
 * foreground back before it ends ({@link CommandRunner}).
 *
 * <p><b>The PATH rule</b> ({@link #mergePath}): the JVM's own entries the login shell does not
 * have (a PATH exported before starting the panel: {@code export PATH=/tmp/bin:$PATH; mst-panel run …},
 * even when the profile resets PATH as Debian's {@code /etc/profile} does), then the login shell's
 * PATH in its order, then the system folders {@code /usr/bin}, {@code /bin}, {@code /usr/sbin},
 * {@code /sbin} the shell's PATH lacked. So launchd's bare {@code /usr/bin:/bin:/usr/sbin:/sbin}
 * never shadows the user's own tools: Homebrew's bash, git and ssh (which {@code ssh://} contexts
 * use) come before Apple's.
 *
 * <p>When it cannot be read (no {@code $SHELL}, Windows, a timeout, a profile that fails or
 * prints nothing between the markers), the JVM's environment is used and
 * {@link Result#fallbackReason()} says why, for the window to show; on macOS the usual tool
 * folders that exist ({@code /opt/homebrew/bin}, {@code /usr/local/bin}, {@code ~/.docker/bin},
 * {@code ~/.orbstack/bin}, {@link #MAC_TOOL_FOLDERS}) are then put before the system folders.
 * {@code MST_PANEL_LOGIN_SHELL=off} skips the read (tests, portable use).
 */
public final class LoginShellEnvironment {
    /** Default timeout for the login shell: 5 s (profiles that run nvm or conda are slow). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    /** The folders launchd's PATH is made of: they go after the user's own ({@link #mergePath}). */
    public static final List<String> SYSTEM_FOLDERS = List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin");

    /**
     * Where macOS users' tools are when the login shell cannot be read: Homebrew on Apple Silicon
     * and on Intel, Docker Desktop's and OrbStack's CLI folders ({@code ~} is the home folder).
     */
    public static final List<String> MAC_TOOL_FOLDERS = List.of(
            "/opt/homebrew/bin",
            "/usr/local/bin",
            "~/.docker/bin",
            "~/.orbstack/bin",
            // Node from a version manager (MST is `#!/usr/bin/env node`): Volta, fnm's default alias, asdf and mise
            // shims; MacPorts
            "~/.volta/bin",
            "~/Library/Application Support/fnm/aliases/default/bin",
            "~/.local/share/fnm/aliases/default/bin",
            "~/.asdf/shims",
            "~/.local/share/mise/shims",
            "/opt/local/bin");

    /**
     * The {@code sh} loop that prints every exported variable as {@code NAME=value} and a NUL:
     * names from {@code env}'s lines (a line of a multi-line value that looks like a name is
     * dropped unless that variable is set), values from the shell itself, so newlines and
     * trailing newlines survive. No single quote and no {@code \\} in it: it goes inside single
     * quotes for zsh, bash and fish alike.
     */
    static final String PRINT_VARIABLES =
            "command -p env | command -p sed -n \"s/^\\([A-Za-z_][A-Za-z0-9_]*\\)=.*/\\1/p\" | command -p sort -u"
                    + " | while read -r __mstp_n; do eval \"__mstp_s=\\${$__mstp_n+x} __mstp_v=\\${$__mstp_n}\";"
                    + " [ \"$__mstp_s\" = x ] && printf \"%s=%s\\000\" \"$__mstp_n\" \"$__mstp_v\"; done";

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
     * @param turnedOff true when the user turned the read off ({@code MST_PANEL_LOGIN_SHELL=off}): nothing to warn about
     */
    public record Result(
            HostEnvironment environment,
            boolean fromLoginShell,
            String fallbackReason,
            String shell,
            long elapsedMillis,
            boolean turnedOff) {
        /** A read the user did not turn off. */
        public Result(
                HostEnvironment environment,
                boolean fromLoginShell,
                String fallbackReason,
                String shell,
                long elapsedMillis) {
            this(environment, fromLoginShell, fallbackReason, shell, elapsedMillis, false);
        }

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
            return new Result(
                    base, false, "MST_PANEL_LOGIN_SHELL=off: the panel uses its own environment.", null, 0, true);
        }
        String shell = base.get("SHELL").orElse(null);
        if (shell == null) {
            HostEnvironment own = fallback(base);
            return new Result(
                    own,
                    false,
                    "SHELL is not set: the panel uses its own environment (PATH="
                            + own.get("PATH").orElse("") + ").",
                    null,
                    0);
        }
        String script =
                "printf '\\n" + BEGIN + "\\n'; /bin/sh -c '" + PRINT_VARIABLES + "'; printf '\\n" + END + "\\n'";
        CommandResult r = new CommandRunner(base).run(List.of(shell, "-l", "-i", "-c", script), base.home(), timeout);
        String name = Path.of(shell).getFileName().toString();
        if (r.timedOut()) {
            return new Result(
                    fallback(base),
                    false,
                    "Your login shell (" + name + ") did not answer within " + timeout.toSeconds()
                            + " s; the panel uses its own environment. Check your shell profile for commands that wait.",
                    shell,
                    r.elapsedMillis());
        }
        Optional<Map<String, String>> vars = parse(r.stdout());
        if (vars.isEmpty()) {
            String why = r.exitCode() == -1 ? r.stderr() : "exit code " + r.exitCode();
            return new Result(
                    fallback(base),
                    false,
                    "Could not read your login shell's environment (" + name + ": " + why.strip()
                            + "); the panel uses its own environment.",
                    shell,
                    r.elapsedMillis());
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
     * The PATH processes get: the JVM's entries the login shell's PATH does not have (other than
     * the {@link #SYSTEM_FOLDERS}), then the login shell's entries in their order, then the system
     * folders neither had in front; empty entries and repeats are dropped.
     *
     * @param jvmPath the JVM's PATH ({@code File.pathSeparator}-separated), may be empty
     * @param shellPath the login shell's PATH, may be empty
     * @return the merged PATH, empty when both are empty
     */
    public static String mergePath(String jvmPath, String shellPath) {
        List<String> jvm = entries(jvmPath);
        List<String> shellEntries = entries(shellPath);
        java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
        for (String dir : jvm) {
            if (!shellEntries.contains(dir) && !SYSTEM_FOLDERS.contains(dir)) {
                out.add(dir);
            }
        }
        out.addAll(shellEntries);
        out.addAll(jvm);
        return String.join(java.io.File.pathSeparator, out);
    }

    /**
     * The environment used when the login shell cannot be read: the JVM's, and on macOS its PATH
     * merged with the {@link #MAC_TOOL_FOLDERS} that exist, as if the shell's PATH were those
     * folders followed by the JVM's system folders.
     */
    static HostEnvironment fallback(HostEnvironment base) {
        if (base.os() != HostEnvironment.OsFamily.MAC) {
            return base;
        }
        List<String> folders = new java.util.ArrayList<>();
        for (String f : MAC_TOOL_FOLDERS) {
            String dir =
                    f.startsWith("~/") ? base.home().resolve(f.substring(2)).toString() : f;
            if (java.nio.file.Files.isDirectory(Path.of(dir))) {
                folders.add(dir);
            }
        }
        newestNvmNode(base.home()).ifPresent(folders::add);
        if (folders.isEmpty()) {
            return base;
        }
        entries(base.get("PATH").orElse("")).stream()
                .filter(SYSTEM_FOLDERS::contains)
                .forEach(folders::add);
        Map<String, String> vars = new HashMap<>(base.variables());
        vars.put("PATH", mergePath(base.get("PATH").orElse(""), String.join(java.io.File.pathSeparator, folders)));
        return base.withVariables(vars);
    }

    /**
     * nvm's newest Node ({@code ~/.nvm/versions/node/vX.Y.Z/bin}, highest version first): nvm puts
     * its default on PATH only from the shell's start-up file, which was not read.
     */
    static Optional<String> newestNvmNode(Path home) {
        Path versions = home.resolve(".nvm/versions/node");
        if (!java.nio.file.Files.isDirectory(versions)) {
            return Optional.empty();
        }
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(versions)) {
            return s.filter(p -> p.getFileName().toString().matches("v\\d+(\\.\\d+){0,2}")
                            && java.nio.file.Files.isDirectory(p.resolve("bin")))
                    .max(java.util.Comparator.comparing(
                            p -> versionKey(p.getFileName().toString().substring(1))))
                    .map(p -> p.resolve("bin").toString());
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String versionKey(String v) {
        StringBuilder key = new StringBuilder();
        for (String part : v.split("\\.")) {
            key.append(String.format("%09d", Long.parseLong(part)));
        }
        return key.toString();
    }

    private static List<String> entries(String path) {
        List<String> out = new java.util.ArrayList<>();
        for (String dir : (path == null ? "" : path).split(java.util.regex.Pattern.quote(java.io.File.pathSeparator))) {
            if (!dir.isBlank() && !out.contains(dir)) {
                out.add(dir);
            }
        }
        return out;
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
