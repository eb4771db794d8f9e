package dev.mstpanel.core.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;

/**
 * A run's recording (see {@link RunRecorder} for the entries). Reads gzip-compressed or plain JSON
 * lines. Its entries are never held together: {@link #read} goes through the file once for what a
 * replay shows before it plays (its length, its header, its run folder), and {@link #entries()}
 * streams them again from the start for each pass. A replay so takes about the memory of one entry,
 * whatever the recording's length, as the run that wrote it did.
 *
 * <p>A recording cut short (the panel was killed mid-run, a copy stopped half way) reads up to its
 * last whole line and says so ({@link Ending#CUT_SHORT}).
 */
public final class RunRecording {
    /** The format's version, {@code 1}. */
    public static final int VERSION = 1;

    /** Opens the recording's bytes again, from their start. */
    @FunctionalInterface
    public interface Source {
        InputStream open() throws IOException;
    }

    /** How the entries of a recording end. */
    public enum Ending {
        /** At the end of the file, whole. */
        WHOLE,
        /** Where the file stops mid-way (no gzip end, or a last line half written). */
        CUT_SHORT,
        /** At a line far longer than the panel writes (a damaged or crafted file): what follows is not read. */
        OVERLONG_LINE,
        /** At an error reading the file (it changed or went away since it was opened). */
        UNREADABLE
    }

    /** The longest line read, in bytes (the recorder's lines hold MST lines cut at 8 KiB: far shorter). */
    static final int MAX_LINE_BYTES = 1 << 20;
    /**
     * The longest line passed over: a longer one ends the reading, so a small file that inflates to
     * one line of gigabytes costs a fraction of a second, not a minute of inflating.
     */
    static final long MAX_SKIPPED_LINE_BYTES = 256L << 20;
    /** The most events read from one recording (a 10-minute run records about 13,000). */
    static final int MAX_ENTRIES = 2_000_000;

    private final Path file;
    private final Source source;
    private final Instant startedAt;
    private final String panelVersion;
    private final long durationMs;
    private final long entryCount;
    private final long droppedLines;
    private final Ending ending;
    private final String runDir;
    private final int expectedTrials;
    private final String command;

    private RunRecording(Path file, Source source, Entries scanned, String runDir, int expectedTrials, String command) {
        this.file = file;
        this.source = source;
        this.startedAt = scanned.startedAt;
        this.panelVersion = scanned.panelVersion;
        this.durationMs = scanned.last;
        this.entryCount = scanned.count;
        this.droppedLines = scanned.dropped;
        this.ending = scanned.ending;
        this.runDir = runDir;
        this.expectedTrials = expectedTrials;
        this.command = command;
    }

    /** Where it was read from. */
    public Path file() {
        return file;
    }

    /** When the recording began. */
    public Instant startedAt() {
        return startedAt;
    }

    /** The panel that wrote it. */
    public String panelVersion() {
        return panelVersion;
    }

    /** The time of its last entry, milliseconds from its start. */
    public long durationMs() {
        return durationMs;
    }

    /** Its entries, the header left out. */
    public long entryCount() {
        return entryCount;
    }

    /** Lines left out: longer than the panel writes, or not JSON. */
    public long droppedLines() {
        return droppedLines;
    }

    /** How its entries end. */
    public Ending ending() {
        return ending;
    }

    /** The trials the live run expected, or -1 when it was not recorded. */
    public int expectedTrials() {
        return expectedTrials;
    }

    /** The MST command line the run started (its {@code started} event), or null. */
    public String command() {
        return command;
    }

    /** The run folder the recording names ({@code output} event or found on disk), or null. */
    public String runDir() {
        return runDir;
    }

    /**
     * What a person is told about a recording that did not play whole, or null when it did: one
     * sentence for the CLI's note and the replay's banner.
     *
     * @param ending how the entries played ended
     * @param played the entries played
     * @param dropped the lines left out
     */
    public static String endingNote(Ending ending, long played, long dropped) {
        String events = String.format(java.util.Locale.ROOT, "%,d %s", played, played == 1 ? "event" : "events");
        String left = dropped == 0
                ? ""
                : String.format(
                        java.util.Locale.ROOT,
                        "; %,d line%s left out (longer than %d MiB or not JSON)",
                        dropped,
                        dropped == 1 ? "" : "s",
                        MAX_LINE_BYTES >> 20);
        return switch (ending) {
            case WHOLE ->
                dropped == 0 ? null : "The recording plays without lines the panel does not write" + left + ".";
            case CUT_SHORT ->
                "The recording is cut short after " + events + " (the panel stopped before the run ended, "
                        + "or the file was cut): it plays up to there" + left + ".";
            case OVERLONG_LINE ->
                "The recording stops after " + events + " at a line of over " + (MAX_SKIPPED_LINE_BYTES >> 20)
                        + " MiB, which the panel never writes (a damaged file): the rest of it is not read" + left
                        + ".";
            case UNREADABLE ->
                "The recording could not be read past " + events + " (the file changed or went away)" + left + ".";
        };
    }

