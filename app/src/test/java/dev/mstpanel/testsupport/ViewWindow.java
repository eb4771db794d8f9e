package dev.mstpanel.testsupport;

import dev.mstpanel.ui.App;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * One view alone in a real window, styled as the panel's window is (its theme and stylesheet), for a
 * TestFX class that tests that view without the whole panel ({@link ResultsWindow} opens the whole
 * panel on Results). Call from a {@code @Start} method (FX thread).
 */
public final class ViewWindow {
    private ViewWindow() {}

    /**
     * Shows {@code view} in {@code stage}, 1280×800 px, and watches its FX thread.
     *
     * @return the guard whose {@link FxThreadGuard#assertNone()} the test calls at its end
     */
    public static FxThreadGuard show(Stage stage, Parent view) {
        App.applyTheme(false);
        Scene scene = new Scene(view, 1280, 800);
        scene.getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/app.css"));
        stage.setScene(scene);
        stage.show();
        return FxThreadGuard.watch(scene);
    }
}
