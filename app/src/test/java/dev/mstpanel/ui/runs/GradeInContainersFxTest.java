package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
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
 * Grading in containers, in the real window on engine-1 with the MST stand-in (a test double:
 * app/src/test/resources/mst-standin): the Runs form offers {@code --grade-runner docker} and
 * {@code --no-grade} with how many grade containers fit; Results → Grade… fills the form with
 * {@code mst grade <run> --config … --runner docker …}, Start runs it supervised and live as a run,
 * and the regrade {@code <run id>.g1} opens in Results and compares with the run it grades again.
 */
@ExtendWith(ApplicationExtension.class)
class GradeInContainersFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private Stage stage;
    private static final Path STANDIN = PanelWindow.STANDIN_MST;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        panel = PanelWindow.runsWithStandIn(
                        home,
                        java.util.Map.of(
                                "MST_STANDIN_TRIAL_DELAY", "0.2",
                                "MST_STANDIN_OOM_SHARD", "0",
                                "MST_STANDIN_CASES", "refund-order gift-card change-address",
                                "MST_STANDIN_TRIALS", "2",
                                "MST_STANDIN_FAIL_CASES", "gift-card",
                                // the other judges of the regrade fail refund-order and pass gift-card
                                "MST_STANDIN_REGRADE_FAIL_CASES", "refund-order"))
                .size(1440, 900)
                .show(stage);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    private static boolean ended(FxQuery q, String part) throws Exception {
        String t = q.text("#run-result");
        return t != null && t.contains(part);
    }

    @Test
    void aRunIsGradedAgainInContainersShownLiveAndItsRegradeComparesWithIt(FxRobot robot) throws Exception {
        FxQuery q = new FxQuery(robot);
        Path project = Files.createDirectories(home.resolve("grade-project"));
        Path config = Files.writeString(project.resolve("eval.json"), """
                {"name": "checkout-flow", "client": "cowork", "coworkSetup": {"approveWriteTools": true}}
                """);
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !q.node("#context-engine-1").isDisabled()));
        q.type("#config-path .text-field", config.toString());
        q.click("#context-engine-1");

        // the form: where MST grades, and with grade containers how many fit on the chosen context
        q.click("#grading-in-containers");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> q.text("#preview").endsWith("--grade-runner docker"));
        assertThat(q.visible("#grade-capacity")).isTrue();
        assertThat(q.text("#grade-capacity"))
                .matches("engine-1: \\d+ grade/headless containers at once, 2\\.0 GiB each");
        q.type("#memory", "4g");
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> q.text("#grade-capacity").endsWith("4.0 GiB each"));
        q.type("#memory", "");
        q.click("#grading-none");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> q.text("#preview").endsWith("--no-grade"));
        assertThat(q.visible("#grade-capacity")).isFalse();
        Screenshots.take(stage.getScene(), "runs-grading-form");
        q.click("#grading-in-containers");
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> q.text("#preview").endsWith("--grade-runner docker")
                        && FxQuery.fx(() -> !q.node("#start-run").isDisabled()));
        q.click("#start-run");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> ended(q, "Results:"));
        Path runDir =
                FxQuery.fx(() -> panel.app().runs().snapshotProperty().get().runDir());
        String runId = runDir.getFileName().toString();

        // Results → Grade… fills the Runs form with mst grade; nothing starts by itself
        q.click("#open-results");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> q.exists("#grade-run") && q.visible("#grade-run"));
        // every trial of the run is graded: the button says it grades the run again, not that grading is left to do
        assertThat(q.text("#grade-run")).isEqualTo("Grade again…");
        q.click("#grade-run");
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> "runs".equals(FxQuery.fx(() -> panel.window().openViewId())));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> q.text("#preview").contains(" grade "));
        assertThat(q.text("#preview"))
                .isEqualTo(STANDIN + " grade " + runId + " --config " + config
                        + " --runner docker --runner-option contexts=engine-1");
        assertThat(q.text("#run-grade")).startsWith("Grades the run " + runId + " in containers (mst grade)");
        assertThat(q.visible("#grade-capacity")).isTrue();
        // mst run's own fields (keep, ready timeout, resume, where to grade) are not offered for mst grade
        for (String runOnly : java.util.List.of("#keep-never", "#ready-timeout", "#resume", "#grading-here")) {
            assertThat(q.visible(runOnly)).as(runOnly).isFalse();
        }
        assertThat(FxQuery.fx(() -> panel.app().runs().isRunning())).isFalse();
        Screenshots.take(stage.getScene(), "runs-grade-form");

        // Start: supervised and shown live as a run is (shard row, log, result card)
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> !q.node("#start-run").isDisabled()));
        q.click("#start-run");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> q.exists("#shard-1-phase"));
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> ended(q, "Results:"));
        Path regrade =
                FxQuery.fx(() -> panel.app().runs().snapshotProperty().get().runDir());
        assertThat(regrade.getFileName().toString()).isEqualTo(runId + ".g1");
        assertThat(q.text("#run-result")).contains("Results: 4/6 passed");
        assertThat(FxQuery.fx(() -> String.join("\n", panel.app().runs().log())))
                .contains(" grade " + runId);
        Screenshots.take(stage.getScene(), "runs-grade-finished");

        // the regrade in Results beside its run, compared with it: the other judges flip two cases
        q.click("#open-results");
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> q.exists("#compare-regraded") && q.visible("#compare-regraded"));
        q.click("#compare-regraded");
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> FxQuery.fx(() -> !table.getItems().isEmpty()));
        java.util.Map<String, CaseChange> changes = FxQuery.fx(() -> {
            java.util.Map<String, CaseChange> m = new java.util.HashMap<>();
            table.getItems().forEach(r -> m.put(r.caseId(), r.change()));
            return m;
        });
        assertThat(changes)
                .containsEntry("refund-order", CaseChange.REGRESSED)
                .containsEntry("gift-card", CaseChange.IMPROVED)
                .containsEntry("change-address", CaseChange.UNCHANGED);
        Screenshots.take(stage.getScene(), "results-compare-regrade");
    }
}
