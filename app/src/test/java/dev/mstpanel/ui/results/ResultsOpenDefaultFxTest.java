package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * The panel started from an eval's project folder (the working folder holds {@code .mcp-test-results}):
 * the Results view opens those results by itself, the look at the folder made off the FX thread
 * ({@link ResultsViewModel#openIfFolder}).
 */
@ExtendWith(ApplicationExtension.class)
class ResultsOpenDefaultFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private String userDir;
    private Path results;

    @Start
    void start(Stage stage) throws Exception {
        Path project = home.resolve("project-" + System.nanoTime());
        results = Files.createDirectories(project.resolve(".mcp-test-results"));
        RunFixture.allStatuses(results);
        // the view reads the working folder from user.dir when it is built (the JVM's own working folder does not
        // change)
        userDir = System.getProperty("user.dir");
        System.setProperty("user.dir", project.toString());
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() {
        System.setProperty("user.dir", userDir);
        panel.close();
    }

    @Test
    void theWorkingFoldersResultsOpenByThemselves(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, RunFixture.FAILED_CASE) != null);

        assertThat(FxQuery.fx(() -> panel.app().results().locationProperty().get()))
                .isEqualTo(results.toAbsolutePath().normalize());
        assertThat(new FxQuery(robot).text("#results-path"))
                .isEqualTo(results.toAbsolutePath().normalize().toString());
        // the placeholder beside the navigator keeps off the divider and the window's edge
        javafx.scene.control.Label empty = robot.lookup(".label").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.Label l
                        && l.getText() != null
                        && l.getText().startsWith("Choose a trial to see"))
                .map(n -> (javafx.scene.control.Label) n)
                .findFirst()
                .orElseThrow();
        javafx.geometry.Bounds label = FxQuery.fx(() -> empty.localToScene(empty.getBoundsInLocal()));
        javafx.geometry.Bounds pane = FxQuery.fx(
                () -> empty.getParent().localToScene(empty.getParent().getBoundsInLocal()));
        assertThat(label.getMinX() - pane.getMinX()).as("room on the left").isGreaterThanOrEqualTo(16);
        assertThat(pane.getMaxX() - label.getMaxX()).as("room on the right").isGreaterThanOrEqualTo(16);
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "results-open-default");
    }
}
