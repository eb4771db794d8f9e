package dev.mstpanel.testsupport;

import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The panel's real main window showing the Results view, with a panel home of its own under the
 * test's folder (no settings or recent folders carried from one test to the next), as the Results
 * and transcript window tests use it: made in a TestFX {@code @Start} method, a folder opened in a
 * test, closed in {@code @AfterEach}.
 *
 * <pre>{@code
 * panel = ResultsWindow.show(stage, home, 1860, 1000);     // @Start
 * panel.openRun(robot, run.runDir());                      // the test: waits until it is listed
 * panel.close();                                           // @AfterEach
 * }</pre>
 */
public final class ResultsWindow implements AutoCloseable {
    /** How long {@link #openFolder} waits for the listing: 10 s, enough for a test's run on a busy machine. */
    public static final long LISTING_TIMEOUT_SECONDS = 10;

    private final PanelWindow panel;

    private ResultsWindow(PanelWindow panel) {
        this.panel = panel;
    }

    /**
     * Shows the window on {@code stage} with the Results view open and nothing read yet. Call on the FX thread.
     *
     * @param home the test's temporary folder; the panel home is a new folder {@code panel-<nanos>} in it
     * @param width the scene's width in pixels
     * @param height the scene's height in pixels
     */
    public static ResultsWindow show(Stage stage, Path home, double width, double height) {
        return new ResultsWindow(PanelWindow.withPanelHome(home.resolve("panel-" + System.nanoTime()))
                .size(width, height)
                .open("results")
                .show(stage));
    }

    public AppContext app() {
        return panel.app();
    }

    public MainWindow window() {
        return panel.window();
    }

    public Stage stage() {
        return panel.stage();
    }

    /**
     * Opens a run folder in the Results view and waits until it is listed: {@link #openFolder} with one run.
     *
     * @throws TimeoutException when it is not listed within {@link #LISTING_TIMEOUT_SECONDS}
     */
    public void openRun(FxRobot robot, Path runDir) throws TimeoutException {
        openFolder(robot, runDir, 1);
    }

    /**
     * Opens a folder in the Results view as the app's "open results" does (a run, an eval folder or a
     * {@code .mcp-test-results} folder), then waits until it is listed: the view model holds at least
     * {@code runs} runs and reads none of them any more, and the navigator's tree has rows (all read on
     * the FX thread). A run not yet found does not count as reading: give the number of runs the folder
     * holds. Call from the test thread.
     *
     * @throws TimeoutException when that is not so within {@link #LISTING_TIMEOUT_SECONDS}
     */
    public void openFolder(FxRobot robot, Path folder, int runs) throws TimeoutException {
        robot.interact(() -> panel.window().openRun(folder));
        WaitForAsyncUtils.waitFor(
                LISTING_TIMEOUT_SECONDS,
                TimeUnit.SECONDS,
                () -> FxQuery.fx(() -> {
                    if (panel.app().results().loadingProperty().get()
                            || panel.app().results().runs().size() < runs) {
                        return false;
                    }
                    TreeView<?> tree = robot.lookup("#results-tree").query();
                    return tree.getRoot() != null
                            && !tree.getRoot().getChildren().isEmpty();
                }));
    }

    /** Closes the panel ({@link PanelWindow#close()}: fails the test when the scene was changed off the FX thread). */
    @Override
    public void close() {
        panel.close();
    }
}
