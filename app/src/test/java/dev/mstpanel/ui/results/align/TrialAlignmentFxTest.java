package dev.mstpanel.ui.results.align;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.align.Change;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PulseGaps;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
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
 * A failed trial aligned with a passing trial of its case from the trial inspector, in the real window: what a person
 * sees in the aligned view, and, on two 5,000-event trials, how soon its first rows show and that the window keeps
 * drawing meanwhile.
 */
@ExtendWith(ApplicationExtension.class)
class TrialAlignmentFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("results-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        run = TranscriptFixture.build(results);
        TranscriptFixture.passingTrial(run);
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() throws Exception {
        FxQuery.fx(() -> {
            for (Window w : new ArrayList<>(Window.getWindows())) {
                if (w instanceof Stage s && s != panel.stage()) {
                    s.close();
                }
            }
            return null;
        });
        panel.close();
    }

    private TrialRecord trial(String caseId, int number) throws Exception {
        return FxQuery.fx(() -> panel.app().results().run(run.runDir()).trials().stream()
                .filter(t -> t.caseId().equals(caseId) && t.trial() == number)
                .findFirst()
                .orElseThrow());
    }

    private void show(FxRobot robot, TrialRecord t) throws Exception {
        robot.interact(() -> panel.app().results().selectedTrialProperty().set(t));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#trial-compare-passing").tryQuery().isPresent());
    }

    private static Stage alignmentWindow() throws Exception {
        return FxQuery.fx(() -> {
            for (Window w : Window.getWindows()) {
                if (w instanceof Stage s && s.getScene() != null && s.getScene().lookup("#trial-alignment") != null) {
                    return s;
                }
            }
            return null;
        });
    }

    /** The texts of the rows the list shows now, each as {@code mark | A | B}. */
    private static List<String> shownRows(Stage s) throws Exception {
        return FxQuery.fx(() -> {
            List<String> out = new ArrayList<>();
            for (Node n : s.getScene().getRoot().lookupAll(".alignment-row")) {
                if (n instanceof ListCell<?> c && c.isVisible() && c.getItem() != null && c.getGraphic() != null) {
                    javafx.scene.layout.HBox box = (javafx.scene.layout.HBox) c.getGraphic();
                    List<String> parts = new ArrayList<>();
                    box.getChildren().forEach(x -> parts.add(((Label) x).getText()));
                    out.add(c.getIndex() + " " + String.join(" | ", parts));
                }
            }
            out.sort(java.util.Comparator.comparingInt(x -> Integer.parseInt(x.substring(0, x.indexOf(' ')))));
            return out;
        });
    }

    private static String text(Stage s, String id) throws Exception {
        return FxQuery.fx(() -> ((Label) s.getScene().lookup(id)).getText());
    }

    @Test
    void aFailedTrialAlignedWithAPassingOneOpensAtTheFirstDivergence(FxRobot robot) throws Exception {
        panel.openRun(robot, run.runDir());
        // a trial whose case has no other passing trial: the button is there, and off
        show(robot, trial(TranscriptFixture.TIMEOUT_CASE, 0));
        assertThat(robot.lookup("#trial-compare-passing").queryAs(Button.class).isDisabled())
                .isTrue();

        show(robot, trial(TranscriptFixture.FAILED_CASE, 0));
        Button compare = robot.lookup("#trial-compare-passing").queryAs(Button.class);
        assertThat(compare.isDisabled()).isFalse();
        robot.clickOn(compare);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            Stage s = alignmentWindow();
            return s != null
                    && s.getScene().lookup("#alignment-rows") != null
                    && !shownRows(s).isEmpty();
        });
        Stage s = alignmentWindow();
        assertThat(text(s, "#alignment-side-a")).contains(TranscriptFixture.FAILED_CASE + " #2", "passed", "6 events");
        assertThat(text(s, "#alignment-side-b")).contains(TranscriptFixture.FAILED_CASE + " #1", "failed", "8 events");
        assertThat(text(s, "#alignment-divergence-reason"))
                .isEqualTo("First divergence at row 4: the same tool was called with other arguments.");
        assertThat(text(s, "#alignment-divergence-a")).startsWith("A  #4  mail · send_message  {");
        assertThat(text(s, "#alignment-divergence-b")).startsWith("B  #4  mail · send_message  ERROR");
        String divergence = FxQuery.fx(() -> {
            StringBuilder sb = new StringBuilder();
            s.getScene()
                    .lookup("#alignment-divergence")
                    .lookupAll(".label")
                    .forEach(n -> sb.append(((Label) n).getText()).append('\n'));
            return sb.toString();
        });
        assertThat(divergence)
                .contains("subject: \"Weekly summary (5-9 Jan)\"  →  \"Weekly summary\"")
                .contains("B failed, A did not");
        assertThat(shownRows(s))
                .containsSubsequence(
                        "0 = | #1  tool_search | #1  tool_search",
                        "3 ~ | #4  mail · send_message | #4  mail · send_message  ERROR  (args: subject)",
                        "5 - | #6  mail · list_sent | ",
                        "6 + |  | #6  researcher");
        assertThat(text(s, "#alignment-answers-verdict")).isEqualTo("Final answers: different");
        assertThat(text(s, "#alignment-status")).isEqualTo("= 4 same   ~ 1 changed   - 1 only in A   + 3 only in B");
        dev.mstpanel.testsupport.Screenshots.take(s.getScene(), "trial-alignment");
    }

    /** Opens the failed trial's aligned view against the passing one, as a person does from the inspector. */
    private Stage openFailedAgainstPassing(FxRobot robot) throws Exception {
        show(robot, trial(TranscriptFixture.FAILED_CASE, 0));
        robot.clickOn(robot.lookup("#trial-compare-passing").queryAs(Button.class));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            Stage s = alignmentWindow();
            return s != null
                    && s.getScene().lookup("#alignment-rows") != null
                    && !shownRows(s).isEmpty();
        });
        return alignmentWindow();
    }

    private static String paneText(Stage s) throws Exception {
        return FxQuery.fx(() -> {
            StringBuilder sb = new StringBuilder();
            s.getScene()
                    .lookup("#alignment-pair")
                    .lookupAll(".label")
                    .forEach(n -> sb.append(((Label) n).getText()).append('\n'));
            return sb.toString();
        });
    }

    private static void clickRow(FxRobot robot, Stage s, int index) throws Exception {
        Node cell = FxQuery.fx(() -> s.getScene().getRoot().lookupAll(".alignment-row").stream()
                .filter(n -> n instanceof ListCell<?> c && c.getIndex() == index && c.getItem() != null)
                .findFirst()
                .orElseThrow());
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void selectingAnyRowShowsItsPairsCallsArgumentsAndOutputsAndTheWindowClosesFromTheKeyboard(FxRobot robot)
            throws Exception {
        panel.openRun(robot, run.runDir());
        Stage s = openFailedAgainstPassing(robot);
        String c = TranscriptFixture.FAILED_CASE;
        assertThat(FxQuery.fx(s::getTitle)).isEqualTo(c + " #2 · default  vs  " + c + " #1 · default");

        // opened on the first divergence: the changed row, its arguments' difference marked, B's error
        assertThat(paneText(s))
                .contains("Row 4  ~ the same tool, with other arguments or another outcome")
                .contains("~ subject: \"Weekly summary (5-9 Jan)\"  →  \"Weekly summary\"")
                .contains("A output: {\"id\":\"msg-7\",\"status\":\"sent\"}")
                .contains("B error: " + TranscriptFixture.FAILED_OUTPUT_TEXT)
                .contains("B failed, A did not");

        // another row: the pane follows the selection, the divergence's reason stays above it
        clickRow(robot, s, 0);
        assertThat(paneText(s))
                .contains("Row 1  = the same call on both sides")
                .contains("A  #1  tool_search  {\"query\":\"send email\"}")
                .contains("B  #1  tool_search");
        assertThat(text(s, "#alignment-divergence-reason")).startsWith("First divergence at row 4:");
        clickRow(robot, s, 5);
        assertThat(paneText(s))
                .contains("Row 6  - a call only A made")
                .contains("A  #6  mail · list_sent  {\"limit\":1}")
                .contains("A output: 1 message")
                .doesNotContain("B  #");
        // back to the changed row, the way the row's "(args: subject)" invites
        clickRow(robot, s, 3);
        assertThat(paneText(s)).contains("~ subject: \"Weekly summary (5-9 Jan)\"  →  \"Weekly summary\"");

        // Esc closes the window; so does Ctrl+W (⌘W on macOS)
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> FxQuery.fx(() -> !s.isShowing()));
        Stage again = openFailedAgainstPassing(robot);
        robot.clickOn(again.getScene().lookup("#alignment-rows"));
        robot.push(javafx.scene.input.KeyCode.SHORTCUT, javafx.scene.input.KeyCode.W);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> FxQuery.fx(() -> !again.isShowing()));
        assertThat(FxQuery.fx(() -> panel.stage().isShowing())).isTrue();
    }

    @Test
    void twoLongTrialsShowTheirFirstRowsSoonAndTheWindowKeepsDrawing(FxRobot robot) throws Exception {
        TranscriptFixture.longTrace(run, TranscriptFixture.LONG_CASE, 5_000, 2_000);
        // a passing trial of the same case: the same calls, but one with other arguments in the middle
        Path failing = run.tracePath("default", TranscriptFixture.LONG_CASE, 0);
        Path passing = run.tracePath("default", TranscriptFixture.LONG_CASE, 1);
        String json = Files.readString(failing)
                .replaceFirst("\"trial\"\\s*:\\s*0", "\"trial\":1")
                .replace("\"/work/docs/page-2500.md\"", "\"/work/docs/page-2500-v2.md\"");
        Files.writeString(passing, json);
        run.score("judge.accuracy", "default", TranscriptFixture.LONG_CASE, 1, true, "Read.");
        panel.openRun(robot, run.runDir());
        show(robot, trial(TranscriptFixture.LONG_CASE, 0));
        Button compare = robot.lookup("#trial-compare-passing").queryAs(Button.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> FxQuery.fx(() -> !compare.isDisabled()));
        // a person clicks once the trial is shown: the inspector's own read of the long trace is over
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(
                        () -> panel.app().trialInspector().transcriptProperty().get() != null
                                && !panel.app()
                                        .trialInspector()
                                        .loadingProperty()
                                        .get()));
        Thread.sleep(1_000); // the transcript's first layout and warm-up, as a person reads the header
        PulseGaps gaps = new PulseGaps();
        long[] clicked = new long[1];
        robot.interact(() -> {
            gaps.start();
            clicked[0] = System.nanoTime();
            compare.fire();
        });
        long shown = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Stage s = alignmentWindow();
            if (s != null && !shownRows(s).isEmpty()) {
                shown = System.nanoTime();
                break;
            }
            Thread.sleep(5);
        }
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(gaps::stop);
        long firstRowsMs = (shown - clicked[0]) / 1_000_000;
        long gapMs = gaps.longestGapNanos() / 1_000_000;
        System.out.printf(
                "aligned view of two 5,000-event trials: first rows %d ms after the click, longest pulse gap %d ms%n",
                firstRowsMs, gapMs);
        assertThat(shown).as("rows shown").isPositive();
        Stage s = alignmentWindow();
        TrialAlignmentView view =
                FxQuery.fx(() -> (TrialAlignmentView) s.getScene().lookup("#trial-alignment"));
        // the first rows may be those of the traces' first events: the whole alignment follows
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> FxQuery.fx(() -> view.alignment() != null));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(text(s, "#alignment-divergence-reason"))
                .isEqualTo("First divergence at row 2501: the same tool was called with other arguments.");
        assertThat(view.alignment().pairs()).hasSize(5_000);
        assertThat(view.alignment().counts()[Change.CHANGED.ordinal()]).isEqualTo(1);
        // virtualized: the list made cells for the rows in view, not one per row
        int cells = FxQuery.fx(
                () -> s.getScene().getRoot().lookupAll(".alignment-row").size());
        assertThat(cells).isLessThan(100);
        // the divergence (row 2,501, the page read under another name) is the row opened in view
        assertThat(shownRows(s)).anyMatch(r -> r.startsWith("2500 ~ | #2501  files · read_file"));
        assertThat(trial(TranscriptFixture.LONG_CASE, 1).status()).isEqualTo(TrialStatus.PASSED);
    }
}
