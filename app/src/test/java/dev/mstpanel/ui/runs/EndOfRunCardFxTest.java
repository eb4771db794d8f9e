package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * A run the panel started, on the real engine-1 with the MST stand-in printing MST's end-of-run
 * lines (docs/dev/mst-format.md, Run flags) and an older MST's {@code Output: <run>/results.json}: the result
 * card shows the variant table, the pairwise line and the previous run with its regressed cases.
 */
@ExtendWith(ApplicationExtension.class)
class EndOfRunCardFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        panel = PanelWindow.runsWithStandIn(
                        home,
                        java.util.Map.of(
                                "MST_STANDIN_TRIAL_DELAY", "0.2",
                                "MST_STANDIN_OOM_SHARD", "0",
                                "MST_STANDIN_CASES", "refund-order gift-card",
                                "MST_STANDIN_TRIALS", "1",
                                "MST_STANDIN_VARIANTS", "default with-search",
                                "MST_STANDIN_FAIL_CASES", "default/gift-card",
                                "MST_STANDIN_END_OF_RUN", "1",
                                "MST_STANDIN_OLD_OUTPUT", "1"))
                .size(1440, 900)
                .show(stage);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    @Test
    void aFinishedRunsCardShowsMstsVariantTablePairwiseAndPreviousRunLines(FxRobot robot) throws Exception {
        FxQuery q = new FxQuery(robot);
        Path evals = Files.createDirectories(home.resolve("end-of-run"));
        Path config = Files.writeString(evals.resolve("eval.json"), """
                {"name": "checkout-flow", "client": "cowork", "coworkSetup": {"approveWriteTools": true}}
                """);
        // an earlier run of the eval, so MST prints "Previous run …"
        Files.createDirectories(evals.resolve(".mcp-test-results/checkout-flow/runs/20260101T000000Z-abcdef"));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !q.node("#context-engine-1").isDisabled()));
        q.type("#config-path .text-field", config.toString());
        q.click("#context-engine-1");
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !q.node("#start-run").isDisabled()));
        q.click("#start-run");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> {
            String t = q.text("#run-result");
            return t != null && t.contains("Results:");
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> q.visible("#end-of-run"));
        assertThat(q.text("#end-of-run-cell-0-0")).isEqualTo("default");
        assertThat(q.text("#end-of-run-cell-0-1")).isEqualTo("1/2");
        assertThat(q.text("#end-of-run-cell-1-0")).isEqualTo("with-search");
        assertThat(q.text("#end-of-run-cell-1-2")).isEqualTo("100.0%");
        assertThat(q.text("#end-of-run-pairwise-0"))
                .isEqualTo("judge.preference: with-search vs default: 50 % win · 25 % loss · 25 % tie (2 cases)");
        assertThat(q.text("#end-of-run-previous"))
                .startsWith("Previous run 20260101T000000Z-abcdef (")
                .endsWith("pass rate 100 % → 75 %");
        assertThat(q.text("#end-of-run-changes-0")).isEqualTo("default: 1 regressed (gift-card) · 0 improved");
        assertThat(q.text("#end-of-run-changes-1")).isEqualTo("with-search: 0 regressed · 0 improved");
        // "Output: <run>/results.json" is understood as the run folder: Open in Results is offered on the folder
        assertThat(q.visible("#open-results")).isTrue();
        Path runDir =
                FxQuery.fx(() -> panel.app().runs().snapshotProperty().get().runDir());
        assertThat(runDir.getFileName().toString()).matches("\\d{8}T\\d{6}Z-[0-9a-f]{6}");
        assertThat(Files.isDirectory(runDir)).isTrue();
        Screenshots.take(stage.getScene(), "runs-end-of-run");

        // at a window 820 px high the lines scroll in the card and the log keeps its lines
        FxQuery.fx(() -> {
            stage.setWidth(1280);
            stage.setHeight(820);
            return null;
        });
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> FxQuery.fx(() -> stage.getScene().getHeight() <= 820));
        WaitForAsyncUtils.waitForFxEvents();
        double logOpen = FxQuery.fx(() -> q.node("#run-log").getLayoutBounds().getHeight());
        double belowOpen = FxQuery.fx(
                () -> logOpen + q.node("#memory-chart").getLayoutBounds().getHeight());
        double block =
                FxQuery.fx(() -> q.node("#end-of-run-scroll").getLayoutBounds().getHeight());
        assertThat(block).isLessThanOrEqualTo(EndOfRunView.MAX_BODY_HEIGHT + 4);
        assertThat(logOpen).isGreaterThanOrEqualTo(RunView.LOG_MIN_LINES * 22);
        // the log is inside the window, not pushed out at the bottom
        assertThat(FxQuery.fx(() -> q.node("#run-log")
                        .localToScene(q.node("#run-log").getLayoutBounds())
                        .getMaxY()))
                .isLessThanOrEqualTo(FxQuery.fx(() -> stage.getScene().getHeight()));
        Screenshots.take(stage.getScene(), "runs-end-of-run-820");
        // Hide folds the lines to one summary line and gives their height to the memory chart and the log
        q.click("#end-of-run-toggle");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> q.visible("#end-of-run-summary"));
        assertThat(q.visible("#end-of-run-scroll")).isFalse();
        assertThat(q.text("#end-of-run-summary"))
                .isEqualTo("2 variants · 1 pairwise judge · previous run 100 % → 75 % · 1 regressed");
        assertThat(q.text("#end-of-run-toggle")).isEqualTo("Show");
        WaitForAsyncUtils.waitForFxEvents();
        double logFolded = FxQuery.fx(() -> q.node("#run-log").getLayoutBounds().getHeight());
        assertThat(logFolded).isGreaterThanOrEqualTo(logOpen);
        assertThat(FxQuery.fx(() ->
                        logFolded + q.node("#memory-chart").getLayoutBounds().getHeight()))
                .isGreaterThan(belowOpen + block / 2);
        Screenshots.take(stage.getScene(), "runs-end-of-run-820-folded");
        q.click("#end-of-run-toggle");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> q.visible("#end-of-run-scroll"));
        assertThat(q.text("#end-of-run-cell-0-0")).isEqualTo("default");
    }
}
