package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
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
 * The Results view's search across trials says, in its status line, how many traces it could not
 * search (here one cut short after the run was listed), so "1 of N trials" is not taken for the whole truth.
 */
@ExtendWith(ApplicationExtension.class)
class TrialSearchUnsearchedFxTest {
    @TempDir
    static Path home;
    private PanelWindow panel;
    private AppContext app;
    private MainWindow window;
    private RunFixture run;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        run = TranscriptFixture.buildIn(home);
        panel = PanelWindow.withPanelHome(home.resolve("panel-" + System.nanoTime())).size(1400, 900).show(stage);
        app = panel.app();
        window = panel.window();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void theStatusLineSaysHowManyTracesCouldNotBeSearchedAndWhy(FxRobot robot) throws Exception {
        robot.interact(() -> window.openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, TranscriptFixture.PASSED_CASE) != null
                && !app.results().loadingProperty().get());
        // the passed trial's trace is cut short after the listing read it (MST still writing, a full disk)
        Path trace = run.tracePath("default", TranscriptFixture.PASSED_CASE, 0);
        byte[] whole = Files.readAllBytes(trace);
        Files.write(trace, java.util.Arrays.copyOf(whole, whole.length / 2));

        javafx.scene.control.TextField text = robot.lookup("#trial-search-text").query();
        robot.clickOn(text).write("mailbox does not").type(javafx.scene.input.KeyCode.ENTER);
        Label summary = robot.lookup("#trial-search-summary").query();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> summary.getText() != null && summary.getText().startsWith("1 of "));
        assertThat(summary.getText()).contains("trials: text \"mailbox does not\". 1 trace could not be searched: "
                        + TranscriptFixture.PASSED_CASE + " #1 (default): ")
                .contains("cut short").endsWith("(the \"unreadable\" filter shows them)");
        dev.mstpanel.testsupport.Screenshots.take(stage.getScene(), "trial-search-unsearched");
        // the whole sentence is shown, wrapped in the narrow pane, not cut with "…"
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> summary.getHeight() >= summary.prefHeight(summary.getWidth()) - 1)).isTrue();

        // another folder: the search, its figures and the case-id filter are the last folder's, not this one's
        robot.interact(() -> app.results().caseSearchProperty().set("send"));
        RunFixture other = RunFixture.allStatuses(home.resolve("other-" + System.nanoTime()));
        robot.interact(() -> window.openRun(other.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, RunFixture.FAILED_CASE) != null);
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> text.getText())).isEmpty();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> summary.getText())).isNull();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> summary.getParent().isVisible())).isFalse();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#case-search").queryAs(javafx.scene.control.TextField.class).getText())).isEmpty();
    }
}
