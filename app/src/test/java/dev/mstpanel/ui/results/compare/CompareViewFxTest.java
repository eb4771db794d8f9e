package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
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
 * The real window on two fixture runs of one eval: the comparison lists the regressed case first
 * with the verdict, a case opens both sides' trials, and Re-run fills the Runs form.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewFxTest {
    @TempDir
    static Path home;

    private PanelWindow panel;
    private AppContext app;
    private MainWindow window;
    private Path eval;
    private Path project;

    @Start
    void start(Stage stage) throws Exception {
        // with -Dmstpanel.screenshots the pictures show a short, stable folder instead of a temporary one
        String shots = System.getProperty("mstpanel.screenshots");
        project = shots == null || shots.isBlank()
                ? home.resolve("project-" + System.nanoTime())
                : Path.of("/tmp/mstp-shots/refund-desk");
        if (Files.exists(project)) {
            try (var walk = Files.walk(project)) {
                walk.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
        Path results = project.resolve(".mcp-test-results");
        Files.createDirectories(results);
        eval = CompareFixture.write(results);
        Path config = Files.writeString(project.resolve("eval.json"), """
                {"name": "refund-desk", "client": "cowork", "variants": [{"name": "default"}, {"name": "with-search"}]}
                """);
        dev.mstpanel.core.settings.Settings saved = new dev.mstpanel.core.settings.Settings();
        saved.recentEvalConfigs.add(config.toString());
        panel = PanelWindow.withPanelHome(home.resolve("panel-" + System.nanoTime()))
                .size(1440, 900)
                .savedSettings(saved)
                .show(stage);
        app = panel.app();
        window = panel.window();
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    private Path run(String id) {
        return eval.resolve("runs").resolve(id);
    }

    @Test
    void aNarrowWindowsPickersShowEachSidesVariantWholeAndCutTheRunsTimeFirst(FxRobot robot) throws Exception {
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "with-search");
            robot.window(0).setWidth(900);
        });
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-candidate .text-bold").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shownText(robot, "#compare-base .text-bold")).isEqualTo("default");
        assertThat(shownText(robot, "#compare-candidate .text-bold")).isEqualTo("with-search");
        javafx.scene.control.ComboBox<?> candidate =
                robot.lookup("#compare-candidate").query();
        assertThat(candidate.getWidth())
                .as("the picker is narrower than its whole label")
                .isLessThan(300);
    }

    private static String shownText(FxRobot robot, String query) {
        return ((javafx.scene.text.Text) robot.lookup(query).lookup(".text").query()).getText();
    }

    @Test
    void comparisonShowsTheRegressedCaseFirstTheVerdictAndBothSidesOfACase(FxRobot robot) throws Exception {
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default");
        });
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        assertThat(table.getItems().get(0).caseId()).isEqualTo("lookup-invoice");
        assertThat(table.getItems().get(0).change()).isEqualTo(CaseChange.REGRESSED);
        assertThat(table.getItems().get(1).change()).isEqualTo(CaseChange.REGRESSED);
        // trials left out of a side's count are said in words, not as a bare "+1", infra as infra
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-cases .label").queryAll().stream()
                        .anyMatch(l -> ((Label) l).getText().endsWith(" · 1 infra")));
        assertThat(robot.lookup("#compare-cases .label").queryAll())
                .noneMatch(l -> ((Label) l).getText().matches(".*\\d+/\\d+ \\+\\d+"));
        // looked up on the FX thread: the complete comparison (the means) may replace the cards meanwhile
        dev.mstpanel.testsupport.FxQuery q = new dev.mstpanel.testsupport.FxQuery(robot);
        assertThat(q.text("#compare-verdict-word")).isEqualTo("unclear");
        assertThat(q.text("#compare-p")).startsWith("p = 1 ");
        // an unclear verdict says what would tell the sides apart: here no number of trials over these few cases
        assertThat(q.text("#compare-trials-needed"))
                .isEqualTo("Even 50 trials per case would not tell a 10 pp difference apart (the one seen is smaller)"
                        + " over 7 cases at 80 % power; more cases would.");
        assertThat(q.exists("#compare-base-card")).isTrue();
        // the base run has no summary.json: its means come from its traces, read whole after the statuses' figures
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-base-card #variant-means-default")
                        .tryQuery()
                        .map(l -> !((Label) l).getText().contains("reading the traces"))
                        .orElse(false));
        assertThat(((Label) robot.lookup("#compare-base-card #variant-means-default")
                                .query())
                        .getText())
                .contains("tool calls")
                .endsWith("per trial");
        assertThat(robot.lookup(".table-row-cell")
                        .nth(0)
                        .queryAs(javafx.scene.Node.class)
                        .isVisible())
                .isTrue();

        ListView<TrialRecord> base = robot.lookup("#compare-base-trials").query();
        ListView<TrialRecord> candidate =
                robot.lookup("#compare-candidate-trials").query();
        // before a case is chosen the sides say what to do, not that the case is missing
        assertThat(((Label) base.getPlaceholder()).getText()).isEqualTo("Choose a case to see its trials");
        assertThat(((Label) candidate.getPlaceholder()).getText()).isEqualTo("Choose a case to see its trials");
        robot.clickOn(robot.lookup(".table-row-cell").nth(1).queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> candidate.getItems().size() == 3);
        assertThat(((Label) robot.lookup("#compare-case-title").query()).getText())
                .isEqualTo("refund-order  ·  regressed");
        assertThat(base.getItems())
                .extracting(t -> t.status().jsonName())
                .containsExactly("passed", "passed", "passed");
        assertThat(candidate.getItems())
                .extracting(t -> t.status().jsonName())
                .containsExactly("failed", "failed", "infra");
        // each side opens its first trial that did not pass (else its first), transcripts side by side
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-base-transcript #transcript")
                                .tryQuery()
                                .isPresent()
                        && robot.lookup("#compare-candidate-transcript #transcript")
                                .tryQuery()
                                .isPresent());
        assertThat(base.getSelectionModel().getSelectedItem().label()).isEqualTo("refund-order #1");
        assertThat(candidate.getSelectionModel().getSelectedItem().label()).isEqualTo("refund-order #1");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> texts(robot, "#compare-candidate-transcript").contains("The agent refunded the wrong order"));
        assertThat(texts(robot, "#compare-base-transcript")).doesNotContain("The agent refunded the wrong order");
        javafx.geometry.Bounds baseBox = robot.lookup("#compare-base-transcript")
                .query()
                .localToScreen(robot.lookup("#compare-base-transcript").query().getBoundsInLocal());
        javafx.geometry.Bounds candBox = robot.lookup("#compare-candidate-transcript")
                .query()
                .localToScreen(
                        robot.lookup("#compare-candidate-transcript").query().getBoundsInLocal());
        assertThat(candBox.getMinX()).isGreaterThan(baseBox.getMaxX() - 1); // next to each other, not stacked
        assertThat(candBox.getMinY()).isEqualTo(baseBox.getMinY(), org.assertj.core.data.Offset.offset(2.0));
        // while a case is open the figures are one line, so the transcripts get the height
        assertThat(((Label) robot.lookup("#compare-figures-line").query()).getText())
                .startsWith(
                        "base default · run aaaaaa  59 % (41–75 %), from 27 graded trials   →   candidate default · run bbbbbb");
        Screenshots.take(window.getScene(), "results-compare");
        // another trial of a side opens its transcript there
        robot.clickOn(
                robot.lookup("#compare-candidate-trials .list-cell").nth(2).queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> texts(robot, "#compare-candidate-transcript").stream()
                        .anyMatch(t -> t.contains("Cowork's workspace was unavailable")));
        assertThat(candidate.getSelectionModel().getSelectedItem().label()).isEqualTo("refund-order #3");

        // at 1280 × 820 every trial of a side is in view in its row, and the transcripts keep room to read
        javafx.stage.Window w = window.getScene().getWindow();
        robot.interact(() -> {
            w.setWidth(1280);
            w.setHeight(820);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(window.getScene(), "results-compare-case-820");
        javafx.geometry.Bounds list = candidate.localToScreen(candidate.getBoundsInLocal());
        var cells = robot.lookup("#compare-candidate-trials .list-cell").queryAll().stream()
                .filter(n -> ((javafx.scene.control.ListCell<?>) n).getItem() != null)
                .toList();
        assertThat(cells).hasSize(3);
        for (javafx.scene.Node cell : cells) {
            javafx.geometry.Bounds b = cell.localToScreen(cell.getBoundsInLocal());
            assertThat(b.getMinY()).isGreaterThanOrEqualTo(list.getMinY() - 0.5);
            assertThat(b.getMaxY()).isLessThanOrEqualTo(list.getMaxY() + 0.5);
            assertThat(b.getMaxX()).isLessThanOrEqualTo(list.getMaxX() + 0.5);
        }
        assertThat(robot.lookup("#compare-candidate-transcript")
                        .query()
                        .getLayoutBounds()
                        .getHeight())
                .isGreaterThan(250);
        assertThat(table.getHeight()).isGreaterThan(100); // the case table still shows a few rows
        robot.interact(() -> {
            w.setWidth(1440);
            w.setHeight(900);
        });
        robot.clickOn("#compare-case-close");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-figures").query().isVisible());

        robot.clickOn("#change-regressed");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> table.getItems().stream().noneMatch(r -> r.change() == CaseChange.REGRESSED));
        robot.clickOn("#change-regressed");

        robot.clickOn("#compare-rerun");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "runs".equals(window.openViewId()));
        javafx.scene.control.TextArea preview = robot.lookup("#preview").query();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> preview.getText().contains("--case"));
        assertThat(preview.getText())
                .contains("--config " + project.resolve("eval.json"))
                .endsWith("--case lookup-invoice refund-order close-account update-address --variant default");
        assertThat(((Label) robot.lookup("#run-selection").query()).getText())
                .isEqualTo(
                        "Runs only 4 cases (lookup-invoice, refund-order, close-account, update-address) of the variant default (--case, --variant).");
        assertThat(app.runs().isRunning()).isFalse();
        Screenshots.take(window.getScene(), "runs-rerun-form");
    }

    @Test
    void twoRunsComparedOnOneVariantNameWhatChangedInTheOtherAndALinkComparesThem(FxRobot robot) throws Exception {
        // run B's with-search fails one trial of apply-coupon (PPP -> FPP): a regression beside default's
        Path score = run(CompareFixture.RUN_B).resolve("scores/judge.accuracy/with-search/apply-coupon/0.json");
        Files.writeString(score, Files.readString(score).replaceAll("\"pass\"\\s*:\\s*true", "\"pass\": false"));
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default");
        });
        // the complete comparison (the means read whole) rebuilds the cards: the link is clicked once it has come
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> dev.mstpanel.testsupport.FxQuery.fx(
                        () -> !app.compare().loadingProperty().get()
                                && !app.compare().meansPendingProperty().get()
                                && robot.from(window.getScene().getRoot())
                                        .lookup("#compare-other-with-search")
                                        .tryQuery()
                                        .isPresent()));
        dev.mstpanel.testsupport.FxQuery q = new dev.mstpanel.testsupport.FxQuery(robot);
        assertThat(q.text("#compare-other-with-search")).isEqualTo("with-search: 1 regressed");
        Screenshots.take(window.getScene(), "compare-other-variants");
        robot.clickOn(robot.from(window.getScene().getRoot())
                .lookup("#compare-other-with-search")
                .queryAs(javafx.scene.Node.class));
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> !table.getItems().isEmpty()
                        && "apply-coupon".equals(table.getItems().get(0).caseId()));
        assertThat(table.getItems().get(0).change()).isEqualTo(CaseChange.REGRESSED);
        assertThat(app.compare().baseProperty().get().variant()).isEqualTo("with-search");
        assertThat(app.compare().candidateProperty().get().variant()).isEqualTo("with-search");
        // and from there the line names default, the variant left
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-other-default").tryQuery().isPresent());
        assertThat(q.text("#compare-other-default")).isEqualTo("default: 2 regressed, 1 improved");
    }

    @Test
    void aTrialThatCouldNotBeReadIsSaidOnItsSidesCardWithItsReason(FxRobot robot) throws Exception {
        Files.writeString(
                run(CompareFixture.RUN_A).resolve("scores/judge.accuracy/default/apply-coupon/0.json"), "{not json");
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default");
        });
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-base-card #variant-unreadable-default")
                        .tryQuery()
                        .map(javafx.scene.Node::isVisible)
                        .orElse(false));
        dev.mstpanel.testsupport.FxQuery q = new dev.mstpanel.testsupport.FxQuery(robot);
        assertThat(q.text("#compare-base-card #variant-unreadable-default"))
                .startsWith("1 trial could not be read, left out of these figures: ")
                .contains("apply-coupon/0.json");
        assertThat(robot.lookup("#compare-candidate-card #variant-unreadable-default")
                        .queryAs(Label.class)
                        .isVisible())
                .isFalse();
        Screenshots.take(window.getScene(), "compare-unreadable-trial");
    }

    @Test
    void aLaptopSizedWindowFoldsTheFiguresIntoOneLineSoTheCasesAndTheStatusBarStayInView(FxRobot robot)
            throws Exception {
        javafx.stage.Window w = window.getScene().getWindow();
        robot.interact(() -> {
            w.setWidth(1280);
            w.setHeight(700);
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default");
        });
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-figures-line").query().isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(window.getScene(), "results-compare-700");
        assertThat(robot.lookup("#compare-figures").query().isVisible()).isFalse();
        assertThat(((Label) robot.lookup("#compare-figures-line").query()).getText())
                .contains("→   candidate default · run bbbbbb");
        // the verdict stays a headline in its colour where its card does not fit
        Label badge = robot.lookup("#compare-figures-verdict").query();
        assertThat(new dev.mstpanel.testsupport.FxQuery(robot).text("#compare-figures-verdict"))
                .isEqualTo("unclear");
        assertThat(badge.getStyleClass()).contains("verdict-badge", "verdict-unclear");
        javafx.scene.Node status = robot.lookup("#status-text").query();
        javafx.geometry.Bounds sb = status.localToScene(status.getBoundsInLocal());
        assertThat(sb.getMaxY())
                .as("the status bar is inside the window")
                .isLessThanOrEqualTo(window.getScene().getHeight() + 0.5);
        assertThat(table.getHeight()).as("the case table shows several rows").isGreaterThan(150);
        robot.interact(() -> w.setHeight(790));
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(window.getScene(), "results-compare-790");
        sb = status.localToScene(status.getBoundsInLocal());
        assertThat(sb.getMaxY())
                .as("the status bar is inside the window")
                .isLessThanOrEqualTo(window.getScene().getHeight() + 0.5);

        // a taller window has room for the cards again
        robot.interact(() -> w.setHeight(1000));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-figures").query().isVisible());
        assertThat(robot.lookup("#compare-figures-line").query().isVisible()).isFalse();
        assertThat(new dev.mstpanel.testsupport.FxQuery(robot).text("#compare-verdict-word"))
                .isEqualTo("unclear"); // on the FX thread: the cards may be rebuilt meanwhile
    }

    @Test
    void anOpenedCaseShowsBothSidesTrialsAndTranscriptsAt1280x820GroupedOrNot(FxRobot robot) throws Exception {
        javafx.stage.Window w = window.getScene().getWindow();
        robot.interact(() -> {
            w.setWidth(1280);
            w.setHeight(820);
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default");
        });
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        for (String by : java.util.List.of("dataset", "none", "tag")) {
            robot.clickOn("#group-by-" + by);
            WaitForAsyncUtils.waitForFxEvents();
            // a case both sides ran: each has a row of trials and a transcript
            robot.clickOn(robot.lookup("#compare-cases .table-row-cell")
                    .match(r -> ((javafx.scene.control.TableRow<?>) r).getItem() instanceof CaseComparison c
                            && c.caseId().equals("lookup-invoice"))
                    .queryAs(javafx.scene.Node.class));
            WaitForAsyncUtils.waitFor(
                    10,
                    TimeUnit.SECONDS,
                    () -> robot.lookup("#compare-candidate-transcript #transcript")
                            .tryQuery()
                            .isPresent());
            WaitForAsyncUtils.waitForFxEvents();
            Screenshots.take(window.getScene(), "compare-case-open-1280-" + by);
            double bottom =
                    robot.lookup("#status-text").query().localToScene(0, 0).getY();
            for (String side : java.util.List.of("base", "candidate")) {
                javafx.scene.Node trials =
                        robot.lookup("#compare-" + side + "-trials").query();
                javafx.geometry.Bounds tb = trials.localToScene(trials.getBoundsInLocal());
                assertThat(tb.getHeight())
                        .as(by + ": the " + side + " trials' row")
                        .isGreaterThanOrEqualTo(50);
                javafx.scene.Node cell = robot.lookup("#compare-" + side + "-trials .list-cell")
                        .match(c -> ((javafx.scene.control.ListCell<?>) c).getItem() != null)
                        .query();
                javafx.geometry.Bounds cb = cell.localToScene(cell.getBoundsInLocal());
                assertThat(cb.getMaxY()).as(by + ": a trial in view").isLessThanOrEqualTo(tb.getMaxY() + 0.5);
                javafx.scene.Node transcript =
                        robot.lookup("#compare-" + side + "-transcript").query();
                javafx.geometry.Bounds rb = transcript.localToScene(transcript.getBoundsInLocal());
                assertThat(rb.getMinY()).isGreaterThanOrEqualTo(tb.getMaxY() - 0.5);
                assertThat(rb.getMaxY()).as(by + ": above the status bar").isLessThanOrEqualTo(bottom + 0.5);
                // the search bar and a few of the transcript's rows below it
                assertThat(rb.getHeight())
                        .as(by + ": the " + side + " transcript's height")
                        .isGreaterThanOrEqualTo(140);
            }
            // folded, the figures still say what would tell the sides apart
            assertThat(((Label) robot.lookup("#compare-figures-line").query()).getText())
                    .endsWith(new dev.mstpanel.testsupport.FxQuery(robot).text("#compare-trials-needed"));
            robot.clickOn("#compare-case-close");
            WaitForAsyncUtils.waitForFxEvents();
            if (!by.equals("none")) { // closed, the groups come back
                assertThat(robot.lookup("#compare-groups-pane").query().getScene())
                        .isNotNull();
            }
        }
    }

    @Test
    void runHeaderShowsACardPerVariantWithThePreviousRunAndOpensTheComparison(FxRobot robot) throws Exception {
        robot.interact(() -> window.openRun(run(CompareFixture.RUN_B)));
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#variant-card-with-search").tryQuery().isPresent());
        Label prev = robot.lookup("#variant-card-default #previous-run-line").query();
        assertThat(prev.getText()).isEqualTo("vs previous run aaaaaa: 2 regressed, 1 improved");
        // the previous run's pass rate is the whole run's: once, above the cards, not on each card
        assertThat(new dev.mstpanel.testsupport.FxQuery(robot).text("#previous-run-run-line"))
                .isEqualTo("previous run aaaaaa: pass rate 60 % → 75 %");
        assertThat(robot.lookup("#variant-card-with-search #previous-run-line").tryQuery())
                .isEmpty();
        assertThat(texts(robot, "#variant-card-with-search")).contains("+32 pp vs default", "cases passed 8 of 9");
        // the run folder opened on its own: its previous run, beside it in runs/, is offered too
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-previous").tryQuery().isPresent());
        Screenshots.take(window.getScene(), "results-run-header");
        robot.clickOn("#compare-variants");
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        assertThat(new dev.mstpanel.testsupport.FxQuery(robot).text("#compare-verdict-word"))
                .isEqualTo("unclear"); // on the FX thread: the cards may be rebuilt meanwhile
        assertThat(table.getItems().get(0).change()).isEqualTo(CaseChange.IMPROVED);
        robot.clickOn("#compare-back");
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> !robot.lookup("#compare-view").query().isVisible());

        robot.clickOn("#rerun-run-cases");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> "runs".equals(window.openViewId()));
        var sel = app.runs().selectionProperty().get();
        assertThat(sel.cases())
                .containsExactlyInAnyOrder(
                        "refund-order",
                        "lookup-invoice",
                        "update-address",
                        "close-account",
                        "list-orders",
                        "merge-carts");
        assertThat(sel.variants()).containsExactly("default", "with-search");
    }

    @Test
    void aReRunWhoseEvalConfigIsNotFoundSaysWhyBesideTheEmptyField(FxRobot robot) throws Exception {
        // a copy of a run outside any project's .mcp-test-results (written with --output-dir): no recent config is its
        // own
        Path elsewhere = home.resolve("elsewhere-" + System.nanoTime()).resolve(CompareFixture.RUN_A);
        Files.createDirectories(elsewhere.getParent());
        try (var walk = Files.walk(run(CompareFixture.RUN_A))) {
            for (Path f : (Iterable<Path>) walk::iterator) {
                Path to = elsewhere.resolve(
                        run(CompareFixture.RUN_A).relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        robot.interact(() -> {
            app.runs().configPathProperty().set("");
            window.openRunsForm(elsewhere, List.of("--case", "refund-order", "--variant", "default"));
        });
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> new dev.mstpanel.testsupport.FxQuery(robot)
                        .text("#config-message")
                        .startsWith("run.json does not record the eval config of run " + CompareFixture.RUN_A));
        assertThat(new dev.mstpanel.testsupport.FxQuery(robot).text("#config-message"))
                .isEqualTo(
                        "run.json does not record the eval config of run " + CompareFixture.RUN_A
                                + ", and the run is not in a project's .mcp-test-results folder (written with --output-dir?): choose it with Browse…");
        assertThat(app.runs().selectionProperty().get().cases()).containsExactly("refund-order");
        Screenshots.take(window.getScene(), "runs-rerun-config-unknown");
    }

    @Test
    void aRunWithoutSummaryShowsFiguresComputedFromItsTrialsAndHowManyGradedTrialsTheRateRestsOn(FxRobot robot)
            throws Exception {
        robot.interact(() -> window.openRun(run(CompareFixture.RUN_A)));
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#variant-card-default").tryQuery().isPresent());
        assertThat(((Label) robot.lookup("#variant-source-default").query()).getText())
                .isEqualTo("computed from the trials (no summary.json)");
        // 16 of 27 passed: the interval is 41–75 %, and the card says on how many trials it rests
        assertThat(((Label) robot.lookup("#variant-interval-default").query()).getText())
                .isEqualTo("95 % interval 41–75 %, from 27 graded trials");
        // the fixture's traces hold tool_call events: the mean is computed from them, not "no means recorded"
        assertThat(texts(robot, "#variant-card-default"))
                .anyMatch(t -> t.matches("\\d+\\.\\d tool calls · 41 s per trial"));
        Screenshots.take(window.getScene(), "results-run-header-from-trials");
    }

    @Test
    void summaryFiguresNoRunCanHaveAreLeftOutOfTheCardAndNamed(FxRobot robot) throws Exception {
        Files.writeString(run(CompareFixture.RUN_B).resolve("summary.json"), """
                {"format": "mst.run/v1", "kind": "summary", "variants": [
                  {"name": "default", "metrics": {"tool_count_mean": 7.5, "input_tokens_mean": 1e308, "output_tokens_mean": 1e308,
                                                  "cost_usd_mean": -5, "duration_s_mean": -1.0}},
                  {"name": "with-search", "metrics": {"tool_count_mean": 4.0, "cost_usd_mean": 0.031, "duration_s_mean": 35.0}}]}
                """);
        robot.interact(() -> {
            app.results().open(eval);
            window.openComparison(run(CompareFixture.RUN_B), "default", run(CompareFixture.RUN_B), "with-search");
        });
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup("#compare-base-card #variant-source-default")
                        .tryQuery()
                        .isPresent());
        String means = ((Label) robot.lookup("#compare-base-card #variant-means-default")
                        .query())
                .getText();
        // the compare command's formatter: no "Infinityk", "$-5.000" or "-1.0 s"; the base's figures left out of
        // summary.json take both sides' figures from the trials (one source per column), so the candidate's 35 s and
        // $0.031 from summary.json are not set against the trials' figures of the base
        assertThat(means)
                .doesNotContain("Infinity")
                .doesNotContain("E308")
                .doesNotContain("$-")
                .doesNotContain("-1")
                .matches("\\d+\\.\\d tool calls · \\d+ s per trial");
        assertThat(((Label) robot.lookup("#compare-base-card #variant-source-default")
                                .query())
                        .getText())
                .contains(dev.mstpanel.core.results.compare.VariantFigures.ONE_SOURCE);
        assertThat(((Label) robot.lookup("#compare-candidate-card #variant-means-with-search")
                                .query())
                        .getText())
                .matches("\\d+\\.\\d tool calls · \\d+ s per trial")
                .doesNotContain("$0.031")
                .doesNotContain("35 s");
        assertThat(((Label) robot.lookup("#compare-candidate-card #variant-source-with-search")
                                .query())
                        .getText())
                .contains(dev.mstpanel.core.results.compare.VariantFigures.ONE_SOURCE);
        Screenshots.take(window.getScene(), "results-compare-hostile-summary");
    }

    @Test
    void trendShowsEachVariantPerRunAndADotOpensThatRun(FxRobot robot) throws Exception {
        Path results = project.resolve(".mcp-test-results");
        CompareFixture.trend(results);
        robot.interact(() -> {
            app.results().open(eval);
            window.open("results");
        });
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> app.results().runs().size() == 6
                        && app.results().runs().stream().noneMatch(r -> r.loading()));
        robot.interact(() -> app.results().selectedRunDirProperty().set(run(CompareFixture.RUN_B)));
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> robot.lookup("#open-trend").tryQuery().isPresent());
        robot.clickOn("#open-trend");
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup(".trend-dot").queryAll().size() == 12);
        assertThat(texts(robot, "#trend-legend")).containsExactly("default", "with-search");
        Screenshots.take(window.getScene(), "results-trend-eval");
        String last = "20260110T101500Z-ffffff";
        robot.clickOn("#trend-dot-with-search-" + last);
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> !robot.lookup("#trend-view").query().isVisible());
        assertThat(app.results().selectedRunDirProperty().get())
                .isEqualTo(eval.resolve("runs").resolve(last));
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> ((Label) robot.lookup("#run-title").query()).getText().endsWith(last));
        // the navigator selects that run too (it kept the run selected before)
        javafx.scene.control.TreeView<?> nav = robot.lookup(".tree-view").query();
        String selected = dev.mstpanel.testsupport.FxQuery.fx(
                () -> String.valueOf(nav.getSelectionModel().getSelectedItem().getValue()));
        assertThat(selected).contains(last);

        // another folder typed while the trend is shown: the trend of the folder before does not stay over it
        robot.clickOn("#open-trend");
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> robot.lookup("#trend-view").query().isVisible());
        robot.interact(() ->
                ((javafx.scene.control.TextField) robot.lookup("#results-path").query()).setText(project.toString()));
        robot.clickOn("#results-path").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(
                5, TimeUnit.SECONDS, () -> !robot.lookup("#trend-view").query().isVisible());
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> project.equals(app.results().locationProperty().get()));
    }

    @Test
    void aTrendOfOneRunDrawsEachVariantsIntervalAsAWhiskerBesideTheOther(FxRobot robot) throws Exception {
        Path results = project.resolve(".mcp-test-results");
        dev.mstpanel.testsupport.RunFixture solo = dev.mstpanel.testsupport.RunFixture.create(
                        results, "solo", "20260201T101500Z-a1a1a1")
                .runJson("solo", "default", "with-search");
        CompareFixture.trials(solo, "default", "lookup", "PPF");
        CompareFixture.trials(solo, "with-search", "lookup", "PPP");
        robot.interact(() -> {
            window.open("results");
            app.trend().open("solo", java.util.List.of(solo.runDir()));
        });
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> robot.lookup(".trend-dot").queryAll().size() == 2);
        // three strokes per variant (the interval and its two caps); the two dots apart, not one over the other
        assertThat(robot.lookup(".trend-whisker").queryAll()).hasSize(6);
        javafx.scene.shape.Circle a =
                robot.lookup("#trend-dot-default-20260201T101500Z-a1a1a1").query();
        javafx.scene.shape.Circle b =
                robot.lookup("#trend-dot-with-search-20260201T101500Z-a1a1a1").query();
        assertThat(Math.abs(a.getCenterX() - b.getCenterX())).isGreaterThanOrEqualTo(12);
        Screenshots.take(window.getScene(), "results-trend-one-run");
    }

    private static java.util.List<String> texts(FxRobot robot, String parent) {
        return robot.lookup(parent + " .label").queryAllAs(Label.class).stream()
                .map(Label::getText)
                .toList();
    }
}
