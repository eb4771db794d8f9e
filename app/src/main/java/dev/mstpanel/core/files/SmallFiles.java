package dev.mstpanel.core.files;

import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whole-file reads of files the panel does not control ({@code config.json}, a context's
 * {@code meta.json}, {@code settings.json}), bounded: a 3 GiB file is refused
 * before a byte is read, a FIFO or device is never opened (a FIFO would block the read forever),
 * and a file that grows while it is read stops at the limit.
 */
public final class SmallFiles {
    private SmallFiles() {}

    /** A file refused before or while reading it; the message says why, for people. */
    public static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * Reads a regular file of at most {@code maxBytes}.
     *
     * @param file the file (symbolic links are followed)
     * @param maxBytes the largest size accepted, in bytes
     * @return its bytes
     * @throws Refused when it is not a regular file (a folder, FIFO, device) or is larger than
     *     {@code maxBytes}, e.g. {@code /x/config.json is 3.0 GiB, more than the 8.0 MiB the panel reads}
     * @throws java.nio.file.NoSuchFileException when it does not exist
     * @throws IOException when it cannot be read
     */
    public static byte[] read(Path file, int maxBytes) throws IOException {
        if (!Files.exists(file)) {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file)) {
            throw new Refused(file + " is not a regular file" + (Files.isDirectory(file) ? " but a folder" : ""));
        }
        long size = Files.size(file);
        if (size > maxBytes) {
            throw new Refused(file + " is " + ByteSize.human(size) + ", more than the " + ByteSize.human(maxBytes)
                    + " the panel reads");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new Refused(file + " grew past " + ByteSize.human(maxBytes) + " while it was read");
            }
            return bytes;
        }
    }
}
