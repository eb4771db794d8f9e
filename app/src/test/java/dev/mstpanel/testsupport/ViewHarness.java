package dev.mstpanel.testsupport;

import dev.mstpanel.core.results.ResultsReader;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * What a TestFX class that tests one results view alone needs (the Compare screen, the trend): the real
 * {@link ResultsReader}, a pool of daemon threads for the view model's background work, and the view in a
 * real window ({@link ViewWindow}) watched by an {@link FxThreadGuard}. Make one per test in the
 * {@code @Start} method (FX thread) and {@link #close()} it in {@code @AfterEach}.
 */
public final class ViewHarness implements AutoCloseable {
    private final ExecutorService background = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "test-background");
        t.setDaemon(true);
        return t;
    });
    private final ResultsReader reader = new ResultsReader();
    private FxThreadGuard guard;
    private Scene scene;

    /** The pool a view model's reads run on. */
    public ExecutorService background() {
        return background;
    }

    /** The reader the view model reads runs with (closed by {@link #close()}). */
    public ResultsReader reader() {
        return reader;
    }

    /** Shows {@code view} alone in {@code stage} (1280×800 px, the panel's theme) and watches its FX thread. */
    public ViewHarness show(Stage stage, Parent view) {
        guard = ViewWindow.show(stage, view);
        scene = stage.getScene();
        return this;
    }

    /** The window's scene, for screenshots. */
    public Scene scene() {
        return scene;
    }

    /**
     * Stops the background work, closes the reader, and fails the test when the FX thread was blocked
     * or touched off its thread while the view was shown ({@link FxThreadGuard#assertNone()}).
     */
    @Override
    public void close() {
        background.shutdownNow();
        reader.close();
        if (guard != null) {
            guard.assertNone();
        }
    }
}
