package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import dev.mstpanel.ui.results.transcript.TranscriptView;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.VerticalDirection;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
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
 * A long transcript shows its first rows while the rest of its trace is read:
 * in the real window a 5,000-event trial whose failing call comes late still opens on that call,
 * marked and expanded; a view still reading says so, keeps its search off, and leaves a user who
 * has already scrolled where they are when the failing call is read.
 */
@ExtendWith(ApplicationExtension.class)
class TranscriptProgressiveFxTest {
    /** The fixture's failed call in the long trace (TranscriptFixture.longTrace). */
    private static final int LATE_FAILING = 3_000;

    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        run = TranscriptFixture.buildIn(home);
        TranscriptFixture.longTrace(run, TranscriptFixture.LONG_CASE, 5_000, 2_000);
        // a wide window: the inspector is wider than TrialInspectorView.WIDE_MIN_WIDTH
        panel = ResultsWindow.show(stage, home, 1860, 1000);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void aLongTranscriptWhoseFailingCallComesLateStillOpensOnItMarkedAndExpanded(FxRobot robot) throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), TranscriptFixture.LONG_CASE);
        NavigatorRows.open(robot, TranscriptFixture.LONG_CASE);
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript").tryQuery().isPresent()
                        && !((TranscriptView) robot.lookup("#transcript").query()).isReading());
        TranscriptView view = (TranscriptView) robot.lookup("#transcript").query();
        ListView<TranscriptView.Row> rows = view.rows();
        int failing = 1 + LATE_FAILING;
        assertThat(WaitForAsyncUtils.asyncFx(() -> rows.getItems().size()).get())
                .isGreaterThan(5_000);
        assertThat(view.failingRow()).isEqualTo(failing);
        assertThat(view.isExpanded(failing)).isTrue();
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(failing);
        // the failing call is on screen, marked, with its output shown
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-output-" + LATE_FAILING)
                        .tryQuery()
                        .isPresent());
        assertThat(robot.lookup("#transcript-output-" + LATE_FAILING)
                        .queryAs(Label.class)
                        .getText())
                .startsWith("result " + LATE_FAILING + " ");
        // a shown cell (not one in the list's pile or its measuring cell, which keep their last style) holds the marked
        // row
        assertThat(robot.lookup(".transcript-cell").queryAll().stream()
                        .anyMatch(n -> n instanceof javafx.scene.control.ListCell<?> c
                                && c.isVisible()
                                && c.getIndex() == failing
                                && c.getStyleClass().contains("transcript-failing")))
                .isTrue();
        // the read has ended: the final answer is there, the summary counts every event, the search finds the last one
        assertThat(WaitForAsyncUtils.asyncFx(() -> rows.getItems().stream()
                                .anyMatch(r -> r instanceof TranscriptView.SectionRow s && s.id().equals("final")))
                        .get())
                .isTrue();
        assertThat(robot.lookup("#transcript-summary").queryAs(Label.class).getText())
                .startsWith("5,000 events · 5,000 calls · 1 failed");
        TextField search = robot.lookup("#transcript-search").query();
        assertThat(search.isDisabled()).isFalse();
        robot.interact(() -> search.setText("page-4999.md"));
        Label count = robot.lookup("#transcript-count").query();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "1 of 1".equals(count.getText()));
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(5_000);
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-long-failing-late");
    }

    @Test
    void aViewStillReadingSaysSoAndDoesNotTakeTheListFromAUserWhoScrolled(FxRobot robot) throws Exception {
        Transcript whole = readLong();
        Transcript head = part(whole, 100);
        TranscriptView[] v = new TranscriptView[1];
        robot.interact(() -> {
            v[0] = TranscriptView.whileReading(head);
            panel.stage().setScene(scene(v[0]));
            panel.stage()
                    .setWidth(900); // on the screen (1440 px wide under Xvfb): the failing-call button at the bar's end
            // can be clicked
            panel.stage().setHeight(700);
        });
        TranscriptView view = v[0];
        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        TextField search = robot.lookup("#transcript-search").query();
        // while reading: the events so far, a last row that says the rest is being read, the search off
        assertThat(view.isReading()).isTrue();
        assertThat(rows.getItems()).hasSize(1 + 100 + 1);
        assertThat(rows.getItems().get(101))
                .isInstanceOfSatisfying(
                        TranscriptView.SectionRow.class, s -> assertThat(s.id()).isEqualTo("reading"));
        assertThat(search.isDisabled()).isTrue();
        assertThat(search.getPromptText()).contains("when the transcript is read");
        assertThat(robot.lookup("#transcript-summary").queryAs(Label.class).getText())
                .startsWith("100 events so far");
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "transcript-reading");

        // the user scrolls; then more events come, the failing call among them: it is marked, the list stays where the
        // user put it
        robot.moveTo(rows).scroll(3, VerticalDirection.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        int selectedBefore = rows.getSelectionModel().getSelectedIndex();
        robot.interact(() -> view.reading(part(whole, 4_000)));
        assertThat(rows.getItems()).hasSize(1 + 4_000 + 1);
        assertThat(view.failingRow()).isEqualTo(1 + LATE_FAILING);
        assertThat(view.isExpanded(1 + LATE_FAILING)).isFalse();
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(selectedBefore);
        assertThat(robot.lookup("#transcript-failing").tryQuery()).isPresent();

        robot.interact(() -> view.finish(whole));
        assertThat(view.isReading()).isFalse();
        assertThat(rows.getItems().get(5_001))
                .isInstanceOfSatisfying(
                        TranscriptView.SectionRow.class, s -> assertThat(s.id()).isEqualTo("final"));
        assertThat(rows.getItems().stream()
                        .noneMatch(r -> r instanceof TranscriptView.SectionRow s && s.id().equals("reading")))
                .isTrue();
        assertThat(search.isDisabled()).isFalse();
        assertThat(view.isExpanded(1 + LATE_FAILING)).isFalse();
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(selectedBefore);
        // the failing-call button still takes the user there
        robot.clickOn("#transcript-failing");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> rows.getSelectionModel().getSelectedIndex() == 1 + LATE_FAILING);
        assertThat(view.isExpanded(1 + LATE_FAILING)).isTrue();
    }

    @Test
    void aFailingCallReadAfterTheFirstRowsIsScrolledToAndExpandedWhenTheUserHasNotMoved(FxRobot robot)
            throws Exception {
        Transcript whole = readLong();
        TranscriptView[] v = new TranscriptView[1];
        robot.interact(() -> {
            v[0] = TranscriptView.whileReading(part(whole, 100));
            panel.stage().setScene(scene(v[0]));
            panel.stage()
                    .setWidth(900); // on the screen (1440 px wide under Xvfb): the failing-call button at the bar's end
            // can be clicked
            panel.stage().setHeight(700);
        });
        TranscriptView view = v[0];
        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        assertThat(view.failingRow()).isEqualTo(-1);
        robot.interact(() -> view.reading(part(whole, 3_500)));
        assertThat(view.failingRow()).isEqualTo(1 + LATE_FAILING);
        assertThat(view.isExpanded(1 + LATE_FAILING)).isTrue();
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(1 + LATE_FAILING);
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-output-" + LATE_FAILING)
                        .tryQuery()
                        .isPresent());
        robot.interact(() -> view.finish(whole));
        assertThat(view.isExpanded(1 + LATE_FAILING)).isTrue();
        assertThat(rows.getSelectionModel().getSelectedIndex()).isEqualTo(1 + LATE_FAILING);
    }

    /** A scene of the view alone, with the window's stylesheet. */
    private static Scene scene(TranscriptView view) {
        Scene scene = new Scene(view, 900, 700);
        scene.getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/app.css"));
        return scene;
    }

    private Transcript readLong() {
        try (ResultsReader r = new ResultsReader()) {
            RunInfo info = r.readRun(run.runDir());
            TrialRecord t = r.readTrials(info).stream()
                    .filter(x -> x.caseId().equals(TranscriptFixture.LONG_CASE))
                    .findFirst()
                    .orElseThrow();
            return new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS).read(t, false);
        }
    }

    /** The transcript as a view gets it while its trace is read: the first {@code n} events, nothing after them. */
    private static Transcript part(Transcript t, int n) {
        List<dev.mstpanel.core.results.model.TranscriptEvent> first = t.events().subList(0, n);
        int failing = t.failingIndex() < n ? t.failingIndex() : -1;
        return t.partialWith(first, failing);
    }
}
