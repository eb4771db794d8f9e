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
 * The trend names a run of the eval it could not read, with the reason (tester check12 F6: such a run was
 * left out of the chart without a word). A real TrendView in a window, the real reader on two runs of one
 * eval, the second's run.json broken and its traces/ empty (the test runs as root, which reads a folder
 * of mode 000 all the same; that case gives the run folder's "permission denied" through the same line).
 */
@ExtendWith(ApplicationExtension.class)
class TrendUnreadRunFxTest {
    @TempDir
    static Path results;
    private dev.mstpanel.testsupport.ViewHarness harness;
    private TrendViewModel model;
    private Scene scene;

    @Start
    void start(Stage stage) {
        harness = new dev.mstpanel.testsupport.ViewHarness();
        ResultsReader reader = harness.reader();
        model = new TrendViewModel(reader, UiExecutor.fx(), harness.background(), dir -> null);
        harness.show(stage, new TrendView(model, dir -> { }));
        scene = stage.getScene();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void aRunItCannotReadIsNamedWithItsReasonAboveTheChartOfTheOthers(FxRobot robot) throws Exception {
        Path root = results.resolve("r-" + System.nanoTime());
        RunFixture good = RunFixture.create(root, "checkout-flow", "20261130T003000Z-a1b2c3").runJson("checkout-flow", "baseline");
        good.trace("baseline", "gift-card", 0, null).score("judge", "baseline", "gift-card", 0, true, "ok");
        RunFixture bad = RunFixture.create(root, "checkout-flow", "20261201T173341Z-d17540");
        Files.createDirectories(bad.runDir().resolve("traces"));
        Files.writeString(bad.runDir().resolve("run.json"), "{\"format\":\"mst.run/v1\",\"kind\":\"run\",");

        robot.interact(() -> model.open("checkout-flow", List.of(good.runDir(), bad.runDir())));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !model.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup(".banner-warning").queryAll().stream().filter(n -> n instanceof Label && shown(n))
                .map(n -> (Label) n).findFirst().orElseThrow();
        assertThat(message.getText()).isEqualTo("1 run could not be read, so the chart leaves it out: 20261201T173341Z-d17540:"
                + " run.json is cut short: it may still be being written.");
        assertThat(model.points()).extracting(p -> p.runId()).containsExactly("20261130T003000Z-a1b2c3");
        Screenshots.take(scene, "results-trend-run-not-read");
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
