package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import dev.mstpanel.ui.results.transcript.TranscriptView;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
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
 * The real window on a fixture run with transcripts: a failed trial opens on its failing call,
 * marked and expanded, beside its screenshot; the transcript's search moves between matches; the
 * search across trials finds a trial by its transcript.
 */
@ExtendWith(ApplicationExtension.class)
class TranscriptFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        run = TranscriptFixture.buildIn(home);
        // a wide window: the inspector is wider than TrialInspectorView.WIDE_MIN_WIDTH
        panel = ResultsWindow.show(stage, home, 1860, 1000);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void aFailedTrialOpensOnItsFailingCallBesideItsScreenshotAndItsTranscriptCanBeSearched(FxRobot robot)
            throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.FAILED_CASE);
        NavigatorRows.open(robot, TranscriptFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-rows").tryQuery().isPresent());
        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        TranscriptView view = (TranscriptView) robot.lookup("#transcript").query();
        // the prompt first, then the 8 events, then the final answer, usage, start-up, skills, evidence, more fields
        assertThat(rows.getItems().get(0)).isInstanceOf(TranscriptView.PromptRow.class);
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
        Node failingCell = robot.lookup(".transcript-failing").query();
        assertThat(failingCell.isVisible()).isTrue();
        assertThat(robot.lookup("#transcript-arguments-3").queryAs(Label.class).getText())
                .contains("\"subject\" : \"Weekly summary\"");
        assertThat(robot.lookup("#trial-cause").queryAs(Label.class).getText())
                .isEqualTo("cause: tool error: mail · send_message");

        // wide window: the screenshot is shown beside the transcript, not behind a tab
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-failed");
        assertThat(robot.lookup("#inspector-split").tryQuery())
                .as("side by side at inspector width "
                        + robot.lookup(".trial-inspector")
                                .query()
                                .getLayoutBounds()
                                .getWidth())
                .isPresent();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#screenshot-image").tryQuery().isPresent()
                        && ((javafx.scene.image.ImageView) robot.lookup("#screenshot-image")
                                                .query())
                                        .getImage()
                                != null);
        assertThat(robot.lookup("#screenshot-image").query().isVisible()).isTrue();

        robot.interact(() -> robot.lookup("#transcript-search")
                .queryAs(javafx.scene.control.TextField.class)
                .setText("team@example.com"));
        Label count = robot.lookup("#transcript-count").query();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "1 of 2".equals(count.getText()));
        int first = rows.getSelectionModel().getSelectedIndex();
        robot.clickOn("#transcript-next");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> rows.getSelectionModel().getSelectedIndex() != first);
        int second = rows.getSelectionModel().getSelectedIndex();
        assertThat(view.isExpanded(second)).isTrue();
        robot.clickOn("#transcript-prev");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> rows.getSelectionModel().getSelectedIndex() == first);
        robot.interact(() -> robot.lookup("#transcript-search")
                .queryAs(javafx.scene.control.TextField.class)
                .setText("no such words"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "no match".equals(count.getText()));
    }

    @Test
    void at1280x800TheFailingCallAndItsErrorAreInViewWhenTheTrialOpens(FxRobot robot) throws Exception {
        robot.interact(() -> {
            panel.stage().setWidth(1280);
            panel.stage().setHeight(800);
        });
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.FAILED_CASE);
        NavigatorRows.open(robot, TranscriptFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-output-3").tryQuery().isPresent());
        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        Label error = robot.lookup("#transcript-output-3").queryAs(Label.class);
        assertThat(error.getText()).isEqualTo(TranscriptFixture.FAILED_OUTPUT_TEXT);
        // the view places the row again once it is laid out: wait for it, then say where things are
        try {
            WaitForAsyncUtils.waitFor(
                    5,
                    TimeUnit.SECONDS,
                    () -> TranscriptViewport.within(TranscriptViewport.failingHead(robot), rows)
                            && TranscriptViewport.within(error, rows));
        } catch (java.util.concurrent.TimeoutException e) {
            // said by the assertions below, with the bounds
        }
        WaitForAsyncUtils.waitForFxEvents();
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-failed-1280x800");
        Node head = TranscriptViewport.failingHead(robot);
        assertThat(TranscriptViewport.within(head, rows))
                .as(
                        "the failing call's row %s within the list's viewport %s",
                        TranscriptViewport.sceneBounds(head), TranscriptViewport.of(rows))
                .isTrue();
        assertThat(TranscriptViewport.within(error, rows))
                .as(
                        "the error text %s within the list's viewport %s",
                        TranscriptViewport.sceneBounds(error), TranscriptViewport.of(rows))
                .isTrue();
    }

    @Test
    void onA1440x900WindowTheNavigatorDraggedToItsNarrowestPutsTheTranscriptBesideTheScreenshot(FxRobot robot)
            throws Exception {
        robot.interact(() -> {
            panel.stage().setWidth(1440);
            panel.stage().setHeight(900);
        });
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.FAILED_CASE);
        NavigatorRows.open(robot, TranscriptFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-rows").tryQuery().isPresent());
        // as the user drags the divider as far left as it goes
        robot.interact(() -> robot.lookup("#results-split")
                .queryAs(javafx.scene.control.SplitPane.class)
                .setDividerPositions(0));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#inspector-split").tryQuery().isPresent());
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#screenshot-image").tryQuery().isPresent()
                        && ((javafx.scene.image.ImageView) robot.lookup("#screenshot-image")
                                                .query())
                                        .getImage()
                                != null);
        WaitForAsyncUtils.waitForFxEvents();
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-failed-1440x900");
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> robot.lookup("#screenshot-image").query().isVisible()
                                && robot.lookup("#transcript-rows").query().isVisible()))
                .isTrue();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#results-navigator")
                        .query()
                        .getLayoutBounds()
                        .getWidth()))
                .isGreaterThanOrEqualTo(ResultsView.NAVIGATOR_MIN_WIDTH - 1);
    }

    @Test
    void aNarrowInspectorShowsTheTranscriptAsTheFirstTab(FxRobot robot) throws Exception {
        robot.interact(() -> panel.stage().setWidth(1280));
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.PASSED_CASE);
        NavigatorRows.open(robot, TranscriptFixture.PASSED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-final").tryQuery().isPresent());
        javafx.scene.control.TabPane tabs = robot.lookup("#inspector-tabs").query();
        assertThat(tabs.getTabs().get(0).getId()).isEqualTo("tab-transcript");
        assertThat(tabs.getSelectionModel().getSelectedItem().getId()).isEqualTo("tab-transcript");
        assertThat(robot.lookup("#transcript-final").queryAs(Label.class).getText())
                .contains("design review on Tuesday");
        assertThat(robot.lookup("#transcript-usage").queryAs(Label.class).getText())
                .contains("1,200 in · 80 out");
    }

    @Test
    void aRedactedRunSaysSoOnceAndATraceThatIsNotAnObjectSaysSoInPlace(FxRobot robot) throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir().getParent(), TranscriptFixture.NOT_OBJECT_CASE);
        NavigatorRows.open(robot, TranscriptFixture.NOT_OBJECT_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-problem").tryQuery().isPresent());
        assertThat(robot.lookup("#transcript-problem").queryAs(Label.class).getText())
                .contains("trace is a string, not an object");
    }

    @Test
    void aTrialIsFoundThroughTheSearchAcrossTrialsAndFailuresGroupByCauseAcrossRuns(FxRobot robot) throws Exception {
        panel.openFolder(robot, run.runDir().getParent(), 2);
        assertThat(NavigatorRows.item(robot, TranscriptFixture.PASSED_CASE)).isNotNull();

        // the text only the failed call's output holds: one trial of the two runs
        javafx.scene.control.TextField text = robot.lookup("#trial-search-text").query();
        robot.clickOn(text).write("mailbox does not").type(javafx.scene.input.KeyCode.ENTER);
        Label summary = robot.lookup("#trial-search-summary").query();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> summary.getText() != null && summary.getText().startsWith("1 of "));
        assertThat(summary.getText()).endsWith("trials: text \"mailbox does not\"");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, TranscriptFixture.PASSED_CASE) == null);
        assertThat(NavigatorRows.item(robot, TranscriptFixture.FAILED_CASE)).isNotNull();

        // "tool X failed": the failed call in both runs
        robot.interact(() -> robot.lookup("#trial-search-mode")
                .queryAs(javafx.scene.control.ComboBox.class)
                .getSelectionModel()
                .select(dev.mstpanel.core.results.search.TranscriptQuery.Mode.TOOL_FAILED));
        robot.interact(() -> text.setText("send_message"));
        robot.clickOn("#trial-search-go");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> summary.getText() != null && summary.getText().startsWith("2 of "));
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-search");
        robot.clickOn("#trial-search-clear");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, TranscriptFixture.PASSED_CASE) != null);

        // failures by cause, over both runs; a click keeps only that cause
        robot.interact(() -> robot.lookup("#causes-every-run")
                .queryAs(javafx.scene.control.CheckBox.class)
                .setSelected(true));
        @SuppressWarnings("unchecked")
        ListView<java.util.Map.Entry<String, Integer>> causes =
                robot.lookup("#cause-list").query();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !causes.getItems().isEmpty());
        assertThat(causes.getItems().get(0).getKey()).isEqualTo("tool error: mail · send_message");
        assertThat(causes.getItems().get(0).getValue()).isEqualTo(2);
        assertThat(causes.getItems()).extracting(java.util.Map.Entry::getKey).contains("timeout");
        robot.interact(() -> causes.getSelectionModel().select(0));
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, TranscriptFixture.TIMEOUT_CASE) == null);
        assertThat(NavigatorRows.item(robot, TranscriptFixture.FAILED_CASE)).isNotNull();

        // the case across runs: both runs' trials, newest first
        NavigatorRows.open(robot, TranscriptFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#case-history")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false));
        javafx.scene.layout.FlowPane pills = (javafx.scene.layout.FlowPane)
                ((javafx.scene.layout.HBox) robot.lookup("#case-history").query())
                        .getChildren()
                        .get(1);
        assertThat(pills.getChildren())
                .extracting(n -> ((Label) n).getText())
                .containsExactly("c0ffee failed", "0addad failed");
        robot.clickOn("#causes-clear");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> NavigatorRows.item(robot, TranscriptFixture.TIMEOUT_CASE) != null);
    }
}
