package dev.mstpanel.core.runs;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.RunFolderWatcher;
import dev.mstpanel.core.results.RunListener;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the run's traces in the results folder ("Progress from three sources", the
 * results folder), with the Results view's reader and watcher ({@link ResultsReader},
 * {@link RunFolderWatcher}: native file events through {@code io.methvin:directory-watcher}).
 *
 * <p>First it finds the run folder ({@code <root>/.mcp-test-results/<eval>/runs/<runId>}, MST's
 * docs/dev/mst-format.md, Results): the one being resumed, the one MST names in its {@code Output:} line, or
 * the first one that appears after the start. Until then it lists the {@code runs/} folders every
 * {@value #DISCOVERY_MS} ms (a few directory listings; the eval's folder itself is not watched, as
 * it may hold a whole project). Then every trace that appears there reaches the {@link RunModel}
 * ({@link RunModel#traceFound}) once; a trace that is still being written is read again when its
 * next change arrives. When the watch cannot start or stops, it falls back to looking every
 * poll interval and tells the model so.
 *
 * <p>On {@code --resume}, traces already there at the start are not this run's progress: they are
 * counted only when MST rewrites them (a missing trial that now came back).
 */
public final class RunFolderFollower implements AutoCloseable {
    /** How often the run folder is looked for until it appears, in ms. */
    public static final long DISCOVERY_MS = 250;

    private static final Logger LOG = LoggerFactory.getLogger(RunFolderFollower.class);

    private final ResultsReader reader;
    private final Path resultsRoot;
    private final boolean outputDir;
    private final String resumeId;
    private final RunModel model;
    private final Duration fallbackInterval;
    private final ScheduledExecutorService worker;
    private final Set<Path> runDirsAtStart = new HashSet<>();
    // guarded by this
    private final Map<TrialKey, FileTime> preexisting = new HashMap<>();
    private final Set<TrialKey> delivered = new HashSet<>();
    private Path runDir;
    private RunFolderWatcher watcher;
    private ScheduledFuture<?> discovery;
    private ScheduledFuture<?> fallback;
    private volatile boolean closed;

    /**
     * @param reader reads the run's traces (not closed by this follower)
     * @param resultsRoot the eval config's folder (runs under {@code .mcp-test-results/<eval>/runs/}),
     *     or the {@code --output-dir} (runs under its {@code runs/})
     * @param outputDir true when {@code resultsRoot} is the {@code --output-dir}
     * @param resumeId the run id (or its 6-hex short id) given to {@code --resume}, or null
     * @param model where traces go
     * @param fallbackInterval how often to look when native events are not available, e.g. 1 s
     */
    public RunFolderFollower(
            ResultsReader reader,
            Path resultsRoot,
            boolean outputDir,
            String resumeId,
            RunModel model,
            Duration fallbackInterval) {
        this.reader = reader;
        this.resultsRoot = resultsRoot;
        this.outputDir = outputDir;
        this.resumeId = resumeId;
        this.model = model;
        this.fallbackInterval = fallbackInterval;
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "run-folder");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Notes the run folders already there (and, on resume, the traces of the resumed one), then
     * looks for the new run folder in the background. Also follows MST's {@code Output:} line.
     */
    public synchronized void start() {
        runDirsAtStart.addAll(runDirs());
        if (resumeId != null) {
            for (Path d : runDirsAtStart) {
                String name = d.getFileName().toString();
                if (name.equals(resumeId) || name.endsWith("-" + resumeId)) {
                    for (TrialKey k : reader.traceKeys(d)) {
                        preexisting.put(k, modified(traceFile(d, k)));
                    }
                    attach(d);
                    break;
                }
            }
        }
        model.addEventListener(e -> {
            if (e.type().equals("output") && e.fields().get("runDir") instanceof String dir && !dir.isBlank()) {
                // hand off: the model calls listeners under its own lock
                submit(() -> useRunDir(Path.of(dir)));
            }
        });
        if (runDir == null) {
            discovery = worker.scheduleWithFixedDelay(this::discover, 0, DISCOVERY_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Follows this run folder (from MST's {@code Output:} line) when none was found yet. */
    public synchronized void useRunDir(Path dir) {
        if (runDir == null && !closed && Files.isDirectory(dir)) {
            attach(dir);
        }
    }

    /** The run folder followed, or null before it was found. */
    public synchronized Path runDir() {
        return runDir;
    }

    /**
     * Reads every trace not counted yet, now, on the calling thread: the final look when MST has
     * exited, so the last trials count before the run's {@code finished} event.
     */
    public synchronized void finalLook() {
        if (runDir == null) {
            discover();
        }
        if (runDir != null) {
            readNewTraces();
        }
    }

    private synchronized void discover() {
        if (runDir != null || closed) {
            return;
        }
        for (Path d : runDirs()) {
            if (!runDirsAtStart.contains(d)) {
                attach(d);
                return;
            }
        }
    }

    private void attach(Path dir) {
        runDir = dir;
        if (discovery != null) {
            discovery.cancel(false);
        }
        model.runDirFound(dir.toString());
        watcher = new RunFolderWatcher(reader, dir, new RunListener() {
            @Override
            public void runRead(RunInfo run) {
                // the run's own state comes from MST and Docker; only trials are used here
            }

            @Override
            public void trials(List<TrialRecord> batch) {
                deliver(batch);
            }

            @Override
            public void watchFailed(String message) {
                fallBackToPolling(message);
            }
        });
        watcher.start();
    }

    private synchronized void deliver(List<TrialRecord> batch) {
        for (TrialRecord t : batch) {
            if (closed
                    || t.traceFile() == null
                    || t.status() == TrialStatus.MISSING
                    || t.status() == TrialStatus.UNREADABLE
                    || delivered.contains(t.key())) {
                continue;
            }
            FileTime before = preexisting.get(t.key());
            if (before != null && before.equals(modified(t.traceFile()))) {
                continue; // a resumed run's earlier trial
            }
            delivered.add(t.key());
            model.traceFound(t.variant(), t.caseId(), t.trial(), t.status() == TrialStatus.INFRA);
        }
    }

    private synchronized void fallBackToPolling(String message) {
        if (closed || fallback != null) {
            return;
        }
        LOG.warn("following {} without file events: {}", runDir, message);
        model.notice("The results folder cannot be watched (" + message + "); it is looked at every "
                + Math.max(1, fallbackInterval.toSeconds()) + " s instead.");
        try {
            fallback = worker.scheduleWithFixedDelay(
                    this::readNewTraces, 0, fallbackInterval.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException ignored) {
            // closed meanwhile
        }
    }

    private synchronized void readNewTraces() {
        if (runDir == null || closed) {
            return;
        }
        List<TrialKey> keys = reader.traceKeys(runDir).stream()
                .filter(k -> !delivered.contains(k))
                .toList();
        if (keys.isEmpty()) {
            return;
        }
        RunInfo run = reader.readRun(runDir);
        deliver(keys.stream().map(k -> reader.readTrial(run, k)).toList());
    }

    private List<Path> runDirs() {
        if (outputDir) {
            try (Stream<Path> runs = Files.list(resultsRoot.resolve("runs"))) {
                return runs.filter(Files::isDirectory).toList();
            } catch (IOException e) {
                return List.of();
            }
        }
        Path base = resultsRoot.resolve(".mcp-test-results");
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        try (Stream<Path> evals = Files.list(base)) {
            return evals.map(e -> e.resolve("runs"))
                    .filter(Files::isDirectory)
                    .flatMap(r -> {
                        try (Stream<Path> runs = Files.list(r)) {
                            return runs.filter(Files::isDirectory).toList().stream();
                        } catch (IOException e) {
                            return Stream.empty();
                        }
                    })
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static Path traceFile(Path dir, TrialKey k) {
        return k.traceIn(dir);
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private void submit(Runnable r) {
        try {
            worker.execute(r);
        } catch (RejectedExecutionException ignored) {
            // closed
        }
    }

    /** Stops following; the model hears nothing more from the folder. */
    @Override
    public void close() {
        RunFolderWatcher w;
        synchronized (this) {
            closed = true;
            w = watcher;
        }
        if (w != null) {
            w.close();
        }
        worker.shutdownNow();
    }
}
