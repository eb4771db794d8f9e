package dev.mstpanel.ui.contexts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.testsupport.TestFleet;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
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
 * The real window with the fleet: a remote host added from the Contexts view over the real sshd,
 * its card reachable; the Colima strip (the colima test double) with a VM and the memory budget.
 */
@ExtendWith(ApplicationExtension.class)
class FleetViewFxTest {
    @TempDir
    static Path home;

    private AppContext app;

    @Start
    void start(Stage stage) throws Exception {
        TestFleet.require();
        Map<String, String> vars = new HashMap<>(TestFleet.environment(home).variables());
        vars.put(
                "DOCKER_CONFIG",
                Files.createDirectories(home.resolve("docker-config")).toString());
        vars.put("COLIMA_HOME", home.resolve("colima").toString());
        vars.put(
                "PATH",
                TestEngines.projectRoot().resolve("app/src/test/resources/colima-double") + ":" + vars.get("PATH"));
        HostEnvironment env = new HostEnvironment(vars, home, HostEnvironment.OsFamily.current());
        new dev.mstpanel.core.shell.CommandRunner(env)
                .run(
                        java.util.List.of("colima", "start", "fx-vm", "--memory", "2", "--cpu", "1"),
                        null,
                        java.time.Duration.ofSeconds(60));
        App.applyTheme(false);
        app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        app.settings().probeTimeoutSeconds = 15;
        MainWindow window = new MainWindow(app);
        stage.setScene(App.sceneFor(window, 1500, 900));
        stage.show();
        app.contexts().refresh();
    }

    @AfterEach
    void stop() {
        app.close();
        new dev.mstpanel.core.shell.CommandRunner(app.environment())
                .run(java.util.List.of("colima", "stop", "fx-vm"), null, java.time.Duration.ofSeconds(60));
    }

    @Test
    void aRemoteHostIsAddedFromTheViewAndColimaVmsShowWithTheMemoryBudget(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> allTexts(robot).contains("context colima-fx-vm"));
        String texts = allTexts(robot);
        assertThat(texts).contains("Colima VMs", "fx-vm", "running", "1 CPU · 2.0 GiB memory");
        assertThat(texts)
                .contains("Memory of this machine: ")
                .contains("running VMs 2.0 GiB")
                .contains("The panel keeps at least 4 GiB or a quarter of this machine's memory");

        robot.clickOn("#add-remote-host");
        robot.clickOn("#remote-host-name").write("build-1");
        robot.clickOn("#remote-host-address").write("ssh://root@fleet-sshd");
        robot.clickOn("#add-remote-host-go");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> allTexts(robot).contains("Added build-1: Docker "));
        // the refresh the addition asked for lists the new context's card
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> allTexts(robot).contains("ssh://root@fleet-sshd"));
        assertThat(allTexts(robot)).contains("build-1");

        WaitForAsyncUtils.asyncFx(() ->
                        ((TextField) robot.lookup("#remote-host-address").query()).setText("ssh://root@fleet-wrongkey"))
                .get();
        WaitForAsyncUtils.asyncFx(
                        () -> ((TextField) robot.lookup("#remote-host-name").query()).setText("build-2"))
                .get();
        robot.clickOn("#add-remote-host-go");
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> allTexts(robot)
                        .contains("Added the context build-2, but it does not answer: ssh refused the key"));
        // the contexts refresh the addition started ends before the window closes
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> allTexts(robot).contains("ssh://root@fleet-wrongkey")
                        && !WaitForAsyncUtils.asyncFx(() ->
                                        app.contexts().refreshingProperty().get())
                                .get());
        assertThat(allTexts(robot)).contains("ssh refused the key for root@fleet-wrongkey");
    }

    private static String allTexts(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
                    StringBuilder sb = new StringBuilder();
                    for (Node n : robot.lookup(".label").queryAll()) {
                        if (n instanceof Label l && l.isVisible() && l.getText() != null) {
                            sb.append(l.getText()).append('\n');
                        }
                    }
                    return sb.toString();
                })
                .get();
    }
}
