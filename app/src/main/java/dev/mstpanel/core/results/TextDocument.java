package dev.mstpanel.core.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A text file of a failure diagnosis (a log, the accessibility dump) loaded for display: its
 * lines, how much of it was loaded, and a lower-case copy for search. Bytes that are not UTF-8
 * are shown as {@code \xNN} and counted, never fatal. A file over the size budget loads only its
 * last part, from the first whole line.
 *
 * <p>Search and filter are linear scans over the lower-case lines: about 10 ms for 200,000 lines
 * on a laptop core (see {@code scripts/bench/}). Immutable; safe to share between threads.
 */
public final class TextDocument {
    /** Budget for a log: MST keeps the last 256 KiB of each, so 8 MiB is generous. */
    public static final long LOG_BUDGET_BYTES = 8L * 1024 * 1024;
    /** Budget for an accessibility dump: 200,000 lines are about 12 MiB. */
    public static final long DUMP_BUDGET_BYTES = 64L * 1024 * 1024;

    private final Path file;
    private final List<String> lines;
    private final String[] lower;
    private final long totalBytes;
    private final long loadedBytes;
    private final int undecodableBytes;

    private TextDocument(Path file, List<String> lines, long totalBytes, long loadedBytes, int undecodableBytes) {
        this.file = file;
        this.lines = lines;
        this.totalBytes = totalBytes;
        this.loadedBytes = loadedBytes;
        this.undecodableBytes = undecodableBytes;
        this.lower = new String[lines.size()];
        for (int i = 0; i < lower.length; i++) {
            lower[i] = lines.get(i).toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Loads a file, or its last {@code budgetBytes} when it is bigger.
     *
     * @param file the file
     * @param budgetBytes the most bytes to load
     * @throws IOException when it cannot be read (the message names the file)
     */
    public static TextDocument load(Path file, long budgetBytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long start = Math.max(0, size - budgetBytes);
            int len = (int) Math.min(Integer.MAX_VALUE - 16, size - start);
            ByteBuffer buf = ByteBuffer.allocate(len);
            ch.position(start);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // read on
            }
            buf.flip();
            if (start > 0) {
                // begin at the first whole line
                while (buf.hasRemaining() && buf.get() != '\n') {
                    // skip the cut line
                }
            }
            long loaded = buf.remaining();
            int[] bad = new int[1];
            String text = decode(buf, bad);
            return new TextDocument(file, splitLines(text), size, loaded, bad[0]);
        }
    }

    /** Builds a document from text (tests, benchmarks). */
    public static TextDocument of(Path file, String text) {
        long n = text.getBytes(StandardCharsets.UTF_8).length;
        return new TextDocument(file, splitLines(text), n, n, 0);
    }

    /** Decodes UTF-8, writing each byte that is not UTF-8 as {@code \xNN}; counts them in {@code bad[0]}. */
    static String decode(ByteBuffer in, int[] bad) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        StringBuilder sb = new StringBuilder(in.remaining());
        CharBuffer out = CharBuffer.allocate(64 * 1024);
        while (true) {
            CoderResult r = d.decode(in, out, true);
            out.flip();
            sb.append(out);
            out.clear();
            if (r.isError()) {
                for (int i = 0; i < r.length(); i++) {
                    sb.append(String.format(Locale.ROOT, "\\x%02X", in.get() & 0xff));
                    bad[0]++;
                }
            } else if (r.isUnderflow()) {
                break;
            }
        }
        d.flush(out);
        out.flip();
        sb.append(out);
        return sb.toString();
    }

    private static List<String> splitLines(String text) {
        List<String> out = new ArrayList<>(Math.max(16, text.length() / 60));
        int start = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            if (text.charAt(i) == '\n') {
                int end = i > start && text.charAt(i - 1) == '\r' ? i - 1 : i;
                out.add(text.substring(start, end));
                start = i + 1;
            }
        }
        if (start < n) {
            out.add(text.substring(start));
        }
        return out;
    }

    public Path file() { return file; }
    /** The loaded lines, without line ends. */
    public List<String> lines() { return lines; }
    /** The file's size in bytes. */
    public long totalBytes() { return totalBytes; }
    /** How many bytes were loaded (all of them unless {@link #truncated()}). */
    public long loadedBytes() { return loadedBytes; }
    /** True when only the file's last part was loaded. */
    public boolean truncated() { return loadedBytes < totalBytes && totalBytes > 0 && loadedBytes + 1 < totalBytes; }
    /** How many bytes were not UTF-8 (shown as {@code \xNN}). */
    public int undecodableBytes() { return undecodableBytes; }

    /** A sentence about what was not loaded or decoded, or null. */
    public String notice() {
        List<String> parts = new ArrayList<>();
        if (truncated()) {
            parts.add("This file is " + dev.mstpanel.core.docker.ByteSize.human(totalBytes) + ": showing its last "
                    + dev.mstpanel.core.docker.ByteSize.human(loadedBytes) + ".");
        }
        if (undecodableBytes > 0) {
            parts.add(undecodableBytes + (undecodableBytes == 1 ? " byte is" : " bytes are") + " not UTF-8, shown as \\xNN.");
        }
        return parts.isEmpty() ? null : String.join(" ", parts);
    }

    /**
     * The lines that contain {@code query}, ignoring case.
     *
     * @return line indexes (0-based), ascending; every line for a blank query
     */
    public int[] find(String query) {
        if (query == null || query.isEmpty()) {
            int[] all = new int[lower.length];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            return all;
        }
        String q = query.toLowerCase(Locale.ROOT);
        int[] hits = new int[64];
        int n = 0;
        for (int i = 0; i < lower.length; i++) {
            if (lower[i].contains(q)) {
                if (n == hits.length) {
                    hits = java.util.Arrays.copyOf(hits, n * 2);
                }
                hits[n++] = i;
            }
        }
        return java.util.Arrays.copyOf(hits, n);
    }

    /**
     * True when the line of an accessibility dump describes a disabled control: it says
     * {@code disabled}, {@code enabled=false}, {@code enabled: false} or {@code enabled=no}
     * (MST's dump gives each control's role, name and whether it was enabled).
     */
    public boolean isDisabledControl(int line) {
        String l = lower[line];
        return l.contains("disabled") || l.contains("enabled=false") || l.contains("enabled: false") || l.contains("enabled=no")
                || l.contains("\"enabled\":false") || l.contains("\"enabled\": false");
    }
}