    /** {@link #endingNote} of this recording as {@link #read} found it, or null when it is whole. */
    public String endingNote() {
        return endingNote(ending, entryCount, droppedLines);
    }

    /**
     * Reads a recording's header and goes through its entries once (one at a time) for its length,
     * its run folder and how it ends.
     *
     * @param file a {@code .recording.jsonl.gz} (or plain {@code .jsonl}) file
     * @return the recording
     * @throws IOException when the file cannot be read, or it is not a recording (the message says
     *     what it is and what a recording looks like, and starts with the file's path as given, once:
     *     callers show it as it is)
     */
    public static RunRecording read(Path file) throws IOException {
        try {
            checkFile(file);
            return read(file, () -> Files.newInputStream(file));
        } catch (IOException e) {
            throw named(file, e);
        }
    }

    /**
     * Reads a recording from a source that can be opened again (a resource of the jar, for the demo).
     *
     * @param name its name in messages
     * @param source opens its bytes, once now and once for each pass played
     */
    public static RunRecording read(Path name, Source source) throws IOException {
        String dir = null;
        int expected = -1;
        String command = null;
        try (Entries e = open(name, source)) {
            while (e.hasNext()) {
                JsonNode o = e.next();
                String k = o.path("k").asText();
                if (k.equals("runDir")) {
                    dir = o.path("d").asText();
                } else if (k.equals("event") && "output".equals(o.path("type").asText())) {
                    dir = o.path("f").path("runDir").asText();
                } else if (k.equals("event")
                        && command == null
                        && "started".equals(o.path("type").asText())) {
                    command = o.path("f").path("command").asText(null);
                } else if (k.equals("expected") && expected < 0 && o.path("n").asInt(-1) > 0) {
                    expected = o.path("n").asInt();
                }
                if (e.count > MAX_ENTRIES) {
                    throw new IOException(
                            name + " holds more than " + String.format(java.util.Locale.ROOT, "%,d", MAX_ENTRIES)
                                    + " events, more than any run the panel records: not played");
                }
            }
            return new RunRecording(name, source, e, dir, expected, command);
        }
    }

    /**
     * Its entries from the start, one at a time, each with its time {@code t} (milliseconds since
     * the recording began); close it when done.
     *
     * @throws IOException when the file cannot be opened again or no longer starts as a recording
     */
    public Entries entries() throws IOException {
        return open(file, source);
    }

