package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.ExportFixture;
import dev.mstpanel.testsupport.FxQuery;
import dev.mstpanel.testsupport.ResultsWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
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
 * File → Export… and the Results view's Export… button: the trial or run shown is written off the FX
 * thread to the file chosen, and a notice says where, with Open and Reveal; a file chosen inside the run
 * folder is refused in the notice and nothing is written there.
 */
@ExtendWith(ApplicationExtension.class)
class ResultsExportFxTest {
    @TempDir
    static Path home;

    private ResultsWindow panel;
    private Path run;

    @Start
    void start(Stage stage) {
        run = ExportFixture.demoRun(home.resolve("case-" + System.nanoTime()));
        panel = ResultsWindow.show(stage, home, 1280, 820);
    }

    @AfterEach
    void stop() {
        panel.close();
    }

    private void chooseAs(FxRobot robot, Path target) {
        robot.interact(() -> panel.app().resultsExport().setChooser(name -> target));
    }

    private String notice(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> {
                    Node n = robot.lookup("#export-notice").query();
                    String t = robot.lookup("#export-notice-text")
                            .queryAs(Label.class)
                            .getText();
                    return n.isVisible() && t != null && !t.equals("Exporting…");
                }));
        return FxQuery.fx(
                () -> robot.lookup("#export-notice-text").queryAs(Label.class).getText());
    }

    private void fileExport(FxRobot robot) {
        robot.interact(() -> panel.window().menuBar().getMenus().stream()
                .flatMap(m -> m.getItems().stream())
                .filter(i -> "menu-export".equals(i.getId()))
                .findFirst()
                .map(MenuItem.class::cast)
                .orElseThrow()
                .fire());
    }

    @Test
    void fileExportWritesTheTrialShownMaskedAndSaysWhereWithOpenAndReveal(FxRobot robot) throws Exception {
        panel.openRun(robot, run);
        robot.interact(() -> {
            var t = panel.app().results().runs().get(0).trials().stream()
                    .filter(x -> x.caseId().equals("gift-card") && x.variant().equals("baseline") && x.trial() == 0)
                    .findFirst()
                    .orElseThrow();
            panel.app().results().selectedRunDirProperty().set(t.runDir());
            panel.app().results().selectedTrialProperty().set(t);
        });
        Path target = Files.createDirectories(home.resolve("shared-" + System.nanoTime()))
                .resolve("trial.html");
        chooseAs(robot, target);
        // the Runs form names a secrets file: its values are secrets the panel knows of
        Path secrets = ExportFixture.secretsFile(target.getParent());
        robot.interact(() -> panel.app().runs().secretsFileProperty().set(secrets.toString()));
        fileExport(robot);
        assertThat(notice(robot)).isEqualTo("Exported to " + target);
        assertThat(FxQuery.fx(
                        () -> robot.lookup("#export-open").queryAs(Button.class).isVisible()))
                .isTrue();
        assertThat(FxQuery.fx(() ->
                        robot.lookup("#export-reveal").queryAs(Button.class).isVisible()))
                .isTrue();
        String page = Files.readString(target);
        assertThat(page).contains("gift-card #1 · baseline").contains("The failing call");
        assertThat(page).contains("token ***").doesNotContain(ExportFixture.FILE_KEY);
        WaitForAsyncUtils.waitForFxEvents();
        dev.mstpanel.testsupport.Screenshots.take(panel.stage().getScene(), "results-export-notice");
    }

    @Test
    void theExportButtonRefusesAFileInsideTheRunFolderInTheNotice(FxRobot robot) throws Exception {
        panel.openRun(robot, run);
        robot.interact(() -> panel.app().results().selectedRunDirProperty().set(run));
        Path target = run.resolve("report.html");
        chooseAs(robot, target);
        robot.interact(
                () -> robot.lookup("#results-export").queryAs(Button.class).fire());
        assertThat(notice(robot))
                .startsWith("Not exported: " + target + " is inside the run folder " + run)
                .endsWith("write the export somewhere else.");
        assertThat(target).doesNotExist();
    }

    @Test
    void withNothingOpenItSaysWhatToOpen(FxRobot robot) throws Exception {
        chooseAs(robot, home.resolve("never.html"));
        fileExport(robot);
        assertThat(notice(robot)).isEqualTo("Open a run, a trial or a comparison in Results to export it.");
        assertThat(home.resolve("never.html")).doesNotExist();
    }

    @Test
    void onTheCompareScreenTheComparisonShownIsExported(FxRobot robot) throws Exception {
        panel.openRun(robot, run);
        robot.interact(() -> panel.app().compare().open(run, "baseline", run, "with-skill"));
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(
                        () -> panel.app().compare().comparisonProperty().get() != null));
        Path target = Files.createDirectories(home.resolve("shared-" + System.nanoTime()))
                .resolve("compare.html");
        chooseAs(robot, target);
        robot.interact(
                () -> robot.lookup("#results-export").queryAs(Button.class).fire());
        assertThat(notice(robot)).isEqualTo("Exported to " + target);
        assertThat(Files.readString(target))
                .contains("with-skill vs baseline · run " + ExportFixture.RUN_ID)
                .contains("Verdict: unclear");
    }
}
