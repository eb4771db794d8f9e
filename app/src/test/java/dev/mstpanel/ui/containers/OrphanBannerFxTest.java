package dev.mstpanel.ui.containers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The start-up banner about orphaned containers, in the real window against the real engines:
 * an orphan of this machine (a pid that is gone) is offered for clean-up; Clean up, confirmed,
 * removes it and nothing else (an unlabelled container and another machine's stay).
 */
@ExtendWith(ApplicationExtension.class)
class OrphanBannerFxTest {
    @TempDir
    static Path home;

    static EngineContainers engines;
    static String p;
    private PanelWindow panel;
    private AppContext app;
    private MainWindow window;

    @BeforeAll
    static void containers() throws Exception {
        TestEngines.require();
        engines = new EngineContainers();
        p = engines.prefix;
        String dead = "mst.owner.pid=" + EngineContainers.deadPid();
        engines.run("engine-1", p + "-orphan", "mst.owner.host=" + OwnerIdentity.localHostName(), dead);
        engines.run("engine-1", p + "-unlabelled");
        engines.run("engine-1", p + "-theirs", "mst.owner.host=laptop-of-someone", dead);
    }

    @AfterAll
    static void cleanup() throws Exception {
        engines.close();
    }

    @Start
    void start(Stage stage) {
        panel = PanelWindow.of(TestEngines.environment(home))
                .size(1280, 800)
                .open("contexts")
                .show(stage);
        app = panel.app();
        window = panel.window();
        window.checkForOrphans();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    /** The label's text, read on the FX thread (a read from the test thread raced the FX thread's text layout once in CI). */
    private String text(FxRobot robot, String id) throws Exception {
        return dev.mstpanel.testsupport.FxQuery.fx(
                () -> robot.lookup(id).queryLabeled().getText());
    }

    private static boolean visible(Node n) {
        try {
            return dev.mstpanel.testsupport.FxQuery.fx(n::isVisible);
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void startUpOffersToCleanThisMachinesOrphansAndRemovesOnlyThem(FxRobot robot) throws Exception {
        Node banner = robot.lookup("#orphan-banner").query();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> visible(banner));
        assertThat(text(robot, "#orphan-banner-title")).matches("\\d+ orphaned MST containers? on .*engine-1.*");
        assertThat(text(robot, "#orphan-banner-detail")).contains("only these");
        assertThat(visible(robot.lookup("#orphan-show").query())).isTrue();

        robot.clickOn("#orphan-clean-up");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        assertThat(robot.lookup(".dialog-pane .content").queryLabeled().getText())
                .contains("engine-1/" + p + "-orphan")
                .doesNotContain(p + "-unlabelled", p + "-theirs");
        Button confirm = robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                .filter(b -> "Remove".equals(b.getText()))
                .findFirst()
                .orElseThrow();
        robot.clickOn(confirm);

        // the title and the button change in one FX event: both are looked at on the FX thread, after it
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#orphan-banner-title")
                                .queryLabeled()
                                .getText()
                                .startsWith("Removed")
                        && !robot.lookup("#orphan-clean-up").queryButton().isVisible()));
        assertThat(text(robot, "#orphan-banner-title"))
                .matches("Removed \\d+ orphaned MST containers? from .*engine-1.*\\.");
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> robot.lookup("#orphan-clean-up").queryButton().isVisible()))
                .isFalse();
        assertThat(EngineContainers.exists("engine-1", p + "-orphan")).isFalse();
        assertThat(EngineContainers.exists("engine-1", p + "-unlabelled")).isTrue();
        assertThat(EngineContainers.exists("engine-1", p + "-theirs")).isTrue();

        // Show opens the Containers view; the close button hides the banner
        robot.clickOn("#orphan-show");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.openViewId()).isEqualTo("containers");
        robot.clickOn("#orphan-close");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(visible(banner)).isFalse();
    }
}
