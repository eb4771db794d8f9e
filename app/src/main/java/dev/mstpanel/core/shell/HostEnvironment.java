package dev.mstpanel.core.shell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The environment every process the panel starts gets, and the facts about this machine the
 * panel's rules depend on (home folder, operating system).
 *
 * <p>At start-up this is the JVM's own environment; an app opened from the macOS Finder gets
 * launchd's bare PATH, so the panel later replaces it with the user's login-shell environment
 * ({@code LoginShellEnvironment}). The rule: the login shell's variables, but {@code PATH} is the
 * JVM's own entries the shell lacks (a PATH exported before starting the panel), then the login
 * shell's PATH, then the system folders ({@code /usr/bin:/bin:/usr/sbin:/sbin}) the shell lacked,
 * so launchd's bare PATH never shadows the user's tools. Tests build one from a map.
 *
 * @param variables environment variables, never null; values may hold secrets, so never log them whole
 * @param home the user's home folder
 * @param os the operating system family
 */
public record HostEnvironment(Map<String, String> variables, Path home, OsFamily os) {

    /** Operating system families with different conventions (sockets, folders, terminals). */
    public enum OsFamily {
        MAC,
        LINUX,
        WINDOWS;

        /** The family of the running JVM. */
        public static OsFamily current() {
            String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            if (name.contains("mac") || name.contains("darwin")) {
                return MAC;
            }
            return name.contains("win") ? WINDOWS : LINUX;
        }
    }

    public HostEnvironment {
        variables = Map.copyOf(new TreeMap<>(variables));
    }

    /** This JVM's environment, home folder ({@link #homeOf}) and OS. */
    public static HostEnvironment fromSystem() {
        OsFamily os = OsFamily.current();
        // without the start-up relaunch's markers (ClassDataArchive): no process the panel starts inherits them
        Map<String, String> variables =
                dev.mstpanel.core.startup.ClassDataArchive.environmentForProcesses(System.getenv());
        return new HostEnvironment(variables, homeOf(variables, os, Path.of(System.getProperty("user.home"))), os);
    }

    /**
     * The home folder as the Docker CLI and desktop tools find it (Go's {@code os.UserHomeDir}):
     * {@code $HOME} on macOS and Linux ({@code %USERPROFILE%} on Windows) when it is set to an
     * absolute path, else {@code fallback}. Java's {@code user.home} is the passwd entry's folder and
     * ignores {@code $HOME}, so it is only the fallback.
     *
     * @param variables the environment
     * @param os the platform
     * @param fallback the folder to use when the variable is unset, empty or relative (the passwd home)
     */
    public static Path homeOf(Map<String, String> variables, OsFamily os, Path fallback) {
        String v = variables.get(os == OsFamily.WINDOWS ? "USERPROFILE" : "HOME");
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            Path p = Path.of(v);
            return p.isAbsolute() ? p : fallback;
        } catch (java.nio.file.InvalidPathException e) {
            return fallback;
        }
    }

    /** A copy with other variables (e.g. the login shell's), same home and OS. */
    public HostEnvironment withVariables(Map<String, String> newVariables) {
        return new HostEnvironment(newVariables, home, os);
    }

    /**
     * The PATH for people: its first entries, then how many more, e.g.
     * {@code /tmp/bin:/usr/local/bin:/usr/bin … (+4 more)}.
     *
     * @param maxEntries how many entries to show (at least 1)
     * @return the shortened PATH, or {@code (empty)}
     */
    public String shortPath(int maxEntries) {
        String path = get("PATH").orElse("");
        List<String> dirs = java.util.Arrays.stream(
                        path.split(java.util.regex.Pattern.quote(java.io.File.pathSeparator)))
                .filter(d -> !d.isBlank())
                .toList();
        if (dirs.isEmpty()) {
            return "(empty)";
        }
        int n = Math.max(1, maxEntries);
        return dirs.size() <= n
                ? String.join(java.io.File.pathSeparator, dirs)
                : String.join(java.io.File.pathSeparator, dirs.subList(0, n)) + " … (+" + (dirs.size() - n) + " more)";
    }

    /** A variable's value when set and not empty. */
    public Optional<String> get(String name) {
        String v = variables.get(name);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v);
    }

    /**
     * Finds an executable on this environment's PATH (not the JVM's).
     *
     * @param name a bare program name such as {@code docker}
     * @return its absolute path, or empty when no PATH entry has it
     */
    public Optional<Path> findExecutable(String name) {
        String path = get("PATH").orElse("");
        List<String> suffixes = os == OsFamily.WINDOWS ? List.of(".exe", ".cmd", ".bat", "") : List.of("");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            for (String suffix : suffixes) {
                Path candidate = Path.of(dir).resolve(name + suffix);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate.toAbsolutePath());
                }
            }
        }
        return Optional.empty();
    }
}
