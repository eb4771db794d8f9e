package dev.mstpanel.core.settings;

import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Whether the system is in dark mode. JavaFX 21 has no platform preference for it, so the panel
 * asks the system: {@code defaults read -g AppleInterfaceStyle} on macOS; on Linux,
 * {@code GTK_THEME}, then {@code gsettings get org.gnome.desktop.interface color-scheme}; on
 * Windows, the {@code AppsUseLightTheme} registry value. Each answer is bounded by 1 s; light
 * when nothing says dark.
 */
public final class SystemTheme {
    private SystemTheme() {}

    /** True when the system asks for dark mode. Blocks up to about 1 s: call it off the UI thread. */
    public static boolean isDark(CommandRunner runner) {
        HostEnvironment env = runner.environment();
        Duration t = Duration.ofSeconds(1);
        switch (env.os()) {
            case MAC -> {
                CommandResult r = runner.run(List.of("defaults", "read", "-g", "AppleInterfaceStyle"), null, t);
                return r.ok() && r.stdout().toLowerCase(Locale.ROOT).contains("dark");
            }
            case WINDOWS -> {
                CommandResult r = runner.run(
                        List.of(
                                "reg",
                                "query",
                                "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize",
                                "/v",
                                "AppsUseLightTheme"),
                        null,
                        t);
                return r.ok() && r.stdout().contains("0x0");
            }
            default -> {
                if (env.get("GTK_THEME")
                        .map(s -> s.toLowerCase(Locale.ROOT).contains("dark"))
                        .orElse(false)) {
                    return true;
                }
                if (env.findExecutable("gsettings").isEmpty()) {
                    return false;
                }
                CommandResult r =
                        runner.run(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"), null, t);
                return r.ok() && r.stdout().contains("dark");
            }
        }
    }
}
