package dev.mstpanel.core.mst;

import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds MST ("Finding MST"), in this order: the path the user gave (settings or
 * {@code run --mst}; used or refused, never replaced); else
 * {@code node_modules/.bin/mst} in the eval config's folder or its parents (users run {@code npx mst}
 * there; docs/dev/mst-format.md, Commands); else {@code mst} on PATH; else {@code npx --no-install mst}.
 * Then asks it {@code --version} and reads its flag vocabulary once from {@code mst run --help}.
 * Results are cached per command and, when the command is a file, its size and time of change (a
 * reinstalled MST is asked again) for the life of the locator.
 *
 * <p>Slow (runs up to three processes, npx can take seconds): call it off the FX thread.
 */
public final class MstLocator {
    /** What installs MST in an eval's folder. */
    public static final String INSTALL_COMMAND = "npm install --save-dev @gleanwork/mcp-server-tester";
    /** How long {@code mst --version} and {@code mst run --help} may take: 60 s (npx may unpack). */
    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How long {@code mst run --help} may take once {@code --version} answered (npx has unpacked it
     * by then): 10 s. It only tells the flag vocabulary, which has a default, so a help that hangs
     * costs each start this, not a minute.
     */
    public static final Duration HELP_TIMEOUT = Duration.ofSeconds(10);

    private static final Pattern VERSION = Pattern.compile("\\b(\\d+\\.\\d+\\.\\d+(?:[-+][0-9A-Za-z.-]+)?)\\b");

    private final CommandRunner runner;
    private final Map<List<Object>, MstInstallation> cache = new ConcurrentHashMap<>();

    /** @param runner runs the probes in the panel's environment (login-shell PATH) */
    public MstLocator(CommandRunner runner) {
        this.runner = runner;
    }

    /**
     * Finds MST for an eval.
     *
     * @param settingsPath the path the user gave (settings, {@code run --mst}), or null; when
     *     given it is used or refused, never replaced by another MST
     * @param evalConfig the eval config file (its folder and parents are searched), or null
     * @return the installation with its version and flags
     * @throws MstNotFoundException with every candidate's reason and the install command; at once
     *     when the given path is not an executable file
     */
    public MstInstallation locate(Path settingsPath, Path evalConfig) throws MstNotFoundException {
        HostEnvironment env = runner.environment();
        List<String> tried = new ArrayList<>();
        if (settingsPath != null) {
            // a path the user gave is used or refused, never replaced by another mst
            if (Files.isRegularFile(settingsPath) && Files.isExecutable(settingsPath)) {
                return probe(
                        List.of(settingsPath.toAbsolutePath().toString()),
                        MstInstallation.Source.SETTINGS,
                        evalConfig,
                        tried);
            }
            String why = !Files.exists(settingsPath)
                    ? "there is no such file"
                    : Files.isDirectory(settingsPath)
                            ? "it is a folder, not the mst program"
                            : !Files.isRegularFile(settingsPath)
                                    ? "it is not a regular file"
                                    : "it is not executable (chmod +x it)";
            tried.add(settingsPath + ": " + why);
            throw new MstNotFoundException(
                    "The MST path " + settingsPath + " cannot be used: " + why
                            + ". Give the path of the mst program (e.g. node_modules/.bin/mst), or none to let the panel find MST.",
                    tried);
        }
        if (evalConfig != null) {
            Optional<Path> local = findLocal(evalConfig.toAbsolutePath().getParent(), env);
            if (local.isPresent()) {
                return probe(
                        List.of(local.get().toString()), MstInstallation.Source.LOCAL_DEPENDENCY, evalConfig, tried);
            }
            tried.add("node_modules/.bin/mst: none in "
                    + evalConfig.toAbsolutePath().getParent() + " or its parents");
        }
        Optional<Path> onPath = env.findExecutable("mst");
        if (onPath.isPresent()) {
            return probe(List.of(onPath.get().toString()), MstInstallation.Source.PATH, evalConfig, tried);
        }
        String shownPath = env.shortPath(6);
        tried.add("PATH: no mst in " + shownPath);
        Optional<Path> npx = env.findExecutable("npx");
        if (npx.isPresent()) {
            MstInstallation viaNpx = probe(
                    List.of(npx.get().toString(), "--no-install", "mst"),
                    MstInstallation.Source.NPX,
                    evalConfig,
                    tried);
            if (viaNpx != null) {
                return viaNpx;
            }
        } else {
            tried.add("PATH: no npx");
        }
        boolean node = env.findExecutable("node").isPresent() || npx.isPresent();
        String where = evalConfig == null
                ? "your eval's folder"
                : evalConfig.toAbsolutePath().getParent().toString();
        // the sentence says where MST was looked for, not the PATH itself (a dozen folders a person does not
        // read); the folders searched are in tried(), for the log and the details
        String message = node
                ? "MST is not installed (no mst "
                        + (evalConfig == null ? "" : "in node_modules/.bin from " + where + " up, nor ")
                        + "on your login shell's PATH). In " + where
                        + " run `" + INSTALL_COMMAND + "`, or set MST's path in Settings."
                : "Node.js is not installed (no mst, node or npx on your login shell's PATH)."
                        + " Install Node.js 20 or later, then in " + where + " run `" + INSTALL_COMMAND + "`.";
        throw new MstNotFoundException(message, tried);
    }

