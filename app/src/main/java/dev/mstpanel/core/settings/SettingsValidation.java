package dev.mstpanel.core.settings;

import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks what a person typed in the Settings dialog. Each method returns the message to show
 * beside the field, or empty when the value is fine. Blank means "the default" wherever a field
 * is optional.
 */
public final class SettingsValidation {
    /** Refresh interval bounds in seconds: 2 (probing costs a process per context) to 3600. */
    public static final int MIN_REFRESH_SECONDS = 2;

    public static final int MAX_REFRESH_SECONDS = 3600;
    /** Probe timeout bounds in seconds: 0.2 to 60. */
    public static final double MIN_PROBE_TIMEOUT_SECONDS = 0.2;

    public static final double MAX_PROBE_TIMEOUT_SECONDS = 60;

    private SettingsValidation() {}

    /** The MST path: blank (find it), or an existing executable file. */
    public static Optional<String> mstPath(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        Path p;
        try {
            p = Path.of(text.strip());
        } catch (InvalidPathException e) {
            return Optional.of("This is not a path.");
        }
        if (!p.isAbsolute()) {
            return Optional.of("Give the full path, e.g. /usr/local/bin/mst.");
        }
        if (!Files.exists(p)) {
            return Optional.of("There is no file at this path.");
        }
        if (Files.isDirectory(p)) {
            return Optional.of("This is a folder; give the mst program inside it (e.g. node_modules/.bin/mst).");
        }
        if (!Files.isExecutable(p)) {
            return Optional.of("This file is not executable.");
        }
        return Optional.empty();
    }

    /**
     * The terminal: blank (the platform's default), or one the panel can open on this OS
     * ({@link dev.mstpanel.core.docker.TerminalLauncher.Terminal}, the same rule Open shell applies);
     * on Linux and Windows its program must also be on PATH.
     */
    public static Optional<String> terminalApp(String text, HostEnvironment env) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try {
            var terminal = new dev.mstpanel.core.docker.TerminalLauncher(env).choose(text);
            if (terminal.isPresent()
                    && env.os() != HostEnvironment.OsFamily.MAC
                    && env.findExecutable(terminal.get().program()).isEmpty()) {
                return Optional.of("No program named " + terminal.get().program() + " on PATH.");
            }
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The refresh interval in whole seconds, {@value #MIN_REFRESH_SECONDS} to {@value #MAX_REFRESH_SECONDS}. */
    public static Optional<String> refreshSeconds(String text) {
        try {
            return refreshSeconds(Integer.parseInt(text == null ? "" : text.strip()));
        } catch (NumberFormatException e) {
            return Optional.of("A whole number of seconds, e.g. 10.");
        }
    }

    /** The refresh interval's range check, shared by the dialog and {@link SettingsLoad}. */
    public static Optional<String> refreshSeconds(int v) {
        if (v < MIN_REFRESH_SECONDS || v > MAX_REFRESH_SECONDS) {
            return Optional.of("Between " + MIN_REFRESH_SECONDS + " and " + MAX_REFRESH_SECONDS + " seconds.");
        }
        return Optional.empty();
    }

    /** The probe timeout in seconds (a decimal point is allowed), 0.2 to 60. */
    public static Optional<String> probeTimeoutSeconds(String text) {
        try {
            return probeTimeoutSeconds(
                    Double.parseDouble(text == null ? "" : text.strip().replace(',', '.')));
        } catch (NumberFormatException e) {
            return Optional.of("A number of seconds, e.g. 3 or 1.5.");
        }
    }

    /** The probe timeout's range check, shared by the dialog and {@link SettingsLoad}. */
    public static Optional<String> probeTimeoutSeconds(double v) {
        if (!(v >= MIN_PROBE_TIMEOUT_SECONDS && v <= MAX_PROBE_TIMEOUT_SECONDS)) {
            return Optional.of("Between 0.2 and 60 seconds.");
        }
        return Optional.empty();
    }

    /** Parses a value {@link #probeTimeoutSeconds(String)} accepted. */
    public static double parseSeconds(String text) {
        return Double.parseDouble(text.strip().replace(',', '.'));
    }

    /** Formats seconds for a field: {@code 3} rather than {@code 3.0}. */
    public static String formatSeconds(double seconds) {
        return seconds == Math.rint(seconds)
                ? String.valueOf((long) seconds)
                : String.format(Locale.ROOT, "%s", seconds);
    }
}
