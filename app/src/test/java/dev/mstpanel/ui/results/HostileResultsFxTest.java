package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.HugePng;
import dev.mstpanel.testsupport.ResultsWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
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

/**
 * The window on a failure diagnosis built to break it: 2,000 log files in one log
 * viewer that loads a log when it is chosen, and a 23000 × 23000 screenshot shown at the pane's size
 * with a note.
 */
@ExtendWith(ApplicationExtension.class)
class HostileResultsFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private RunFixture run;

    @Start
    void start(Stage stage) throws Exception {
        run = TranscriptFixture.buildIn(home);
        Path artifacts = run.artifacts("default", TranscriptFixture.FAILED_CASE, 0);
        for (int i = 0; i < 2_000; i++) {
            Files.writeString(
                    artifacts.resolve("logs").resolve(String.format("worker-%04d.log", i)),
                    "log " + i + ": started\nlog " + i + ": done\n");
        }
        HugePng.write(artifacts.resolve("screen.png"), 23_000, 23_000);
        panel = ResultsWindow.show(stage, home, 1440, 900);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void twoThousandLogsAreOneViewerAndAHugeScreenshotShowsAtItsShownSize(FxRobot robot) throws Exception {
        panel.openRun(robot, run.runDir());
        robot.interact(() -> {
            var t = panel.app().results().runs().get(0).trials().stream()
                    .filter(x -> x.caseId().equals(TranscriptFixture.FAILED_CASE))
                    .findFirst()
                    .orElseThrow();
            panel.app().results().selectedRunDirProperty().set(t.runDir());
            panel.app().results().selectedTrialProperty().set(t);
        });
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> robot.lookup("#tab-logs").tryQuery().isPresent() || tab(robot, "tab-logs") != null);
        Tab logs = tab(robot, "tab-logs");
        assertThat(logs.getText()).isEqualTo("Logs (2,002)");
        assertThat(tabs(robot).getTabs()).extracting(Tab::getId).doesNotContain("tab-log-0", "tab-log-1");
        robot.interact(() -> tabs(robot).getSelectionModel().select(logs));
        ListView<Path> list = robot.lookup("#log-list").query();
        assertThat(list.getItems()).hasSize(2_002);
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> robot.lookup("#log-lines").tryQuery().isPresent());
        robot.interact(() -> list.getSelectionModel().select(1_500));
        // the chosen log is read now, not when the trial opened
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dump-list .label").queryAll().stream()
                        .anyMatch(n -> n instanceof Label l && "log 1498: started".equals(l.getText())));
        assertThat(robot.from(robot.lookup("#logs-pane").queryAll())
                        .lookup(".text-dump")
                        .queryAll())
                .hasSize(1); // one viewer, not one per log

        robot.interact(() -> tabs(robot).getSelectionModel().select(tab(robot, "tab-screenshot")));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> robot.lookup("#screenshot-image").tryQuery().isPresent()
                        && ((ImageView) robot.lookup("#screenshot-image").query()).getImage() != null);
        ImageView shot = robot.lookup("#screenshot-image").query();
        assertThat(shot.getImage().getWidth()).isEqualTo(3834);
        assertThat(robot.lookup("#screenshot-note").queryAs(Label.class).getText())
                .isEqualTo(
                        "screen.png is 23,000 × 23,000 px: shown at 1/6 of its size (3,834 × 3,834 px). Open it to see every pixel.");
    }

    private static TabPane tabs(FxRobot robot) {
        return robot.lookup("#inspector-tabs").query();
    }

    private static Tab tab(FxRobot robot, String id) {
        if (robot.lookup("#inspector-tabs").tryQuery().isEmpty()) {
            return null;
        }
        for (Tab t : tabs(robot).getTabs()) {
            if (id.equals(t.getId())) {
                return t;
            }
        }
        return null;
    }
}
