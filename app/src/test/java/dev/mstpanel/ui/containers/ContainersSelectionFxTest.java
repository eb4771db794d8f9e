package dev.mstpanel.ui.containers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
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

/**
 * The Containers view never shows one container's session files, log or error next to another's
 * name: the panes empty on a selection change and after Remove, and late results are dropped.
 */
@ExtendWith(ApplicationExtension.class)
class ContainersSelectionFxTest {
    @TempDir
    static Path home;

    static EngineContainers engines;
    static String p;
    static final String LONG = "-20261130t091512-shard-3-of-4-variant-claude-desktop";
    private PanelWindow panel;
    private AppContext app;

    @BeforeAll
    static void containers() throws Exception {
        engines = new EngineContainers();
        p = engines.prefix;
        String host = "mst.owner.host=" + OwnerIdentity.localHostName();
        String dead = "mst.owner.pid=" + EngineContainers.deadPid();
        engines.run("engine-2", p + "-alpha-kept", host, dead);
        engines.run("engine-1", p + "-theirs", "mst.owner.host=laptop-of-someone", dead);
        engines.run("engine-1", p + LONG + "-kept", host, dead);
        engines.run("engine-1", p + LONG + "-kept-2", host, dead);
        EngineContainers.docker(List.of(
                "docker",
                "--context",
                "engine-2",
                "exec",
                p + "-alpha-kept",
                "sh",
                "-c",
                "mkdir -p /run/mst/session && printf 'alpha session\\n' > /run/mst/session/claude.log"));
    }

    @AfterAll
    static void cleanup() throws Exception {
        engines.close();
    }

