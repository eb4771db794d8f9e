package dev.mstpanel.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** settings.json on a real disk: round trip, and a corrupt file set aside with a notice. */
class SettingsStoreTest {
    @TempDir
    Path dir;

    @Test
    void savedSettingsComeBack() throws Exception {
        SettingsStore store = new SettingsStore(dir);
        Settings s = new Settings();
        s.mstPath = "/opt/mst/bin/mst";
        s.refreshIntervalSeconds = 30;
        s.probeTimeoutSeconds = 1.5;
        s.theme = Settings.Theme.DARK;
        s.windowWidth = 1000;
        s.openView = "results";
        store.save(s);
        Settings back = new SettingsStore(dir).load();
        assertThat(back.mstPath).isEqualTo("/opt/mst/bin/mst");
        assertThat(back.refreshIntervalSeconds).isEqualTo(30);
        assertThat(back.probeTimeoutSeconds).isEqualTo(1.5);
        assertThat(back.theme).isEqualTo(Settings.Theme.DARK);
        assertThat(back.windowWidth).isEqualTo(1000);
        assertThat(back.openView).isEqualTo("results");
    }

    @Test
    void corruptFileIsSetAsideWithANoticeAndDefaultsAreUsed() throws Exception {
        Files.writeString(dir.resolve("settings.json"), "{\"refreshIntervalSeconds\": 30, \"theme\": ");
        SettingsStore store = new SettingsStore(dir);
        Settings s = store.load();
        assertThat(s.refreshIntervalSeconds).isEqualTo(10);
        assertThat(store.notice())
                .hasValueSatisfying(
                        n -> assertThat(n).contains("could not be read").contains("settings.json.corrupt-"));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .singleElement()
                    .asString()
                    .startsWith("settings.json.corrupt-");
        }
        try (Stream<Path> files = Files.list(dir)) {
            Path aside = files.findFirst().orElseThrow();
            assertThat(Files.readString(aside)).contains("refreshIntervalSeconds\": 30");
        }
    }

    @Test
    void unknownFieldsFromANewerVersionAreIgnored() throws Exception {
        Files.writeString(
                dir.resolve("settings.json"), "{\"refreshIntervalSeconds\": 20, \"someFutureSetting\": true}");
        SettingsStore store = new SettingsStore(dir);
        assertThat(store.load().refreshIntervalSeconds).isEqualTo(20);
        assertThat(store.notice()).isEmpty();
    }
}
