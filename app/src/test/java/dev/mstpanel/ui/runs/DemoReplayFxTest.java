package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.runs.ShardPhase;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.AppContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
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
 * The built-in demo as a newcomer meets it: no Docker and no MST, the empty Runs view
 * offers the demo, its replay moves the shard rows and shows the out-of-memory shard, says that
 * nothing is running and offers no Cancel, Resume or Start, and its failed trial opens in Results
 * from the demo's copy in the data folder, marked as demo data.
 */
@ExtendWith(ApplicationExtension.class)
class DemoReplayFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private AppContext app;

    @Start
    void start(Stage stage) {
        HostEnvironment env = new HostEnvironment(
                Map.of(
                        "PATH",
                        "/usr/bin:/bin",
                        "HOME",
                        home.toString(),
                        "MST_PANEL_HOME",
                        home.resolve("panel").toString(),
                        "DOCKER_CONFIG",
                        home.resolve("no-docker").toString()),
                home,
                HostEnvironment.OsFamily.LINUX);
        panel = PanelWindow.of(env).size(1280, 820).open("runs").show(stage); // the window's default size
        app = panel.app();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    /** The demo's out-of-memory container as recorded: its limit and its highest sample, as the panel writes sizes. */
    private static String[] recordedOutOfMemory() throws Exception {
        List<com.fasterxml.jackson.databind.JsonNode> records = new java.util.ArrayList<>();
        try (var in = new java.util.zip.GZIPInputStream(
                        DemoReplayFxTest.class.getResourceAsStream("/dev/mstpanel/demo/demo.recording.jsonl.gz"));
                var lines = new java.io.BufferedReader(
                        new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null; ) {
                records.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(line));
            }
        }
        String container = records.stream()
                .filter(r -> r.path("type").asText().equals("oom"))
                .findFirst()
                .orElseThrow()
                .path("f")
                .path("container")
                .asText();
        long limit = 0;
        long peak = 0;
        for (var r : records) {
            if (r.path("k").asText().equals("stats")
                    && (r.path("c").asText().equals(container)
                            || r.path("c").asText().equals(container + "-kept"))) {
                limit = r.path("l").asLong();
                peak = Math.max(peak, r.path("m").asLong());
            }
        }
        return new String[] {dev.mstpanel.core.text.ByteSize.human(limit), dev.mstpanel.core.text.ByteSize.human(peak)};
    }

    private static RunsHost host(FxRobot robot) {
        return robot.lookup("#runs-host").queryAs(RunsHost.class);
    }

    @Test
    void theDemoPlaysFromTheEmptyRunsViewAndItsFailedTrialOpensInResults(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#open-demo-runs")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false)));
        Screenshots.take(robot.window(0).getScene(), "runs-empty-demo");
        robot.clickOn("#open-demo-runs");
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> robot.lookup("#replay-pane").tryQuery().isPresent()));
        ReplayPane replay = host(robot).replay();
        assertThat(texts(robot)).contains("Replay · the built-in demo").anyMatch(t -> t.contains("Nothing is running"));

        // the shard rows move: trials come in while it plays
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> collected(replay) >= 1);
        int early = collected(replay);
        robot.clickOn("#replay-speed-4");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> collected(replay) > early);
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() ->
                        replay.model().shardRows().stream().anyMatch(s -> s.phase() == ShardPhase.OUT_OF_MEMORY)));
        assertThat(texts(robot)).anyMatch(t -> t.contains("out of memory"));
        // the killed shard says it reached its limit (its last sample alone read like a bug)
        String[] oom = recordedOutOfMemory();
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> texts(robot)
                        .contains("out of memory: reached its " + oom[0] + " limit (highest sample " + oom[1] + ")"));
        assertThat(oom[0]).isEqualTo("10.7 GiB"); // MST's size for a Cowork container on a 12 GiB Colima VM
        assertThat(texts(robot)).noneMatch(t -> t.contains(oom[1] + " of " + oom[0]));
        // a replay offers nothing that would start or stop MST
        for (String id : List.of("#start-run", "#cancel-run", "#resume-missing")) {
            assertThat(robot.from(replay).lookup(id).tryQuery().filter(Node::isVisible))
                    .as(id)
                    .isEmpty();
        }

        // it ends as the run ended: the result line, the kept containers, Open in Results
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> robot.from(replay)
                        .lookup("#open-results")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false)));
        String result = dev.mstpanel.testsupport.FxQuery.fx(() ->
                robot.from(replay).lookup("#run-result").queryAs(Label.class).getText());
        assertThat(result).contains("passed", "trials missing", "-kept");
        // every shard row stays in sight at the default size, the out-of-memory shard among them
        WaitForAsyncUtils.waitForFxEvents();
        Node rows = robot.from(replay).lookup("#shard-rows").query();
        Node up = rows.getParent();
        while (!(up instanceof javafx.scene.control.ScrollPane)) {
            up = up.getParent();
        }
        javafx.scene.control.ScrollPane rowsScroll = (javafx.scene.control.ScrollPane) up;
        assertThat(dev.mstpanel.testsupport.FxQuery.fx(
                        () -> replay.model().shardRows().size()))
                .isEqualTo(3);
        assertThat(rowsScroll.getViewportBounds().getHeight())
                .as("shard rows' viewport")
                .isGreaterThanOrEqualTo(rows.getLayoutBounds().getHeight() - 1);
        Screenshots.take(robot.window(0).getScene(), "runs-replay");

        robot.clickOn((Node) robot.from(replay).lookup("#open-results").query());
        // the replayed run opens among its eval's runs: four, two days apart, the replayed one the latest
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> app.results().runs().size() == 4
                        && app.results().runs().stream()
                                .noneMatch(r -> r.loading() || r.trials().isEmpty()));
        String replayed = Path.of(
                        dev.mstpanel.core.runs.DemoData.recording(null).runDir())
                .getFileName()
                .toString();
        var demoRun = app.results().runs().stream()
                .filter(r -> r.trials().get(0).runDir().getFileName().toString().equals(replayed))
                .findFirst()
                .orElseThrow();
        assertThat(app.results().runs())
                .allMatch(r -> r == demoRun
                        || r.trials().get(0).runDir().getFileName().toString().compareTo(replayed) < 0);
        Path demoCopy = app.paths().dataDir().resolve("demo");
        assertThat(demoRun.trials().get(0).runDir()).startsWith(demoCopy);
        assertThat(Files.exists(demoCopy.resolve("eval/DEMO-DATA.txt"))).isTrue();
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#results-demo-mark")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false)));

        // the trials the out-of-memory shard never ran are listed as missing (MST's trial files,
        // docs/dev/mst-format.md, Results)
        assertThat(demoRun.trials())
                .filteredOn(t -> t.status() == TrialStatus.MISSING)
                .hasSize(6);
        // a graded failure carries its failure diagnosis too
        assertThat(demoRun.trials())
                .filteredOn(t -> t.status() == TrialStatus.FAILED)
                .isNotEmpty()
                .allMatch(t -> t.artifactsDir() != null
                        && Files.isRegularFile(t.artifactsDir().resolve("screen.png"))
                        && Files.isRegularFile(t.artifactsDir().resolve("system.json")));
        TrialRecord failed = demoRun.trials().stream()
                .filter(t -> t.status() == TrialStatus.INFRA)
                .findFirst()
                .orElseThrow();
        robot.interact(() -> app.results().selectedTrialProperty().set(failed));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#screenshot-image").tryQuery().isPresent()
                        && ((ImageView) robot.lookup("#screenshot-image").query()).getImage() != null);
        assertThat(((ImageView) robot.lookup("#screenshot-image").query())
                        .getImage()
                        .getWidth())
                .isEqualTo(1280);
        Screenshots.take(robot.window(0).getScene(), "results-demo-trial");
    }

    @Test
    void aContextsViewWithNothingReachableOffersTheDemo(FxRobot robot) throws Exception {
        robot.interact(() -> {
            panel.window().open("contexts");
            app.contexts().refresh();
        });
        // DOCKER_CONFIG names no context and no engine listens at the default socket here
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#contexts-demo-offer")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false)));
        Screenshots.take(robot.window(0).getScene(), "contexts-demo-offer");
        robot.clickOn("#open-demo-contexts");
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> robot.lookup("#replay-pane")
                        .tryQuery()
                        .map(Node::isVisible)
                        .orElse(false)));
        assertThat(panel.window().openViewId()).isEqualTo("runs");

        // "Re-run the regressed and flaky cases" (or Grade…) while the replay shows: the form it filled in is in sight,
        // not hidden behind the replay
        robot.interact(() ->
                panel.window().openRunsForm(app.paths().dataDir().resolve("demo"), List.of("--case", "gift-card")));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(() -> host(robot).replay() == null
                        && robot.lookup("#replay-pane").tryQuery().isEmpty()
                        && host(robot).live().isVisible()));
        assertThat(app.runs().selectionProperty().get().cases()).containsExactly("gift-card");

        // a re-run of the demo's own run fills in the eval config its run names, shipped beside its results
        Path demoRun = app.paths()
                .dataDir()
                .resolve("demo/eval/.mcp-test-results/checkout-flow/runs")
                .resolve(Path.of(dev.mstpanel.core.runs.DemoData.recording(null).runDir())
                        .getFileName()
                        .toString());
        robot.interact(() -> panel.window().openRunsForm(demoRun, List.of("--case", "gift-card")));
        Path demoConfig = app.paths().dataDir().resolve("demo/eval/eval.json");
        assertThat(app.runs().configPathProperty().get()).isEqualTo(demoConfig.toString());
        assertThat(demoConfig).isRegularFile();
    }

    /** The trials collected so far, read on the FX thread, where the replay changes the shard rows. */
    private static int collected(ReplayPane replay) throws Exception {
        return dev.mstpanel.testsupport.FxQuery.fx(() -> replay.model().shardRows().stream()
                .mapToInt(ShardSnapshot::collected)
                .sum());
    }

    private static List<String> texts(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() ->
                        robot
                                .lookup(n -> n instanceof Labeled l && l.isVisible() && l.getText() != null)
                                .queryAll()
                                .stream()
                                .map(n -> ((Labeled) n).getText())
                                .toList())
                .get();
    }
}
