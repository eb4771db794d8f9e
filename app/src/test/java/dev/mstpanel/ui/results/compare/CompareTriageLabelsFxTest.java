package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.triage.TriageLabel;
import dev.mstpanel.core.triage.TriageStore;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
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

/** The Compare screen shows the label a failed trial was given beside its status, on the side it is on. */
@ExtendWith(ApplicationExtension.class)
class CompareTriageLabelsFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private Path eval;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("project-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        eval = CompareFixture.write(results);
        Path panelHome = home.resolve("panel-" + System.nanoTime());
        // labelled before the window opens, as a command line or an earlier session would have
        new TriageStore(panelHome.resolve("data"))
                .write(
                        CompareFixture.EVAL,
                        CompareFixture.RUN_B,
                        new TriageStore.TrialRef(new TrialKey("default", "refund-order", 0), "default", "refund-order"),
                        new TriageLabel("tool or server bug", "refund API 500"));
        panel = PanelWindow.withPanelHome(panelHome).size(1440, 900).show(stage);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void aLabelledTrialShowsItsLabelBesideItsStatus(FxRobot robot) throws Exception {
        robot.interact(() -> {
            panel.app().results().open(eval);
            panel.window()
                    .openComparison(
                            eval.resolve("runs").resolve(CompareFixture.RUN_A),
                            "default",
                            eval.resolve("runs").resolve(CompareFixture.RUN_B),
                            "default");
        });
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> !robot.lookup(".table-row-cell").queryAll().isEmpty());
        robot.clickOn(robot.lookup(".table-row-cell").nth(1).queryAs(javafx.scene.Node.class));
        ListView<TrialRecord> candidate =
                robot.lookup("#compare-candidate-trials").query();
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> candidate.getItems().size() == 3);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> chips(robot, "#compare-candidate-trials").equals(List.of("tool or server bug")));
        assertThat(chips(robot, "#compare-base-trials")).isEmpty();
    }

    private static List<String> chips(FxRobot robot, String list) throws Exception {
        return FxQuery.fx(() -> robot.lookup(list + " .triage-chip").queryAll().stream()
                .filter(javafx.scene.Node::isVisible)
                .map(n -> ((Label) n).getText())
                .toList());
    }
}
