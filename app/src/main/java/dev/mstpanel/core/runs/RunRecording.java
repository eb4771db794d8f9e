package dev.mstpanel.core.runs;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * A run's recording, read whole (see {@link RunRecorder} for the entries). Reads gzip-compressed
 * or plain JSON lines; a recording cut short (the panel stopped mid-run) reads up to its last
 * whole line.
 *
 * @param file where it was read from
 * @param startedAt when the recording began
 * @param panelVersion the panel that wrote it
 * @param entries its entries in order, the header left out, each with its time {@code t}
 *     (milliseconds since the recording began)
 * @param durationMs the time of its last entry, milliseconds
 */
public record RunRecording(Path file, Instant startedAt, String panelVersion, List<JsonNode> entries, long durationMs) {
    /** The format's version, {@code 1}. */
    public static final int VERSION = 1;

    public RunRecording {
        entries = List.copyOf(entries);
    }

    /**
     * Reads a recording.
     *
     * @param file a {@code .recording.jsonl.gz} (or plain {@code .jsonl}) file
     * @return the recording
     * @throws IOException when the file cannot be read, or it is not a recording (the message says
     *     what it is and what a recording looks like, and starts with the file's path as given, once:
     *     callers show it as it is)
     */
    public static RunRecording read(Path file) throws IOException {
        try {
            return readNamed(file);
        } catch (IOException e) {
            throw named(file, e);
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
        return new IOException(path + " cannot be read: " + (m == null || m.equals(path) ? e.getClass().getSimpleName() : m), e);
    }

    private static RunRecording readNamed(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException(file + " is a folder: give a recording file, runs/<time>-<run>" + RunRecorder.SUFFIX
                    + " in the panel's data folder");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new IOException(file + " is not a regular file (a named pipe, a device or a socket), so the panel does not open it: "
                    + "give a recording file, runs/<time>-<run>" + RunRecorder.SUFFIX + " in the panel's data folder");
        }
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such file (a recording is a runs/<time>-<run>" + RunRecorder.SUFFIX
                    + " file in the panel's data folder)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in);
        }
    }

    /** The longest line read, in chars (the recorder's lines hold MST lines cut at 8 KiB: far shorter). */
    static final int MAX_LINE_CHARS = 1 << 20;
    /** The most events read from one recording (a 10-minute run records about 13,000). */
    static final int MAX_ENTRIES = 2_000_000;
    /** Returned by {@link #boundedLine} for a line over {@link #MAX_LINE_CHARS} (the rest of it is read and dropped). */
    private static final String TOO_LONG = new String("\u0000too long");

    /**
     * One line of at most {@link #MAX_LINE_CHARS} chars, without its end; {@link #TOO_LONG} for a
     * longer one (read to its end and dropped, so a hostile file cannot fill the heap: issue 13);
     * null at the end of the stream.
     */
    private static String boundedLine(java.io.Reader r) throws IOException {
        StringBuilder b = new StringBuilder(256);
        boolean tooLong = false;
        int c;
        while ((c = r.read()) >= 0) {
            if (c == '\n') {
                return tooLong ? TOO_LONG : b.toString();
            }
            if (!tooLong) {
                if (b.length() >= MAX_LINE_CHARS) {
                    tooLong = true;
                    b.setLength(0);
                } else if (c != '\r') {
                    b.append((char) c);
                }
            }
        }
        return tooLong ? TOO_LONG : b.length() > 0 ? b.toString() : null;
    }

    /** Reads a recording from a stream (a resource of the jar, for the demo). */
    public static RunRecording read(Path name, InputStream raw) throws IOException {
        PushbackInputStream in = new PushbackInputStream(raw, 2);
        byte[] magic = new byte[2];
        int n = in.readNBytes(magic, 0, 2);
        in.unread(magic, 0, n);
        InputStream body;
        UpToTheCut gzip = null;
        try {
            if (n == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
                gzip = new UpToTheCut(new GZIPInputStream(in));
            }
            body = gzip != null ? gzip : in;
        } catch (java.io.EOFException | java.util.zip.ZipException cut) {
            throw new IOException(name + " is cut short or damaged" + (cut.getMessage() == null ? "" : " (" + cut.getMessage() + ")")
                    + ": not a readable run recording");
        }
        List<JsonNode> entries = new ArrayList<>();
        Instant started = null;
        String panel = null;
        long last = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String line;
            int no = 0;
            while (true) {
                try {
                    line = boundedLine(r);
                } catch (java.io.EOFException | java.util.zip.ZipException cut) {
                    if (started == null) {
                        throw new IOException(name + " is cut short or damaged before its header line"
                                + (cut.getMessage() == null ? "" : " (" + cut.getMessage() + ")") + ": not a readable run recording");
                    }
                    break; // written up to here when the panel stopped
                }
                if (line == null) {
                    break;
                }
                no++;
                if (line == TOO_LONG) {
                    if (no == 1) {
                        throw new IOException(name + " is not a run recording (its first line is over "
                                + MAX_LINE_CHARS / (1024 * 1024) + " MiB)");
                    }
                    continue; // no line the panel writes is this long: left out, the rest still plays
                }
                if (line.isBlank()) {
                    continue;
                }
                if (entries.size() >= MAX_ENTRIES) {
                    throw new IOException(name + " holds more than " + MAX_ENTRIES
                            + " events, more than any run the panel records: not played");
                }
                JsonNode o;
                try {
                    o = RunRecorder.JSON.readTree(line);
                } catch (IOException bad) {
                    if (no == 1) {
                        throw new IOException(name + (gzip != null && gzip.cut ? " is cut short or damaged before the end of its header line"
                                : " is not a run recording (its first line is not JSON)"));
                    }
                    break; // a cut last line
                }
                if (no == 1) {
                    if (!"recording".equals(o.path("k").asText())) {
                        throw new IOException(name + " is not a run recording (it does not start with the panel's recording header)");
                    }
                    if (o.path("version").asInt() > VERSION) {
                        throw new IOException(name + " was recorded by a newer panel (format " + o.path("version").asInt()
                                + "); this one reads format " + VERSION);
                    }
                    started = Instant.parse(o.path("startedAt").asText(Instant.EPOCH.toString()));
                    panel = o.path("panel").asText(null);
                    continue;
                }
                if (o.has("d") && o instanceof com.fasterxml.jackson.databind.node.ObjectNode on) {
                    on.put("t", last + Math.max(0, o.path("d").asLong())); // a step from the previous entry
                }
                last = Math.max(last, o.path("t").asLong());
                entries.add(o);
            }
        }
        if (started == null) {
            throw new IOException(name + (n == 0 ? " is empty" : gzip != null && gzip.cut ? " is cut short or damaged before its header line"
                    : " has no header line") + ": not a run recording");
        }
        return new RunRecording(name, started, panel, entries, last);
    }

    /** The run folder the recording names ({@code output} event or found on disk), or null. */
    public String runDir() {
        String dir = null;
        for (JsonNode e : entries) {
            if ("runDir".equals(e.path("k").asText())) {
                dir = e.path("d").asText();
            } else if ("event".equals(e.path("k").asText()) && "output".equals(e.path("type").asText())) {
                dir = e.path("f").path("runDir").asText();
            }
        }
        return dir;
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
