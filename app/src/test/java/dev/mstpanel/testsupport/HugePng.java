package dev.mstpanel.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * Writes a valid PNG of huge dimensions without holding its pixels: an 8-bit
 * grey image whose rows are streamed through a deflater, so a 23000 × 23000 image is about 1 MB on
 * disk. Also a main that decodes one at its shown size and prints its size, to run in a JVM with a
 * small heap: {@code HugePng decode FILE}.
 */
public final class HugePng {
    private HugePng() {}

    /** Writes a {@code width × height} grey PNG (a light band every 1,000 rows). */
    public static void write(Path file, int width, int height) throws IOException {
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(idat, new Deflater(Deflater.BEST_SPEED), 1 << 16)) {
            byte[] row = new byte[width + 1];
            byte[] band = new byte[width + 1];
            java.util.Arrays.fill(band, 1, band.length, (byte) 0xC0);
            for (int y = 0; y < height; y++) {
                z.write(y % 1000 < 20 ? band : row);
            }
        }
        try (OutputStream out = Files.newOutputStream(file);
                DataOutputStream d = new DataOutputStream(out)) {
            d.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
            ByteArrayOutputStream ihdr = new ByteArrayOutputStream();
            DataOutputStream h = new DataOutputStream(ihdr);
            h.writeInt(width);
            h.writeInt(height);
            h.write(new byte[] {8, 0, 0, 0, 0}); // 8-bit grey, deflate, adaptive filter, no interlace
            chunk(d, "IHDR", ihdr.toByteArray());
            chunk(d, "IDAT", idat.toByteArray());
            chunk(d, "IEND", new byte[0]);
        }
    }

    private static void chunk(DataOutputStream d, String type, byte[] data) throws IOException {
        d.writeInt(data.length);
        byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        d.write(t);
        d.write(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        d.writeInt((int) crc.getValue());
    }

    public static void main(String[] args) throws Exception {
        Path f = Path.of(args[1]);
        var size = dev.mstpanel.core.results.diagnosis.PngImages.size(f);
        var img = dev.mstpanel.core.results.diagnosis.PngImages.decodeSubsampled(
                f, dev.mstpanel.core.results.diagnosis.PngImages.step(size));
        System.out.println(img.getWidth() + "x" + img.getHeight());
    }
}
