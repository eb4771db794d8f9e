package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.Screenshots;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Compare screen never stays on "Reading and comparing both sides…" when its load fails (the
 * A window whose jar had been rebuilt under it threw {@code NoClassDefFoundError}
 * on the reading thread; it was not caught, nothing was logged, and the screen stayed loading for the
 * rest of the session). A real CompareView in a window, the real reader on the fixture's two runs of
 * one eval; the Results view's trials are a test double that fails as that session did (an Error
 * while the background thread counts them), once, then a plain "not read" (the screen reads the runs
 * from disk).
 */
@ExtendWith(ApplicationExtension.class)
class CompareLoadFailureFxTest {
    @TempDir
    static Path results;

    private final AtomicBoolean failing = new AtomicBoolean(true);
    private dev.mstpanel.testsupport.ViewHarness harness;
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private CompareViewModel model;
    private Scene scene;
    private Path eval;

    @Start
    void start(Stage stage) {
        eval = CompareFixture.write(results.resolve("r-" + System.nanoTime()));
        harness = new dev.mstpanel.testsupport.ViewHarness();
        ResultsReader reader = harness.reader();
        // a test double of the Results view's trials: while failing, a list that throws as the replaced jar did
        Function<Path, List<TrialRecord>> loaded = dir -> failing.get()
                ? new AbstractList<>() {
                    @Override
                    public TrialRecord get(int i) {
                        throw new NoClassDefFoundError("dev/mstpanel/core/results/compare/Comparison$Kind");
                    }

                    @Override
                    public int size() {
                        return 1;
                    }
                }
                : null;
        model = new CompareViewModel(reader, UiExecutor.fx(), harness.background(), loaded);
        Logger logger = (Logger) LoggerFactory.getLogger(CompareViewModel.class);
        logger.setLevel(Level.DEBUG);
        log.start();
        logger.addAppender(log);
        harness.show(stage, new CompareView(model, null));
        scene = stage.getScene();
    }

    @AfterEach
    void stop() {
        Logger logger = (Logger) LoggerFactory.getLogger(CompareViewModel.class);
        logger.detachAppender(log);
        logger.setLevel(null);
        harness.close();
    }

    private Path run(String id) {
        return eval.resolve("runs").resolve(id);
    }

    @Test
    void anErrorWhileReadingShowsAPlainMessageInPlaceAndTryAgainCompares(FxRobot robot) throws Exception {
        robot.interact(() -> model.open(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default"));
        Label message = robot.lookup("#compare-message").query();
        Label loading = robot.lookup("#compare-loading").query();
        Button retry = robot.lookup("#compare-retry").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> shown(message) && shown(retry));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(loading)).as("the loading line is gone").isFalse();
        assertThat(message.getText())
                .startsWith("Could not compare default · run aaaaaa")
                .contains("the panel's own program files changed while it was running")
                .endsWith("Restart the panel.");
        assertThat(texts(robot))
                .noneMatch(
                        t -> t.contains("NoClassDefFoundError") || t.contains("\tat ") || t.contains("dev/mstpanel"));
        assertThat(((Label) ((TableView<?>) robot.lookup("#compare-cases").query()).getPlaceholder()).getText())
                .isEqualTo("Nothing compared yet: see the message above.");
        // logged with its stack trace, at warn
        assertThat(log.list)
                .anyMatch(e -> e.getLevel() == Level.WARN
                        && e.getThrowableProxy() != null
                        && e.getThrowableProxy().getClassName().equals(NoClassDefFoundError.class.getName()));
        Screenshots.take(scene, "results-compare-failed");

        failing.set(false);
        robot.clickOn(retry);
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(message)).isFalse();
        assertThat(shown(retry)).isFalse();
        assertThat(table.getItems().get(0).caseId()).isEqualTo("lookup-invoice");
        assertThat(table.getItems().get(0).change()).isEqualTo(CaseChange.REGRESSED);
        assertThat(new dev.mstpanel.testsupport.FxQuery(robot).text("#compare-verdict-word"))
                .isEqualTo("unclear"); // on the FX thread: the cards may be rebuilt meanwhile
        WaitForAsyncUtils.waitFor(
                15, TimeUnit.SECONDS, () -> !model.meansPendingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.take(scene, "results-compare-after-retry");
    }

    @Test
    void aPickWhoseReadIsRefusedSaysSoAndDoesNotStayLoading(FxRobot robot) throws Exception {
        failing.set(false);
        robot.interact(() -> model.open(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default"));
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> !table.getItems().isEmpty()
                        && !model.meansPendingProperty().get());
        // the background executor is shut down (as when the window closes): the next pick's read is refused
        harness.background().shutdownNow();
        robot.interact(model::swap);
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup("#compare-message").query();
        assertThat(shown(robot.lookup("#compare-loading").query())).isFalse();
        assertThat(shown(message)).isTrue();
        assertThat(message.getText())
                .startsWith("Could not compare default · run bbbbbb")
                .endsWith("shutting down its background work.");
        assertThat(shown(robot.lookup("#compare-retry").query())).isTrue();
        assertThat(log.list)
                .anyMatch(e -> e.getLevel() == Level.WARN
                        && e.getThrowableProxy() != null
                        && e.getThrowableProxy()
                                .getClassName()
                                .equals(java.util.concurrent.RejectedExecutionException.class.getName()));
    }

    @Test
    void aLoadReplacedByANewerPickIsDroppedAtDebugAndTheNewerOneShows(FxRobot robot) throws Exception {
        failing.set(false);
        robot.interact(() -> {
            model.open(run(CompareFixture.RUN_A), "default", run(CompareFixture.RUN_B), "default");
            model.close(); // Back before the sides were listed
            model.open(run(CompareFixture.RUN_B), "default", run(CompareFixture.RUN_A), "default");
        });
        TableView<CaseComparison> table = robot.lookup("#compare-cases").query();
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitFor(
                15,
                TimeUnit.SECONDS,
                () -> log.list.stream()
                        .anyMatch(e -> e.getLevel() == Level.DEBUG
                                && e.getFormattedMessage().contains("dropped")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.comparisonProperty().get().base().runId()).isEqualTo(CompareFixture.RUN_B);
        assertThat(shown(robot.lookup("#compare-loading").query())).isFalse();
        assertThat(shown(robot.lookup("#compare-message").query())).isFalse();
    }

    /** The node and every parent visible: what a user sees. */
    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static List<String> texts(FxRobot robot) {
        return robot.lookup(".label").queryAll().stream()
                .filter(CompareLoadFailureFxTest::shown)
                .map(n -> ((Label) n).getText())
                .filter(t -> t != null)
                .toList();
    }
}
