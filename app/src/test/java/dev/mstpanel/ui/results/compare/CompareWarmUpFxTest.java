package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
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
 * The Compare screen's warm-up in the real window: it runs once the Results view is in the window,
 * shows nothing, leaves no folder behind, and the user's first comparison afterwards is the real
 * one (its own runs, the regressed case first).
 */
@ExtendWith(ApplicationExtension.class)
class CompareWarmUpFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private AppContext app;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        CompareWarmUp.reset();
        System.setProperty("mstpanel.compareWarmUp", "on"); // also on this shared machine's load
        panel = PanelWindow.withPanelHome(home.resolve("panel-" + System.nanoTime()))
                .size(1440, 900)
                .open("results")
                .show(stage);
        app = panel.app();
        window = panel.window();
    }

    @AfterEach
    void stop() {
        System.clearProperty("mstpanel.compareWarmUp");
        panel.close();
    }

    @Test
    void theWarmUpShowsNothingLeavesNoFolderAndTheFirstComparisonIsTheRealOne(FxRobot robot) throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, CompareWarmUp::completed);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(app.compare().shownProperty().get()).isFalse();
        assertThat(robot.lookup("#compare-view").queryAll()).hasSize(1);
        assertThat(robot.lookup("#compare-view").query().isVisible()).isFalse();
        // the made-up runs are deleted once compared: this JVM's folder (another process's, killed during its warm-up,
        // may be left in the shared temporary folder: a flake of a clean-clone run beside a killed window)
        Path made = CompareWarmUp.folder();
        assertThat(made).isNotNull();
        assertThat(made.getParent()).isEqualTo(tmp);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !Files.exists(made));

        Path eval = CompareFixture.write(home.resolve("results-" + System.nanoTime()));
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(
                    eval.resolve("runs").resolve(CompareFixture.RUN_A),
                    "default",
                    eval.resolve("runs").resolve(CompareFixture.RUN_B),
                    "default");
        });
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        assertThat(table.getItems().get(0).caseId()).isEqualTo("lookup-invoice");
        assertThat(table.getItems().get(0).change()).isEqualTo(CaseChange.REGRESSED);
        assertThat(app.compare().comparisonProperty().get().base().runId()).isEqualTo(CompareFixture.RUN_A);
    }
}
