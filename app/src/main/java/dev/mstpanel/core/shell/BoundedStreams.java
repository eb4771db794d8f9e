package dev.mstpanel.core.shell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The one way the panel reads a long-lived process's output line by line ({@code mst run}, image
 * builds): in bounded memory, whatever the process prints (issue 13, "MST output without a
 * newline"; short commands keep at most {@link CommandRunner#MAX_OUTPUT_BYTES} of theirs). Lines end at {@code \n}, {@code \r\n} or a lone
 * {@code \r} (as {@link java.io.BufferedReader#readLine()} ends them); bytes that are not UTF-8
 * become U+FFFD. A line longer than the limit is cut at the limit (on a character boundary),
 * marked with {@link #CUT_MARK} and delivered at once; the rest of that line is read and dropped,
 * so the process never blocks on a full pipe and never dies of SIGPIPE.
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
        readLines(in, MAX_LINE_BYTES, sink);
    }

    /** As {@link #readLines(InputStream, LineSink)} with another limit (tests). */
    static void readLines(InputStream in, int maxLineBytes, LineSink sink) throws IOException {
        byte[] buf = new byte[1 << 16];
        byte[] line = new byte[maxLineBytes];
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
                            sink.line(decode(line, len), i + 1 < n || in.available() > 0);
                        }
                        len = 0;
                        dropping = false;
                        continue;
                    }
                    if (dropping) {
                        continue;
                    }
                    if (len == line.length) {
                        int cut = characterBoundary(line, len);
                        sink.line(decode(line, cut) + CUT_MARK, true);
                        len = 0;
                        dropping = true;
                        continue;
                    }
                    line[len++] = b;
                }
            }
            if (len > 0 && !dropping) {
                sink.line(decode(line, len), false);
            }
        }
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
