package dev.mstpanel.core.results.diagnosis;

import dev.mstpanel.core.results.files.ResultsFiles;
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
 * <p>Search and filter are linear scans over the lower-case lines (a few ms for 200,000 lines, see
 * {@code scripts/bench/text-dump.sh}); a search that extends the previous one scans only its hits.
 * Disabled controls are found once, when the document is built. Immutable; safe to share between
 * threads.
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
    private final java.util.BitSet disabled;
    private final int disabledCount;
    /** True when the loaded part starts in the middle of a line (the tail held no line end). */
    private final boolean cutMidLine;

    private TextDocument(Path file, String text, long totalBytes, long loadedBytes, int undecodableBytes) {
        this(file, text, totalBytes, loadedBytes, undecodableBytes, false);
    }

    private TextDocument(
            Path file, String text, long totalBytes, long loadedBytes, int undecodableBytes, boolean cutMidLine) {
        this.cutMidLine = cutMidLine;
        this.file = file;
        this.lines = splitLines(text);
        this.totalBytes = totalBytes;
        this.loadedBytes = loadedBytes;
        this.undecodableBytes = undecodableBytes;
        this.lower = new String[lines.size()];
        this.disabled = new java.util.BitSet(lines.size());
        // lower-case the whole text in one go (a JDK loop, fast even before the JIT has warmed up);
        // when that changes its length (a few letters lower-case to two chars), line by line
        String lowerText = text.toLowerCase(Locale.ROOT);
        List<String> lowerLines = lowerText.length() == text.length() ? splitLines(lowerText) : null;
        for (int i = 0; i < lower.length; i++) {
            lower[i] = lowerLines != null ? lowerLines.get(i) : lines.get(i).toLowerCase(Locale.ROOT);
            if (saysDisabled(lower[i])) {
                disabled.set(i);
            }
        }
        this.disabledCount = disabled.cardinality();
    }

    /**
     * Loads a file, or its last {@code budgetBytes} when it is bigger.
     *
     * @param file the file
     * @param budgetBytes the most bytes to load
     * @throws IOException when it cannot be read (the message names the file)
     */
    public static TextDocument load(Path file, long budgetBytes) throws IOException {
        ResultsFiles.requireRegularFile(file);
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
            boolean midLine = false;
            if (start > 0) {
                // begin at the first whole line
                while (buf.hasRemaining() && buf.get() != '\n') {
                    // skip the cut line
                }
                if (!buf.hasRemaining()) {
                    // the tail has no line end before its last byte (one long line): show it from where
                    // it was cut, not "its last 0 B"
                    buf.position(0);
                    midLine = true;
                }
            }
            long loaded = buf.remaining();
            int[] bad = new int[1];
            String text = decode(buf, bad);
            return new TextDocument(file, text, size, loaded, bad[0], midLine);
        }
    }

    /** Builds a document from text (tests, benchmarks). */
    public static TextDocument of(Path file, String text) {
        long n = text.getBytes(StandardCharsets.UTF_8).length;
        return new TextDocument(file, text, n, n, 0);
    }

    /** Decodes UTF-8, writing each byte that is not UTF-8 as {@code \xNN}; counts them in {@code bad[0]}. */
    static String decode(ByteBuffer in, int[] bad) {
        // the JDK's decoder is fastest; a byte that is not UTF-8 becomes U+FFFD there, and only
        // then is the text decoded again, byte by byte, to show such bytes as \xNN
        if (in.hasArray()) {
            String fast =
                    new String(in.array(), in.arrayOffset() + in.position(), in.remaining(), StandardCharsets.UTF_8);
            if (fast.indexOf('\uFFFD') < 0) {
                in.position(in.limit());
                return fast;
            }
        }
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
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
        int n = text.length();
        int count = 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            count++;
        }
        List<String> out = new ArrayList<>(count);
        int start = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
            int end = i > start && text.charAt(i - 1) == '\r' ? i - 1 : i;
            out.add(text.substring(start, end));
            start = i + 1;
        }
        if (start < n) {
            out.add(text.substring(start));
        }
        return out;
    }

    public Path file() {
        return file;
    }
    /** The loaded lines, without line ends. */
    public List<String> lines() {
        return lines;
    }
    /** The file's size in bytes. */
    public long totalBytes() {
        return totalBytes;
    }
    /** How many bytes were loaded (all of them unless {@link #truncated()}). */
    public long loadedBytes() {
        return loadedBytes;
    }
    /** True when only the file's last part was loaded. */
    public boolean truncated() {
        return loadedBytes < totalBytes && totalBytes > 0 && loadedBytes + 1 < totalBytes;
    }
    /** How many bytes were not UTF-8 (shown as {@code \xNN}). */
    public int undecodableBytes() {
        return undecodableBytes;
    }

    /** A sentence about what was not loaded or decoded, or null. */
    public String notice() {
        List<String> parts = new ArrayList<>();
        if (truncated()) {
            parts.add("This file is " + dev.mstpanel.core.text.ByteSize.human(totalBytes) + ": showing its last "
                    + dev.mstpanel.core.text.ByteSize.human(loadedBytes)
                    + (cutMidLine ? ", from the middle of a line." : "."));
        }
        if (undecodableBytes > 0) {
            parts.add(undecodableBytes + (undecodableBytes == 1 ? " byte is" : " bytes are")
                    + " not UTF-8, shown as \\xNN.");
        }
        return parts.isEmpty() ? null : String.join(" ", parts);
    }

    /**
     * The lines that contain {@code query}, ignoring case.
     *
     * @return line indexes (0-based), ascending; every line for a blank query
     */
    public int[] find(String query) {
        return find(query, null);
    }

    /**
     * The lines among {@code within} that contain {@code query}, ignoring case: the incremental
     * search of a view that types on. A line that contains a query also contains every part of
     * it, so when {@code query} extends an earlier one, the earlier hits are all the lines that
     * need a look.
     *
     * @param query the text to find; blank gives every line (of {@code within} when given)
     * @param within line indexes to look at, ascending (earlier hits), or null for every line
     * @return line indexes (0-based), ascending
     */
    public int[] find(String query, int[] within) {
        if (query == null || query.isEmpty()) {
            if (within != null) {
                return within.clone();
            }
            int[] all = new int[lower.length];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            return all;
        }
        String q = query.toLowerCase(Locale.ROOT);
        int n = within == null ? lower.length : within.length;
        int[] hits = new int[Math.min(n, 64)];
        int found = 0;
        for (int j = 0; j < n; j++) {
            int i = within == null ? j : within[j];
            if (lower[i].contains(q)) {
                if (found == hits.length) {
                    hits = java.util.Arrays.copyOf(hits, Math.max(16, found * 2));
                }
                hits[found++] = i;
            }
        }
        return found == hits.length ? hits : java.util.Arrays.copyOf(hits, found);
    }

    /**
     * True when the line of an accessibility dump describes a disabled control: it says
     * {@code disabled}, {@code enabled=false}, {@code enabled: false} or {@code enabled=no}
     * (MST's dump gives each control's role, name and whether it was enabled). Found once, when
     * the document is built (off the UI thread).
     */
    public boolean isDisabledControl(int line) {
        return disabled.get(line);
    }

    /** How many lines describe a disabled control ({@link #isDisabledControl(int)}). */
    public int disabledControls() {
        return disabledCount;
    }

    /** The rule of {@link #isDisabledControl(int)} on a lower-case line: one scan for "abled". */
    static boolean saysDisabled(String l) {
        for (int i = l.indexOf("abled"); i >= 0; i = l.indexOf("abled", i + 5)) {
            if (i >= 3 && l.startsWith("dis", i - 3)) {
                return true;
            }
            if (i >= 2 && l.startsWith("en", i - 2)) {
                int k = i + 5;
                if (l.startsWith("=false", k)
                        || l.startsWith(": false", k)
                        || l.startsWith("=no", k)
                        || l.startsWith("\":false", k)
                        || l.startsWith("\": false", k)) {
                    return true;
                }
            }
        }
        return false;
    }
}
