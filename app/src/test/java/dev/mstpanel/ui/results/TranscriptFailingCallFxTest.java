package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import dev.mstpanel.ui.results.transcript.TranscriptView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The failing call is opened in view with its error: in a list of only a few rows' height the view
 * scrolls past the two rows it keeps above the call until the call's error is on the screen, its
 * head still in view.
 */
@ExtendWith(ApplicationExtension.class)
class TranscriptFailingCallFxTest {
    @TempDir
    static Path home;

    private Stage stage;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        run = TranscriptFixture.buildIn(home);
        stage.show();
    }

    @Test
    void inAShortListTheFailingCallOpensScrolledSoItsErrorIsOnTheScreen(FxRobot robot) throws Exception {
        Transcript t = read(TranscriptFixture.FAILED_CASE);
        robot.interact(() -> {
            // a fixed size whatever the window's (a group keeps its child at its preferred size)
            TranscriptView view = new TranscriptView(t);
            view.setPrefSize(900, 210);
            Scene scene = new Scene(new javafx.scene.Group(view), 900, 210);
            scene.getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/app.css"));
            stage.setScene(scene);
            stage.sizeToScene();
        });
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-output-3").tryQuery().isPresent());
        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        Label error = robot.lookup("#transcript-output-3").queryAs(Label.class);
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> TranscriptViewport.within(error, rows));
        } catch (TimeoutException e) {
            // said by the assertions below, with the bounds
        }
        WaitForAsyncUtils.waitForFxEvents();
        dev.mstpanel.testsupport.Screenshots.take(stage.getScene(), "transcript-failing-short-list");
        // the list is shorter than the two rows above the call, the call's head and its error
        assertThat(TranscriptViewport.of(rows).getHeight()).isLessThan(180);
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(1 + TranscriptFixture.FAILING_INDEX);
        Node head = TranscriptViewport.failingHead(robot);
        assertThat(TranscriptViewport.within(error, rows))
                .as(
                        "the error text %s within the list's viewport %s",
                        TranscriptViewport.sceneBounds(error), TranscriptViewport.of(rows))
                .isTrue();
        assertThat(TranscriptViewport.within(head, rows))
                .as(
                        "the failing call's head %s within the list's viewport %s",
                        TranscriptViewport.sceneBounds(head), TranscriptViewport.of(rows))
                .isTrue();
    }

    private Transcript read(String caseId) {
        try (ResultsReader r = new ResultsReader()) {
            RunInfo info = r.readRun(run.runDir());
            TrialRecord t = r.readTrials(info).stream()
                    .filter(x -> x.caseId().equals(caseId))
                    .findFirst()
                    .orElseThrow();
            return new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS).read(t, false);
        }
    }
}
