package dev.mstpanel.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** settings.json written by someone else (items 9 and 14): every value in the dialog's range, every file bounded. */
class SettingsLoadTest {
    @TempDir
    Path dir;

    @Test
    void valuesOutOfRangeAreClampedAsTheDialogChecksThemWithANotice() throws Exception {
        Files.writeString(
                dir.resolve("settings.json"),
                "{\"probeTimeoutSeconds\": 1e308, \"windowHeight\": 1e9, \"windowWidth\": 3,"
                        + " \"refreshIntervalSeconds\": 99999, \"windowX\": -1e12, \"recentResultsFolders\": [\"/a\", \"/a\", \"\", \"/b\"]}");
        SettingsStore store = new SettingsStore(dir);
        Settings s = store.load();
        assertThat(s.probeTimeoutSeconds).isEqualTo(60);
        assertThat(SettingsValidation.probeTimeoutSeconds(s.probeTimeoutSeconds))
                .isEmpty();
        assertThat(s.refreshIntervalSeconds).isEqualTo(3600);
        assertThat(s.windowHeight).isEqualTo(SettingsLoad.MAX_WINDOW_SIDE);
        assertThat(s.windowWidth).isEqualTo(SettingsLoad.MIN_WINDOW_WIDTH);
        assertThat(s.windowX).isNaN();
        assertThat(s.recentResultsFolders).containsExactly("/a", "/b");
        assertThat(store.notice())
                .get()
                .asString()
                .contains("probe timeout 1.0E308 s → 60 s (0.2 to 60 s)")
                .contains("refresh interval 99999 s → 3600");
        assertThat(Files.exists(dir.resolve("settings.json")))
                .as("a clamped file is not set aside")
                .isTrue();
    }

    @Test
    void settingsInRangeGiveNoNotice() throws Exception {
        SettingsStore store = new SettingsStore(dir);
        store.save(new Settings());
        store.load();
        assertThat(store.notice()).isEmpty();
    }

    @Test
    void aHugeSettingsFileIsNotReadAndTheNoticeSaysWhy() throws Exception {
        try (RandomAccessFile f =
                new RandomAccessFile(dir.resolve("settings.json").toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        SettingsStore store = new SettingsStore(dir);
        Settings s = store.load();
        assertThat(s.windowHeight).isEqualTo(new Settings().windowHeight);
        assertThat(store.notice()).get().asString().contains("is 3.0 GiB, more than the 1.0 MiB the panel reads");
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aFifoAsSettingsFileIsNotOpened() throws Exception {
        Process mkfifo =
                new ProcessBuilder("mkfifo", dir.resolve("settings.json").toString()).start();
        assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS)).isTrue();
        SettingsStore store = new SettingsStore(dir);
        store.load();
        assertThat(store.notice()).get().asString().contains("is not a regular file");
    }
}
