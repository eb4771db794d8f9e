package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.runs.ShardPhase;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.contexts.ContextRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
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
 * The Run form shows each variant's settings in a container beside the eval config (extends and
 * variants resolved) with the gateway warning, and a run whose shard stopped on another plugin
 * version offers the rebuild with this eval's plugins beside Resume.
 */
@ExtendWith(ApplicationExtension.class)
class EvalSettingsFormFxTest {
    @TempDir
    static Path dir;

    private final FakeRunSession session = new FakeRunSession();
    private final List<Object> rebuilds = new CopyOnWriteArrayList<>();
    private RunViewModel model;
    private Scene scene;
    private Path config;
    private Path shared;

    @Start
    void start(Stage stage) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("evals-" + System.nanoTime()));
        shared = Files.writeString(folder.resolve("shared.json"), """
                {"coworkSetup": {"approveWriteTools": true, "disabledBuiltinTools": ["WebSearch"], "egressAllowedHosts": ["shop.example.test"]}}
                """);
        config = Files.writeString(folder.resolve("eval.json"), """
                {"name": "checkout-flow", "extends": "shared.json", "plugins": ["@acme/mst-plugin-tickets"],
                 "variants": [{"name": "baseline"}, {"name": "no-disabled", "coworkSetup": {"disabledBuiltinTools": [], "toolSearch": false}}]}
                """);
        session.environment = Map.of("ANTHROPIC_BASE_URL", "https://llm-gateway.example.test/anthropic");
        DockerContext c = new DockerContext(
                "engine-1",
                "",
                "unix:///tmp/engine-1.sock",
                ContextSource.values()[0],
                false,
                null,
                false,
                null,
                null,
                null);
        EngineInfo e =
                new EngineInfo("28.0", "Debian", "linux", "x86_64", 6, 12 * ByteSize.GIB, 0, "/var/lib/docker", "");
        var rows = FXCollections.observableArrayList(
                new ContextRow(c, ContextRow.State.REACHABLE, new ProbeResult(c, e, null, 5), null, false));
        model = new RunViewModel(session, rows, new Settings(), s -> {}, UiExecutor.fx(), Runnable::run);
        model.configPathProperty().set(config.toString());
        RunView view = new RunView(model, new DialogService(), p -> {}, ctx -> {})
                .onRebuildWithPlugins((ctx, cfg) -> rebuilds.add(List.of(ctx, cfg)));
        scene = new Scene(view, 1280, 820);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stop() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> model.dispose()).get();
    }

    private static String text(FxRobot robot, String id) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
                    Node n = robot.lookup(id).query();
                    return n.isVisible() ? ((javafx.scene.control.Labeled) n).getText() : null;
                })
                .get();
    }

    @Test
    void eachVariantsSettingsAndTheGatewayWarningAreBesideTheConfig(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> text(robot, "#eval-settings-message") != null);
        assertThat(text(robot, "#eval-settings"))
                .isEqualTo(
                        String.join(
                                "\n",
                                "variant baseline: built-in tools off: WebSearch · tool search on · egress: shop.example.test · clarifying questions answered with their first option",
                                "variant no-disabled: no built-in tool off · tool search off · egress: shop.example.test · clarifying questions answered with their first option"));
        String message = text(robot, "#eval-settings-message");
        assertThat(message)
                .startsWith(
                        "ANTHROPIC_BASE_URL is set in the environment (an LLM gateway) and WebSearch is not disabled for variant no-disabled")
                .contains("Tool search is on for variant baseline")
                .doesNotContain("llm-gateway.example.test");
        assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#eval-settings-message")
                                .queryAs(Label.class)
                                .getStyleClass())
                        .get())
                .contains("field-warning");
        Screenshots.take(scene, "runs-eval-settings");
    }

    @Test
    void aChangeToTheBaseTheConfigExtendsIsCheckedAgain(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> text(robot, "#eval-settings-message") != null);
        assertThat(text(robot, "#eval-settings-message"))
                .contains("WebSearch is not disabled for variant no-disabled:");
        // the shared base no longer turns WebSearch off: the baseline variant loses it too
        Files.writeString(
                shared,
                "{\"coworkSetup\": {\"approveWriteTools\": true, \"egressAllowedHosts\": [\"shop.example.test\"]}}");
        robot.interact(() -> model.shardsProperty().set("1"));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> String.valueOf(text(robot, "#eval-settings-message"))
                        .contains("WebSearch is not disabled for variant baseline, variant no-disabled:"));
        assertThat(text(robot, "#eval-settings")).startsWith("variant baseline: no built-in tool off · tool search on");
    }

    @Test
    void aShardStoppedOnAnotherPluginVersionOffersTheRebuildWithThisEvalsPluginsBesideResume(FxRobot robot)
            throws Exception {
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> model.canStartProperty().get())
                        .get());
        robot.interact(() -> model.start());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> session.listener != null);
        String reason =
                "This worker has plugin @acme/mst-plugin-tickets 1.2.0; the run uses @acme/mst-plugin-tickets 1.3.0.";
        ShardSnapshot stopped = new ShardSnapshot(
                1, 2, "engine-1", "mst-x-1", ShardPhase.STOPPED, 0, 0, null, 0, 0, 0, -1, false, false, reason);
        ShardSnapshot done = new ShardSnapshot(
                2, 2, "engine-1", "mst-x-2", ShardPhase.DONE, 2, 0, null, 0, 0, 0, -1, false, false, null);
        session.emit(new RunSnapshot(
                RunSnapshot.State.FINISHED,
                Instant.now().minusSeconds(30),
                Instant.now(),
                2,
                0,
                2,
                List.of(stopped, done),
                "Results: 2/2 passed",
                dir.resolve(".mcp-test-results/checkout-flow/runs/20260105T101500Z-a1b2c3"),
                List.of(),
                1,
                null));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> text(robot, "#rebuild-image-plugins") != null);
        assertThat(text(robot, "#rebuild-image-plugins"))
                .isEqualTo("Rebuild the image on engine-1 with this eval's plugins");
        assertThat(text(robot, "#resume-missing")).isEqualTo("Resume missing trials");
        assertThat(text(robot, "#rebuild-image")).isNull(); // the MST-version offer is for another stop reason
        Screenshots.take(scene, "runs-plugin-rebuild-offer");
        robot.interact(() ->
                robot.lookup("#rebuild-image-plugins").queryAs(Button.class).fire());
        assertThat(rebuilds).containsExactly(List.of("engine-1", config));
    }
}
