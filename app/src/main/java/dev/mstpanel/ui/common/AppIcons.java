package dev.mstpanel.ui.common;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The app icon at the sizes a window needs (16, 32, 48, 64, 128 and 256 px), rendered from
 * {@code icons/mst-panel.svg} by {@code icons/make-icons.sh} into this package's resources.
 * Loaded once, on first use.
 */
public final class AppIcons {
    /** The sizes in pixels that are in the resources. */
    public static final int[] SIZES = {16, 32, 48, 64, 128, 256};

    private static List<Image> images;

    private AppIcons() {}

    /** The icon images, smallest first; empty when the resources are missing (never throws). */
    public static synchronized List<Image> images() {
        if (images == null) {
            List<Image> list = new ArrayList<>();
            for (int size : SIZES) {
                InputStream in =
                        AppIcons.class.getResourceAsStream("/dev/mstpanel/ui/icons/mst-panel-" + size + ".png");
                if (in != null) {
                    list.add(new Image(in));
                }
            }
            images = List.copyOf(list);
        }
        return images;
    }

    /** The largest icon (for the About dialog), or null when missing. */
    public static Image largest() {
        List<Image> all = images();
        return all.isEmpty() ? null : all.get(all.size() - 1);
    }

    /** Puts the icon on a stage (the main window, a dialog's window). */
    public static void apply(Stage stage) {
        stage.getIcons().setAll(images());
    }
}
