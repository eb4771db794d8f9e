package dev.mstpanel.core.shell;

import java.nio.file.Path;

/**
 * The panel's folders, in each platform's place.
 *
 * <ul>
 *   <li>macOS: settings and data in {@code ~/Library/Application Support/mst-panel}, logs in
 *       {@code ~/Library/Logs/mst-panel}.</li>
 *   <li>Linux: settings in {@code $XDG_CONFIG_HOME/mst-panel} (else {@code ~/.config/mst-panel}),
 *       data in {@code $XDG_DATA_HOME/mst-panel} (else {@code ~/.local/share/mst-panel}), logs in
 *       {@code $XDG_STATE_HOME/mst-panel/logs} (else {@code ~/.local/state/mst-panel/logs}).</li>
 *   <li>Windows: {@code %APPDATA%\mst-panel} for settings and data, {@code %LOCALAPPDATA%\mst-panel\logs} for logs.</li>
 * </ul>
 * The cache folder (what can be remade, such as the start-up class-data archive) is
 * {@code ~/Library/Caches/mst-panel} on macOS, {@code $XDG_CACHE_HOME/mst-panel} (else
 * {@code ~/.cache/mst-panel}) on Linux, {@code %LOCALAPPDATA%\mst-panel\cache} on Windows.
 * {@code MST_PANEL_HOME}, when set, puts all four under one folder (tests and portable use).
 *
 * @param configDir where {@code settings.json} lives
 * @param dataDir where run logs and other data live
 * @param logDir where the panel's own rotated log lives
 * @param cacheDir where files the panel can remake at any time live (deleting it loses nothing)
 */
public record AppPaths(Path configDir, Path dataDir, Path logDir, Path cacheDir) {

    /** The folders for this environment. */
    public static AppPaths of(HostEnvironment env) {
        if (env.get("MST_PANEL_HOME").isPresent()) {
            Path root = Path.of(env.get("MST_PANEL_HOME").get());
            return new AppPaths(
                    root.resolve("config"), root.resolve("data"), root.resolve("logs"), root.resolve("cache"));
        }
        Path home = env.home();
        return switch (env.os()) {
            case MAC -> {
                Path support = home.resolve("Library/Application Support/mst-panel");
                yield new AppPaths(
                        support,
                        support,
                        home.resolve("Library/Logs/mst-panel"),
                        home.resolve("Library/Caches/mst-panel"));
            }
            case WINDOWS -> {
                Path roaming = env.get("APPDATA")
                        .map(Path::of)
                        .orElse(home.resolve("AppData/Roaming"))
                        .resolve("mst-panel");
                Path local = env.get("LOCALAPPDATA")
                        .map(Path::of)
                        .orElse(home.resolve("AppData/Local"))
                        .resolve("mst-panel");
                yield new AppPaths(roaming, roaming, local.resolve("logs"), local.resolve("cache"));
            }
            case LINUX ->
                new AppPaths(
                        env.get("XDG_CONFIG_HOME")
                                .map(Path::of)
                                .orElse(home.resolve(".config"))
                                .resolve("mst-panel"),
                        env.get("XDG_DATA_HOME")
                                .map(Path::of)
                                .orElse(home.resolve(".local/share"))
                                .resolve("mst-panel"),
                        env.get("XDG_STATE_HOME")
                                .map(Path::of)
                                .orElse(home.resolve(".local/state"))
                                .resolve("mst-panel")
                                .resolve("logs"),
                        env.get("XDG_CACHE_HOME")
                                .map(Path::of)
                                .orElse(home.resolve(".cache"))
                                .resolve("mst-panel"));
        };
    }
}
