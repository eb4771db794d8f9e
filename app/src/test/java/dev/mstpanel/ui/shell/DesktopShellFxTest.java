package dev.mstpanel.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The app shell in a real window against the real test engines: the icon, the menu and its
 * shortcuts, the Settings and About dialogs, notifications, and Quit.
 */
@ExtendWith(ApplicationExtension.class)
class DesktopShellFxTest {
    @TempDir
    Path home;

    private AppContext app;
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Platform.setImplicitExit(false);
        HostEnvironment env = TestEngines.environment(home);
        app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        app.settings().theme = dev.mstpanel.core.settings.Settings.Theme.LIGHT;
        window = App.showMain(stage, app, null);
    }

    @AfterEach
    void stop(FxRobot robot) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
                    for (Window w : List.copyOf(Window.getWindows())) {
                        if (w != stage && w instanceof Stage s) {
                            s.close();
                        }
                    }
                })
                .get();
        app.close();
    }

    @Test
    void windowCarriesTheAppIconAtEverySize() {
        assertThat(stage.getIcons()).hasSize(6);
        assertThat(stage.getIcons().stream().map(i -> (int) i.getWidth()).collect(Collectors.toList()))
                .containsExactly(16, 32, 48, 64, 128, 256);
        assertThat(stage.getTitle()).isEqualTo("mst-panel");
    }

    @Test
    void menuHasItsItemsWithShortcuts() {
        Map<String, MenuItem> items = window.menuBar().getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> i.getId() != null)
                .collect(Collectors.toMap(MenuItem::getId, i -> i));
        assertThat(window.menuBar().getMenus().stream().map(Menu::getText)).containsExactly("File", "View", "Help");
        assertThat(items.get("menu-settings").getAccelerator()).isEqualTo(shortcut(KeyCode.COMMA));
        assertThat(items.get("menu-quit").getAccelerator()).isEqualTo(shortcut(KeyCode.Q));
        assertThat(items.get("menu-refresh").getAccelerator()).isEqualTo(shortcut(KeyCode.R));
        assertThat(items.get("menu-find").getAccelerator()).isEqualTo(shortcut(KeyCode.F));
        assertThat(items.get("menu-view-contexts").getAccelerator()).isEqualTo(shortcut(KeyCode.DIGIT1));
        assertThat(items.get("menu-about").getText()).isEqualTo("About mst-panel");
        assertThat(items.get("menu-settings").getText()).isEqualTo("Settings…");
    }

    @Test
    void settingsShortcutOpensADialogThatValidatesAndSaves(FxRobot robot) throws Exception {
        robot.clickOn("#sidebar");
        robot.push(shortcut(KeyCode.COMMA));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#settings-dialog").tryQuery().isPresent());
        Button save = robot.lookup("#settings-save").queryButton();
        assertThat(save.isDisabled()).isFalse();

        TextField refresh = robot.lookup("#settings-refresh").queryAs(TextField.class);
        robot.doubleClickOn(refresh).eraseText(4).write("1");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(visibleTexts(robot)).contains("Between 2 and 3600 seconds.");
        assertThat(save.isDisabled()).isTrue();

        robot.interact(() -> refresh.setText("30"));
        robot.interact(() -> robot.lookup("#settings-mst-path")
                .queryAs(TextField.class)
                .setText(home.resolve("no-mst").toString()));
        assertThat(visibleTexts(robot))
                .contains("There is no file at this path.")
                .doesNotContain("Between 2 and 3600 seconds.");
        assertThat(save.isDisabled()).isTrue();
        robot.interact(() ->
                robot.lookup("#settings-mst-path").queryAs(TextField.class).setText(""));
        robot.interact(() ->
                robot.lookup("#settings-probe-timeout").queryAs(TextField.class).setText("1.5"));

        robot.clickOn("#settings-theme-dark");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(app.theme().darkProperty().get())
                .as("the theme applies while the dialog is open")
                .isTrue();

        robot.clickOn(save);
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> Files.exists(app.settingsStore().file()));
        JsonNode saved = new ObjectMapper().readTree(app.settingsStore().file().toFile());
        assertThat(saved.get("refreshIntervalSeconds").asInt()).isEqualTo(30);
        assertThat(saved.get("probeTimeoutSeconds").asDouble()).isEqualTo(1.5);
        assertThat(saved.get("theme").asText()).isEqualTo("DARK");
        assertThat(app.theme().darkProperty().get()).isTrue();
    }

    @Test
    void cancelledSettingsKeepTheOldTheme(FxRobot robot) {
        robot.interact(() -> window.openSettings());
        robot.clickOn("#settings-theme-dark");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(app.theme().darkProperty().get()).isTrue();
        robot.clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(app.theme().darkProperty().get()).isFalse();
        assertThat(app.settings().theme).isEqualTo(dev.mstpanel.core.settings.Settings.Theme.LIGHT);
        assertThat(Files.exists(app.settingsStore().file())).isFalse();
    }

    @Test
    void aboutShowsThePanelsMstsDockersAndJavasVersions(FxRobot robot) throws Exception {
        Path mst = home.resolve("mst");
        Files.writeString(mst, "#!/bin/sh\necho 2.0.0-test.1\n");
        Files.setPosixFilePermissions(mst, PosixFilePermissions.fromString("rwxr-xr-x"));
        app.settings().mstPath = mst.toString();
        robot.interact(() -> window.openAbout());
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> !text(robot, "#about-docker-engine").contains("checking")
                        && !text(robot, "#about-mst").contains("checking"));
        assertThat(text(robot, "#about-panel")).matches("\\d+\\.\\d+\\.\\d+.*|dev");
        assertThat(text(robot, "#about-mst")).isEqualTo("2.0.0-test.1 (" + mst + ")");
        assertThat(text(robot, "#about-docker-engine")).matches("\\d+\\.\\d+\\.\\d+.* \\(context engine-1\\)");
        assertThat(text(robot, "#about-docker-cli")).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(text(robot, "#about-java")).startsWith(System.getProperty("java.version"));
        assertThat(text(robot, "#about-javafx")).startsWith("21");
        Stage about = (Stage) robot.lookup("#about-dialog").query().getScene().getWindow();
        assertThat(about.getIcons()).isNotEmpty();
    }

    @Test
    void notificationShowsTheRunsResult(FxRobot robot) throws Exception {
        app.notifier().runFinished("cowork-smoke", "12/15 passed (80%)", true, null);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> visibleTexts(robot).contains("12/15 passed (80%)"));
        assertThat(visibleTexts(robot)).contains("Run finished: cowork-smoke");
        assertThat(app.notifier().history()).containsExactly("Run finished: cowork-smoke — 12/15 passed (80%)");
    }

    @Test
    void quitAsksWhileARunIsInProgressAndSavesTheWindow(FxRobot robot) throws Exception {
        robot.interact(() -> app.runInProgress().set(true));
        robot.push(shortcut(KeyCode.Q));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> visibleTexts(robot).contains("A run is in progress"));
        robot.clickOn("Cancel");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.isShowing()).isTrue();
        assertThat(Files.exists(app.settingsStore().file())).isFalse();

        robot.interact(() -> app.runInProgress().set(false));
        robot.interact(() -> stage.setWidth(1100));
        robot.interact(() -> window.quit());
        assertThat(stage.isShowing()).isFalse();
        JsonNode saved = new ObjectMapper().readTree(app.settingsStore().file().toFile());
        assertThat(saved.get("openView").asText()).isEqualTo("contexts");
        assertThat(saved.get("windowWidth").asDouble())
                .isEqualTo(stage.getScene().getWidth());
    }

    private static KeyCodeCombination shortcut(KeyCode key) {
        return new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN);
    }

    private static String text(FxRobot robot, String query) throws Exception {
        return WaitForAsyncUtils.asyncFx(
                        () -> robot.lookup(query).queryAs(Label.class).getText())
                .get();
    }

    private static String visibleTexts(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
                    StringBuilder sb = new StringBuilder();
                    for (Node n : robot.lookup(".label").queryAll()) {
                        if (n instanceof Label l && l.isVisible() && l.getText() != null) {
                            sb.append(l.getText()).append('\n');
                        }
                    }
                    return sb.toString();
                })
                .get();
    }
}
