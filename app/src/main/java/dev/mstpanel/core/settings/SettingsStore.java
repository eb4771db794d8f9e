package dev.mstpanel.core.settings;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.mstpanel.core.files.SmallFiles;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and saves {@link Settings} as {@code settings.json}. Every value read is checked and
 * clamped ({@link SettingsLoad}), with a notice naming what changed. A file that cannot be read (not
 * a regular file, over {@link #MAX_BYTES}, not the JSON of settings) is moved aside ({@code settings.json.corrupt-<time>}) and defaults are used; {@link #notice()}
 * says so, for the window to show. Writes go to a temporary file that replaces the old one,
 * so a crash never leaves half a file.
 */
public final class SettingsStore {
    private static final Logger LOG = LoggerFactory.getLogger(SettingsStore.class);
    private final Path file;
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private String notice;
    /** The largest settings file read: 1 MiB (a real one is a few KiB). */
    public static final int MAX_BYTES = 1024 * 1024;

    /** @param configDir the folder of {@code settings.json} */
    public SettingsStore(Path configDir) {
        this.file = configDir.resolve("settings.json");
    }

    /** The settings file's path. */
    public Path file() {
        return file;
    }

    /**
     * Reads the settings; never throws.
     *
     * @return the saved settings, or defaults when there are none or the file was corrupt
     */
    public Settings load() {
        if (!Files.exists(file)) {
            return new Settings();
        }
        try {
            Settings s = json.readValue(SmallFiles.read(file, MAX_BYTES), Settings.class);
            if (s == null) {
                return new Settings();
            }
            List<String> changed = SettingsLoad.clamp(s);
            if (!changed.isEmpty()) {
                notice = "Some saved settings were out of range, so the panel uses the nearest allowed values: "
                        + String.join("; ", changed.subList(0, Math.min(10, changed.size())))
                        + (changed.size() > 10 ? "; and " + (changed.size() - 10) + " more" : "")
                        + ". Change them in Settings.";
                LOG.warn("settings file {}: values out of range clamped: {}", file, changed);
            }
            return s;
        } catch (IOException e) {
            Path aside = file.resolveSibling("settings.json.corrupt-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
            try {
                Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
                notice = "Your settings file could not be read" + why(e)
                        + ", so the panel started with defaults. The old file is kept as " + aside + ".";
            } catch (IOException moveError) {
                notice = "Your settings file " + file + " could not be read" + why(e)
                        + ", so the panel started with defaults.";
            }
            LOG.warn("settings file {} unreadable: {}", file, e.getMessage());
            return new Settings();
        }
    }

    private static String why(IOException e) {
        return e instanceof SmallFiles.Refused ? " (" + e.getMessage() + ")" : "";
    }

    /**
     * Saves the settings atomically.
     *
     * @throws IOException when the folder cannot be written
     */
    public void save(Settings settings) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling("settings.json.tmp");
        json.writeValue(tmp.toFile(), settings);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A sentence for the window when the last load set a corrupt file aside or changed values out of range. */
    public Optional<String> notice() {
        return Optional.ofNullable(notice);
    }
}
