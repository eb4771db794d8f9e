package dev.mstpanel.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Saves a window's picture as PNG when the tests run with {@code -Dmstpanel.screenshots=DIR}
 * (to look at what a view shows); does nothing otherwise.
 */
public final class Screenshots {
    private Screenshots() {}

    /**
     * @param scene the window's scene
     * @param name the file name without {@code .png}
     */
    public static void take(Scene scene, String name) throws Exception {
        String dir = System.getProperty("mstpanel.screenshots");
        if (dir == null || dir.isBlank()) {
            return;
        }
        WritableImage image =
                WaitForAsyncUtils.asyncFx(() -> scene.snapshot(null)).get();
        Path out = Path.of(dir, name + ".png");
        try {
            Files.createDirectories(out.getParent());
            ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", out.toFile());
        } catch (IOException e) {
            throw new IOException("could not save the screenshot " + out + ": " + e.getMessage(), e);
        }
    }
}