    /** {@code node_modules/.bin/mst} (or {@code mst.cmd} on Windows) in a folder or its parents. */
    static Optional<Path> findLocal(Path start, HostEnvironment env) {
        String name = env.os() == HostEnvironment.OsFamily.WINDOWS ? "mst.cmd" : "mst";
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("node_modules").resolve(".bin").resolve(name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private MstInstallation probe(
            List<String> command, MstInstallation.Source source, Path evalConfig, List<String> tried)
            throws MstNotFoundException {
        List<Object> key = cacheKey(command);
        MstInstallation cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Path cwd = evalConfig == null ? null : evalConfig.toAbsolutePath().getParent();
        List<String> versionCmd = new ArrayList<>(command);
        versionCmd.add("--version");
        CommandResult v = runner.run(versionCmd, cwd, PROBE_TIMEOUT);
        if (!v.ok()) {
            String why = v.timedOut()
                    ? "did not answer within " + PROBE_TIMEOUT.toSeconds() + " s"
                    : "exit code " + v.exitCode() + ": " + firstLine(v.stderr().isBlank() ? v.stdout() : v.stderr());
            tried.add(String.join(" ", command) + " --version: " + why);
            if (source == MstInstallation.Source.NPX) {
                return null;
            }
            throw new MstNotFoundException(
                    "MST at " + String.join(" ", command) + " does not run (" + why + "). Reinstall it with `"
                            + INSTALL_COMMAND + "`.",
                    tried);
        }
        Matcher m = VERSION.matcher(v.stdout() + "\n" + v.stderr());
        String version = m.find() ? m.group(1) : null;
        List<String> helpCmd = new ArrayList<>(command);
        helpCmd.add("run");
        helpCmd.add("--help");
        CommandResult h = runner.run(helpCmd, cwd, HELP_TIMEOUT);
        String help = h.stdout() + "\n" + h.stderr();
        String note = null;
        FlagVocabulary flags;
        if (h.timedOut()) {
            flags = FlagVocabulary.RUNNER;
            note = "`mst run --help` did not answer within " + HELP_TIMEOUT.toSeconds()
                    + " s; the panel uses --runner/--runner-option.";
        } else if (help.contains("--runner") || help.contains("--env-option")) {
            flags = FlagVocabulary.fromHelp(help);
        } else {
            flags = FlagVocabulary.RUNNER;
            note = "`mst run --help` named neither --runner nor --env-option; the panel uses --runner/--runner-option.";
        }
        MstInstallation found = new MstInstallation(command, source, version, flags, note);
        cache.put(key, found);
        return found;
    }

    /** The command, and for a file its size and time of change: a reinstalled MST is a new key. */
    private static List<Object> cacheKey(List<String> command) {
        try {
            Path exe = Path.of(command.get(0));
            if (exe.isAbsolute() && Files.isRegularFile(exe)) {
                return List.of(
                        command, Files.size(exe), Files.getLastModifiedTime(exe).toMillis());
            }
        } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
            // not a file the panel can look at: the command alone
        }
        return List.of(command);
    }

    private static String firstLine(String s) {
        return s.strip().lines().findFirst().orElse("(no output)");
    }
}
