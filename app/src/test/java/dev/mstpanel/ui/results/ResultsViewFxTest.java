package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeCell;
import javafx.scene.image.ImageView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The real window on a fixture run: a failed trial's screenshot shows and its accessibility dump finds a control. */
@ExtendWith(ApplicationExtension.class)
class ResultsViewFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        Path results = home.resolve("results-" + System.nanoTime()).resolve(".mcp-test-results");
        Files.createDirectories(results);
        run = RunFixture.allStatuses(results);
        // a panel home per test: no settings carried between tests
        panel = ResultsWindow.show(stage, home, 1360, 860);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void failedTrialShowsItsScreenshotAndASearchHitInItsAccessibilityDump(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#screenshot-image").tryQuery().isPresent()
                        && ((ImageView) robot.lookup("#screenshot-image").query()).getImage() != null);
        ImageView shot = robot.lookup("#screenshot-image").query();
        assertThat(shot.getImage().getWidth()).isEqualTo(1280);
        assertThat(shot.isVisible()).isTrue();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shot.getFitWidth() > 100);
        assertThat(shot.getFitWidth()).isLessThanOrEqualTo(1360);
        assertThat(texts(robot)).contains("Task did not submit: the send button stayed disabled");

        robot.interact(() -> select(robot, "tab-accessibility"));
        robot.clickOn("#ax-search").write("Send message");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> "1 of 1".equals(((Label) robot.lookup("#ax-count").query()).getText()));
        ListView<Integer> lines = robot.lookup("#ax-lines").query();
        assertThat(lines.getSelectionModel().getSelectedItem()).isEqualTo(3);
        assertThat(texts(robot)).contains("textbox \"Send message\" disabled");

        robot.clickOn("#ax-filter");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lines.getItems().size() == 1);
    }

    @Test
    void theRunHeaderFoldsToItsTitleSoAnOpenTrialGetsTheHeightAndUnfoldsAgain(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#run-header-fold").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        Node header = robot.lookup("#run-header").query();
        Node inspector = robot.lookup(".trial-inspector").query();
        double headerOpen = header.getLayoutBounds().getHeight();
        double inspectorBefore = inspector.getLayoutBounds().getHeight();
        assertThat(((Button) robot.lookup("#run-header-fold").query()).getText())
                .isEqualTo("Hide run details");

        robot.clickOn("#run-header-fold");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(((Button) robot.lookup("#run-header-fold").query()).getText())
                .isEqualTo("Show run details");
        assertThat(robot.lookup("#run-title").tryQuery()).as("the title stays").isPresent();
        assertThat(header.getLayoutBounds().getHeight())
                .as("the header is its title line")
                .isLessThan(headerOpen / 2);
        assertThat(inspector.getLayoutBounds().getHeight())
                .as("the trial gets the height")
                .isGreaterThan(inspectorBefore + 40);

        robot.clickOn("#run-header-fold");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(((Button) robot.lookup("#run-header-fold").query()).getText())
                .isEqualTo("Hide run details");
        assertThat(header.getLayoutBounds().getHeight()).isGreaterThan(headerOpen - 1);
    }

    @Test
    void brokenPartsShowPlainMessagesInPlace(FxRobot robot) throws Exception {
        Path artifacts = run.artifacts("default", RunFixture.FAILED_CASE, 0);
        Files.writeString(artifacts.resolve("screen.png"), "this is not a png");
        Files.writeString(
                artifacts.resolve("system.json"), "{\"freeMemoryBytes\": 104857600, \"gpu\": {\"vendor\": \"none\"}}");
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> texts(robot).contains("screen.png is not a PNG image"));
        robot.interact(() -> select(robot, "tab-system"));
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> texts(robot).contains("under the low-memory threshold of 512 MiB"));
        assertThat(texts(robot)).contains("not a field the panel knows");

        open(robot, "empty-artifacts");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> texts(robot).contains("The artifacts folder is empty"));
        open(robot, "cut-short");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> texts(robot).contains("The trace is cut short"));
    }

    @Test
    void aTraceWrittenWhileTheRunIsOpenShowsUp(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        run.trace("default", "written-later", 0, RunFixture.fields().put("error", "late failure"));
        run.score("judge.accuracy", "default", "written-later", 0, false, "late");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, "written-later") != null);
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> "failed 3"
                        .equals(((javafx.scene.control.ToggleButton)
                                        robot.lookup("#status-failed").query())
                                .getText()));
    }

    @Test
    void failuresOnlyHidesPassedCases(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, "calendar-lookup") != null);
        robot.clickOn("#failures-only");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> cell(robot, "calendar-lookup") == null);
        assertThat(cell(robot, RunFixture.FAILED_CASE)).isNotNull();
        robot.clickOn("#case-search").write("vm-");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) == null);
        assertThat(cell(robot, "vm-down")).isNotNull();
    }

    @Test
    void theFolderFieldAcceptsTheEvalsProjectFolder(FxRobot robot) throws Exception {
        Path project = run.runDir().getParent().getParent().getParent().getParent();
        robot.interact(() -> panel.window().open("results"));
        type(robot, project.toString());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        assertThat(FxQuery.fx(() -> robot.lookup("#results-message").queryAs(Label.class))
                        .isVisible())
                .isFalse();

        Path empty = home.resolve("empty-" + System.nanoTime());
        Files.createDirectories(empty);
        type(robot, empty.toString());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> texts(robot).contains("No MST runs in " + empty + "."));
        assertThat(texts(robot)).contains("holding .mcp-test-results/");
    }

    @Test
    void aWrongPathKeepsTheOpenRunAndSaysWhichFoldersToGive(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        String failedChip = FxQuery.fx(
                        () -> robot.lookup("#status-failed").queryAs(javafx.scene.control.ToggleButton.class))
                .getText();
        Path missing = home.resolve("does-not-exist");
        type(robot, missing.toString());
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> texts(robot).contains("There is no folder at " + missing + "."));
        Label note = FxQuery.fx(() -> robot.lookup("#results-message").queryAs(Label.class));
        assertThat(note.getText())
                .contains("the eval's project folder (the one holding .mcp-test-results/)")
                .contains(".mcp-test-results/<eval>/runs/<runId>")
                .contains("Still showing " + run.runDir());
        // the run and its trials stay: the navigator, the status chips and a trial that opens
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        assertThat(cell(robot, RunFixture.FAILED_CASE)).isNotNull();
        assertThat(FxQuery.fx(() -> robot.lookup("#status-failed").queryAs(javafx.scene.control.ToggleButton.class))
                        .getText())
                .isEqualTo(failedChip)
                .isNotEqualTo("failed 0");
        assertThat(FxQuery.fx(() -> robot.lookup("#results-path").queryAs(javafx.scene.control.TextField.class))
                        .getText())
                .isEqualTo(missing.toString());
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> texts(robot).contains("Task did not submit: the send button stayed disabled"));
        dev.mstpanel.testsupport.Screenshots.take(note.getScene(), "results-wrong-path");
    }

    @Test
    void aTraceThatIsNotJsonSaysSoInWordsInTheTranscriptTab(FxRobot robot) throws Exception {
        Path notes = run.tracePath("default", "notes-case", 0);
        Files.createDirectories(notes.getParent());
        Files.writeString(notes, "hello, these are my notes");
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, "notes-case") != null);
        open(robot, "notes-case");
        robot.interact(() -> select(robot, "tab-transcript"));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> texts(robot)
                        .contains("The trace is not valid JSON at line 1, column 1, so no event can be shown."));
        // the trial's own message (the inspector's error box, the list's row) is in words too, not the parser's text
        assertThat(texts(robot))
                .contains("The trace is not valid JSON at line 1, column 1.")
                .doesNotContain("Unrecognized token")
                .doesNotContain("was expecting");
        dev.mstpanel.testsupport.Screenshots.take(
                robot.lookup("#results-path").query().getScene(), "results-not-json-transcript");
    }

    @Test
    void trialsAreNumberedFromOneAsMstPrintsThem(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        // traces/default/calendar-lookup/0.json and 1.json: MST's live lines call them #1 and #2
        assertThat(childLabels(robot, "calendar-lookup")).containsExactly("trial #1", "trial #2");
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> texts(robot).contains("send-summary #1  ·  default"));
        assertThat(texts(robot)).doesNotContain("trial 0");
    }

    @Test
    void aPartialRunsHeaderSaysHowManyTrialsAreMissing(FxRobot robot) throws Exception {
        run.partial();
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> texts(robot).contains("partial: 2 trials missing"));

        RunFixture g = RunFixture.create(
                        run.runDir().getParent().getParent().getParent(), "other-eval", "20260106T090000Z-0f0f0f")
                .runJson("other-eval", "default")
                .partial();
        g.trace("default", "only-case", 0, null).score("judge.accuracy", "default", "only-case", 0, true, "ok");
        robot.interact(() -> panel.window().openRun(g.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, "only-case") != null);
        open(robot, "only-case");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#run-partial").tryQuery().isPresent());
        assertThat(FxQuery.fx(() -> robot.lookup("#run-partial").queryAs(Label.class))
                        .getText())
                .isEqualTo("partial");
        assertThat(FxQuery.fx(() -> robot.lookup("#status-missing").queryAs(javafx.scene.control.ToggleButton.class))
                        .getText())
                .isEqualTo("missing");
    }

    @Test
    void anOldCopiedRunWithoutRunJsonIsNotLiveButAFreshOneIs(FxRobot robot) throws Exception {
        Path results = run.runDir().getParent().getParent().getParent();
        RunFixture copied = RunFixture.create(results, "copied-eval", "20250101T080000Z-c0c0c0");
        copied.trace("default", "old-case", 0, null);
        FileTime hourAgo = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        try (var walk = Files.walk(copied.runDir())) {
            for (Path p : walk.toList()) {
                Files.setLastModifiedTime(p, hourAgo);
            }
        }
        robot.interact(() -> panel.window().openRun(copied.runDir()));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> childLabels(robot, "copied-eval").stream().anyMatch(l -> !l.contains("reading")));
        assertThat(childLabels(robot, "copied-eval")).containsExactly("20250101T080000Z-c0c0c0  (no run.json)");

        RunFixture fresh = RunFixture.create(results, "fresh-eval", "20260107T080000Z-f1f1f1");
        fresh.trace("default", "new-case", 0, null);
        robot.interact(() -> panel.window().openRun(fresh.runDir()));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> childLabels(robot, "fresh-eval").stream().anyMatch(l -> !l.contains("reading")));
        assertThat(childLabels(robot, "fresh-eval")).containsExactly("20260107T080000Z-f1f1f1  (live)");
    }

    @Test
    void anEvalShowsItsNumberOfRunsAndTheLatestRunsFigures(FxRobot robot) throws Exception {
        Path results = run.runDir().getParent().getParent().getParent();
        RunFixture older = RunFixture.create(results, RunFixture.EVAL, "20260101T080000Z-0a0a0a")
                .runJson(RunFixture.EVAL, "default");
        older.trace("default", "calendar-lookup", 0, null)
                .score("judge.accuracy", "default", "calendar-lookup", 0, true, "ok");
        older.trace("default", "calendar-lookup", 1, null)
                .score("judge.accuracy", "default", "calendar-lookup", 1, true, "ok");
        robot.interact(() -> panel.window().openRun(results.resolve(RunFixture.EVAL)));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> !panel.app().results().loadingProperty().get()
                        && node(robot, RunFixture.RUN_ID) != null
                        && !node(robot, RunFixture.RUN_ID).counts().isEmpty());
        ResultsView.Node eval = node(robot, RunFixture.EVAL);
        ResultsView.Node latest = node(robot, RunFixture.RUN_ID);
        assertThat(eval.note()).isEqualTo("2 runs · latest");
        // the latest run (allStatuses) has 3 passed; both runs together would make 5
        assertThat(eval.counts()).isEqualTo(latest.counts());
        assertThat(eval.counts().get(dev.mstpanel.core.results.model.TrialStatus.PASSED))
                .isEqualTo(3);
        assertThat(texts(robot)).contains("2 runs · latest");
        // the status chips count both runs' trials (3 + 2 passed), and say so beside them
        assertThat(FxQuery.fx(
                        () -> robot.lookup("#status-scope").queryAs(Label.class).getText()))
                .isEqualTo("trials of all 2 runs:");
        assertThat(FxQuery.fx(() -> robot.lookup("#status-passed")
                        .queryAs(javafx.scene.control.ToggleButton.class)
                        .getText()))
                .isEqualTo("passed 5");
    }

    @Test
    void theNavigatorFitsItsBadgesWithoutScrollingSidewaysAndTheRunHeaderWraps(FxRobot robot) throws Exception {
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, RunFixture.FAILED_CASE) != null);
        open(robot, RunFixture.FAILED_CASE);
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#run-figures").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        Node navigator = robot.lookup("#results-navigator").query();
        assertThat(navigator.getLayoutBounds().getWidth()).isGreaterThanOrEqualTo(ResultsView.NAVIGATOR_MIN_WIDTH);
        javafx.scene.control.TreeView<?> tree = robot.lookup("#results-tree").query();
        for (Node n : tree.lookupAll(".scroll-bar")) {
            if (n instanceof javafx.scene.control.ScrollBar b
                    && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL) {
                assertThat(b.isVisible())
                        .as("horizontal scroll bar of the navigator")
                        .isFalse();
            }
        }
        // every badge of every shown cell lies inside the tree
        double right = tree.localToScene(tree.getLayoutBounds()).getMaxX();
        for (Node n : tree.lookupAll(".pill")) {
            if (n.isVisible() && n.getScene() != null) {
                assertThat(n.localToScene(n.getLayoutBounds()).getMaxX())
                        .as(((Label) n).getText())
                        .isLessThanOrEqualTo(right);
            }
        }
        // the run figures are shown whole (wrapped), not cut with "…"
        Label figures = robot.lookup("#run-figures").query();
        javafx.scene.text.Text shown = (javafx.scene.text.Text) figures.lookup(".text");
        assertThat(shown.getText()).isEqualTo(figures.getText());
    }

    @Test
    void aBrokenScoresProblemShowsOnceInTheTrialPane(FxRobot robot) throws Exception {
        Files.writeString(run.runDir().resolve("scores/judge.accuracy/default/calendar-lookup/1.json"), "{\"score\": ");
        robot.interact(() -> panel.window().openRun(run.runDir()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> cell(robot, "calendar-lookup") != null);
        robot.interact(() -> panel.app()
                .results()
                .selectedTrialProperty()
                .set(panel.app().results().runs().get(0).trials().stream()
                        .filter(t -> t.caseId().equals("calendar-lookup") && t.trial() == 1)
                        .findFirst()
                        .orElseThrow()));
        String problem = "scores/judge.accuracy/default/calendar-lookup/1.json is cut short";
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> texts(robot).contains("calendar-lookup #2")
                        && texts(robot).contains(problem));
        String shown = texts(robot);
        assertThat(shown.indexOf(problem)).isEqualTo(shown.lastIndexOf(problem));
    }

    /** A tree node found by its label, expanded or not; null when there is none. */
    private static ResultsView.Node node(FxRobot robot, String label) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                        javafx.scene.control.TreeView<ResultsView.Node> tree =
                                robot.lookup("#results-tree").query();
                        java.util.ArrayDeque<javafx.scene.control.TreeItem<ResultsView.Node>> todo =
                                new java.util.ArrayDeque<>(tree.getRoot().getChildren());
                        while (!todo.isEmpty()) {
                            var item = todo.poll();
                            if (item.getValue().label().startsWith(label)) {
                                return item.getValue();
                            }
                            todo.addAll(item.getChildren());
                        }
                        return null;
                    })
                    .get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The labels of a tree node's children, found by the node's label, expanded or not. */
    private static java.util.List<String> childLabels(FxRobot robot, String label) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                        javafx.scene.control.TreeView<ResultsView.Node> tree =
                                robot.lookup("#results-tree").query();
                        java.util.ArrayDeque<javafx.scene.control.TreeItem<ResultsView.Node>> todo =
                                new java.util.ArrayDeque<>(tree.getRoot().getChildren());
                        while (!todo.isEmpty()) {
                            var item = todo.poll();
                            if (item.getValue().label().equals(label)) {
                                return item.getChildren().stream()
                                        .map(c -> c.getValue().label())
                                        .toList();
                            }
                            todo.addAll(item.getChildren());
                        }
                        return java.util.List.<String>of();
                    })
                    .get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Puts a path in the folder field and presses Enter in it (typing a long path key by key is slow). */
    private static void type(FxRobot robot, String path) {
        javafx.scene.control.TextField field = robot.lookup("#results-path").query();
        robot.interact(() -> field.setText(""));
        robot.clickOn(field).write(path.substring(0, 1));
        robot.interact(() -> field.setText(path));
        robot.type(javafx.scene.input.KeyCode.ENTER);
    }

    private static void select(FxRobot robot, String tabId) {
        TabPane tabs = robot.lookup("#inspector-tabs").query();
        for (Tab t : tabs.getTabs()) {
            if (tabId.equals(t.getId())) {
                tabs.getSelectionModel().select(t);
            }
        }
    }

    private static Node cell(FxRobot robot, String label) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                        for (Node n : robot.lookup(".tree-cell").queryAll()) {
                            // a cell the tree's virtual flow keeps aside can still hold an item: take only the
                            // cell that shows the item's row now, inside the tree's visible bounds
                            if (n instanceof TreeCell<?> c
                                    && c.isVisible()
                                    && c.getItem() instanceof ResultsView.Node rn
                                    && rn.label().equals(label)
                                    && c.getTreeItem() != null
                                    && c.getTreeView() != null
                                    && c.getIndex() == rowOf(c)
                                    && c.getTreeView()
                                            .localToScene(c.getTreeView().getBoundsInLocal())
                                            .contains(
                                                    c.localToScene(c.getBoundsInLocal())
                                                            .getCenterX(),
                                                    c.localToScene(c.getBoundsInLocal())
                                                            .getCenterY())) {
                                return (Node) c;
                            }
                        }
                        return null;
                    })
                    .get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Opens a navigator row as a person does with the keyboard (focus the tree, select the row).
     * A mouse click at the cell's screen position is not used: on the stage TestFX reuses between
     * tests under Xvfb (no window manager) the reported window position can be stale, and the click
     * lands on another row.
     */
    @SuppressWarnings("unchecked")
    private static void open(FxRobot robot, String label) {
        scrollTo(robot, label); // the row may be below the navigator's visible part
        TreeCell<Object> cell = (TreeCell<Object>) cell(robot, label);
        assertThat(cell).as("navigator row " + label).isNotNull();
        robot.interact(() -> {
            cell.getTreeView().requestFocus();
            cell.getTreeView().getSelectionModel().select(cell.getTreeItem());
        });
    }

    /** Scrolls the navigator so the row with this label is shown (a person scrolls to it too). */
    @SuppressWarnings("unchecked")
    private static void scrollTo(FxRobot robot, String label) {
        robot.interact(() -> {
            javafx.scene.control.TreeView<ResultsView.Node> tree =
                    robot.lookup("#results-tree").query();
            for (int i = 0; i < tree.getExpandedItemCount(); i++) {
                javafx.scene.control.TreeItem<ResultsView.Node> it = tree.getTreeItem(i);
                if (it != null
                        && it.getValue() != null
                        && label.equals(it.getValue().label())) {
                    tree.scrollTo(Math.max(0, i - 2));
                    return;
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private static int rowOf(TreeCell<?> c) {
        TreeCell<Object> cell = (TreeCell<Object>) c;
        return cell.getTreeView().getRow(cell.getTreeItem());
    }

    private static String texts(FxRobot robot) {
        try {
            return WaitForAsyncUtils.asyncFx(() -> {
                        StringBuilder sb = new StringBuilder();
                        for (Node n : robot.lookup(".label").queryAll()) {
                            if (n instanceof Label l && l.isVisible() && l.getText() != null) {
                                sb.append(l.getText()).append('\n');
                            }
                        }
                        for (Node n : robot.lookup(".text-area").queryAll()) {
                            if (n instanceof javafx.scene.control.TextArea a && a.isVisible()) {
                                sb.append(a.getText()).append('\n');
                            }
                        }
                        for (Node n : robot.lookup(".table-cell").queryAll()) {
                            if (n instanceof javafx.scene.control.Labeled l && l.getText() != null) {
                                sb.append(l.getText()).append('\n');
                            }
                        }
                        return sb.toString();
                    })
                    .get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
