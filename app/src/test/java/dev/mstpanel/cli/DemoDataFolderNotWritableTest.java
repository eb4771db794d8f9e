package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.runs.DemoData;
import dev.mstpanel.testsupport.PanelProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's results are copied into the data folder; when that copy cannot be written, the user is
 * told where, why and what to do (it was silent in the window and said only the
 * folder in the {@code demo} command). A file where the demo's folder belongs stands for any folder
 * that cannot be written (the tests run as root, whom permissions do not stop).
 */
class DemoDataFolderNotWritableTest {
    @TempDir
    Path home;

    @Test
    void theCopyNamesTheFolderWhyAndTheFix() throws Exception {
        Path data = home.resolve("data");
        Files.createDirectories(data);
        Files.writeString(data.resolve("demo"), "not a folder");
        assertThatThrownBy(() -> DemoData.installResults(data))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(
                        "cannot be copied into " + data.resolve("demo").resolve("eval"))
                .hasMessageContaining("not a directory")
                .hasMessageContaining("MST_PANEL_HOME");
        assertThat(Files.readString(data.resolve("demo")))
                .as("what was in the way is left as it was")
                .isEqualTo("not a folder");
    }

    @Test
    void theDemoCommandSaysItAndStillReplays() throws Exception {
        Files.createDirectories(home.resolve("data"));
        Files.writeString(home.resolve("data").resolve("demo"), "not a folder");
        PanelProcess.Result r =
                PanelProcess.run(home, Map.of("MST_PANEL_HOME", home.toString()), 120, "demo", "--speed", "max");
        assertThat(r.err())
                .contains("mst-panel demo: The demo's results cannot be copied into " + home.resolve("data/demo/eval"))
                .contains("not a directory")
                .contains("set MST_PANEL_HOME to a folder you can write")
                .doesNotContain("Exception");
        assertThat(r.out()).contains("Output: " + DemoData.PLACEHOLDER);
    }
}
