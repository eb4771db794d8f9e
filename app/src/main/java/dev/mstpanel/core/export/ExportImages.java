package dev.mstpanel.core.export;

import dev.mstpanel.core.results.diagnosis.PngImages;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * A trial's screenshot made small enough for an exported page: at most {@value #MAX_WIDTH} px wide,
 * as a JPEG of quality {@value #QUALITY} (a 1280 px screen of a desktop app is some 100 KB that way,
 * against several hundred as a PNG). A huge PNG is decoded subsampled first ({@link PngImages}).
 */
public final class ExportImages {
    /** The widest image written, in pixels. */
    public static final int MAX_WIDTH = 1280;
    /** The JPEG quality, 0 to 1. */
    public static final float QUALITY = 0.8f;

    private ExportImages() {}

    /**
     * The screenshot as a JPEG, scaled down to {@link #MAX_WIDTH} when wider. Blocking disk work.
     *
     * @param png a PNG file
     * @return the JPEG's bytes
     * @throws IOException when the file cannot be read or decoded
     */
    public static byte[] jpeg(Path png) throws IOException {
        BufferedImage src = PngImages.decodeSubsampled(png, PngImages.step(PngImages.size(png)));
        if (src == null) {
            throw new IOException("the image could not be decoded");
        }
        int w = Math.min(MAX_WIDTH, src.getWidth());
        int h = Math.max(1, (int) Math.round((double) src.getHeight() * w / src.getWidth()));
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            // a transparent screenshot on white, as a browser shows it; JPEG has no alpha
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, w, h);
            g.drawImage(src, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(stream);
            ImageWriteParam p = writer.getDefaultWriteParam();
            p.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            p.setCompressionQuality(QUALITY);
            writer.write(null, new IIOImage(out, null, null), p);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
