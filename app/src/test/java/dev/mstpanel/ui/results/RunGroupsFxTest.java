package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.GroupsFixture;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
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
 * The Results view's "Pass rate by": the selected run's cases grouped by dataset or tag, a row per group with its
 * pass rate and interval, as a person reads them in the navigator.
 */
@ExtendWith(ApplicationExtension.class)
class RunGroupsFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private Path eval;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("project-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        eval = GroupsFixture.write(results);
        panel = ResultsWindow.show(stage, home.resolve("panel-" + System.nanoTime()), 1280, 820);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    /** Each row's two lines as shown, "name: figures". */
    private static List<String> rowsSeen(FxRobot robot) {
        return robot.lookup("#run-group-list .list-cell").queryAll().stream()
                .map(c -> (javafx.scene.control.ListCell<?>) c)
                .filter(c -> !c.isEmpty() && c.getItem() != null && c.isVisible())
                .sorted(java.util.Comparator.comparingInt(javafx.scene.control.ListCell::getIndex))
                .map(c -> String.join(
                        ": ",
                        robot.from(c).lookup(".label").queryAllAs(Label.class).stream()
                                .map(Label::getText)
                                .toList()))
                .toList();
    }

    @Test
    void aRunsCasesByDatasetThenByTagShowEachGroupsPassRateAndInterval(FxRobot robot) throws Exception {
        panel.openFolder(robot, eval, 2);
        Path runB = eval.resolve("runs").resolve(GroupsFixture.RUN_B);
        robot.interact(() -> panel.app().results().selectedRunDirProperty().set(runB));
        ListView<?> list = robot.lookup("#run-group-list").query();
        assertThat(list.isVisible()).isFalse();

        robot.clickOn("#run-group-by-dataset");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 4);
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(panel.window().getScene(), "results-by-dataset");
        assertThat(rowsSeen(robot))
                .startsWith("accounts: default 83 % (44–97 %) · 5/6", "billing: default 67 % (30–90 %) · 4/6");
        assertThat(list.getItems()).hasSize(4);

        robot.clickOn("#run-group-by-tag");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 6);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(rowsSeen(robot).get(0)).isEqualTo("exports: default 100 % (34–100 %) · 2/2");

        // the other run: its own cases and tags (no export-csv there)
        Path runA = eval.resolve("runs").resolve(GroupsFixture.RUN_A);
        robot.interact(() -> panel.app().results().selectedRunDirProperty().set(runA));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> list.getItems().size() == 5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(rowsSeen(robot).get(0)).isEqualTo("invoices: default 100 % (44–100 %) · 3/3");

        robot.clickOn("#run-group-by-none");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(list.isVisible()).isFalse();
        assertThat(list.getItems()).isEmpty();
    }
}
