package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
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
 * The Compare screen on a run whose run.json is garbage says so above the figures, in the compare command's
 * line: why, and that the baseline is then the first variant folder (it was used silently).
 * A real CompareView in a window, the real reader; the run's trials handed over as the Results view holds them.
 */
@ExtendWith(ApplicationExtension.class)
class CompareRunJsonUnreadFxTest {
    @TempDir
    static Path results;

    private dev.mstpanel.testsupport.ViewHarness harness;
    private CompareViewModel model;
    private Path run;

    @Start
    void start(Stage stage) throws Exception {
        RunFixture f = RunFixture.create(
                        results.resolve("r-" + System.nanoTime()), "checkout-flow", "20261007T182504Z-7f3c2a")
                .runJson("checkout-flow", "with-skill", "baseline");
        for (String v : new String[] {"baseline", "with-skill"}) {
            f.trace(v, "gift-card", 0, null).score("judge", v, "gift-card", 0, v.equals("with-skill"), "ok");
        }
        Files.writeString(f.runDir().resolve("run.json"), "<html>garbage</html>");
        run = f.runDir();
        harness = new dev.mstpanel.testsupport.ViewHarness();
        ResultsReader reader = harness.reader();
        List<TrialRecord> trials = reader.readTrials(reader.readRun(run));
        model = new CompareViewModel(
                reader, UiExecutor.fx(), harness.background(), dir -> dir.equals(run) ? trials : null);
        harness.show(stage, new CompareView(model, null));
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void aRunJsonThatCannotBeReadIsSaidWithTheBaselineTakenFromTheFolders(FxRobot robot) throws Exception {
        robot.interact(() -> model.open(run, null, run, null));
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> model.comparisonProperty().get() != null
                        && !model.loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Label note = robot.lookup("#compare-run-json-note").query();
        assertThat(shown(note)).isTrue();
        assertThat(note.getText())
                .isEqualTo("run.json of run 20261007T182504Z-7f3c2a could not be read: it is not valid JSON at line 1,"
                        + " column 1; so the baseline is taken as the first variant folder, baseline.");
        assertThat(model.comparisonProperty().get().base().variant()).isEqualTo("baseline");
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
