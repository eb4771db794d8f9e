package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
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

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        run = TranscriptFixture.buildIn(home);
        panel = ResultsWindow.show(stage, home, 1400, 900);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void theStatusLineSaysHowManyTracesCouldNotBeSearchedAndWhy(FxRobot robot) throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.PASSED_CASE);
        // the passed trial's trace is cut short after the listing read it (MST still writing, a full disk)
        Path trace = run.tracePath("default", TranscriptFixture.PASSED_CASE, 0);
        byte[] whole = Files.readAllBytes(trace);
        Files.write(trace, java.util.Arrays.copyOf(whole, whole.length / 2));

        javafx.scene.control.TextField text = robot.lookup("#trial-search-text").query();
        robot.clickOn(text).write("mailbox does not").type(javafx.scene.input.KeyCode.ENTER);
        Label summary = robot.lookup("#trial-search-summary").query();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> summary.getText() != null && summary.getText().startsWith("1 of "));
        assertThat(summary.getText())
                .contains("trials: text \"mailbox does not\". 1 trace could not be searched: "
                        + TranscriptFixture.PASSED_CASE + " #1 (default): ")
                .contains("cut short")
                .endsWith("(the \"unreadable\" filter shows them)");
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "trial-search-unsearched");
        // the whole sentence is shown, wrapped in the narrow pane, not cut with "…"
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> summary.getHeight() >= summary.prefHeight(summary.getWidth()) - 1))
                .isTrue();

        // another folder: the search, its figures and the case-id filter are the last folder's, not this one's
        robot.interact(() -> panel.app().results().caseSearchProperty().set("send"));
        RunFixture other = RunFixture.allStatuses(home.resolve("other-" + System.nanoTime()));
        NavigatorRows.openRunAndWaitFor(robot, panel, other.runDir(), RunFixture.FAILED_CASE);
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> text.getText())).isEmpty();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> summary.getText())).isNull();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> summary.getParent().isVisible()))
                .isFalse();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#case-search")
                        .queryAs(javafx.scene.control.TextField.class)
                        .getText()))
                .isEmpty();
    }
}
