package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ResultsViewModel#openIfFolder}, what the Results view does at start-up with the working
 * folder's {@code .mcp-test-results}: the look at the disk is a background task (the FX thread
 * does not wait on it), a missing folder is no message, and an open a person asked for wins.
 */
class ResultsViewModelOpenIfFolderTest {
    @TempDir
    Path home;

    private final Deque<Runnable> background = new ArrayDeque<>();
    private ResultsReader reader;
    private ResultsViewModel model;

    @BeforeEach
    void setUp() {
        reader = new ResultsReader(home.resolve("cache"));
        Executor queued = background::add;
        model = new ResultsViewModel(reader, UiExecutor.direct(), queued);
    }

    @AfterEach
    void tearDown() {
        model.dispose();
        reader.close();
    }

    /** Runs the background tasks on this thread, those they add too, in the order they were asked for. */
    private void runBackground() {
        for (Runnable r; (r = background.poll()) != null; ) {
            r.run();
        }
    }

    private Path results(String name) throws Exception {
        Path root = Files.createDirectories(home.resolve(name).resolve(".mcp-test-results"));
        RunFixture.allStatuses(root);
        return root;
    }

    @Test
    void theFolderIsLookedAtOnTheBackgroundExecutorThenOpened() throws Exception {
        Path root = results("project");

        model.openIfFolder(root);

        assertThat(model.locationProperty().get())
                .as("nothing opened on the caller's thread")
                .isNull();
        assertThat(background)
                .as("the look at the disk waits for the background executor")
                .hasSize(1);
        runBackground();
        assertThat(model.locationProperty().get())
                .isEqualTo(root.toAbsolutePath().normalize());
        assertThat(model.messageProperty().get()).isNull();
    }

    @Test
    void withNoResultsHereTheFolderOpenWhenThePanelClosedOpensAgainWithItsRunSelected() throws Exception {
        Path earlier = results("earlier");
        Path run = RunFixture.allStatuses(earlier).runDir();
        model.rememberOpen(earlier, run);

        model.openIfFolder(home.resolve("no-project").resolve(".mcp-test-results"));
        runBackground();

        assertThat(model.locationProperty().get())
                .isEqualTo(earlier.toAbsolutePath().normalize());
        assertThat(model.selectedRunDirProperty().get())
                .isEqualTo(run.toAbsolutePath().normalize());
    }

    @Test
    void theWorkingFolderResultsWinOverTheRememberedAndAGoneFolderIsNoMessage() throws Exception {
        Path here = results("project");
        model.rememberOpen(results("earlier"), null);
        model.openIfFolder(here);
        runBackground();
        assertThat(model.locationProperty().get())
                .isEqualTo(here.toAbsolutePath().normalize());

        ResultsViewModel fresh = new ResultsViewModel(reader, UiExecutor.direct(), background::add);
        try {
            fresh.rememberOpen(home.resolve("deleted"), home.resolve("deleted/runs/x"));
            fresh.openIfFolder(home.resolve("none"));
            runBackground();
            assertThat(fresh.locationProperty().get()).isNull();
            assertThat(fresh.messageProperty().get()).isNull();
        } finally {
            fresh.dispose();
        }
    }

    @Test
    void aMissingFolderOpensNothingAndSaysNothing() {
        model.openIfFolder(home.resolve("no-project").resolve(".mcp-test-results"));
        runBackground();

        assertThat(model.locationProperty().get()).isNull();
        assertThat(model.messageProperty().get()).isNull();
    }

    @Test
    void aFolderOpenedAfterwardsWins() throws Exception {
        Path here = results("project");
        Path chosen = results("chosen");

        model.openIfFolder(here);
        model.open(chosen);
        runBackground();

        assertThat(model.locationProperty().get())
                .isEqualTo(chosen.toAbsolutePath().normalize());
    }

    @Test
    void aFolderAskedForBeforeThatIsShownFirstWins() throws Exception {
        Path here = results("project");
        Path chosen = results("chosen");

        model.open(chosen);
        model.openIfFolder(here);
        runBackground();

        assertThat(model.locationProperty().get())
                .isEqualTo(chosen.toAbsolutePath().normalize());
    }
}