    @Start
    void start(Stage stage) throws Exception {
        Settings s = new Settings();
        s.terminalApp = "Hyper"; // a terminal the panel cannot open: Open shell fails with a red banner
        panel = PanelWindow.of(TestEngines.environment(home))
                .savedSettings(s)
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

    private MstContainer shown(FxRobot robot, String suffix) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> table(robot).getItems().stream()
                        .filter(k -> k.name().equals(p + suffix))
                        .findFirst()
                        .orElse(null))
                .get();
    }

    private void select(FxRobot robot, String suffix) throws Exception {
        MstContainer k = shown(robot, suffix);
        WaitForAsyncUtils.asyncFx(() -> table(robot).getSelectionModel().select(k))
                .get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The selected container's name as the pane shows it, read on the FX thread (labels are laid out there). */
    private String selectedName(FxRobot robot) throws Exception {
        return dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup(".label").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .filter(t -> t != null && (t.equals("Select a container") || t.contains(" / " + p)))
                .findFirst()
                .orElse(""));
    }

    @Test
    void selectionChangeAndRemovalEmptyThePerContainerPanes(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                20, TimeUnit.SECONDS, () -> shown(robot, "-alpha-kept") != null && shown(robot, "-theirs") != null);
        TextArea session = robot.lookup("#session-files-text").queryAs(TextArea.class);
        Label message = robot.lookup("#containers-message").queryAs(Label.class);

        select(robot, "-alpha-kept");
        robot.clickOn("#read-session-files");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> session.getText().contains("alpha session"));
        robot.clickOn("#open-shell");
        // the banner's text and its style are set in one FX event: both looked at on the FX thread, after it (a read
        // from the
        // test thread once saw the text without the style)
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> message.isVisible()
                        && message.getText().contains("Hyper")
                        && message.getStyleClass().contains("banner-error")));
        // the test image is busybox: no bash, so the shell is sh, and the banner says why beside the terminal's problem
        assertThat(dev.mstpanel.testsupport.FxQuery.<String>fx(() -> message.getText()))
                .startsWith(p + "-alpha-kept has no bash: opening sh instead.")
                .contains("Hyper");

        // another machine's container: nothing of alpha's is left next to its name
        select(robot, "-theirs");
        assertThat(selectedName(robot)).isEqualTo("engine-1 / " + p + "-theirs");
        assertThat(dev.mstpanel.testsupport.FxQuery.<String>fx(() -> session.getText()))
                .isEmpty();
        assertThat(dev.mstpanel.testsupport.FxQuery.<Boolean>fx(() -> message.isVisible()))
                .isFalse();

        // Remove: the files of the removed container go with it
        select(robot, "-alpha-kept");
        robot.clickOn("#read-session-files");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> session.getText().contains("alpha session"));
        robot.clickOn("#remove-container");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        robot.clickOn(robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                .filter(b -> "Remove".equals(b.getText()))
                .findFirst()
                .orElseThrow());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shown(robot, "-alpha-kept") == null);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(dev.mstpanel.testsupport.FxQuery.<String>fx(() -> message.getText()))
                .isEqualTo("Removed " + p + "-alpha-kept from engine-2.");
        assertThat(dev.mstpanel.testsupport.FxQuery.<String>fx(() -> session.getText()))
                .isEmpty();
        assertThat(selectedName(robot)).doesNotContain("alpha");
        assertThat(EngineContainers.exists("engine-2", p + "-alpha-kept")).isFalse();
    }

    @Test
    void longNamesAreCutInTheMiddleSoTheirSuffixesStayApart(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> shown(robot, LONG + "-kept") != null && shown(robot, LONG + "-kept-2") != null);
        WaitForAsyncUtils.waitForFxEvents();
        List<javafx.scene.control.TableCell<?, ?>> cells = WaitForAsyncUtils.asyncFx(() ->
                        table(robot).lookupAll(".table-cell").stream()
                                .<javafx.scene.control.TableCell<?, ?>>map(
                                        n -> (javafx.scene.control.TableCell<?, ?>) n)
                                .filter(c ->
                                        "name-column".equals(c.getTableColumn().getId())
                                                && c.getText() != null
                                                && c.getText().startsWith(p + LONG))
                                .toList())
                .get();
        assertThat(cells).hasSize(2);
        List<String> shownTexts = new ArrayList<>();
        for (javafx.scene.control.TableCell<?, ?> c : cells) {
            String full = c.getText();
            String drawn = WaitForAsyncUtils.asyncFx(() -> ((javafx.scene.text.Text) c.lookup(".text")).getText())
                    .get();
            assertThat(c.getTooltip().getText()).isEqualTo(full);
            assertThat(drawn)
                    .as("the name is longer than its column")
                    .contains("…")
                    .isNotEqualTo(full);
            assertThat(drawn).startsWith("mstp-t").endsWith(full.endsWith("-2") ? "kept-2" : "-kept");
            shownTexts.add(drawn);
        }
        assertThat(shownTexts.get(0)).isNotEqualTo(shownTexts.get(1));
        assertThat(WaitForAsyncUtils.asyncFx(() -> table(robot).getColumns().stream()
                                .filter(c -> "name-column".equals(c.getId()))
                                .findFirst()
                                .orElseThrow()
                                .isResizable())
                        .get())
                .isTrue();
    }

    @Test
    void lateResultsForAContainerNoLongerSelectedAreDropped(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shown(robot, "-theirs") != null);
        MstContainer theirs = shown(robot, "-theirs");
        MstContainer other = new MstContainer(
                "engine-2",
                "0123456789ab",
                "elsewhere",
                "mst-test/base:1",
                "exited",
                "Exited",
                0,
                "laptop-of-someone",
                1L,
                theirs.kind(),
                -1);
        List<Runnable> queued = new ArrayList<>();
        ContainersViewModel vm = new ContainersViewModel(app.containerServices(), UiExecutor.fx(), queued::add);
        try {
            WaitForAsyncUtils.asyncFx(() -> {
                        vm.loadSessionFiles(theirs);
                        vm.openShell(theirs);
                        vm.select(other);
                    })
                    .get();
            assertThat(queued).hasSize(2);
            queued.forEach(Runnable::run); // the reads finish after the selection moved on
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(vm.sessionTextProperty().get()).isEmpty();
            assertThat(vm.messageProperty().get()).isNull();

            // the same container selected again: its result is shown
            queued.clear();
            WaitForAsyncUtils.asyncFx(() -> vm.loadSessionFiles(theirs)).get();
            queued.forEach(Runnable::run);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(vm.sessionTextProperty().get()).contains("/run/mst/session/claude.log: absent");
        } finally {
            vm.dispose();
        }
    }
}
