package dev.mstpanel.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.runs.ContextChoice;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Quitting the window while a run is going (items 5 and 18), in the real window with a
 * real MST process: the {@code mst-hostile} test double ignores SIGINT, has a child that ignores
 * it too, and leaves a real container on engine-1. Quit must do what its dialog says: SIGINT, the
 * grace period counted down, then the process tree ended, the container still there named, and
 * only then the window closed.
 */
@ExtendWith(ApplicationExtension.class)
class QuitDuringRunFxTest {
    private static final Path HOSTILE = TestEngines.projectRoot().resolve("app/src/test/resources/mst-hostile/mst");

    @TempDir
    Path home;

    private AppContext app;
    private Stage stage;
    private Path pids;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        Platform.setImplicitExit(false);
        pids = home.resolve("pids");
        HostEnvironment engines = TestEngines.environment(home);
        Map<String, String> vars = new HashMap<>(engines.variables());
        vars.put("MST_HOSTILE_MODE", "ignore-sigint");
        vars.put("MST_HOSTILE_PIDFILE", pids.toString());
        vars.put("MST_HOSTILE_CONTEXT", "engine-1");
        HostEnvironment env = engines.withVariables(vars);
        Path settings = AppPaths.of(env).configDir().resolve("settings.json");
        Files.createDirectories(settings.getParent());
        Files.writeString(
                settings, "{\"probeTimeoutSeconds\": 15, \"mstPath\": \"" + HOSTILE + "\", \"theme\": \"LIGHT\"}");
        App.applyTheme(false);
        app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        App.showMain(stage, app, "runs");
        app.contexts().refresh();
    }

    @AfterEach
    void stop() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
                    for (Window w : List.copyOf(Window.getWindows())) {
                        if (w instanceof Stage s) {
                            s.close();
                        }
                    }
                })
                .get();
        app.close();
        if (Files.exists(pids)) {
            for (String pid : Files.readString(pids).strip().split(" ")) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        String ids = docker("--context", "engine-1", "ps", "-aq", "--filter", "name=mst-hostile-");
        if (!ids.isBlank()) {
            List<String> rm = new ArrayList<>(List.of("--context", "engine-1", "rm", "-f"));
            rm.addAll(List.of(ids.strip().split("\\s+")));
            docker(rm.toArray(String[]::new));
        }
    }

    private static String docker(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("docker"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static String labels(FxRobot robot) throws Exception {
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

    /** True while the quit question is on the screen. */
    private static boolean asking() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                        .anyMatch(w ->
                                w.isShowing() && w instanceof Stage s && "A run is in progress".equals(s.getTitle())))
                .get();
    }

    @Test
    void quitStopsTheRunCountsDownEndsTheTreeNamesTheContainerLeftAndOnlyThenCloses(FxRobot robot) throws Exception {
        Path config = Files.writeString(
                home.resolve("eval.json"),
                "{\"name\": \"quit-test\", \"client\": \"cowork\", \"coworkSetup\": {\"approveWriteTools\": true}}");
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> app.runs().contextChoices().stream()
                                .anyMatch(c -> c.name().equals("engine-1")
                                        && c.availableProperty().get()))
                        .get());
        robot.interact(() -> {
            app.runs().configPathProperty().set(config.toString());
            for (ContextChoice c : app.runs().contextChoices()) {
                c.selectedProperty().set(c.name().equals("engine-1"));
            }
        });
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> app.runs().canStartProperty().get());
        robot.interact(() -> app.runs().start());
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> Files.exists(pids)
                        && !docker("--context", "engine-1", "ps", "-q", "--filter", "name=mst-hostile-")
                                .isBlank());
        String[] both = Files.readString(pids).strip().split(" ");
        long mst = Long.parseLong(both[0]);
        long child = Long.parseLong(both[1]);
        // the Runs view has seen the container before the quit
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> labels(robot).contains("mst-hostile-"));

        // ⌘Q asks every time while the run goes on: a Cancel keeps the run, the next ⌘Q asks again
        robot.push(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> asking());
        robot.push(KeyCode.ESCAPE); // the dialog's Cancel
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !asking());
        assertThat(stage.isShowing()).isTrue();
        assertThat(alive(mst)).as("Cancel keeps the run").isTrue();
        robot.push(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> labels(robot).contains("A run is in progress"));
        robot.clickOn("Quit");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> labels(robot).contains("s to stop its shards"));
        Screenshots.take(stage.getScene(), "quit-during-run-countdown");
        assertThat(stage.isShowing())
                .as("the window stays while MST has its grace period")
                .isTrue();
        assertThat(alive(mst)).as("MST still has its grace period").isTrue();

        // the grace period (20 s) runs out, the tree is ended, and the container still there is named
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> labels(robot).contains("Containers of the run are still there") || !stage.isShowing());
        assertThat(labels(robot))
                .as(
                        "the end of the run: %s; window showing: %s",
                        app.runs().resultTextProperty().get(), stage.isShowing())
                .contains("Containers of the run are still there");
        assertThat(alive(mst)).as("MST was ended").isFalse();
        assertThat(alive(child)).as("its child was ended").isFalse();
        assertThat(labels(robot))
                .contains("mst-hostile-" + mst + "-1 on engine-1 (running)", "mst-panel containers remove-orphans");
        Window dialog = WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                        .filter(w ->
                                w instanceof Stage s && "Containers of the run are still there".equals(s.getTitle()))
                        .findFirst()
                        .orElseThrow())
                .get();
        Screenshots.take(dialog.getScene(), "quit-during-run-left-containers");
        assertThat(stage.isShowing())
                .as("the window closes only after the person read it")
                .isTrue();
        robot.clickOn("OK");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !stage.isShowing());

        // the one action named removes what was left
        var report = app.containerServices()
                .containers()
                .removeOrphans(app.containerServices().contexts(), java.time.Duration.ofSeconds(30));
        assertThat(report.removed()).extracting(c -> c.name()).contains("mst-hostile-" + mst + "-1");
        assertThat(docker("--context", "engine-1", "ps", "-aq", "--filter", "name=mst-hostile-" + mst))
                .isBlank();
    }
}
