package dev.mstpanel.core.docker;

import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Opens the user's terminal on a shell inside a container:
 * {@code docker --context <ctx> exec -it -u mst <container> bash} (source: MST's Cowork-in-Docker
 * document, "When something fails").
 *
 * <p>Terminals: Terminal or iTerm2 through {@code osascript}, Ghostty and WezTerm through
 * {@code open -n -b <bundle id> --args …} on macOS (Ghostty: {@code -e <command>}, WezTerm:
 * {@code start -- <command>}, their documented command lines); {@code x-terminal-emulator},
 * {@code gnome-terminal}, {@code konsole}, {@code xfce4-terminal} or {@code xterm} on Linux;
 * Windows Terminal ({@code wt}) on Windows. Settings' {@code terminalApp} picks one; blank picks
 * the platform's first found. Every value of {@link Terminal} has a command line
 * ({@link #launchCommand}), and Settings offers exactly these.
 *
 * <p>Safety: the context and container names are checked against Docker's name rule
 * ({@link DockerNames}) before any command line or AppleScript is built. Linux and Windows
 * terminals get the command as separate arguments. On macOS the terminal runs the command through
 * the user's login shell, so the only other part, the docker path, is single-quoted for the shell
 * and then escaped for AppleScript's string literal.
 */
public final class TerminalLauncher {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TerminalLauncher.class);

    /** The terminals the panel can open. */
    public enum Terminal {
        TERMINAL("Terminal", HostEnvironment.OsFamily.MAC, "osascript"),
        ITERM2("iTerm2", HostEnvironment.OsFamily.MAC, "osascript"),
        GHOSTTY("Ghostty", HostEnvironment.OsFamily.MAC, "open"),
        WEZTERM("WezTerm", HostEnvironment.OsFamily.MAC, "open"),
        X_TERMINAL_EMULATOR("x-terminal-emulator", HostEnvironment.OsFamily.LINUX, "x-terminal-emulator"),
        GNOME_TERMINAL("gnome-terminal", HostEnvironment.OsFamily.LINUX, "gnome-terminal"),
        KONSOLE("konsole", HostEnvironment.OsFamily.LINUX, "konsole"),
        XFCE4_TERMINAL("xfce4-terminal", HostEnvironment.OsFamily.LINUX, "xfce4-terminal"),
        XTERM("xterm", HostEnvironment.OsFamily.LINUX, "xterm"),
        WINDOWS_TERMINAL("Windows Terminal", HostEnvironment.OsFamily.WINDOWS, "wt");

        private final String displayName;
        private final HostEnvironment.OsFamily os;
        private final String program;

        Terminal(String displayName, HostEnvironment.OsFamily os, String program) {
            this.displayName = displayName;
            this.os = os;
            this.program = program;
        }

        /** The name shown in settings and saved there, e.g. {@code iTerm2}. */
        public String displayName() {
            return displayName;
        }

        /** The platform it runs on. */
        public HostEnvironment.OsFamily os() {
            return os;
        }

        /** The program started: {@code osascript}, {@code gnome-terminal}, {@code wt}, … */
        public String program() {
            return program;
        }

        /** The terminals of one platform, in the order "automatic" tries them. */
        public static List<Terminal> of(HostEnvironment.OsFamily os) {
            return java.util.Arrays.stream(values()).filter(t -> t.os == os).toList();
        }

        /** The terminal a settings value names (display name or id, any case), if any. */
        public static Optional<Terminal> named(String value) {
            if (value == null || value.isBlank()) {
                return Optional.empty();
            }
            String v = value.strip().toLowerCase(Locale.ROOT).replace(".app", "");
            for (Terminal t : values()) {
                if (t.displayName.toLowerCase(Locale.ROOT).equals(v)
                        || t.name().toLowerCase(Locale.ROOT).equals(v)
                        || t.program.equals(v) && t.os != HostEnvironment.OsFamily.MAC) {
                    return Optional.of(t);
                }
            }
            return v.equals("iterm") ? Optional.of(ITERM2) : Optional.empty();
        }
    }

    private final HostEnvironment environment;

    /** @param environment the PATH terminals and {@code docker} are found on, and the OS */
    public TerminalLauncher(HostEnvironment environment) {
        this.environment = environment;
    }

    /** The shell opened in the container: {@code bash} unless {@link #withShell} says otherwise ({@link ContainerShell}). */
    private String shellProgram = "bash";

    /**
     * A launcher like this one that opens another shell than bash (e.g. {@code sh} for an image
     * without bash); this one is left as it is (the views share it).
     *
     * @param program {@code bash} or {@code sh}
     * @throws IllegalArgumentException for any other program
     */
    public TerminalLauncher withShell(String program) {
        if (!program.equals("bash") && !program.equals("sh")) {
            throw new IllegalArgumentException("the shell is bash or sh, not " + program);
        }
        TerminalLauncher other = new TerminalLauncher(environment);
        other.shellProgram = program;
        return other;
    }

    /** As {@link #shellArguments(String, String, String)}, with another shell than bash ({@code sh}). */
    public static List<String> shellArguments(String docker, String context, String container, String shell) {
        List<String> args = new ArrayList<>(shellArguments(docker, context, container));
        args.set(args.size() - 1, shell);
        return List.copyOf(args);
    }

    /**
     * The command a person can paste: {@code docker --context CTX exec -it -u mst CONTAINER bash}.
     *
     * @throws IllegalArgumentException when a name does not follow Docker's name rule
     */
    public static String copyCommand(String context, String container) {
        return String.join(" ", shellArguments("docker", context, container));
    }

    /**
     * The shell command as separate arguments.
     *
     * @param docker the docker program (a name or an absolute path)
     * @throws IllegalArgumentException when a name does not follow Docker's name rule
     */
    public static List<String> shellArguments(String docker, String context, String container) {
        String ctx = DockerNames.requireContext(context);
        String name = DockerNames.requireContainer(container);
        return List.of(docker, "--context", ctx, "exec", "-it", "-u", "mst", name, "bash");
    }

    /**
     * The terminal to use.
     *
     * @param setting Settings' {@code terminalApp}; blank for automatic
     * @return the named terminal when it belongs to this platform; else the platform's first found
     *     (macOS: Terminal; Linux: the first on PATH; Windows: Windows Terminal); empty when none is found
     * @throws IllegalArgumentException when the setting names a terminal the panel does not know or of another platform
     */
    public Optional<Terminal> choose(String setting) {
        if (setting != null && !setting.isBlank()) {
            Terminal t = Terminal.named(setting)
                    .orElseThrow(() -> new IllegalArgumentException("The terminal \"" + setting.strip()
                            + "\" in settings is not one the panel can open. Choose one of: " + names(environment.os())
                            + "."));
            if (t.os != environment.os()) {
                throw new IllegalArgumentException(t.displayName + " does not run on this system. Choose one of: "
                        + names(environment.os()) + ".");
            }
            return Optional.of(t);
        }
        return switch (environment.os()) {
            case MAC -> Optional.of(Terminal.TERMINAL);
            case WINDOWS -> Optional.of(Terminal.WINDOWS_TERMINAL);
            case LINUX ->
                Terminal.of(HostEnvironment.OsFamily.LINUX).stream()
                        .filter(t -> environment.findExecutable(t.program).isPresent())
                        .findFirst();
        };
    }

    private static String names(HostEnvironment.OsFamily os) {
        return String.join(
                ", ", Terminal.of(os).stream().map(Terminal::displayName).toList());
    }

    /**
     * The command line that opens the terminal.
     *
     * @param terminal which terminal
     * @param context the context (checked)
     * @param container the container (checked)
     * @return program and arguments, for {@link ProcessBuilder}; never a shell string
     * @throws IllegalArgumentException when a name does not follow Docker's name rule
     */
    public List<String> launchCommand(Terminal terminal, String context, String container) {
        String docker = environment.findExecutable("docker").map(Path::toString).orElse("docker");
        List<String> shell = shellArguments(docker, context, container, shellProgram);
        List<String> argv = new ArrayList<>();
        switch (terminal) {
            case TERMINAL -> argv.addAll(List.of("osascript", "-e", terminalAppleScript(shell)));
            case ITERM2 -> argv.addAll(List.of("osascript", "-e", itermAppleScript(shell)));
            case GHOSTTY -> {
                argv.addAll(List.of("open", "-n", "-b", "com.mitchellh.ghostty", "--args", "-e"));
                argv.addAll(shell);
            }
            case WEZTERM -> {
                argv.addAll(List.of("open", "-n", "-b", "com.github.wez.wezterm", "--args", "start", "--"));
                argv.addAll(shell);
            }
            case XFCE4_TERMINAL -> {
                argv.addAll(List.of("xfce4-terminal", "-x"));
                argv.addAll(shell);
            }
            case GNOME_TERMINAL -> {
                argv.addAll(List.of("gnome-terminal", "--"));
                argv.addAll(shell);
            }
            case X_TERMINAL_EMULATOR, KONSOLE, XTERM -> {
                argv.addAll(List.of(terminal.program, "-e"));
                argv.addAll(shell);
            }
            case WINDOWS_TERMINAL -> {
                argv.addAll(List.of("wt", "new-tab", "--title", "mst " + shell.get(7)));
                argv.addAll(shell);
            }
        }
        return argv;
    }

    /** The AppleScript for Terminal: {@code tell application "Terminal" … do script "…"}. */
    static String terminalAppleScript(List<String> shell) {
        return "tell application \"Terminal\"\n  activate\n  do script \"" + appleScriptString(shellLine(shell))
                + "\"\nend tell";
    }

    /** The AppleScript for iTerm2: a new window whose session writes the command. */
    static String itermAppleScript(List<String> shell) {
        return "tell application \"iTerm\"\n  activate\n  set w to (create window with default profile)\n"
                + "  tell current session of w to write text \"" + appleScriptString(shellLine(shell)) + "\"\nend tell";
    }

    /** The shell line a macOS terminal runs: the docker path single-quoted, the checked names bare. */
    static String shellLine(List<String> shell) {
        StringBuilder sb = new StringBuilder(singleQuote(shell.get(0)));
        for (int i = 1; i < shell.size(); i++) {
            sb.append(' ').append(shell.get(i));
        }
        return sb.toString();
    }

    /** POSIX shell single quoting: {@code it's} becomes {@code 'it'\''s'}. */
    static String singleQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Escapes for an AppleScript string literal: backslash and double quote. */
    static String appleScriptString(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /**
     * Opens the terminal. Waits up to 2 s for a quick failure (no such application, a bad
     * AppleScript); a terminal still running then is left running.
     *
     * @param setting Settings' {@code terminalApp}
     * @param context the context (checked)
     * @param container the container (checked)
     * @return the command line that was started
     * @throws IllegalArgumentException for a name outside Docker's rule or an unknown terminal setting
     * @throws IOException when no terminal is found or it failed to start; the message says what to do
     */
    public List<String> open(String setting, String context, String container) throws IOException {
        return open(setting, context, container, later -> LOG.warn("{}", later.getMessage()));
    }

    /**
     * {@link #open(String, String, String)}, and a failure after the first 2 s is reported too: on
     * macOS {@code osascript} waits while the person answers the Automation prompt ("mst-panel
     * wants access to control Terminal"), and a "Don't Allow" then, or a permission turned off
     * before, ends it with error -1743, said with the settings pane to open ({@link #automationRefused}).
     *
     * @param laterFailure gets a failure that came after this returned (on a background thread), with a message for people
     */
    public List<String> open(
            String setting, String context, String container, java.util.function.Consumer<IOException> laterFailure)
            throws IOException {
        List<String> shell = shellArguments("docker", context, container, shellProgram);
        Terminal terminal = choose(setting)
                .orElseThrow(() -> new IOException("No terminal found (looked for " + names(environment.os())
                        + " on PATH). Install one, or copy the command: " + String.join(" ", shell)));
        List<String> argv = new ArrayList<>(launchCommand(terminal, context, container));
        environment.findExecutable(argv.get(0)).ifPresent(p -> argv.set(0, p.toString()));
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().clear();
        pb.environment().putAll(environment.variables());
        Path output = Files.createTempFile("mst-panel-terminal", ".txt");
        pb.redirectErrorStream(true);
        pb.redirectOutput(output.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        boolean watching = false;
        try {
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new IOException(
                        terminal.displayName + " could not be started (" + e.getMessage()
                                + "). Choose another terminal in settings, or copy the command: "
                                + String.join(" ", shell),
                        e);
            }
            boolean ended = p.waitFor(2, TimeUnit.SECONDS);
            if (ended && p.exitValue() != 0) {
                throw failure(terminal, p.exitValue(), Files.readString(output, StandardCharsets.UTF_8), shell);
            }
            if (!ended && terminal.program.equals("osascript")) {
                // still waiting for the Automation prompt's answer, or for Terminal to start
                watching = true;
                p.onExit().thenAccept(done -> {
                    try {
                        if (done.exitValue() != 0) {
                            laterFailure.accept(failure(
                                    terminal,
                                    done.exitValue(),
                                    Files.readString(output, StandardCharsets.UTF_8),
                                    shell));
                        }
                    } catch (IOException | RuntimeException e) {
                        LOG.warn("could not read what {} said: {}", terminal.displayName, e.toString());
                    } finally {
                        deleteQuietly(output);
                    }
                });
            }
            return argv;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return argv;
        } finally {
            if (!watching) {
                Files.deleteIfExists(output);
            }
        }
    }

    /** Apple's {@code errAEEventNotPermitted} (the person or a policy refused) and {@code errAEEventWouldRequireUserConsent}. */
    private static final java.util.Set<Integer> AUTOMATION_REFUSED = java.util.Set.of(-1743, -1744);
    /** System Settings → Privacy &amp; Security → Automation. */
    public static final String AUTOMATION_PANE =
            "x-apple.systempreferences:com.apple.preference.security?Privacy_Automation";

    private static final java.util.regex.Pattern APPLE_SCRIPT_ERROR =
            java.util.regex.Pattern.compile("\\((-?\\d+)\\)\\s*$");

    /**
     * The AppleScript error number {@code osascript} ended its error line with ({@code … (-1743)}), if any.
     *
     * @param said what osascript printed
     */
    static java.util.OptionalInt appleScriptError(String said) {
        for (String line : said.strip().lines().toList()) {
            java.util.regex.Matcher m = APPLE_SCRIPT_ERROR.matcher(line.strip());
            if (m.find()) {
                return java.util.OptionalInt.of(Integer.parseInt(m.group(1)));
            }
        }
        return java.util.OptionalInt.empty();
    }

    /** True when osascript's error number says macOS refused the panel control of the terminal. */
    static boolean automationRefused(String said) {
        java.util.OptionalInt code = appleScriptError(said);
        return code.isPresent() && AUTOMATION_REFUSED.contains(code.getAsInt());
    }

    private static IOException failure(Terminal terminal, int exit, String said, List<String> shell) {
        if (automationRefused(said)) {
            return new IOException("macOS did not allow mst-panel to control " + terminal.displayName
                    + ". Turn it on in System Settings → "
                    + "Privacy & Security → Automation → mst-panel → " + terminal.displayName + " (" + AUTOMATION_PANE
                    + "), then Open shell again. Or copy the command: " + String.join(" ", shell));
        }
        String s = said.strip();
        return new IOException(terminal.displayName + " failed (exit " + exit + "): "
                + (s.isEmpty() ? "no message" : s.lines().findFirst().orElse("")) + ". Copy the command instead: "
                + String.join(" ", shell));
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temporary file
        }
    }

    /**
     * Runs {@code docker --context CTX exec -it -u mst CONTAINER bash} in the caller's own terminal:
     * the process inherits this process's stdin, stdout and stderr, and this call waits for it.
     * For a command line started from a terminal (an SSH session included), where opening a new
     * terminal window is neither possible nor wanted.
     *
     * @param context the context (checked)
     * @param container the container (checked)
     * @return docker's exit code (bash's, once the shell ran)
     * @throws IllegalArgumentException for a name outside Docker's rule
     * @throws IOException when {@code docker} is not on PATH or could not be started
     */
    public int runHere(String context, String container) throws IOException {
        String docker = environment
                .findExecutable("docker")
                .map(Path::toString)
                .orElseThrow(() -> new IOException(
                        "No `docker` on PATH. Install the Docker CLI, then run: " + copyCommand(context, container)));
        ProcessBuilder pb = new ProcessBuilder(shellArguments(docker, context, container, shellProgram)).inheritIO();
        pb.environment().clear();
        pb.environment().putAll(environment.variables());
        Process p = pb.start();
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
            return 130;
        }
    }

    private java.io.File nullDevice() {
        return new java.io.File(environment.os() == HostEnvironment.OsFamily.WINDOWS ? "NUL" : "/dev/null");
    }
}
