package dev.mstpanel.core.runs;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.build.AppVersion;
import dev.mstpanel.core.mst.OutputListener;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records one run as the panel saw it ("Every run is recorded"), beside its log: a
 * gzip-compressed JSON-lines file {@code <log name without .log>.recording.jsonl.gz}. It listens to
 * the run's {@link RunModel} only (its events, its output lines and its snapshots), so it records
 * what the window and {@code run} showed, secrets already masked as in the log.
 *
 * <p>Entries, one JSON object a line, each with {@code d}: milliseconds since the previous entry
 * (since the recording began for the first; {@link RunRecording} gives each its time {@code t}
 * from the start; files of the first version carried {@code t} itself):
 * <ul>
 *   <li>{@code {"k":"recording","version":1,"panel":…,"startedAt":ISO-8601}} first;</li>
 *   <li>{@code {"k":"line","s":"out"|"err","x":text,"d":…}}: a line of MST's output;</li>
 *   <li>{@code {"k":"event","type":…,"message":…,"f":{fields},"d":…}}: a {@link RunEvent} except
 *       {@code line} events (those are remade from the lines);</li>
 *   <li>{@code {"k":"stats","c":container,"m":bytes,"l":limitBytes,"p":cpuPercent,"d":…}}: a
 *       container's memory and CPU as the shard rows showed them (looked at every
 *       {@link #STATS_INTERVAL});</li>
 *   <li>{@code {"k":"shards","n":N}}, {@code {"k":"expected","n":N}}, {@code {"k":"runDir","d":path}},
 *       {@code {"k":"log","f":path}}, {@code {"k":"cancelling"}}: what the model was told
 *       without an event.</li>
 * </ul>
 * Trials are not copied: a {@code trial} event names variant, case and trial, and the run folder
 * ({@code output} event) holds their traces. {@link RunReplayer} plays a recording back.
 * Recording is best effort: a write failure is logged once and the run goes on.
 */
public final class RunRecorder implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunRecorder.class);
    /** How often the model's snapshot is looked at for memory, CPU and the other unannounced inputs: 250 ms. */
    public static final Duration STATS_INTERVAL = Duration.ofMillis(250);
    /** The file name suffix of a recording. */
    public static final String SUFFIX = ".recording.jsonl.gz";

    static final ObjectMapper JSON = new ObjectMapper();

    private final RunModel model;
    private final Clock clock;
    private final long t0;
    private final Object lock = new Object();
    private Path file;
    private Writer out; // null once closed or failed
    private AutoCloseable subscription;
    private final Map<String, List<Object>> lastStats = new HashMap<>();
    private int shards;
    private int expected = -1;
    private String runDir;
    private String logFile;
    private boolean cancelling;
    private long lastFlush;
    private long lastT; // ms since t0 of the last entry written
    // per reader thread, its last line not written yet, and when it came (guarded by lock)
    private final Map<Thread, ObjectNode> pendingLines = new HashMap<>();
    private final Map<ObjectNode, Long> pendingAt = new java.util.IdentityHashMap<>();

    /**
     * How often what was recorded reaches the file, ms: a panel that dies mid-run (killed, a power
     * cut) leaves a readable recording up to at most this long before (the reader takes a cut file
     * and says it is cut short); each collected trial is flushed at once as well. Each flush ends a
     * gzip block, which costs its Huffman tables again: every 2 s that was about 16 % of a recording
     * of chatter, every 5 s a few %.
     */
    static final long FLUSH_EVERY_MS = 5_000;

    /** gzip at its best compression, with flush() writing out what was given (a sync flush). */
    private static final class BestGzip extends GZIPOutputStream {
        BestGzip(java.io.OutputStream out) throws IOException {
            super(out, 8192, true);
            def.setLevel(java.util.zip.Deflater.BEST_COMPRESSION);
        }
    }

    private RunRecorder(RunModel model, Path file, Clock clock) throws IOException {
        this.model = model;
        this.clock = clock;
        this.t0 = clock.millis();
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.out = new BufferedWriter(
                new OutputStreamWriter(new BestGzip(Files.newOutputStream(file)), StandardCharsets.UTF_8));
        ObjectNode h = JSON.createObjectNode();
        h.put("k", "recording");
        h.put("version", RunRecording.VERSION);
        h.put("panel", AppVersion.get());
        h.put("startedAt", clock.instant().toString());
        write(h);
    }

    /**
     * Starts recording a run: call it before the run's sources start, so nothing is missed.
     *
     * @param model the run's model
     * @param logFile the run's log file (first name); the recording goes beside it
     * @return the recorder, or null when its file cannot be made (logged; the run goes on)
     */
    public static RunRecorder attach(RunModel model, Path logFile) {
        return attach(model, logFile, Clock.systemUTC());
    }

    static RunRecorder attach(RunModel model, Path logFile, Clock clock) {
        if ("off".equals(System.getProperty("mstpanel.recording"))) {
            return null; // benchmarks only: scripts/bench/run-view-log.sh compares a run with and without its recording
        }
        try {
            RunRecorder r = new RunRecorder(model, beside(logFile), clock);
            model.addEventListener(r::event);
            model.addLineListener(r::line);
            r.look(model.snapshot());
            r.subscription = model.subscribe(STATS_INTERVAL, r::look);
            return r;
        } catch (IOException | RuntimeException e) {
            LOG.warn("the run is not recorded: cannot write {}: {}", beside(logFile), e.getMessage());
            return null;
        }
    }

    /** The recording's file for a log file: {@code runs/X.log} gives {@code runs/X.recording.jsonl.gz}. */
    public static Path beside(Path logFile) {
        String name = logFile.getFileName().toString();
        String base = name.endsWith(".log") ? name.substring(0, name.length() - 4) : name;
        return logFile.resolveSibling(base + SUFFIX);
    }

    /** The recording's file now (it follows the log's renames when the run ends). */
    public Path file() {
        synchronized (lock) {
            return file;
        }
    }

    private void event(RunEvent e) {
        flushLine(e.type().equals("finished"));
        if (e.type().equals("line")) {
            return;
        }
        if (e.type().equals("finished") || e.type().equals("container")) {
            // a container event carries the shard's last memory sample, which may be newer than
            // the last look: record it first, so the replay's event has the same memoryBytes
            look(model.snapshot());
        }
        ObjectNode o = entry("event");
        o.put("type", e.type());
        o.put("message", e.message());
        ObjectNode f = o.putObject("f");
        for (Map.Entry<String, Object> kv : e.fields().entrySet()) {
            f.set(kv.getKey(), JSON.valueToTree(kv.getValue()));
        }
        write(o);
        if (e.type().equals("finished")) {
            close();
        } else if (e.type().equals("trial")) {
            flush(); // a collected trial is what a run's progress is counted in: it is on disk at once
        }
    }

    /**
     * A line is written just before the first event the model makes of it (on the same thread,
     * under the model's lock), so that lines and the events of other sources (Docker, the results
     * folder) keep the order the events had; a line the model makes no event of is written when
     * the next line of its stream comes, or at the end.
     */
    private void line(OutputListener.Stream stream, String text) {
        ObjectNode o = entry("line");
        o.put("s", stream == OutputListener.Stream.STDERR ? "err" : "out");
        o.put("x", text);
        synchronized (lock) {
            pendingAt.put(o, clock.millis() - t0);
            ObjectNode before = pendingLines.put(Thread.currentThread(), o);
            if (before != null) {
                write(before);
            }
        }
    }

    /** Writes the line the current thread handed in and the model has not made an event of yet. */
    private void flushLine(boolean allThreads) {
        synchronized (lock) {
            if (allThreads) {
                for (ObjectNode o : pendingLines.values()) {
                    write(o);
                }
                pendingLines.clear();
            } else {
                ObjectNode o = pendingLines.remove(Thread.currentThread());
                if (o != null) {
                    write(o);
                }
            }
        }
    }

    /** What a snapshot shows that no event told: memory and CPU, the shard count, the run folder found early, the log's new name. */
    private void look(RunState s) {
        synchronized (lock) {
            if (out == null) {
                return;
            }
            if (s.shards().size() != shards) {
                shards = s.shards().size();
                ObjectNode o = entry("shards");
                o.put("n", shards);
                write(o);
            }
            if (s.expectedTrials() != expected) {
                expected = s.expectedTrials();
                ObjectNode o = entry("expected");
                o.put("n", expected);
                write(o);
            }
            if (s.runDir() != null && !s.runDir().equals(runDir)) {
                runDir = s.runDir();
                ObjectNode o = entry("runDir");
                o.put("d", runDir);
                write(o);
            }
            if (s.logFile() != null && !s.logFile().equals(logFile)) {
                logFile = s.logFile();
                ObjectNode o = entry("log");
                o.put("f", logFile);
                write(o);
            }
            if (s.phase() == dev.mstpanel.core.runs.RunPhase.CANCELLING && !cancelling) {
                cancelling = true;
                write(entry("cancelling"));
            }
            for (ShardState sh : s.shards()) {
                if (sh.container() == null || sh.memoryBytes() < 0) {
                    continue;
                }
                List<Object> key = List.of(sh.memoryBytes(), sh.memoryLimitBytes(), sh.cpuPercent());
                if (!Objects.equals(lastStats.put(sh.container(), key), key)) {
                    ObjectNode o = entry("stats");
                    o.put("c", sh.container());
                    o.put("m", sh.memoryBytes());
                    o.put("l", sh.memoryLimitBytes());
                    o.put("p", Math.round(sh.cpuPercent() * 10) / 10.0);
                    write(o);
                }
            }
            if (clock.millis() - lastFlush > FLUSH_EVERY_MS) {
                flush();
            }
        }
    }

    /** What was written so far reaches the file (a sync flush: the gzip stream goes on). */
    private void flush() {
        synchronized (lock) {
            if (out == null) {
                return;
            }
            lastFlush = clock.millis();
            try {
                out.flush();
            } catch (IOException e) {
                failed(e);
            }
        }
    }

    private ObjectNode entry(String kind) {
        ObjectNode o = JSON.createObjectNode();
        o.put("k", kind);
        return o;
    }

    private void write(ObjectNode o) {
        synchronized (lock) {
            if (out == null) {
                return;
            }
            if (o.has("k") && !o.path("k").asText().equals("recording")) {
                // the time as a step from the previous entry: small numbers, which compress well
                Long at = pendingAt.remove(o);
                long t = Math.max(lastT, at != null ? at : clock.millis() - t0);
                o.put("d", t - lastT);
                lastT = t;
            }
            try {
                out.write(o.toString());
                out.write('\n');
                long now = clock.millis();
                if (now - lastFlush > FLUSH_EVERY_MS) { // also when no snapshot comes (a run of log lines only)
                    lastFlush = now;
                    out.flush();
                }
            } catch (IOException e) {
                failed(e);
            }
        }
    }

    private void failed(IOException e) {
        LOG.warn("the run's recording {} stops here: {}", file, e.getMessage());
        try {
            out.close();
        } catch (IOException ignored) {
            // already failing
        }
        out = null;
    }

    /**
     * Ends the recording (at the {@code finished} event, or when the run could not start) and
     * renames it after the log's final name.
     */
    @Override
    public void close() {
        AutoCloseable sub;
        synchronized (lock) {
            sub = subscription;
            subscription = null;
            if (out != null) {
                try {
                    out.close();
                } catch (IOException e) {
                    LOG.warn("closing the run's recording {}: {}", file, e.getMessage());
                }
                out = null;
                if (logFile != null) {
                    Path target = beside(Path.of(logFile));
                    if (!target.equals(file) && !Files.exists(target)) {
                        try {
                            file = Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
                        } catch (IOException e) {
                            LOG.warn("the recording keeps its name {}: {}", file, e.getMessage());
                        }
                    }
                }
            }
        }
        if (sub != null) {
            try {
                sub.close();
            } catch (Exception ignored) {
                // a cancelled ticker task
            }
        }
    }
}
