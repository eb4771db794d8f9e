package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
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
 * Triage of the demo's failures by keyboard in a 1280 x 820 window, as the docs picture it (saved as
 * {@code results-triage.png} with {@code -Dmstpanel.screenshots=DIR}).
 */
@ExtendWith(ApplicationExtension.class)
class TriageDemoFxTest {
    @TempDir
    static Path home;

    private static final long WAIT = 20;
    private ResultsWindow panel;

    @Start
    void start(Stage stage) {
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void theDemosFailuresAreLabelledFromTheKeyboard(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openDemoResults());
        ResultsViewModel results = panel.app().results();
        WaitForAsyncUtils.waitFor(
                WAIT,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !results.runs().isEmpty()
                        && results.runs().stream().noneMatch(ResultsViewModel.RunState::loading)
                        && robot.lookup("#results-tree").tryQuery().isPresent()));
        int failures = FxQuery.fx(() -> (int) results.runs().get(0).trials().stream()
                .filter(TriageViewModel::needsLabel)
                .count());
        assertThat(failures).isGreaterThanOrEqualTo(3);
        robot.interact(() -> robot.lookup("#failures-only").queryButton().fire());
        robot.interact(() -> robot.lookup("#results-tree").query().requestFocus());
        FxQuery q = new FxQuery(robot);

        label(robot, q, KeyCode.DIGIT2, "tool or server bug");
        label(robot, q, KeyCode.DIGIT5, "flaky");
        label(robot, q, KeyCode.DIGIT1, "agent error");
        robot.type(KeyCode.N);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> q.visible("#triage-note-editor"));
        robot.write("answered before the refund tool returned").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(
                WAIT,
                TimeUnit.SECONDS,
                () -> "answered before the refund tool returned".equals(q.text("#triage-note")));
        WaitForAsyncUtils.waitFor(
                WAIT,
                TimeUnit.SECONDS,
                () -> ("3 of " + failures + " failures labelled").equals(q.text("#triage-progress")));
        Thread.sleep(500); // the navigator's rows lay out their chips once
        Screenshots.take(panel.stage().getScene(), "results-triage");
    }

    @Test
    void openingResultsPutsTheFocusOnTheNavigatorSoJMovesToAFailureAtOnce(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openDemoResults());
        ResultsViewModel results = panel.app().results();
        WaitForAsyncUtils.waitFor(
                WAIT,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !results.runs().isEmpty()
                        && results.runs().stream().noneMatch(ResultsViewModel.RunState::loading)
                        && robot.lookup("#results-tree").tryQuery().isPresent()));
        WaitForAsyncUtils.waitForFxEvents();
        FxQuery q = new FxQuery(robot);
        // no click first: the keys act on the navigator, nothing is typed into the search
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> !selected().isEmpty());
        assertThat(FxQuery.fx(() -> TriageViewModel.needsLabel(
                        results.selectedTrialProperty().get())))
                .isTrue();
        assertThat(FxQuery.fx(() -> ((javafx.scene.control.TextField)
                                robot.lookup("#case-search").query())
                        .getText()))
                .isEmpty();
        assertThat(q.visible("#triage-chip") || q.exists("#triage-bar")).isTrue();

        // away to another view, then "Open in Results" of the same run (the folder already open): focus again
        java.nio.file.Path runDir =
                FxQuery.fx(() -> results.selectedTrialProperty().get().runDir());
        robot.interact(() -> panel.window().open("runs"));
        robot.interact(() -> panel.window().openResults(runDir));
        WaitForAsyncUtils.waitForFxEvents();
        String before = selected();
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> !selected().equals(before));
        assertThat(FxQuery.fx(() -> ((javafx.scene.control.TextField)
                                robot.lookup("#case-search").query())
                        .getText()))
                .isEmpty();
    }

    /** J to the next failure, then a digit: waits until the chip shows the label. */
    private void label(FxRobot robot, FxQuery q, KeyCode digit, String label) throws Exception {
        String before = selected();
        System.err.println("DBG focus "
                + FxQuery.fx(() -> String.valueOf(panel.stage().getScene().getFocusOwner())) + " sel " + before);
        robot.type(KeyCode.J);
        Thread.sleep(1000);
        System.err.println("DBG focus "
                + FxQuery.fx(() -> String.valueOf(panel.stage().getScene().getFocusOwner())) + " sel " + selected());
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> !selected().equals(before));
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> q.visible("#triage-chip"));
        robot.type(digit);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> label.equals(q.text("#triage-chip")));
    }

    private String selected() throws Exception {
        return FxQuery.fx(() -> {
            TrialRecord t = panel.app().results().selectedTrialProperty().get();
            return t == null ? "" : t.variant() + "/" + t.label();
        });
    }
}
