package dev.mstpanel.ui.common;

import java.util.concurrent.Executor;
import javafx.application.Platform;

/**
 * The one seam to the FX thread: view models post state changes through it. The app uses
 * {@link #fx()}; unit tests use {@link #direct()} so view models run without a toolkit.
 */
public interface UiExecutor extends Executor {
    /** Runs on the JavaFX application thread (at once when already on it). */
    static UiExecutor fx() {
        return r -> {
            if (Platform.isFxApplicationThread()) {
                r.run();
            } else {
                Platform.runLater(r);
            }
        };
    }

    /** Runs on the calling thread (tests). */
    static UiExecutor direct() {
        return Runnable::run;
    }
}
