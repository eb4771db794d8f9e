package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.runs.estimate.EstimateLog;
import dev.mstpanel.core.runs.estimate.RunEstimate;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
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
 * The estimate beside Start in the real window, on the real contexts engine-1 and engine-2: it follows the
 * form (the eval, the contexts, the shards), says plainly when the eval has no earlier run, and how close
 * the last estimates were.
 */
@ExtendWith(ApplicationExtension.class)
class RunEstimateFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;

    @Start
    void start(Stage stage) {
        Path panelHome = home.resolve("panel");
        // two earlier runs of the panel with their estimates and actual times: 10 % and 5 % off
        EstimateLog log = new EstimateLog(panelHome.resolve("data"));
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        log.finished(log.started("e.json", estimate(100), t).orElseThrow(), Duration.ofSeconds(110));
        log.finished(log.started("e.json", estimate(200), t.plusSeconds(900)).orElseThrow(), Duration.ofSeconds(190));
        panel = PanelWindow.runsWithStandIn(home, Map.of("MST_PANEL_HOME", panelHome.toString()))
                .size(1280, 820)
                .show(stage);
    }

    private static RunEstimate estimate(long s) {
        return new RunEstimate(new RunEstimate.WallSeconds(s, s, s), 0.1, null, 1, 1, List.of());
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    /** An eval of 6 cases, 2 variants and 2 trials; with {@code runs} earlier runs of 1 and 2 min trials. */
    private static Path eval(String folder, int runs) throws Exception {
        Path dir = Files.createDirectories(home.resolve(folder));
        // three cases on each of two shards by MST's rule, so two shards halve the trials' time
        List<String> cases = List.of("refund", "gift", "address", "invoice", "coupon", "tracking");
        Files.writeString(
                dir.resolve("cases.json"),
                "["
                        + String.join(
                                ",",
                                cases.stream()
                                        .map(c -> "{\"id\":\"" + c + "\"}")
                                        .toList()) + "]");
        Path config = Files.writeString(dir.resolve("eval.json"), """
                {"name": "checkout-flow", "client": "cowork", "datasets": ["cases.json"], "trials": 2,
                 "variants": [{"name": "baseline"}, {"name": "tool-search-off"}]}
                """);
        for (int r = 0; r < runs; r++) {
            RunFixture f = RunFixture.create(
                            dir.resolve(".mcp-test-results"),
                            "checkout-flow",
                            "2026010" + (r + 1) + "T101500Z-a1b2c" + r)
                    .runJson("checkout-flow", "baseline", "tool-search-off");
            for (String c : cases) {
                for (int trial = 0; trial < 2; trial++) {
                    f.trace("baseline", c, trial, took(60_000 + r * 6_000L));
                    f.trace("tool-search-off", c, trial, took(120_000 + r * 6_000L));
                }
            }
        }
        return config;
    }

    private static ObjectNode took(long ms) {
        ObjectNode n = RunFixture.fields().put("durationMs", ms);
        n.putObject("clientUsage").put("totalCostUsd", 0.35);
        return n;
    }

    @Test
    void theEstimateFollowsTheFormAndSaysHowCloseTheLastOnesWere(FxRobot robot) throws Exception {
        FxQuery q = new FxQuery(robot);
        Path config = eval("with-history", 2);
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> fx(() -> !q.node("#context-engine-1").isDisabled()
                        && !q.node("#context-engine-2").isDisabled()));
        // the form is filled before the eval is chosen: its first estimate is of one shard
        q.click("#context-engine-1");
        q.click("#context-engine-2");
        q.type("#shards", "1");
        q.type("#config-path .text-field", config.toString());
        String oneShard = waitForEstimate(q, "from 2 earlier runs");
        assertThat(oneShard)
                .startsWith("about ")
                .contains("container-hours, $8.40; from 2 earlier runs")
                .endsWith(" · last 2 estimates: within 9 %");

        // two shards on two Cowork contexts: the same trials in less time
        q.type("#shards", "2");
        String twoShards = waitForEstimate(q, "from 2 earlier runs", oneShard);
        assertThat(minutes(twoShards)).isLessThan(minutes(oneShard));
        Screenshots.take(robot.window(0).getScene(), "runs-estimate");
    }

    @Test
    void anEvalWithoutEarlierRunsSaysTimeUnknown(FxRobot robot) throws Exception {
        FxQuery q = new FxQuery(robot);
        Path config = eval("no-history", 0);
        q.type("#config-path .text-field", config.toString());
        String text = waitForEstimate(q, "time unknown");
        assertThat(text).startsWith("no earlier run of this eval: time unknown");
    }

    /** Waits until the estimate shows and holds {@code part} (and differs from {@code other}, when given). */
    private static String waitForEstimate(FxQuery q, String part, String... other) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
                String t = q.text("#run-estimate");
                return t != null
                        && t.contains(part)
                        && fx(() -> q.node("#run-estimate").isVisible())
                        && (other.length == 0 || !t.equals(other[0]));
            });
        } catch (java.util.concurrent.TimeoutException e) {
            assertThat(q.text("#run-estimate")).as("the estimate").contains(part);
        }
        return q.text("#run-estimate");
    }

    /** The expected minutes of {@code about 42 min (35–55), …}. */
    private static int minutes(String estimate) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("^about (\\d+) min").matcher(estimate);
        assertThat(m.find()).as(estimate).isTrue();
        return Integer.parseInt(m.group(1));
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }
}
