package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.text.Text;
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
 * The Runs form in its narrow column (the divider where a run puts it, at 1280×820), on the real
 * engine-1: every hint and context line wraps inside the column, none is cut at the right or cut
 * short with an ellipsis; and while the form grades a run ({@code mst grade}) each context's line
 * gives the grade containers that fit, not the Cowork container.
 */
@ExtendWith(ApplicationExtension.class)
class RunFormNarrowColumnFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        panel = PanelWindow.runsWithStandIn(home, java.util.Map.of())
                .size(1280, 820)
                .show(stage);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void hintsWrapInTheNarrowFormColumnAndContextLinesGiveTheGradeCapacityWhileGrading(FxRobot robot) throws Exception {
        FxQuery q = new FxQuery(robot);
        Path evals = Files.createDirectories(home.resolve("narrow"));
        Path config = Files.writeString(evals.resolve("eval.json"), """
                {"name": "checkout-flow", "client": "cowork", "coworkSetup": {"approveWriteTools": true}}
                """);
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !q.node("#context-engine-1").isDisabled()));
        q.type("#config-path .text-field", config.toString());
        q.click("#context-engine-1");
        q.click("#keep-failed");
        // the narrow column a run leaves the form
        FxQuery.fx(() -> {
            robot.lookup(".run-split").queryAs(SplitPane.class).setDividerPositions(0.34);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> q.text("#context-engine-1-split").contains("Cowork"));
        assertThat(cutHints(robot))
                .as("hints cut at the right or with an ellipsis")
                .isEmpty();
        Screenshots.take(stage.getScene(), "runs-form-narrow");

        q.click("#grading-in-containers");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(cutHints(robot)).as("hints cut with grade containers").isEmpty();

        // grading a run: the context's own line gives the grade capacity, the same as the line under Grading
        FxQuery.fx(() -> {
            panel.app().runs().prefillGrade(null, "20260105T101500Z-a1b2c3");
            return null;
        });
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> q.text("#context-engine-1-split").contains("grade/headless"));
        String line = q.text("#context-engine-1-split");
        assertThat(line)
                .doesNotContain("Cowork")
                .matches(".*: \\d+ grade/headless containers? at once, 2\\.0 GiB each");
        assertThat(q.text("#grade-capacity")).isEqualTo("engine-1: " + line.substring(line.indexOf(": ") + 2));
        assertThat(cutHints(robot)).as("hints cut while grading").isEmpty();
        FxQuery.fx(() -> {
            Node up = robot.lookup("#run-form").query();
            while (!(up instanceof ScrollPane)) {
                up = up.getParent();
            }
            ((ScrollPane) up).setVvalue(0); // the contexts in sight for the picture
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(stage.getScene(), "runs-form-narrow-grading");
        q.click("#run-grade-clear");
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> q.text("#context-engine-1-split").contains("Cowork"));
    }

    /** The form's shown labels whose text runs past the form's visible width, or is shown cut short. */
    private static List<String> cutHints(FxRobot robot) throws Exception {
        // a label's shown text follows its text at the next layout pass
        for (int i = 0; i < 3; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            Thread.sleep(50);
        }
        return FxQuery.fx(() -> {
            Node up = robot.lookup("#run-form").query();
            while (!(up instanceof ScrollPane)) {
                up = up.getParent();
            }
            ScrollPane scroll = (ScrollPane) up;
            Bounds view = scroll.localToScene(scroll.getLayoutBounds());
            List<String> cut = new ArrayList<>();
            for (Node n : robot.lookup("#run-form .label").queryAll()) {
                if (!(n instanceof Label l)
                        || !shown(l)
                        || l.getText() == null
                        || l.getText().isBlank()) {
                    continue;
                }
                Bounds b = l.localToScene(l.getLayoutBounds());
                Text shownText = (Text) l.lookup(".text");
                boolean ellipsis = shownText != null && !shownText.getText().equals(l.getText());
                if (b.getMaxX() > view.getMaxX() + 0.5 || ellipsis) {
                    cut.add(l.getText() + " (right edge " + Math.round(b.getMaxX()) + " > " + Math.round(view.getMaxX())
                            + (ellipsis ? ", shown as \"" + shownText.getText() + "\"" : "") + ")");
                }
            }
            return cut;
        });
    }

    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
