package dev.mstpanel.core.results.diagnosis;

import dev.mstpanel.core.results.files.ResultsFiles;
import java.awt.image.BufferedImage;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * Decodes a failure diagnosis's {@code screen.png} at the size it is shown, whatever size it
 * claims: the PNG header is read first (24 bytes: signature and IHDR, PNG
 * specification section 11.2.2), and an image larger than {@link #MAX_SIDE} px on a side is decoded
 * with subsampling (every n-th row and column), so memory is bounded by the shown size, not the
 * claimed one. Stateless.
 */
public final class PngImages {
    /** The longest side decoded, in px: a larger image is subsampled down to about this. */
    public static final int MAX_SIDE = 4096;
    /** The most pixels a screenshot may claim, 1.5 billion (about 38,700 px square): more is refused with a message. */
    public static final long MAX_PIXELS = 1_500_000_000L;

    private PngImages() {}

    /**
     * The width and height a PNG's IHDR claims, in px.
     *
     * @param width px
     * @param height px
     */
    public record Size(long width, long height) {
        public long pixels() {
            return width * height;
        }
    }

    /**
     * Reads the size from the header.
     *
     * @throws IOException when the file cannot be read or is not a PNG with an IHDR chunk
     */
    public static Size size(Path file) throws IOException {
        ResultsFiles.requireRegularFile(file);
        try (InputStream in = Files.newInputStream(file);
                DataInputStream d = new DataInputStream(in)) {
            byte[] sig = d.readNBytes(8);
            if (sig.length < 8 || (sig[0] & 0xFF) != 0x89 || sig[1] != 'P' || sig[2] != 'N' || sig[3] != 'G') {
                throw new IOException("not a PNG image");
            }
            d.readInt(); // chunk length
            byte[] type = d.readNBytes(4);
            if (type.length < 4 || type[0] != 'I' || type[1] != 'H' || type[2] != 'D' || type[3] != 'R') {
                throw new IOException("the PNG has no IHDR header");
            }
            return new Size(Integer.toUnsignedLong(d.readInt()), Integer.toUnsignedLong(d.readInt()));
        } catch (java.io.EOFException e) {
            throw new IOException("the PNG is cut short in its header");
        }
    }

    /**
     * The subsampling step for an image: 1 when both sides fit {@link #MAX_SIDE}, else the smallest
     * step that brings the longer side to it.
     */
    public static int step(Size s) {
        long side = Math.max(s.width(), s.height());
        return side <= MAX_SIDE ? 1 : (int) ((side + MAX_SIDE - 1) / MAX_SIDE);
    }

    /**
     * Decodes a large PNG with subsampling. Blocking: call off the UI thread.
     *
     * @param step from {@link #step(Size)}
     * @throws IOException when it cannot be decoded
     */
    public static BufferedImage decodeSubsampled(Path file, int step) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new IOException("no decoder for this image");
            }
            ImageReader r = readers.next();
            try {
                r.setInput(in, true, true);
                ImageReadParam p = r.getDefaultReadParam();
                p.setSourceSubsampling(step, step, 0, 0);
                return r.read(0, p);
            } finally {
                r.dispose();
            }
        }
    }
}
