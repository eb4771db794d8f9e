package dev.mstpanel.ui;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Where the main window opens: the saved size and position, kept on a screen that is there now
 * (item 9: a saved position of a screen since unplugged, or a size bigger than every
 * screen, must not hide the window). {@code SettingsLoad} has already clamped the numbers; this
 * fits them to the real screens.
 *
 * @param x the window's left edge, or NaN to centre it
 * @param y the window's top edge, or NaN to centre it
 * @param width the scene's width in pixels
 * @param height the scene's height in pixels
 */
record WindowPlacement(double x, double y, double width, double height) {

    /**
     * Fits a saved geometry to the screens: the screen that holds the saved position's top strip,
     * else the primary one; the size at most that screen's visible area; the window moved to lie
     * within it. A position on no screen is dropped (the window is centred).
     */
    static WindowPlacement fit(double x, double y, double width, double height) {
        Screen screen = Screen.getPrimary();
        boolean placed = false;
        if (!Double.isNaN(x) && !Double.isNaN(y)) {
            var on = Screen.getScreensForRectangle(x, y, Math.max(100, Math.min(width, 4000) / 4), 40);
            if (!on.isEmpty()) {
                screen = on.get(0);
                placed = true;
            }
        }
        Rectangle2D b = screen.getVisualBounds();
        double w = Math.min(width, b.getWidth());
        double h = Math.min(height, b.getHeight());
        if (!placed) {
            return new WindowPlacement(Double.NaN, Double.NaN, w, h);
        }
        double fx = Math.max(b.getMinX(), Math.min(x, b.getMaxX() - w));
        double fy = Math.max(b.getMinY(), Math.min(y, b.getMaxY() - h));
        return new WindowPlacement(fx, fy, w, h);
    }

    /** Moves the stage to the position, when there is one (else JavaFX centres it). */
    void applyPosition(Stage stage) {
        if (!Double.isNaN(x) && !Double.isNaN(y)) {
            stage.setX(x);
            stage.setY(y);
        }
    }
}
