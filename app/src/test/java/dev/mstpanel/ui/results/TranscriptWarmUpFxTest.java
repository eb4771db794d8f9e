package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import dev.mstpanel.ui.results.transcript.TranscriptView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
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
 * The transcript warm-up in the real window: it runs once the Results view's listing shows, leaves
 * the window as it was (the same nodes, no other window, no transcript in the scene), and the
 * failed trial opened after it shows its transcript on its failing call as without it.
 */
@ExtendWith(ApplicationExtension.class)
class TranscriptWarmUpFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        run = TranscriptFixture.buildIn(home);
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void theWarmUpLeavesTheResultsViewAsItWasAndTheFailedTrialThenOpensOnItsFailingCall(FxRobot robot)
            throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        // a warm-up of its own, 1.5 s after the listing shows: time to see the settled window before it starts
        TranscriptWarmUp.reset(1_500);
        TranscriptWarmUp.onDone(done::countDown);
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.FAILED_CASE);
        WaitForAsyncUtils.sleep(800, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> before = WaitForAsyncUtils.asyncFx(
                        () -> nodes(panel.stage().getScene().getRoot()))
                .get();
        List<Window> windowsBefore = WaitForAsyncUtils.asyncFx(() -> List.copyOf(Window.getWindows()))
                .get();
        assertThat(done.getCount()).as("the warm-up waits for its delay").isEqualTo(1);

        assertThat(done.await(30, TimeUnit.SECONDS)).as("the warm-up ends").isTrue();
        assertThat(TranscriptWarmUp.completed())
                .as("the warm-up ran all its steps")
                .isTrue();
        WaitForAsyncUtils.waitForFxEvents();
        List<String> after = WaitForAsyncUtils.asyncFx(
                        () -> nodes(panel.stage().getScene().getRoot()))
                .get();
        assertThat(after).as("the window's scene graph after the warm-up").isEqualTo(before);
        assertThat(WaitForAsyncUtils.asyncFx(() -> List.copyOf(Window.getWindows()))
                        .get())
                .as("no window shown")
                .isEqualTo(windowsBefore);
        assertThat(robot.lookup("#transcript").tryQuery())
                .as("no transcript in the window before a trial is opened")
                .isEmpty();
        assertThat(robot.lookup("#trial-title").tryQuery().map(Node::isVisible).orElse(false))
                .as("no trial shown")
                .isFalse();

        // the failed trial opens as it does without the warm-up: on its failing call, marked and expanded
        NavigatorRows.open(robot, TranscriptFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-rows").tryQuery().isPresent());
        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        TranscriptView view = (TranscriptView) robot.lookup("#transcript").query();
        int failing = 1 + TranscriptFixture.FAILING_INDEX;
        assertThat(view.failingRow()).isEqualTo(failing);
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(failing);
        assertThat(view.isExpanded(failing)).isTrue();
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-output-3").tryQuery().isPresent());
        assertThat(robot.lookup("#transcript-output-3").queryAs(Label.class).getText())
                .isEqualTo(TranscriptFixture.FAILED_OUTPUT_TEXT);
        assertThat(robot.lookup(".transcript-failing").query().isVisible()).isTrue();
        assertThat(robot.lookup("#trial-title").queryAs(Label.class).getText()).contains(TranscriptFixture.FAILED_CASE);
        // the window holds the one transcript opened, none of the warm-up's
        assertThat(robot.lookup("#transcript").queryAll()).hasSize(1);
        // the inspector's tab headers side by side, none drawn over the next, as soon as the trial shows (JavaFX's
        // grow animation of new tab headers drew them over each other for a moment at every trial opened)
        List<javafx.geometry.Bounds> headers =
                dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#inspector-tabs .tab").queryAll().stream()
                        .filter(Node::isVisible)
                        .map(n -> n.localToScene(n.getLayoutBounds()))
                        .sorted(java.util.Comparator.comparingDouble(javafx.geometry.Bounds::getMinX))
                        .toList());
        assertThat(headers).hasSizeGreaterThanOrEqualTo(5);
        for (int i = 1; i < headers.size(); i++) {
            assertThat(headers.get(i).getMinX())
                    .as("tab header %d starts after the one before ends", i)
                    .isGreaterThanOrEqualTo(headers.get(i - 1).getMaxX() - 1);
        }
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-after-warm-up");
    }

    @Test
    void aTrialOpenedBeforeTheWarmUpStartsStopsIt(FxRobot robot) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        TranscriptWarmUp.reset(1_500);
        TranscriptWarmUp.onDone(done::countDown);
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.FAILED_CASE);
        NavigatorRows.open(robot, TranscriptFixture.FAILED_CASE);
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(TranscriptWarmUp.completed())
                .as("the warm-up gave way to the user's trial")
                .isFalse();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-output-3").tryQuery().isPresent());
        assertThat(robot.lookup("#transcript-output-3").queryAs(Label.class).getText())
                .isEqualTo(TranscriptFixture.FAILED_OUTPUT_TEXT);
    }

    /** Every node under {@code root}, skins' nodes too, as class, id and style classes, in order. */
    private static List<String> nodes(Parent root) {
        List<String> out = new ArrayList<>();
        walk(root, 0, out);
        return out;
    }

    private static void walk(Node n, int depth, List<String> out) {
        out.add(depth + " " + n.getClass().getName() + " #" + n.getId() + " " + n.getStyleClass()
                + (n.isVisible() ? "" : " hidden"));
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, depth + 1, out);
            }
        }
    }
}
