package dev.mstpanel.ui.containers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.AppContext;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
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

/** The real window's Containers view against the real engines: kinds, filter, session files, read-only other host, remove with confirmation. */
@ExtendWith(ApplicationExtension.class)
class ContainersViewFxTest {
    @TempDir
    static Path home;

    static EngineContainers engines;
    static String p;
    private PanelWindow panel;
    private AppContext app;

    @BeforeAll
    static void containers() throws Exception {
        engines = new EngineContainers();
        p = engines.prefix;
        String host = "mst.owner.host=" + OwnerIdentity.localHostName();
        String dead = "mst.owner.pid=" + EngineContainers.deadPid();
        engines.run("engine-1", p + "-orphan", host, dead);
        engines.run("engine-2", p + "-shard-kept", host, dead);
        engines.run("engine-2", p + "-theirs", "mst.owner.host=laptop-of-someone", dead);
        engines.run("engine-1", p + "-unlabelled");
        EngineContainers.docker(
                List.of(
                        "docker",
                        "--context",
                        "engine-2",
                        "exec",
                        p + "-shard-kept",
                        "sh",
                        "-c",
                        "mkdir -p /run/mst/session && printf 'desktop came up\\n' > /run/mst/session/claude.log && touch /run/mst/session/failed"));
    }

    @AfterAll
    static void cleanup() throws Exception {
        engines.close();
    }

    @Start
    void start(Stage stage) {
        panel = PanelWindow.of(TestEngines.environment(home))
                .size(1280, 860)
                .open("containers")
                .show(stage);
        app = panel.app();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @SuppressWarnings("unchecked")
    private TableView<MstContainer> table(FxRobot robot) {
        return robot.lookup("#containers-table").queryAs(TableView.class);
    }

    private List<String> shownNames(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> table(robot).getItems().stream()
                        .map(MstContainer::name)
                        .filter(n -> n.startsWith(p))
                        .toList())
                .get();
    }

    private void select(FxRobot robot, String name) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
                    TableView<MstContainer> t = table(robot);
                    t.getItems().stream()
                            .filter(k -> k.name().equals(name))
                            .findFirst()
                            .ifPresent(k -> t.getSelectionModel().select(k));
                })
                .get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void showsKindsFiltersReadsSessionFilesAndRemovesAfterConfirmation(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shownNames(robot).size() == 3);
        assertThat(shownNames(robot)).containsExactlyInAnyOrder(p + "-orphan", p + "-shard-kept", p + "-theirs");
        // the rows are drawn on a later pulse than the items arrive
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#containers-table .pill").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        String texts = robot.lookup("#containers-table").queryAs(TableView.class).lookupAll(".label").stream()
                .map(n -> ((javafx.scene.control.Label) n).getText())
                .filter(t -> t != null)
                .reduce("", (a, b) -> a + "\n" + b);
        assertThat(texts).contains("orphaned", "kept", "another machine's");
        assertThat(robot.lookup("#containers-failures").queryLabeled().getText())
                .contains("Not listed: ")
                .contains("dead");
        assertThat(robot.lookup("#containers-failures")
                        .queryLabeled()
                        .getTooltip()
                        .getText())
                .contains("dead: No socket at");

        // the kind filter
        WaitForAsyncUtils.asyncFx(() -> robot.lookup("#kind-filter")
                        .queryAs(ComboBox.class)
                        .getSelectionModel()
                        .select(ContainersViewModel.KindFilter.ORPHANED))
                .get();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shownNames(robot).equals(List.of(p + "-orphan")));
        WaitForAsyncUtils.asyncFx(() -> robot.lookup("#kind-filter")
                        .queryAs(ComboBox.class)
                        .getSelectionModel()
                        .select(ContainersViewModel.KindFilter.ALL))
                .get();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shownNames(robot).size() == 3);

        // another machine's container: read-only
        select(robot, p + "-theirs");
        assertThat(robot.lookup("#remove-container").queryAs(Button.class).isDisabled())
                .isTrue();
        assertThat(robot.lookup("#copy-command").queryAs(Button.class).isDisabled())
                .isFalse();

        // session files of the kept container, with absent ones named
        select(robot, p + "-shard-kept");
        robot.clickOn("#read-session-files");
        TextArea session = robot.lookup("#session-files-text").queryAs(TextArea.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> session.getText().contains("desktop came up"));
        assertThat(session.getText())
                .contains(
                        "── /run/mst/session/claude.log (16 B)",
                        "── /run/mst/session/failed",
                        "── /run/mst/session/restart.log: absent (not in this container)",
                        "── /etc/claude-desktop/managed-settings.json: absent (not in this container)");
        robot.clickOn("#session-files-search").write("came up");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class).stream()
                        .map(javafx.scene.control.Label::getText))
                .contains("1 match");

        // remove the orphan after confirming
        select(robot, p + "-orphan");
        robot.clickOn("#remove-container");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        assertThat(robot.lookup(".dialog-pane .content").queryLabeled().getText())
                .contains("orphaned container " + p + "-orphan on engine-1");
        Button confirm = robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                .filter(b -> "Remove".equals(b.getText()))
                .findFirst()
                .orElseThrow();
        robot.clickOn(confirm);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !shownNames(robot).contains(p + "-orphan"));
        assertThat(robot.lookup("#containers-message").queryLabeled().getText())
                .isEqualTo("Removed " + p + "-orphan from engine-1.");
        assertThat(EngineContainers.exists("engine-1", p + "-orphan")).isFalse();
        assertThat(EngineContainers.exists("engine-1", p + "-unlabelled")).isTrue();
        assertThat(EngineContainers.exists("engine-2", p + "-theirs")).isTrue();
    }
}
