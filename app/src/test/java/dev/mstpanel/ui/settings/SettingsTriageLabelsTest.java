package dev.mstpanel.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SettingsStore;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.triage.TriageLabels;
import dev.mstpanel.core.triage.TriageService;
import dev.mstpanel.core.triage.TriageStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The triage labels in Settings: one a line, added, renamed, removed and moved; saved; used at once. */
class SettingsTriageLabelsTest {
    @TempDir
    Path home;

    private SettingsDialogModel model(Settings s) {
        return new SettingsDialogModel(s, new HostEnvironment(Map.of(), home, HostEnvironment.OsFamily.LINUX));
    }

    @Test
    void theListIsEditedOneLabelALineSavedAndUsedByTheTriageAtOnce() throws Exception {
        Settings s = new Settings();
        SettingsDialogModel m = model(s);
        assertThat(m.triageLabelsProperty().get()).isEqualTo(String.join("\n", TriageLabels.DEFAULTS));
        TriageService triage = new TriageService(new TriageStore(home.resolve("data")), () -> s.triageLabels);

        // moved to the top, one renamed, one removed, one added; blank lines ignored
        m.triageLabelsProperty()
                .set(
                        "flaky\nagent mistake\ntool or server bug\n\ngrader or test bug\ninfrastructure\nother\n model drift ");
        assertThat(m.triageLabelsErrorProperty().get()).isNull();
        assertThat(m.validProperty().get()).isTrue();
        m.applyTo(s);
        assertThat(triage.labelNames())
                .containsExactly(
                        "flaky",
                        "agent mistake",
                        "tool or server bug",
                        "grader or test bug",
                        "infrastructure",
                        "other",
                        "model drift");

        SettingsStore store = new SettingsStore(home.resolve("config"));
        store.save(s);
        assertThat(store.load().triageLabels).isEqualTo(s.triageLabels);
        assertThat(store.notice()).isEmpty();
    }

    @Test
    void anEmptyRepeatedOrOverLongListIsSaidInPlaceAndCannotBeSaved() {
        SettingsDialogModel m = model(new Settings());
        m.triageLabelsProperty().set("  \n");
        assertThat(m.triageLabelsErrorProperty().get()).isEqualTo("Give at least one label.");
        assertThat(m.validProperty().get()).isFalse();
        m.triageLabelsProperty().set("flaky\nFlaky");
        assertThat(m.triageLabelsErrorProperty().get()).isEqualTo("\"Flaky\" is in the list twice.");
        m.triageLabelsProperty().set("x".repeat(41));
        assertThat(m.triageLabelsErrorProperty().get()).contains("is longer than 40 characters");
        m.triageLabelsProperty()
                .set(String.join(
                        "\n",
                        java.util.stream.IntStream.range(0, 21)
                                .mapToObj(i -> "label " + i)
                                .toList()));
        assertThat(m.triageLabelsErrorProperty().get()).isEqualTo("At most 20 labels (21 given).");
        m.triageLabelsProperty().set("env");
        assertThat(m.validProperty().get()).isTrue();
    }

    @Test
    void aSavedListThatIsNotUsableFallsBackWithANotice() throws Exception {
        SettingsStore store = new SettingsStore(home.resolve("config"));
        java.nio.file.Files.createDirectories(home.resolve("config"));
        java.nio.file.Files.writeString(
                home.resolve("config/settings.json"), "{\"triageLabels\":[\"\",\"flaky\",\"FLAKY\"]}");
        assertThat(store.load().triageLabels).isEqualTo(List.of("flaky"));
        assertThat(store.notice()).hasValueSatisfying(n -> assertThat(n).contains("triage labels: 3 entries → 1"));
    }
}
