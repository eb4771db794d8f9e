package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.CaseGroup;
import dev.mstpanel.testsupport.GroupsFixture;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
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
 * The real window on two runs whose cases have datasets and tags: "Group by" on the Compare screen shows a row per
 * dataset or tag with both sides' pass rates, intervals and the change, and "none" hides them again.
 */
@ExtendWith(ApplicationExtension.class)
class CompareGroupsFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private AppContext app;
    private MainWindow window;
    private Path eval;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("project-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        eval = GroupsFixture.write(results);
        panel = PanelWindow.withPanelHome(home.resolve("panel-" + System.nanoTime()))
                .size(1280, 820)
                .show(stage);
        app = panel.app();
        window = panel.window();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    private Path run(String id) {
        return eval.resolve("runs").resolve(id);
    }

    /** The texts a person reads in the groups table, row by row, cells joined with " | ". */
    private static List<String> rowsSeen(FxRobot robot) {
        return robot.lookup("#compare-groups .table-row-cell").queryAll().stream()
                .filter(javafx.scene.Node::isVisible)
                .map(row -> (javafx.scene.control.TableRow<?>) row)
                .filter(row -> !row.isEmpty() && row.getItem() != null)
                .sorted(java.util.Comparator.comparingInt(javafx.scene.control.TableRow::getIndex))
                .map(row -> String.join(
                        " | ",
                        robot.from(row).lookup(".table-cell").queryAll().stream()
                                .map(cell -> robot.from(cell).lookup(".text").queryAll().stream()
                                        .map(t -> ((Text) t).getText())
                                        .findFirst()
                                        .orElse(""))
                                .toList()))
                .filter(s -> !s.isBlank() && !s.replace("|", "").isBlank())
                .toList();
    }

    private static boolean paneShown(FxRobot robot) {
        return robot.lookup("#compare-groups-pane")
                .tryQuery()
                .map(n -> n.getScene() != null && n.isVisible())
                .orElse(false);
    }

    @Test
    void groupingByDatasetThenTagShowsEachGroupsPassRatesAndChangeAndNoneHidesThem(FxRobot robot) throws Exception {
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(run(GroupsFixture.RUN_A), "default", run(GroupsFixture.RUN_B), "default");
        });
        TableView<CaseComparison> cases = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !cases.getItems().isEmpty());
        assertThat(paneShown(robot)).isFalse();

        robot.clickOn("#group-by-dataset");
        TableView<CaseGroup> groups = robot.lookup("#compare-groups").query();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> groups.getItems().size() == 4);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(paneShown(robot)).isTrue();
        Screenshots.take(window.getScene(), "compare-by-dataset");
        assertThat(rowsSeen(robot))
                .containsExactly(
                        "accounts | 2 | 17 % (3–56 %) · 1/6 passed | 83 % (44–97 %) · 5/6 passed | +67 pp",
                        "billing | 2 | 83 % (44–97 %) · 5/6 passed | 67 % (30–90 %) · 4/6 passed | −17 pp",
                        "exports | 1 | no case | 100 % (34–100 %) · 2/2 passed | –",
                        "(no dataset) | 1 | 100 % (44–100 %) · 3/3 passed | 100 % (44–100 %) · 3/3 passed | ±0 pp");

        robot.clickOn("#group-by-tag");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> groups.getItems().size() == 6);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> byTag = rowsSeen(robot);
        assertThat(byTag.get(0)).startsWith("exports | 1 | no case");
        assertThat(byTag)
                .contains("refunds | 2 | 33 % (10–70 %) · 2/6 passed | 100 % (61–100 %) · 6/6 passed | +67 pp");

        robot.clickOn("#group-by-none");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(paneShown(robot)).isFalse();
        assertThat(groups.getItems()).isEmpty();
    }
}
