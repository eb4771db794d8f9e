package dev.mstpanel.core.results;

import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import io.methvin.watcher.DirectoryChangeEvent;
import io.methvin.watcher.DirectoryWatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one run folder and keeps watching it: traces and scores that appear or change while MST
 * writes the run reach the listener within about a second (changes are gathered for
 * {@value #SETTLE_MS} ms, then the touched trials are read again). Uses
 * {@code io.methvin:directory-watcher}, which has native file events on macOS where Java's
 * {@code WatchService} only polls.
 *
 * <p>Usage: {@code try (var w = new RunFolderWatcher(reader, runDir, listener)) { w.start(); … }}.
 * The watch covers {@code run.json}, {@code traces/} and {@code scores/}; on Linux it needs one
 * inotify watch per folder.
 */
public final class RunFolderWatcher implements AutoCloseable {
    /** How long changes are gathered before the touched trials are read again, in ms. */
    public static final long SETTLE_MS = 150;

    private static final Logger LOG = LoggerFactory.getLogger(RunFolderWatcher.class);

    private final ResultsReader reader;
    private final Path runDir;
    private final RunListener listener;
    private final ScheduledExecutorService worker;
    private final Set<TrialKey> pending = new LinkedHashSet<>();
    private boolean runJsonChanged;
    private boolean flushScheduled;
    private volatile RunInfo run;
    private volatile DirectoryWatcher watcher;
    private volatile boolean closed;

    /**
     * @param reader reads the run (shared; not closed by this watcher)
     * @param runDir the run folder
     * @param listener receives the run and its trials, on this watcher's thread
     */
    public RunFolderWatcher(ResultsReader reader, Path runDir, RunListener listener) {
        this.reader = reader;
        this.runDir = runDir.toAbsolutePath().normalize();
        this.listener = listener;
        this.worker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "run-watch-" + this.runDir.getFileName());
            t.setDaemon(true);
            return t;
        });
    }

    /** The run folder watched. */
    public Path runDir() {
        return runDir;
    }

    /**
     * Reads the whole run while the watch starts beside it (registering a large tree takes a
     * while), then reads again whatever appeared or was half-written meanwhile. Returns at once.
     */
    public void start() {
        worker.execute(() -> {
            Thread starter = new Thread(this::startWatching, "run-watch-start");
            starter.setDaemon(true);
            starter.start();
            run = reader.readRun(runDir);
            listener.runRead(run);
            Set<TrialKey> settled = new java.util.HashSet<>();
            reader.readTrials(run, batch -> {
                for (TrialRecord t : batch) {
                    if (t.status() != TrialStatus.UNREADABLE && t.status() != TrialStatus.MISSING) {
                        settled.add(t.key());
                    }
                }
                if (!closed) {
                    listener.trials(batch);
                }
            });
            listener.initialReadDone();
            try {
                starter.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            List<TrialKey> again = reader.traceKeys(runDir).stream()
                    .filter(k -> !settled.contains(k))
                    .toList();
            if (!again.isEmpty()) {
                synchronized (this) {
                    pending.addAll(again);
                }
                scheduleFlush();
            }
        });
    }

    private void startWatching() {
        try {
            watcher = DirectoryWatcher.builder()
                    .path(runDir)
                    .fileHashing(false)
                    .listener(this::onEvent)
                    .build();
            watcher.watchAsync().exceptionally(e -> {
                if (!closed) {
                    LOG.warn("watching {} stopped", runDir, e);
                    listener.watchFailed("Watching " + runDir + " stopped: " + e.getMessage()
                            + ". Reopen the run to see new trials.");
                }
                return null;
            });
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not watch {}", runDir, e);
            listener.watchFailed("New trials will not show by themselves: " + runDir + " could not be watched ("
                    + e.getMessage() + ").");
        }
    }

    private void onEvent(DirectoryChangeEvent e) {
        if (closed || e.path() == null) {
            return;
        }
        if (e.eventType() == DirectoryChangeEvent.EventType.OVERFLOW) {
            synchronized (this) {
                pending.addAll(reader.traceKeys(runDir));
                runJsonChanged = true;
            }
            scheduleFlush();
            return;
        }
        Path p = e.path().toAbsolutePath().normalize();
        if (!p.startsWith(runDir)) {
            return;
        }
        Path rel = runDir.relativize(p);
        List<TrialKey> keys = new ArrayList<>();
        if (rel.getNameCount() == 1 && rel.toString().equals(RunLayout.RUN_JSON)) {
            synchronized (this) {
                runJsonChanged = true;
            }
        } else if (rel.getNameCount() == 4
                && rel.getName(0).toString().equals(RunLayout.TRACES)
                && isTrialFile(rel.getName(3))) {
            keys.add(key(rel.getName(1), rel.getName(2), rel.getName(3)));
        } else if (rel.getNameCount() == 5
                && rel.getName(0).toString().equals(RunLayout.SCORES)
                && isTrialFile(rel.getName(4))) {
            keys.add(key(rel.getName(2), rel.getName(3), rel.getName(4)));
        } else if (e.isDirectory()
                && e.eventType() == DirectoryChangeEvent.EventType.CREATE
                && rel.getNameCount() >= 1
                && rel.getName(0).toString().equals(RunLayout.TRACES)) {
            // a folder that appeared with files already in it (a copy, a rename)
            keys.addAll(
                    reader.traceKeys(runDir).stream().filter(k -> under(rel, k)).toList());
        } else {
            return;
        }
        synchronized (this) {
            pending.addAll(keys);
        }
        scheduleFlush();
    }

    private static boolean under(Path rel, TrialKey k) {
        if (rel.getNameCount() == 1) {
            return true;
        }
        if (!rel.getName(1).toString().equals(k.variantSegment())) {
            return false;
        }
        return rel.getNameCount() == 2 || rel.getName(2).toString().equals(k.caseSegment());
    }

    private static boolean isTrialFile(Path name) {
        return RunLayout.TRIAL_FILE.matcher(name.toString()).matches();
    }

    private static TrialKey key(Path variant, Path caseSeg, Path file) {
        String f = file.toString();
        return new TrialKey(variant.toString(), caseSeg.toString(), Integer.parseInt(f.substring(0, f.length() - 5)));
    }

    private synchronized void scheduleFlush() {
        if (flushScheduled || closed) {
            return;
        }
        flushScheduled = true;
        try {
            worker.schedule(this::flush, SETTLE_MS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException ignored) {
            // closed meanwhile
        }
    }

    private void flush() {
        List<TrialKey> keys;
        boolean rereadRun;
        synchronized (this) {
            flushScheduled = false;
            keys = new ArrayList<>(pending);
            pending.clear();
            rereadRun = runJsonChanged;
            runJsonChanged = false;
        }
        if (closed) {
            return;
        }
        if (rereadRun || run == null) {
            run = reader.readRun(runDir);
            listener.runRead(run);
        }
        List<TrialRecord> batch = new ArrayList<>(keys.size());
        for (TrialKey k : keys) {
            TrialRecord t = reader.readTrial(run, k);
            // a deleted trace with no score left: nothing to show for it
            if (t.traceFile() == null
                    && t.scores().isEmpty()
                    && !Files.exists(runDir.resolve(RunLayout.TRACES).resolve(k.variantSegment()))) {
                continue;
            }
            batch.add(t);
        }
        if (!batch.isEmpty()) {
            listener.trials(batch);
        }
    }

    /** Stops watching; the listener hears nothing more. */
    @Override
    public void close() {
        closed = true;
        DirectoryWatcher w = watcher;
        if (w != null) {
            try {
                w.close();
            } catch (IOException e) {
                LOG.debug("closing the watcher of {}", runDir, e);
            }
        }
        worker.shutdownNow();
    }
}
