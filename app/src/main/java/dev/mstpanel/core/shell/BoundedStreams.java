package dev.mstpanel.core.shell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The one way the panel reads a long-lived process's output line by line ({@code mst run}, image
 * builds): in bounded memory, whatever the process prints, even a line that never ends (short
 * commands keep at most {@link CommandRunner#MAX_OUTPUT_BYTES} of theirs). Lines end at {@code \n},
 * {@code \r\n} or a lone {@code \r} (as {@link java.io.BufferedReader#readLine()} ends them); bytes
 * that are not UTF-8 become U+FFFD. A line longer than the limit is cut at the limit (on a
 * character boundary), marked with {@link #CUT_MARK} and delivered at once; the rest of that line
 * is read and dropped, so the process never blocks on a full pipe and never dies of SIGPIPE.
 *
 * <p>Masking comes before cutting: a {@link LineMask} sees each line whole, or, for a line longer
 * than the limit, the limit plus the longest value it masks, so that a secret that straddles the
 * cut is still replaced whole; whatever the cut leaves of the start of a secret is masked too.
 * Memory stays bounded by the limit plus that longest value.
 */
public final class BoundedStreams {
    /** The longest line delivered, in bytes of UTF-8: 8 KiB (MST's lines are a few hundred bytes). */
    public static final int MAX_LINE_BYTES = 8 * 1024;
    /** What ends a cut line. */
    public static final String CUT_MARK = " … [line cut at 8 KiB; the rest of it was dropped]";

    private BoundedStreams() {}

    /** Receives lines. */
    @FunctionalInterface
    public interface LineSink {
        /**
         * One line, without its terminator.
         *
         * @param line the text; a cut line ends with {@link #CUT_MARK}
         * @param more true when more bytes were already read (a caller may flush only when false)
         */
        void line(String line, boolean more);
    }

    /**
     * Reads lines to the end of the stream (or until it fails), each at most {@link #MAX_LINE_BYTES}.
     * Closes the stream.
     *
     * @param in a process's stdout or stderr
     * @param sink gets each line on this thread
     * @throws IOException when reading fails (the stream was closed under it)
     */
    public static void readLines(InputStream in, LineSink sink) throws IOException {
        readLines(in, MAX_LINE_BYTES, LineMask.NONE, sink);
    }

    /**
     * As {@link #readLines(InputStream, LineSink)}, each line masked before it is cut and delivered.
     *
     * @param mask what must never be delivered
     */
    public static void readLines(InputStream in, LineMask mask, LineSink sink) throws IOException {
        readLines(in, MAX_LINE_BYTES, mask, sink);
    }

    /** As {@link #readLines(InputStream, LineSink)} with another limit (tests). */
    static void readLines(InputStream in, int maxLineBytes, LineSink sink) throws IOException {
        readLines(in, maxLineBytes, LineMask.NONE, sink);
    }

    /** As {@link #readLines(InputStream, LineMask, LineSink)} with another limit (tests). */
    static void readLines(InputStream in, int maxLineBytes, LineMask mask, LineSink sink) throws IOException {
        byte[] buf = new byte[1 << 16];
        // the limit, plus room to see whole a secret that starts before the cut
        byte[] line = new byte
                [(int) Math.min(Integer.MAX_VALUE - 16, (long) maxLineBytes + Math.max(0, mask.longestValueBytes()))];
        int len = 0;
        boolean dropping = false;
        boolean afterCr = false;
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buf[i];
                    if (b == '\n' && afterCr) {
                        afterCr = false;
                        continue;
                    }
                    afterCr = false;
                    if (b == '\n' || b == '\r') {
                        afterCr = b == '\r';
                        if (!dropping) {
                            sink.line(masked(line, len, maxLineBytes, mask, false), i + 1 < n || in.available() > 0);
                        }
                        len = 0;
                        dropping = false;
                        continue;
                    }
                    if (dropping) {
                        continue;
                    }
                    if (len == line.length) {
                        sink.line(masked(line, len, maxLineBytes, mask, true), true);
                        len = 0;
                        dropping = true;
                        continue;
                    }
                    line[len++] = b;
                }
            }
            if (len > 0 && !dropping) {
                sink.line(masked(line, len, maxLineBytes, mask, false), false);
            }
        }
    }

    /**
     * The line to deliver: masked whole, then cut to the limit when it is longer (a line that
     * filled the buffer always is), with the start of a secret left at the cut masked as well.
     *
     * @param overflowed true when the line goes on past the buffer (the rest is dropped)
     */
    private static String masked(byte[] line, int len, int maxLineBytes, LineMask mask, boolean overflowed) {
        // a buffer that filled may end inside a character: leave that out, so that a secret's start
        // is still the end of the text and is found there
        String whole = mask.mask(decode(line, overflowed ? characterBoundary(line, len) : len));
        if (!overflowed && len <= maxLineBytes) {
            return whole;
        }
        byte[] bytes = whole.getBytes(StandardCharsets.UTF_8);
        if (!overflowed && bytes.length <= maxLineBytes) {
            return whole; // masking brought it under the limit, and nothing of it was dropped
        }
        int cut = characterBoundary(bytes, Math.min(bytes.length, maxLineBytes));
        return mask.maskValueStart(decode(bytes, cut)) + CUT_MARK;
    }

    /** The largest length ≤ len that does not end inside a UTF-8 sequence. */
    private static int characterBoundary(byte[] b, int len) {
        int i = len;
        int cont = 0;
        while (i > 0 && cont < 3 && (b[i - 1] & 0xC0) == 0x80) {
            i--;
            cont++;
        }
        if (i == 0) {
            return len;
        }
        int lead = b[i - 1] & 0xFF;
        if (lead < 0xC0) {
            return len; // ASCII (or stray continuation bytes: malformed either way)
        }
        int need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
        return cont >= need ? len : i - 1;
    }

    private static String decode(byte[] b, int len) {
        return new String(b, 0, len, StandardCharsets.UTF_8); // malformed input becomes U+FFFD
    }
}
