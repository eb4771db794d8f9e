package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.ui.results.transcript.TranscriptView;
import java.nio.file.Files;
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
 * The real window on a failed trial whose subagent ran while a call was made: the Timeline tab beside the transcript
 * shows a lane per overlap with its label, the failing call in the error colour, what has no time said, and a click on
 * a span opens that event's row in the transcript.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineFxTest {
    private static final String CASE = "refund-order";
    private static final int FAILING = 3;
    /** A case whose trace gives each event a duration but no start or end time. */
    private static final String UNTIMED = "no-times";

    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("results-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        run = RunFixture.create(results, "shop", "20260105T101500Z-71e11e").runJson("shop", "default");
        run.resultsJson("default", CASE, "Refund order 1042.", "default", UNTIMED, "Look the order up.");
        ArrayNode ev = RunFixture.events();
        RunFixture.event(ev, "tool_call", "mcp", "orders", "lookup", 0, 600).put("isError", false);
        // a subagent checking the policy while the main agent looks the payment up: two lanes
        RunFixture.event(ev, "subagent", "builtin", null, "policy-check", 900, 4_000);
        RunFixture.event(ev, "tool_call", "mcp", "payments", "find", 1_200, 800).put("isError", false);
        RunFixture.event(ev, "tool_call", "mcp", "payments", "refund", 6_500, 1_100)
                .put("isError", true)
                .put("output", "refund refused: amount above the limit");
        RunFixture.event(ev, "command", "builtin", null, "bash", 8_000, 40)
                .put("isError", false)
                .remove(java.util.List.of("startedAt", "completedAt", "durationMs"));
        run.transcript("default", CASE, 0, ev, RunFixture.fields().put("finalText", "The refund was refused."), null);
        run.score("judge.accuracy", "default", CASE, 0, false, "Not refunded.");
        // the failed trial's full failure diagnosis: the inspector's every tab
        RunFixture.diagnosis(run.artifacts("default", CASE, 0), 40);
        ArrayNode untimed = RunFixture.events();
        RunFixture.event(untimed, "tool_call", "mcp", "orders", "lookup", 0, 600)
                .put("isError", false)
                .remove(java.util.List.of("startedAt", "completedAt"));
        RunFixture.event(untimed, "command", "builtin", null, "bash", 700, 40)
                .put("isError", false)
                .remove(java.util.List.of("startedAt", "completedAt"));
        run.transcript("default", UNTIMED, 0, untimed, RunFixture.fields().put("finalText", "Found."), null);
        // a laptop's window, within the test screen (the pointer cannot reach beyond it)
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void theTimelineShowsLanesTheFailingCallAndWhatHasNoTimeAndAClickOpensTheRow(FxRobot robot) throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), CASE);
        NavigatorRows.open(robot, CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#transcript-rows").tryQuery().isPresent());
        TrialInspectorView inspector = robot.lookup(".trial-inspector").query();
        robot.interact(() -> assertThat(inspector.selectTab("tab-timeline")).isTrue());
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#timeline-failing").tryQuery().isPresent());
        dev.mstpanel.testsupport.FxQuery q = new dev.mstpanel.testsupport.FxQuery(robot);
        assertThat(q.text("#timeline-lane-0")).isEqualTo("main");
        assertThat(q.text("#timeline-lane-1")).isEqualTo("tool_call");
        assertThat(robot.lookup("#timeline-lane-2").tryQuery()).isEmpty();
        assertThat(q.text("#timeline-summary"))
                .isEqualTo("4 events on 2 lanes over 7.6 s · between calls (the model's own time) 1.9 s"
                        + " · the failing call in red · 1 event has no time: not on the timeline");
        Node failing = robot.lookup("#timeline-failing").query();
        assertThat(failing.getStyleClass()).contains("timeline-failing");
        assertThat(failing.isVisible()).isTrue();
        assertThat(robot.lookup(".timeline-gap").queryAll()).hasSize(2);
        assertThat(robot.lookup(".timeline-tick-label").queryAll())
                .extracting(n -> ((Label) n).getText())
                .contains("0 ms", "2.0 s", "4.0 s", "6.0 s");
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "timeline");

        ListView<TranscriptView.Row> rows = robot.lookup("#transcript-rows").query();
        robot.clickOn("#timeline-event-2");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> selectedEvent(rows) == 2);
        // the row is in view: on an inspector too narrow for both, the transcript's tab came forward
        javafx.scene.control.TabPane tabs = robot.lookup("#inspector-tabs").query();
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> "tab-transcript"
                        .equals(tabs.getSelectionModel().getSelectedItem().getId()));
        robot.interact(() -> inspector.selectTab("tab-timeline"));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#timeline-failing");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> selectedEvent(rows) == FAILING);
    }

    @Test
    void noTabNameIsCutAt1280AndATraceWithoutStartTimesSaysWhyItsTimelineIsEmpty(FxRobot robot) throws Exception {
        NavigatorRows.openRunAndWaitFor(robot, panel, run.runDir(), CASE);
        NavigatorRows.open(robot, CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#tab-system").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TabPane tabs = robot.lookup("#inspector-tabs").query();
        // what a person reads on each tab: its whole name, inside the pane, none clipped at its edge
        java.util.List<String> names = dev.mstpanel.testsupport.FxQuery.fx(() -> {
            javafx.geometry.Bounds pane = tabs.localToScene(tabs.getLayoutBounds());
            java.util.List<String> out = new java.util.ArrayList<>();
            for (Node header : tabs.lookupAll(".tab")) {
                Label name = (Label) header.lookup(".tab-label");
                javafx.scene.text.Text shown = (javafx.scene.text.Text) name.lookup(".text");
                javafx.geometry.Bounds b = header.localToScene(header.getLayoutBounds());
                out.add(shown.getText()
                        + (b.getMaxX() <= pane.getMaxX() && b.getMinX() >= pane.getMinX() ? "" : " (cut)"));
                assertThat(shown.getText()).isEqualTo(name.getText());
            }
            return out;
        });
        assertThat(names)
                .containsExactly("Transcript", "Screenshot", "Accessibility", "Logs (2)", "System", "Timeline");
        // the trial's own name is not cut to make room for the buttons beside it
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> {
                    javafx.scene.control.Label title =
                            robot.lookup("#trial-title").query();
                    return ((javafx.scene.text.Text) title.lookup(".text")).getText();
                }))
                .doesNotContain("...")
                .doesNotContain("…");
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "inspector-tabs-1280");

        NavigatorRows.open(robot, UNTIMED);
        TrialInspectorView inspector = robot.lookup(".trial-inspector").query();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> inspector.selectTab("tab-timeline")));
        dev.mstpanel.testsupport.FxQuery q = new dev.mstpanel.testsupport.FxQuery(robot);
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> q.text("#timeline-summary").startsWith("No event"));
        assertThat(q.text("#timeline-summary"))
                .isEqualTo("No event of this trial can be placed: its trace gives no start time for them. MST writes"
                        + " startedAt and completedAt for each event; an older trace or a stand-in for MST may not,"
                        + " and a duration alone does not say when an event began. 2 events have no time: not on the"
                        + " timeline.");
    }

    private static int selectedEvent(ListView<TranscriptView.Row> rows) {
        return rows.getSelectionModel().getSelectedItem() instanceof TranscriptView.EventRow er
                ? er.event().index()
                : -1;
    }
}