    private static void checkFile(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(file + " is a folder: give a recording file, runs/<time>-<run>" + RunRecorder.SUFFIX
                    + " in the panel's data folder");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException(file
                    + " is not a regular file (a named pipe, a device or a socket), so the panel does not open it: "
                    + "give a recording file, runs/<time>-<run>" + RunRecorder.SUFFIX + " in the panel's data folder");
        }
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(
                    file.toString(),
                    null,
                    "no such file (a recording is a runs/<time>-<run>" + RunRecorder.SUFFIX
                            + " file in the panel's data folder)");
        }
    }

    /** The exception with a message that starts with the file's path, once: the reader's own, or the system's words after it. */
    private static IOException named(Path file, IOException e) {
        String path = file.toString();
        String m = e.getMessage();
        if (e instanceof java.nio.file.AccessDeniedException) {
            return new IOException(path + " cannot be read: permission denied", e);
        }
        if (m != null && m.startsWith(path) && m.length() > path.length()) {
            return e;
        }
        return new IOException(
                path + " cannot be read: "
                        + (m == null || m.equals(path) ? e.getClass().getSimpleName() : m),
                e);
    }

    private static Entries open(Path name, Source source) throws IOException {
        InputStream raw = source.open();
        try {
            return new Entries(name, raw);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /**
     * A recording's entries read one at a time: the header is checked when it is opened; after the
     * last entry {@link #ending()} says how they ended and {@link #dropped()} how many lines were left out.
     */
    public static final class Entries implements Iterator<JsonNode>, AutoCloseable {
        private final Path name;
        private final InputStream in;
        private final UpToTheCut gzip;
        private final LineReader lines;
        private Instant startedAt;
        private String panelVersion;
        private JsonNode next;
        private boolean finished;
        private long last;
        private long count;
        private long dropped;
        private Ending ending = Ending.WHOLE;

        Entries(Path name, InputStream raw) throws IOException {
            this.name = name;
            PushbackInputStream pushback = new PushbackInputStream(raw, 2);
            byte[] magic = new byte[2];
            int n = pushback.readNBytes(magic, 0, 2);
            pushback.unread(magic, 0, n);
            if (n == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
                try {
                    gzip = new UpToTheCut(new GZIPInputStream(pushback, 1 << 16));
                } catch (java.io.EOFException | java.util.zip.ZipException cut) {
                    throw new IOException(name + " is cut short or damaged"
                            + (cut.getMessage() == null ? "" : " (" + cut.getMessage() + ")")
                            + ": not a readable run recording");
                }
                in = gzip;
            } else {
                gzip = null;
                in = pushback;
            }
            lines = new LineReader(in);
            header(n);
        }

        private void header(int firstBytes) throws IOException {
            LineReader.Line line = lines.next();
            if (line == null) {
                throw new IOException(name
                        + (firstBytes == 0
                                ? " is empty"
                                : gzip != null && gzip.cut
                                        ? " is cut short or damaged before its header line"
                                        : " has no header line")
                        + ": not a run recording");
            }
            if (line.length() < 0) {
                throw new IOException(
                        name + " is not a run recording (its first line is over " + (MAX_LINE_BYTES >> 20) + " MiB)");
            }
            JsonNode o;
            try {
                o = RunRecorder.JSON.readTree(line.bytes(), 0, line.length());
            } catch (IOException bad) {
                o = null;
            }
            if (o == null) {
                throw new IOException(name
                        + (gzip != null && gzip.cut
                                ? " is cut short or damaged before the end of its header line"
                                : " is not a run recording (its first line is not JSON)"));
            }
            if (!"recording".equals(o.path("k").asText())) {
                throw new IOException(
                        name + " is not a run recording (it does not start with the panel's recording header)");
            }
            if (o.path("version").asInt() > VERSION) {
                throw new IOException(name + " was recorded by a newer panel (format "
                        + o.path("version").asInt() + "); this one reads format " + VERSION);
            }
            try {
                startedAt = Instant.parse(o.path("startedAt").asText(Instant.EPOCH.toString()));
            } catch (java.time.format.DateTimeParseException e) {
                throw new IOException(name + " is not a run recording (its header's startedAt is not a time)");
            }
            panelVersion = o.path("panel").asText(null);
        }

        /** When the recording began (its header). */
        public Instant startedAt() {
            return startedAt;
        }

        /** The entries read so far. */
        public long count() {
            return count;
        }

        /** The lines left out so far. */
        public long dropped() {
            return dropped;
        }

        /** How the entries ended; {@link Ending#WHOLE} until they did. */
        public Ending ending() {
            return ending;
        }

        @Override
        public boolean hasNext() {
            if (next == null && !finished) {
                next = read();
                finished = next == null;
            }
            return next != null;
        }

        @Override
        public JsonNode next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            JsonNode n = next;
            next = null;
            return n;
        }

        private JsonNode read() {
            try {
                while (count < MAX_ENTRIES + 1L) {
                    LineReader.Line line = lines.next();
                    if (line == null) {
                        if (gzip != null && gzip.cut) {
                            ending = Ending.CUT_SHORT;
                        }
                        return null;
                    }
                    if (line.length() == LineReader.OVERLONG) {
                        ending = Ending.OVERLONG_LINE;
                        return null;
                    }
                    if (line.length() < 0) {
                        dropped++; // longer than the panel writes: left out, the rest still plays
                        continue;
                    }
                    if (isBlank(line)) {
                        continue;
                    }
                    JsonNode o;
                    try {
                        o = RunRecorder.JSON.readTree(line.bytes(), 0, line.length());
                    } catch (IOException bad) {
                        o = null;
                    }
                    if (o == null || !line.whole()) {
                        if (!line.whole()) {
                            ending = Ending.CUT_SHORT; // the last line, half written
                            return null;
                        }
                        dropped++;
                        continue;
                    }
                    if (o.has("d") && o instanceof ObjectNode on) {
                        // a step from the previous entry, added without overflowing
                        long d = Math.max(0, o.path("d").asLong());
                        on.put("t", d > Long.MAX_VALUE - last ? Long.MAX_VALUE : last + d);
                    }
                    last = Math.max(last, o.path("t").asLong());
                    count++;
                    return o;
                }
                return null;
            } catch (IOException e) {
                ending = Ending.UNREADABLE;
                return null;
            }
        }

        private static boolean isBlank(LineReader.Line line) {
            for (int i = 0; i < line.length(); i++) {
                byte b = line.bytes()[i];
                if (b != ' ' && b != '\t' && b != '\r') {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException ignored) {
                // read only: nothing is lost
            }
        }
    }

    /**
     * Lines of bytes, each of at most {@link #MAX_LINE_BYTES}: a longer one is passed over up to
     * {@link #MAX_SKIPPED_LINE_BYTES} (then the reading ends), scanning the buffer for its end
     * rather than decoding it, so that no line fills the heap or takes long.
     */
    static final class LineReader {
        /** A line's length when it is longer than {@link #MAX_LINE_BYTES}. */
        static final int DROPPED = -1;
        /** A line's length when it is longer than {@link #MAX_SKIPPED_LINE_BYTES}. */
        static final int OVERLONG = -2;

        record Line(byte[] bytes, int length, boolean whole) {}

        private final InputStream in;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private int end;
        private byte[] line = new byte[1024];

        LineReader(InputStream in) {
            this.in = in;
        }

        /** The next line without its end, or null at the end of the stream. */
        Line next() throws IOException {
            int len = 0;
            long skipped = -1; // -1 while the line is kept
            while (true) {
                if (pos == end) {
                    end = in.read(buf, 0, buf.length);
                    pos = 0;
                    if (end <= 0) {
                        end = 0;
                        if (skipped >= 0) {
                            return new Line(line, DROPPED, false);
                        }
                        return len == 0 ? null : new Line(line, len, false);
                    }
                }
                int nl = -1;
                for (int i = pos; i < end; i++) {
                    if (buf[i] == '\n') {
                        nl = i;
                        break;
                    }
                }
                int stop = nl < 0 ? end : nl;
                int n = stop - pos;
                if (skipped < 0 && len + n > MAX_LINE_BYTES) {
                    skipped = len;
                }
                if (skipped < 0) {
                    if (len + n > line.length) {
                        line = java.util.Arrays.copyOf(
                                line, Math.min(MAX_LINE_BYTES, Math.max(line.length * 2, len + n)));
                    }
                    System.arraycopy(buf, pos, line, len, n);
                    len += n;
                } else {
                    skipped += n;
                    if (skipped > MAX_SKIPPED_LINE_BYTES) {
                        pos = end;
                        return new Line(line, OVERLONG, false);
                    }
                }
                pos = nl < 0 ? end : nl + 1;
                if (nl >= 0) {
                    if (skipped >= 0) {
                        if (line.length > 64 * 1024) {
                            line = new byte[1024]; // a long line's buffer is not kept
                        }
                        return new Line(line, DROPPED, true);
                    }
                    return new Line(line, len, true);
                }
            }
        }
    }

    /**
     * A gzip stream that ends where the file was cut: a panel killed mid-run leaves its last gzip
     * block unfinished, and {@link GZIPInputStream} would throw there, taking with it the lines it
     * had already inflated into the reader's buffer (also the header line). Read through this, every
     * line written before the cut is read, then the stream ends.
     */
    private static final class UpToTheCut extends java.io.FilterInputStream {
        private boolean cut;

        UpToTheCut(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) == 1 ? one[0] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (cut) {
                return -1;
            }
            try {
                return super.read(b, off, len);
            } catch (java.io.EOFException | java.util.zip.ZipException e) {
                cut = true;
                return -1;
            }
        }

        @Override
        public int available() throws IOException {
            if (cut) {
                return 0;
            }
            try {
                return super.available();
            } catch (IOException e) {
                return 0;
            }
        }
    }
}
