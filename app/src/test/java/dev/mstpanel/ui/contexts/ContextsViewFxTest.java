package dev.mstpanel.ui.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.AppContext;
import java.nio.file.Path;
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

/** The real window against the real test engines: live contexts show their split, the dead one its reason. */
@ExtendWith(ApplicationExtension.class)
class ContextsViewFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private AppContext app;

    @Start
    void start(Stage stage) {
        // a cold first probe on a loaded 2-core machine can pass 3 s
        panel = PanelWindow.of(TestEngines.environment(home))
                .settings(s -> s.probeTimeoutSeconds = 10)
                .size(1280, 820)
                .refreshContexts()
                .show(stage);
        app = panel.app();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void showsLiveContextsCapacityAndDeadContextsReason(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> allTexts(robot).split("1 container at a time", -1).length == 3
                        && allTexts(robot).contains("No socket at")
                        && !allTexts(robot).contains("probing"));
        String texts = allTexts(robot);
        assertThat(texts).contains("engine-1", "engine-2", "dead");
        assertThat(texts).contains("No socket at " + TestEngines.require().resolve("no-such-engine.sock"));
        assertThat(texts).containsPattern("1 container at a time, \\d+\\.\\d GiB each");
        assertThat(texts).containsPattern("\\d+ containers at once, 2\\.0 GiB each");
        assertThat(texts).contains("current");
    }

    @Test
    void memoryOptionChangesTheSplit(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> allTexts(robot).split("1 container at a time", -1).length == 3);
        robot.clickOn("#memory-option").write("4g");
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> allTexts(robot).contains("1 container at a time, 4.0 GiB each"));
        assertThat(allTexts(robot)).containsPattern("\\d+ containers at once, 4\\.0 GiB each");
        robot.clickOn("#cpus-option").write("64");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> allTexts(robot).contains("cpus=64 is more than its"));
    }

    private static String allTexts(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> texts(robot)).get();
    }

    private static String texts(FxRobot robot) {
        StringBuilder sb = new StringBuilder();
        for (Node n : robot.lookup(".label").queryAll()) {
            if (n instanceof Label l && l.isVisible() && l.getText() != null) {
                sb.append(l.getText()).append('\n');
            }
        }
        return sb.toString();
    }
}
