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
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A settings file with values no dialog allows: a 1e9 px tall window far off
 * every screen, a 1e308 s probe timeout, 20,000 recent configs. The window opens on the screen,
 * at most the screen's size, with a notice naming what was changed.
 */
@ExtendWith(ApplicationExtension.class)
class HostileSettingsFxTest {
    @TempDir
    Path home;

    private AppContext app;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        HostEnvironment env = TestEngines.environment(home);
        AppPaths paths = AppPaths.of(env);
        Files.createDirectories(paths.configDir());
        StringBuilder recent = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            recent.append(i == 0 ? "" : ",").append("\"/evals/").append(i).append(".json\"");
        }
        Files.writeString(
                paths.configDir().resolve("settings.json"),
                "{\"windowHeight\": 1e9, \"windowWidth\": 100000,"
                        + " \"windowX\": 9000000, \"windowY\": 20, \"probeTimeoutSeconds\": 1e308, \"refreshIntervalSeconds\": -5,"
                        + " \"recentEvalConfigs\": [" + recent + "]}");
        app = new AppContext(env, paths, UiExecutor.fx());
        App.showMain(stage, app, null);
    }

    @AfterEach
    void stop() {
        app.close();
    }

    @Test
    void outOfRangeSettingsAreClampedTheWindowIsOnTheScreenAndANoticeSaysWhat(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        String text = WaitForAsyncUtils.asyncFx(() -> {
                    Node pane = robot.lookup(".dialog-pane").query();
                    return ((DialogPane) pane).getContentText();
                })
                .get();
        assertThat(text)
                .contains("out of range")
                .contains("window height")
                .contains("probe timeout")
                .contains("recent eval configs");
        assertThat(app.settings().probeTimeoutSeconds).isEqualTo(60);
        assertThat(app.settings().refreshIntervalSeconds).isEqualTo(2);
        assertThat(app.settings().recentEvalConfigs).hasSize(10).startsWith("/evals/0.json");
        Rectangle2D screen = Screen.getPrimary().getBounds();
        double[] geometry = WaitForAsyncUtils.asyncFx(
                        () -> new double[] {stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()})
                .get();
        assertThat(geometry[2]).as("window width").isLessThanOrEqualTo(screen.getWidth() + 20);
        assertThat(geometry[3]).as("window height").isLessThanOrEqualTo(screen.getHeight() + 60);
        assertThat(Screen.getScreensForRectangle(geometry[0], geometry[1], 100, 40))
                .as("a screen holds the window's top-left")
                .isNotEmpty();
        robot.clickOn("OK");
    }
}
