package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
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
 * The trend names a run of the eval it could not read, with the reason (such a run was
 * left out of the chart without a word). A real TrendView in a window, the real reader on two runs of one
 * eval, the second's run.json broken and its traces/ empty (the test runs as root, which reads a folder
 * of mode 000 all the same; that case gives the run folder's "permission denied" through the same line).
 * It also names the runs it draws whose run.json could not be read, and run folders that hold the same
 * run.json (a run copied under a new name), each drawn as its own run named by its folder.
 */
@ExtendWith(ApplicationExtension.class)
class TrendUnreadRunFxTest {
    @TempDir
    static Path results;

    private dev.mstpanel.testsupport.ViewHarness harness;
    private TrendViewModel model;
    /** While true, the Results view's trials (a test double) throw as classes of a jar replaced under the window do. */
    private final java.util.concurrent.atomic.AtomicBoolean replacedJar =
            new java.util.concurrent.atomic.AtomicBoolean();

    private Scene scene;

    @Start
    void start(Stage stage) {
        harness = new dev.mstpanel.testsupport.ViewHarness();
        ResultsReader reader = harness.reader();
        model = new TrendViewModel(
                reader,
                UiExecutor.fx(),
                harness.background(),
                dir -> replacedJar.get()
                        ? new java.util.AbstractList<dev.mstpanel.core.results.model.TrialRecord>() {
                            @Override
                            public dev.mstpanel.core.results.model.TrialRecord get(int i) {
                                throw new NoClassDefFoundError("dev/mstpanel/core/results/compare/TrendPoint");
                            }

                            @Override
                            public int size() {
                                return 1;
                            }
                        }
                        : null);
        harness.show(stage, new TrendView(model, dir -> {}));
        scene = stage.getScene();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void aRunItCannotReadIsNamedWithItsReasonAboveTheChartOfTheOthers(FxRobot robot) throws Exception {
        Path root = results.resolve("r-" + System.nanoTime());
        RunFixture good = RunFixture.create(root, "checkout-flow", "20261130T003000Z-a1b2c3")
                .runJson("checkout-flow", "baseline");
        good.trace("baseline", "gift-card", 0, null).score("judge", "baseline", "gift-card", 0, true, "ok");
        RunFixture bad = RunFixture.create(root, "checkout-flow", "20261201T173341Z-d17540");
        Files.createDirectories(bad.runDir().resolve("traces"));
        Files.writeString(bad.runDir().resolve("run.json"), "{\"format\":\"mst.run/v1\",\"kind\":\"run\",");

        robot.interact(() -> model.open("checkout-flow", List.of(good.runDir(), bad.runDir())));
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> !model.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup(".banner-warning").queryAll().stream()
                .filter(n -> n instanceof Label && shown(n))
                .map(n -> (Label) n)
                .findFirst()
                .orElseThrow();
        assertThat(message.getText())
                .isEqualTo("1 run could not be read, so the chart leaves it out: 20261201T173341Z-d17540:"
                        + " run.json is cut short: it may still be being written.");
        assertThat(model.points()).extracting(p -> p.runId()).containsExactly("20261130T003000Z-a1b2c3");
        Screenshots.take(scene, "results-trend-run-not-read");
    }

    @Test
    void aRunWithGarbageRunJsonAndACopiedRunFolderAreEachDrawnAndNamedAboveTheChart(FxRobot robot) throws Exception {
        Path root = results.resolve("r-" + System.nanoTime());
        RunFixture good = RunFixture.create(root, "checkout-flow", "20261130T003000Z-a1b2c3")
                .runJson("checkout-flow", "baseline");
        good.trace("baseline", "gift-card", 0, null).score("judge", "baseline", "gift-card", 0, true, "ok");
        RunFixture garbage = RunFixture.create(root, "checkout-flow", "20261201T173341Z-d17540");
        garbage.trace("baseline", "gift-card", 0, null).score("judge", "baseline", "gift-card", 0, false, "wrong");
        Files.writeString(garbage.runDir().resolve("run.json"), "<html>502 Bad Gateway</html>");
        RunFixture copy = RunFixture.create(root, "checkout-flow", "retry-after-fix");
        copy.trace("baseline", "gift-card", 0, null).score("judge", "baseline", "gift-card", 0, false, "wrong");
        Files.copy(good.runDir().resolve("run.json"), copy.runDir().resolve("run.json"));

        robot.interact(() -> model.open("checkout-flow", List.of(good.runDir(), garbage.runDir(), copy.runDir())));
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> !model.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup(".banner-warning").queryAll().stream()
                .filter(n -> n instanceof Label && shown(n))
                .map(n -> (Label) n)
                .findFirst()
                .orElseThrow();
        assertThat(message.getText().lines())
                .containsExactly(
                        "run.json of run 20261201T173341Z-d17540 could not be read: it is not valid JSON at line 1, column 1;"
                                + " the chart names it by its folder and takes its variants from its folders.",
                        "The run folders 20261130T003000Z-a1b2c3 and retry-after-fix hold the same run.json (run 20261130T003000Z-a1b2c3;"
                                + " one may be a copy of the other): the chart draws each as its own run, named by its folder.");
        // one dot per run folder: the copy is not merged into the run whose run.json it holds
        java.util.Set<Node> dots = robot.lookup(".trend-dot").queryAll();
        assertThat(dots)
                .extracting(Node::getId)
                .containsExactlyInAnyOrder(
                        "trend-dot-baseline-20261130T003000Z-a1b2c3",
                        "trend-dot-baseline-20261201T173341Z-d17540",
                        "trend-dot-baseline-retry-after-fix");
        assertThat(dots)
                .extracting(n -> ((javafx.scene.shape.Circle) n).getCenterX())
                .doesNotHaveDuplicates();
        Screenshots.take(scene, "results-trend-run-json-unread");
    }

    @Test
    void aTrendThatFailsToLoadSaysWhyInPlaceInsteadOfCountingForGood(FxRobot robot) throws Exception {
        Path root = results.resolve("r-" + System.nanoTime());
        RunFixture good = RunFixture.create(root, "checkout-flow", "20261130T003000Z-a1b2c3")
                .runJson("checkout-flow", "baseline");
        good.trace("baseline", "gift-card", 0, null).score("judge", "baseline", "gift-card", 0, true, "ok");
        replacedJar.set(true);
        robot.interact(() -> model.open("checkout-flow", List.of(good.runDir())));
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> !model.loadingProperty().get()));
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> model.messageProperty().get()))
                .isEqualTo(
                        "Could not draw the trend of checkout-flow:"
                                + " the panel's own program files changed while it was running (was it rebuilt or updated?). Restart the panel.");
        Label message = dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup(".banner-warning").queryAll().stream()
                .filter(n -> n instanceof Label l
                        && shown(n)
                        && l.getText() != null
                        && l.getText().startsWith("Could not draw"))
                .map(n -> (Label) n)
                .findFirst()
                .orElse(null));
        assertThat(message).as("said on the screen").isNotNull();

        // its background work shut down (as when the window closes): said, not left loading
        replacedJar.set(false);
        harness.background().shutdownNow();
        robot.interact(() -> model.open("checkout-flow", List.of(good.runDir())));
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> !model.loadingProperty().get()));
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> model.messageProperty().get()))
                .isEqualTo(
                        "Could not draw the trend of checkout-flow: the panel is shutting down its background work.");
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
