package dev.mstpanel.core.results.files;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Each reading thread's buffer, grown to the largest file it has read, so traces and scores are
 * not copied per trial while a run lists. A file over {@link #MAX_FILE_BYTES} is refused before it
 * is read (item 10: one 1 GiB trace must not fail the listing of the whole run). A buffer over 4 MB is dropped after use, so one huge
 * trace does not stay in memory for the rest of the listing. Thread-safe (one buffer per thread).
 */
public final class ReadBuffer {
    private static final int MAX_KEPT_BUFFER = 4 * 1024 * 1024;
    /** The largest file read whole, 256 MiB: a larger one is refused with {@link TooLargeException}. */
    public static final long MAX_FILE_BYTES = 256L * 1024 * 1024;

    /** A file over {@link #MAX_FILE_BYTES}: its size is in the message. */
    public static final class TooLargeException extends IOException {
        final long size;

        TooLargeException(long size) {
            super("the file is " + dev.mstpanel.core.text.ByteSize.human(size) + ", more than the "
                    + dev.mstpanel.core.text.ByteSize.human(MAX_FILE_BYTES) + " the panel reads for one trial");
            this.size = size;
        }
    }

    private final ThreadLocal<byte[][]> buffer = ThreadLocal.withInitial(() -> new byte[][] {new byte[64 * 1024]});
    private final ThreadLocal<int[]> length = ThreadLocal.withInitial(() -> new int[1]);

    /**
     * Reads a whole file into this thread's buffer; its length is then {@link #length()}.
     *
     * @return the buffer (longer than the file); valid until this thread's next read
     * @throws IOException when the file cannot be read ({@link java.nio.file.NoSuchFileException} when absent)
     */
    public byte[] read(Path file) throws IOException {
        return readRegular(file, ResultsFiles.regularFile(file).size());
    }

    /**
     * {@link #read(Path)} of a file the caller has just found to be a regular file (its own look at it,
     * as {@link ScoreReader} makes for each score file): not looked up a second time before it is opened,
     * nor once open (20,000 score files for the Compare screen's two 10,000-trial runs). The file is read
     * to its end, so one that grew since that look is read whole.
     *
     * @param size the file's size in bytes at that look
     * @throws TooLargeException when the file is, or grows while read to, more than {@link #MAX_FILE_BYTES}
     */
    public byte[] readRegular(Path file, long size) throws IOException {
        if (size > MAX_FILE_BYTES) {
            throw new TooLargeException(size);
        }
        byte[][] holder = buffer.get();
        byte[] buf = holder[0];
        int n = 0;
        if (size >= buf.length) {
            buf = new byte[(int) size + 1]; // one allocation for a large file, not doublings; + 1 to see its end
            holder[0] = buf;
        }
        try (var ch = java.nio.channels.FileChannel.open(file)) {
            while (true) {
                if (n == buf.length) {
                    if (n > MAX_FILE_BYTES) {
                        throw new TooLargeException(n);
                    }
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                    holder[0] = buf;
                }
                int r = ch.read(java.nio.ByteBuffer.wrap(buf, n, buf.length - n));
                if (r < 0) {
                    break;
                }
                n += r;
            }
        }
        length.get()[0] = n;
        if (buf.length > MAX_KEPT_BUFFER) {
            holder[0] = new byte[64 * 1024]; // a huge trace: do not keep its buffer for the rest
        }
        return buf;
    }

    /** The length in bytes of this thread's last {@link #read(Path)}. */
    public int length() {
        return length.get()[0];
    }
}
