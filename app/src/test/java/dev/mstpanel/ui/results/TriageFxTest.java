package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.triage.TriageStore;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeView;
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
 * Triage from the keyboard in the real window: J and K move between failures, a digit labels, N writes a note,
 * Backspace clears; the chip, the navigator row, the per-label counts and the run's progress follow, and the labels go
 * to the panel's data folder while the run folder is only read.
 */
@ExtendWith(ApplicationExtension.class)
class TriageFxTest {
    @TempDir
    static Path home;

    /** How long a key's effect may take to show, in seconds: a trial opened on a busy machine takes a few. */
    private static final long WAIT = 10;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("results-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        run = RunFixture.allStatuses(results);
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    private List<Path> runFiles() throws Exception {
        try (Stream<Path> s = Files.walk(run.runDir())) {
            return s.sorted().toList();
        }
    }

    private static void waitText(FxRobot robot, String id, String text) throws Exception {
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> text.equals(new FxQuery(robot).text(id)));
    }

    @Test
    void keysLabelTheFailuresOneAfterAnotherAndTheLabelsAreSeenEverywhere(FxRobot robot) throws Exception {
        List<Path> before = runFiles();
        panel.openRun(robot, run.runDir());
        FxQuery q = new FxQuery(robot);
        robot.interact(() -> robot.lookup("#results-tree").query().requestFocus());

        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> q.visible("#triage-bar"));
        String first = selectedTrial(robot);
        assertThat(q.text("#triage-chip")).isEqualTo("no label");
        assertThat(q.text("#triage-keys")).isEqualTo("keys: 1–6 label · N note · 0 clear · J/K next/previous");
        assertThat(q.text("#triage-progress")).isEqualTo("0 of 3 failures labelled");

        robot.type(KeyCode.DIGIT1);
        waitText(robot, "#triage-chip", "agent error");
        waitText(robot, "#triage-progress", "1 of 3 failures labelled");
        assertThat(navigatorChips(robot)).containsExactly("agent error");

        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitFor(
                WAIT, TimeUnit.SECONDS, () -> !selectedTrial(robot).equals(first));
        String second = selectedTrial(robot);
        waitText(robot, "#triage-chip", "no label");
        robot.type(KeyCode.DIGIT4);
        waitText(robot, "#triage-chip", "infrastructure");
        robot.type(KeyCode.N);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> q.visible("#triage-note-editor"));
        robot.write("VM did not boot").type(KeyCode.ENTER);
        waitText(robot, "#triage-note", "VM did not boot");
        assertThat(q.visible("#triage-note-editor")).isFalse();
        waitText(robot, "#triage-progress", "2 of 3 failures labelled");
        assertThat(labelCounts(robot)).containsExactly("agent error 1", "infrastructure 1", "unlabelled 1");

        robot.type(KeyCode.K);
        WaitForAsyncUtils.waitFor(
                WAIT, TimeUnit.SECONDS, () -> selectedTrial(robot).equals(first));
        robot.type(KeyCode.BACK_SPACE);
        waitText(robot, "#triage-chip", "no label");
        waitText(robot, "#triage-progress", "1 of 3 failures labelled");
        assertThat(navigatorChips(robot)).containsExactly("infrastructure");
        assertThat(second).isNotEqualTo(first);

        // typed into the case search, a digit is text, not a label
        robot.clickOn("#case-search").write("1");
        assertThat(q.text("#triage-progress")).isEqualTo("1 of 3 failures labelled");

        Path file = new TriageStore(panel.app().paths().dataDir()).fileOf(RunFixture.EVAL, RunFixture.RUN_ID);
        assertThat(file).exists();
        assertThat(Files.readString(file)).contains("\"infrastructure\"").contains("VM did not boot");
        assertThat(runFiles()).as("the run folder is only read").isEqualTo(before);
    }

    @Test
    void aLabelGivenOnTheCommandLineShowsWhenTheWindowReadsTheLabelsAgain(FxRobot robot) throws Exception {
        panel.openRun(robot, run.runDir());
        FxQuery q = new FxQuery(robot);
        robot.interact(() -> robot.lookup("#results-tree").query().requestFocus());
        robot.type(KeyCode.J);
        WaitForAsyncUtils.waitFor(WAIT, TimeUnit.SECONDS, () -> q.visible("#triage-bar"));
        waitText(robot, "#triage-chip", "no label");
        TrialRecord t =
                FxQuery.fx(() -> panel.app().results().selectedTrialProperty().get());
        // another writer (the command line's store) labels the trial open in the window
        new TriageStore(panel.app().paths().dataDir())
                .write(
                        t.evalName(),
                        t.runId(),
                        new TriageStore.TrialRef(t.key(), t.variant(), t.caseId()),
                        new dev.mstpanel.core.triage.TriageLabel("flaky", "from a script"));
        robot.interact(() -> panel.app().triage().reload()); // as when the window is focused again
        waitText(robot, "#triage-chip", "flaky");
        waitText(robot, "#triage-note", "from a script");
        waitText(robot, "#triage-progress", "1 of 3 failures labelled");
    }

    /** The trial open in the inspector, as {@code variant/case #n}. */
    private String selectedTrial(FxRobot robot) throws Exception {
        return FxQuery.fx(() -> {
            TrialRecord t = panel.app().results().selectedTrialProperty().get();
            return t == null ? "" : t.variant() + "/" + t.label();
        });
    }

    /** The label chips the navigator's trial rows show. */
    @SuppressWarnings("unchecked")
    private static List<String> navigatorChips(FxRobot robot) throws Exception {
        return FxQuery.fx(() -> {
            TreeView<ResultsView.Node> tree = robot.lookup("#results-tree").query();
            tree.layout();
            return robot.lookup(".tree-cell").queryAll().stream()
                    .filter(n -> n instanceof TreeCell<?> c && c.isVisible() && c.getItem() != null)
                    .flatMap(n -> n.lookupAll(".triage-chip").stream())
                    .map(n -> ((Label) n).getText())
                    .sorted()
                    .toList();
        });
    }

    private static List<String> labelCounts(FxRobot robot) throws Exception {
        return FxQuery.fx(
                () -> robot.lookup("#label-counts").queryAs(javafx.scene.layout.Pane.class).getChildren().stream()
                        .map(n -> ((Label) n).getText())
                        .toList());
    }
}
