package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
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

/** The Compare screen's opened case aligns its base trial with its candidate trial in a window of their own. */
@ExtendWith(ApplicationExtension.class)
class CompareAlignTrialsFxTest {
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
        eval = CompareFixture.write(results);
        panel = PanelWindow.withPanelHome(home.resolve("panel-" + System.nanoTime()))
                .size(1440, 900)
                .show(stage);
        app = panel.app();
        window = panel.window();
    }

    @AfterEach
    void stop() throws Exception {
        FxQuery.fx(() -> {
            for (Window w : new ArrayList<>(Window.getWindows())) {
                if (w instanceof Stage s && s.getScene() != null && s.getScene().lookup("#trial-alignment") != null) {
                    s.close();
                }
            }
            return null;
        });
        panel.close();
    }

    private static Stage aligned() throws Exception {
        return FxQuery.fx(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Stage s && s.getScene() != null && s.getScene().lookup("#trial-alignment") != null) {
                    return s;
                }
            }
            return null;
        });
    }

    @Test
    void theOpenedCasesBaseAndCandidateTrialAreAlignedBaseFirst(FxRobot robot) throws Exception {
        robot.interact(() -> window.openComparison(
                eval.resolve("runs").resolve(CompareFixture.RUN_A),
                "default",
                eval.resolve("runs").resolve(CompareFixture.RUN_B),
                "default"));
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        // no case opened: nothing to align, and the button is not shown
        assertThat(robot.lookup("#compare-case-align").queryAs(Button.class).isVisible())
                .isFalse();
        robot.clickOn(robot.lookup(".table-row-cell").nth(1).queryAs(javafx.scene.Node.class));
        ListView<TrialRecord> candidate =
                robot.lookup("#compare-candidate-trials").query();
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> candidate.getItems().size() == 3);
        Button align = robot.lookup("#compare-case-align").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> FxQuery.fx(() -> align.isVisible() && !align.isDisabled()));
        TrialRecord base =
                FxQuery.fx(() -> app.compare().baseTrial().trialProperty().get());
        TrialRecord cand =
                FxQuery.fx(() -> app.compare().candidateTrial().trialProperty().get());
        robot.clickOn(align);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> {
            Stage s = aligned();
            return s != null && FxQuery.fx(() -> s.getScene().lookup("#alignment-answers") != null);
        });
        Stage s = aligned();
        String a = FxQuery.fx(() -> ((Label) s.getScene().lookup("#alignment-side-a")).getText());
        String b = FxQuery.fx(() -> ((Label) s.getScene().lookup("#alignment-side-b")).getText());
        assertThat(a)
                .startsWith("A: default / " + base.label())
                .contains(base.status().jsonName(), base.runId());
        assertThat(b)
                .startsWith("B: default / " + cand.label())
                .contains(cand.status().jsonName(), cand.runId());
        assertThat(base.runId()).isNotEqualTo(cand.runId());
        assertThat(FxQuery.fx(() -> ((Label) s.getScene().lookup("#alignment-divergence-reason")).getText()))
                .isNotBlank();
    }
}
