package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Runs view in the real window, with the real contexts engine-1 and engine-2: the form, its checks and its preview. */
@ExtendWith(ApplicationExtension.class)
class RunViewFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private AppContext app;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // a busy test machine answers slowly: probes get 15 s; MST is the test stand-in
        panel = PanelWindow.runsWithStandIn(
                        home,
                        java.util.Map.of(
                                "MST_STANDIN_TRIAL_DELAY", "1",
                                "MST_STANDIN_OOM_SHARD", "2",
                                "ANTHROPIC_API_KEY", ENV_SECRET))
                .size(1440, 900)
                .show(stage);
        app = panel.app();
    }

    @AfterEach
    void stop() throws Exception {
        panel.close();
        // the stand-in removes its containers when it ends; kept ones stay until we remove them
        for (String ctx : java.util.List.of("engine-1", "engine-2")) {
            String ids =
                    docker("--context", ctx, "ps", "-aq", "--filter", "label=mst.owner.pid", "--filter", "name=mst-");
            if (!ids.isBlank()) {
                java.util.List<String> rm = new java.util.ArrayList<>(java.util.List.of("--context", ctx, "rm", "-f"));
                rm.addAll(java.util.List.of(ids.strip().split("\\s+")));
                docker(rm.toArray(String[]::new));
            }
        }
    }

    private static final String ENV_SECRET = "sk-ant-env-secret-in-the-window-test-7";
    private static final Path STANDIN = PanelWindow.STANDIN_MST;

    private static String docker(String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>();
        cmd.add("docker");
        cmd.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    @Test
    void startingFromTheFormShowsShardRowsMoveAnOutOfMemoryShardAndAKeptContainer(FxRobot robot) throws Exception {
        Path evals = Files.createDirectories(home.resolve("live-evals"));
        Path config = Files.writeString(evals.resolve("eval.json"), """
                {"name": "checkout-flow", "client": "cowork", "coworkSetup": {"approveWriteTools": true}}
                """);
        Path secrets = Files.writeString(
                evals.resolve("secrets.json"), "{\"SHOP_PASSWORD\": \"file-secret-in-the-window-test-9\"}");
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> fx(() -> !node(robot, "#context-engine-1").isDisabled()
                        && !node(robot, "#context-engine-2").isDisabled()));
        type(robot, "#config-path .text-field", config.toString());
        waitForText(robot, "#client", "cowork: Cowork");
        click(robot, "#context-engine-1");
        click(robot, "#context-engine-2");
        type(robot, "#shards", "3");
        click(robot, "#keep-failed");
        type(robot, "#memory", "32m");
        type(robot, "#secrets-file", secrets.toString());
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> fx(() -> !node(robot, "#start-run").isDisabled()));
        assertThat(text(robot, "#memory-message")).startsWith("memory=32m gives each Cowork container 32.0 MiB");
        assertThat(fx(() -> ((TextArea) node(robot, "#preview")).getText()))
                .startsWith(STANDIN + " run --config " + config);

        click(robot, "#start-run");
        // the rows move: every shard gets a row, and one runs in a container with memory figures
        WaitForAsyncUtils.waitFor(
                90,
                TimeUnit.SECONDS,
                () -> fx(() -> robot.lookup("#shard-3-phase").tryQuery().isPresent()
                        && robot.lookup(".shard-rows .label").queryAll().stream()
                                .anyMatch(n -> n instanceof Label l
                                        && l.getText() != null
                                        && l.getText().matches("\\d+ done.*")
                                        && !l.getText().startsWith("0 "))));
        String during = allTexts(robot);
        assertThat(during).containsPattern("mst-\\d{8}t\\d{6}z-[0-9a-f]{6}-\\d");
        assertThat(during).contains("running");
        assertThat(fx(() -> node(robot, "#cancel-run").isDisabled())).isFalse();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> allTexts(robot).contains("of 32.0 MiB"));
        Screenshots.take(stage.getScene(), "runs-live");

        WaitForAsyncUtils.waitFor(240, TimeUnit.SECONDS, () -> {
            String t = text(robot, "#run-result");
            return t != null && !t.isBlank();
        });
        String after = allTexts(robot);
        assertThat(text(robot, "#shard-2-phase")).startsWith("out of memory");
        assertThat(after).contains("· kept");
        assertThat(text(robot, "#run-result"))
                .contains("Results:")
                .containsPattern("\\d+ trials? missing")
                .contains("-kept");
        assertThat(visible(robot, "#resume-missing")).isTrue();
        assertThat(visible(robot, "#open-results")).isTrue();
        assertThat(fx(() -> node(robot, "#start-run").isDisabled())).isFalse();
        assertThat(after).doesNotContain(ENV_SECRET).doesNotContain("file-secret-in-the-window-test-9");
        assertThat(fx(() -> String.join(
                        "\n",
                        ((javafx.scene.control.ListView<?>) node(robot, "#run-log"))
                                .getItems().stream().map(Object::toString).toList())))
                .contains("ran out of memory")
                .doesNotContain(ENV_SECRET);
        String kept = docker("--context", "engine-1", "ps", "-a", "--format", "{{.Names}}")
                + docker("--context", "engine-2", "ps", "-a", "--format", "{{.Names}}");
        assertThat(kept).contains("-kept");
        Screenshots.take(stage.getScene(), "runs-finished");

        // "Open in Results" shows the run in the Results view
        click(robot, "#open-results");
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> fx(() -> "results".equals(((MainWindow) stage.getScene().getRoot()).openViewId()))
                        && allTexts(robot).contains(runIdOf()));
        Screenshots.take(stage.getScene(), "runs-open-in-results");
        fx(() -> ((MainWindow) stage.getScene().getRoot()).open("runs"));
        WaitForAsyncUtils.waitForFxEvents();

        // "Resume missing trials" starts the same run again with --resume <run id>
        String runId = fx(() -> model().snapshotProperty().get().runId());
        click(robot, "#resume-missing");
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> text(robot, "#resume").equals(runId)
                        && fx(() ->
                                !model().log().isEmpty() && model().log().get(0).contains("--resume " + runId)));
        WaitForAsyncUtils.waitFor(240, TimeUnit.SECONDS, () -> {
            String t = text(robot, "#run-result");
            return t != null && !t.isBlank();
        });
    }

    private String runIdOf() throws Exception {
        return fx(() -> model().snapshotProperty().get().runId());
    }

    private RunViewModel model() {
        return app.runs();
    }

    @Test
    void formShowsEachProblemBesideItsFieldAndTheExactCommand(FxRobot robot) throws Exception {
        Path evals = Files.createDirectories(home.resolve("evals"));
        Path broken = Files.writeString(
                evals.resolve("broken.json"), "{\n  \"name\": \"checkout-flow\",\n  \"client\" \"cowork\"\n}\n");
        Path config = Files.writeString(evals.resolve("eval.json"), """
                {"name": "checkout-flow", "datasets": ["cases.json"], "trials": 2,
                 "variants": [{"name": "baseline", "coworkSetup": {"approveWriteTools": true}}, {"name": "tool-search-off"}]}
                """);
        Files.writeString(evals.resolve("cases.json"), "[{\"id\": \"order-refund\"}, {\"id\": \"gift-card\"}]");
        Path secrets =
                Files.writeString(evals.resolve("secrets.env"), "ANTHROPIC_API_KEY=sk-ant-test-very-secret-42\n");

        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> fx(() -> !node(robot, "#context-engine-1").isDisabled()
                        && !node(robot, "#context-engine-2").isDisabled()));
        assertThat(fx(() -> node(robot, "#context-dead").isDisabled())).isTrue();
        assertThat(text(robot, "#context-engine-1-split"))
                .containsPattern("\\d+\\.\\d GiB, \\d+ CPUs?: 1 Cowork container at a time");

        // nothing is red yet: the hint says what is missing
        waitForText(robot, "#start-hint", "Choose an eval config to start.");
        type(robot, "#config-path .text-field", broken.toString());
        waitForText(robot, "#config-message", "broken.json is not valid JSON at line 3, column ");
        assertThat(fx(() -> node(robot, "#start-run").isDisabled())).isTrue();

        type(robot, "#config-path .text-field", config.toString());
        waitForText(robot, "#client", "cowork (default): Cowork");
        waitForText(robot, "#config-message", "coworkSetup.approveWriteTools is not true for variant tool-search-off");
        click(robot, "#context-engine-1");
        click(robot, "#context-engine-2");

        type(robot, "#shards", "0");
        waitForText(robot, "#shards-message", "\"0\" is not a shard count");
        type(robot, "#memory", "lots");
        waitForText(robot, "#memory-message", "\"lots\" is not a memory size");
        type(robot, "#cpus", "64");
        waitForText(robot, "#cpus-message", "cpus=64 is more than engine-1's");
        type(robot, "#resume", "abc");
        waitForText(robot, "#resume-message", "is not a run id");
        type(robot, "#secrets-file", evals.resolve("nope.env").toString());
        waitForText(robot, "#secrets-file-message", "There is no file " + evals.resolve("nope.env"));
        assertThat(fx(() -> node(robot, "#start-run").isDisabled())).isTrue();
        assertThat(text(robot, "#start-hint")).isEqualTo("Fix the fields marked in red to start.");
        Screenshots.take(stage.getScene(), "runs-form-errors");

        type(robot, "#shards", "3");
        waitForText(robot, "#shards-message", "3 Cowork shards on 2 contexts: 1 waits for a free context");
        type(robot, "#memory", "4g");
        type(robot, "#cpus", "1");
        type(robot, "#resume", "a1b2c3");
        click(robot, "#keep-failed");
        type(robot, "#secrets-file", secrets.toString());
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> !visible(robot, "#memory-message")
                        && !visible(robot, "#cpus-message")
                        && !visible(robot, "#resume-message")
                        && !visible(robot, "#secrets-file-message"));

        String expected = "run --config " + config + " --runner docker --runner-option contexts=engine-1,engine-2"
                + " --runner-option shards=3 --runner-option keep=failed --runner-option memory=4g --runner-option cpus=1"
                + " --resume a1b2c3 --secrets-file " + secrets;
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> fx(() -> ((TextArea) node(robot, "#preview")).getText()).endsWith(expected));
        String preview = fx(() -> ((TextArea) node(robot, "#preview")).getText());
        assertThat(preview).doesNotContain("sk-ant-test-very-secret-42");
        assertThat(allTexts(robot)).doesNotContain("sk-ant-test-very-secret-42");

        click(robot, "#copy-preview");
        assertThat(fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString()))
                .isEqualTo(preview);
        Screenshots.take(stage.getScene(), "runs-form-ready");
    }

    // ---- helpers: read what the window shows ----

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    private static Node node(FxRobot robot, String query) {
        return new dev.mstpanel.testsupport.FxQuery(robot).node(query);
    }

    private static String text(FxRobot robot, String query) throws Exception {
        return new dev.mstpanel.testsupport.FxQuery(robot).text(query);
    }

    private static boolean visible(FxRobot robot, String query) throws Exception {
        return fx(() -> node(robot, query).isVisible());
    }

    private static void waitForText(FxRobot robot, String query, String part) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
                String t = text(robot, query);
                return t != null && t.contains(part) && visible(robot, query);
            });
        } catch (java.util.concurrent.TimeoutException e) {
            assertThat(text(robot, query)).as(query).contains(part);
        }
    }

    /** Clears a field and types into it as a person would (scrolling the form to it first). */
    private static void type(FxRobot robot, String query, String value) throws Exception {
        new dev.mstpanel.testsupport.FxQuery(robot).type(query, value);
    }

    /** Clicks a node after scrolling the form to it. */
    private static void click(FxRobot robot, String query) throws Exception {
        new dev.mstpanel.testsupport.FxQuery(robot).click(query);
    }

    private static String allTexts(FxRobot robot) throws Exception {
        return fx(() -> {
            StringBuilder sb = new StringBuilder();
            for (Node n : robot.lookup(".label").queryAll()) {
                if (n instanceof Label l && l.getText() != null) {
                    sb.append(l.getText()).append('\n');
                }
            }
            for (Node n : robot.lookup(".text-input").queryAll()) {
                if (n instanceof TextInputControl t && t.getText() != null) {
                    sb.append(t.getText()).append('\n');
                }
            }
            return sb.toString();
        });
    }
}
