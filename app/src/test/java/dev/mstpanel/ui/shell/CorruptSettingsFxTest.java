package dev.mstpanel.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A settings file that cannot be read: the window opens with defaults and says where the old file went. */
@ExtendWith(ApplicationExtension.class)
class CorruptSettingsFxTest {
    @TempDir
    Path home;

    private AppContext app;

    @Start
    void start(Stage stage) throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        AppPaths paths = AppPaths.of(env);
        Files.createDirectories(paths.configDir());
        Files.writeString(paths.configDir().resolve("settings.json"), "{ not json");
        app = new AppContext(env, paths, UiExecutor.fx());
        App.showMain(stage, app, null);
    }

    @AfterEach
    void stop() {
        app.close();
    }

    @Test
    void corruptSettingsOpenWithDefaultsAndANotice(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        String text = WaitForAsyncUtils.asyncFx(() -> {
                    Node pane = robot.lookup(".dialog-pane").query();
                    return ((DialogPane) pane).getHeaderText() + "\n" + ((DialogPane) pane).getContentText();
                })
                .get();
        assertThat(text)
                .contains("Settings were reset")
                .contains("could not be read")
                .contains("settings.json.corrupt-");
        assertThat(app.settings().refreshIntervalSeconds).isEqualTo(10);
        try (var files = Files.list(app.paths().configDir())) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .anyMatch(n -> n.startsWith("settings.json.corrupt-"));
        }
        robot.clickOn("OK");
    }
}
