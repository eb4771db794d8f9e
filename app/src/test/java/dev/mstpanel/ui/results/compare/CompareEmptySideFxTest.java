package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
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
 * The Compare screen on a run whose run.json names a baseline with no trials on disk says so in place, as the {@code compare} command does, instead of comparing an empty side (every
 * case "added", verdict unclear); picking two variants that have trials then compares them. A real
 * CompareView in a window, the real reader on a run written by {@link RunFixture}.
 */
@ExtendWith(ApplicationExtension.class)
class CompareEmptySideFxTest {
    @TempDir
    static Path results;

    private dev.mstpanel.testsupport.ViewHarness harness;
    private CompareViewModel model;
    private Scene scene;
    private Path run;
    private Path ungraded;
    /** What the screen asked the shell to open (the Navigator the shell hands to every view), recorded. */
    private final java.util.List<String> opened = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) {
        RunFixture f = RunFixture.create(
                        results.resolve("r-" + System.nanoTime()), "checkout-flow", "20261201T173341Z-d17540")
                .runJson("checkout-flow", "nope", "baseline", "with-skill");
        for (String v : new String[] {"baseline", "with-skill"}) {
            f.trace(v, "gift-card", 0, null).score("judge", v, "gift-card", 0, v.equals("with-skill"), "ok");
            f.trace(v, "refund-order", 0, null).score("judge", v, "refund-order", 0, true, "ok");
        }
        run = f.runDir();
        // collected with --no-grade for with-skill: traces, no scores
        RunFixture g = RunFixture.create(
                        results.resolve("g-" + System.nanoTime()), "checkout-flow", "20261202T080000Z-aa0001")
                .runJson("checkout-flow", "baseline", "with-skill");
        g.trace("baseline", "refund-order", 0, null).score("judge", "baseline", "refund-order", 0, true, "ok");
        g.trace("with-skill", "refund-order", 0, null).trace("with-skill", "refund-order", 1, null);
        ungraded = g.runDir();
        harness = new dev.mstpanel.testsupport.ViewHarness();
        ResultsReader reader = harness.reader();
        model = new CompareViewModel(reader, UiExecutor.fx(), harness.background(), dir -> null);
        dev.mstpanel.ui.common.Navigator navigator = new dev.mstpanel.ui.common.Navigator() {
            @Override
            public void openResults(Path runDir) {
                opened.add("results " + runDir);
            }

            @Override
            public void openComparison(Path b, String bv, Path c, String cv) {
                opened.add("comparison");
            }

            @Override
            public void openRunsForm(Path runDir, java.util.List<String> mstArgs) {
                opened.add("runs " + runDir);
            }

            @Override
            public void openGradeForm(Path runDir) {
                opened.add("grade " + runDir);
            }

            @Override
            public void openImages(String context) {
                opened.add("images " + context);
            }
        };
        harness.show(stage, new CompareView(model, navigator));
        scene = stage.getScene();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void aBaselineWithNoTrialsIsSaidInPlaceAndAPairWithTrialsCompares(FxRobot robot) throws Exception {
        robot.interact(() -> model.open(run, null, run, null));
        Label message = robot.lookup("#compare-message").query();
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> shown(message) && !model.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(message.getText())
                .isEqualTo("Run 20261201T173341Z-d17540 has no trials of its baseline \"nope\" (the first of"
                        + " run.json's variants; its traces/ and scores/ hold none): there is nothing to compare it with. Its variants with trials:"
                        + " baseline, with-skill. Pick a base and a candidate that have graded trials.");
        assertThat(shown(robot.lookup("#compare-loading").query()))
                .as("not left loading")
                .isFalse();
        TableView<?> table = robot.lookup("#compare-cases").query();
        assertThat(table.getItems()).as("no empty side compared").isEmpty();
        Screenshots.take(scene, "results-compare-empty-baseline");

        CompareSide baseline = model.sides().stream()
                .filter(s -> s.variant().equals("baseline"))
                .findFirst()
                .orElseThrow();
        CompareSide withSkill = model.sides().stream()
                .filter(s -> s.variant().equals("with-skill"))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> {
            model.baseProperty().set(baseline);
            model.candidateProperty().set(withSkill);
        });
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(message)).isFalse();
        assertThat(model.comparisonProperty().get().base().variant()).isEqualTo("baseline");
    }

    @Test
    void aSideWithNoTrialGradedSaysSoAndOffersToGradeItsRun(FxRobot robot) throws Exception {
        robot.interact(() -> model.open(ungraded, "baseline", ungraded, "with-skill"));
        Label message = robot.lookup("#compare-message").query();
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> shown(message) && !model.loadingProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(message::getText))
                .isEqualTo(
                        "Run 20261202T080000Z-aa0001's variant \"with-skill\" has no"
                                + " graded trial: of its 2 trials, 2 ungraded. Grade it first (Results → Grade…, or mst grade), then compare."
                                + " Its variants with graded trials: baseline. Pick a base and a candidate that have graded trials.");
        javafx.scene.control.Button grade = robot.lookup("#compare-grade").query();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> shown(grade))).isTrue();
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(grade::getText)).isEqualTo("Grade run aa0001…");
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> shown(robot.lookup("#compare-cases").query())))
                .as("no empty case table")
                .isFalse();
        Screenshots.take(scene, "results-compare-ungraded-side");
        robot.clickOn(grade);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(opened).containsExactly("grade " + ungraded);

        // a pair that compares: the message and the offer go
        robot.interact(() -> model.open(run, "baseline", run, "with-skill"));
        TableView<?> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> !table.getItems().isEmpty()));
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(() -> shown(grade) || shown(message)))
                .isFalse();
    }

    @Test
    void aCaseIdWithControlCharactersIsOneRowShownEscaped(FxRobot robot) throws Exception {
        String odd = "tab\there\nnewline\u001b[31m";
        RunFixture f = RunFixture.create(
                        results.resolve("o-" + System.nanoTime()), "checkout-flow", "20261203T080000Z-0dd1d5")
                .runJson("checkout-flow", "baseline", "with-skill");
        f.trace("baseline", odd, 0, null).score("judge", "baseline", odd, 0, true, "ok");
        f.trace("with-skill", odd, 0, null).score("judge", "with-skill", odd, 0, false, "no");
        robot.interact(() -> model.open(f.runDir(), "baseline", f.runDir(), "with-skill"));
        TableView<?> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> !table.getItems().isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        java.util.List<String> cells =
                dev.mstpanel.testsupport.FxQuery.fx(() -> robot.from(table).lookup(".table-cell").queryAll().stream()
                        .filter(n -> n instanceof javafx.scene.control.Labeled)
                        .map(n -> ((javafx.scene.control.Labeled) n).getText())
                        .filter(t -> t != null && t.startsWith("tab"))
                        .toList());
        assertThat(cells).containsExactly("tab\\u0009here\\u000anewline\\u001b[31m");
    }

    /** The node and every parent visible: what a user sees. */
    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }
}
