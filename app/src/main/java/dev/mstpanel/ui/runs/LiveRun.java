package dev.mstpanel.ui.runs;

import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The live part of the Run view: overall counts, elapsed time and ETA, one {@link ShardSnapshot}
 * per shard, each shard's memory over time, and a bounded log with search. The session's
 * callbacks ({@link #listener()}) come on its threads and are coalesced onto the FX thread at most
 * once every {@link RunViewModel#FLUSH_INTERVAL}; everything else is FX thread only.
 */
final class LiveRun {
    /**
     * The longest line shown on screen, in characters: 2,000 (a longer one ends with a note; the
     * process reader already cut it at 8 KiB, and the run's log file has what it kept).
     */
    static final int SCREEN_LINE_CHARS = 2_000;

    private final ReadOnlyObjectWrapper<RunSnapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ObservableList<ShardSnapshot> shardRows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper countsText = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper timeText = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyObjectWrapper<Map<Integer, List<MemorySample>>> memoryHistory =
            new ReadOnlyObjectWrapper<>(Map.of());
    private final ObservableList<String> log = FXCollections.observableArrayList();
    private final ReadOnlyLongWrapper linesReceived = new ReadOnlyLongWrapper();
    private final StringProperty logFilter = new SimpleStringProperty("");
    private final FilteredList<String> filteredLog = new FilteredList<>(log, s -> true);

    private final UiExecutor ui;
    private final Consumer<RunSnapshot> onEnded;
    private final ScheduledExecutorService scheduler;
    private final MemoryHistory memory = new MemoryHistory();
    private final AtomicReference<RunSnapshot> pendingSnapshot = new AtomicReference<>();
    private final AtomicReference<Map<Integer, List<MemorySample>>> pendingHistory = new AtomicReference<>();
    /** One turn per reset: a listener handed out before the last reset (a replay's previous pass) is not heard. */
    private final BackgroundTask.Lane runs = new BackgroundTask.Lane();

    private volatile java.util.function.BooleanSupplier thisRun = runs.enter();
    private final ConcurrentLinkedQueue<String> pendingLines = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private OptionalInt expected = OptionalInt.empty();
    private ScheduledFuture<?> ticker;

    /**
     * @param ui posts to the FX thread
     * @param onEnded called on the FX thread with the first snapshot whose state has ended
     */
    LiveRun(UiExecutor ui, Consumer<RunSnapshot> onEnded) {
        this.ui = ui;
        this.onEnded = onEnded;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "run-view-updates");
            t.setDaemon(true);
            return t;
        });
        logFilter.addListener((o, a, b) -> {
            String needle = b == null ? "" : b.strip().toLowerCase(Locale.ROOT);
            filteredLog.setPredicate(
                    needle.isEmpty()
                            ? s -> true
                            : s -> s.toLowerCase(Locale.ROOT).contains(needle));
        });
    }

    ReadOnlyObjectProperty<RunSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    ObservableList<ShardSnapshot> shardRows() {
        return shardRows;
    }

    ReadOnlyStringProperty countsTextProperty() {
        return countsText.getReadOnlyProperty();
    }

    ReadOnlyStringProperty timeTextProperty() {
        return timeText.getReadOnlyProperty();
    }

    ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    ReadOnlyObjectProperty<Map<Integer, List<MemorySample>>> memoryHistoryProperty() {
        return memoryHistory.getReadOnlyProperty();
    }

    ObservableList<String> filteredLog() {
        return filteredLog;
    }

    ObservableList<String> log() {
        return FXCollections.unmodifiableObservableList(log);
    }

    ReadOnlyLongProperty linesReceivedProperty() {
        return linesReceived.getReadOnlyProperty();
    }

    StringProperty logFilterProperty() {
        return logFilter;
    }

    /** The session's callbacks for this run (until the next {@link #reset}: then they are ignored). */
    RunSession.Listener listener() {
        return new Listener(thisRun);
    }

    /**
     * A new run is starting: clears everything.
     *
     * @param expectedTrials trials the run should give, when known
     */
    void reset(OptionalInt expectedTrials) {
        expected = expectedTrials;
        thisRun = runs.enter();
        snapshot.set(null);
        shardRows.clear();
        memory.clear();
        pendingHistory.set(null);
        memoryHistory.set(Map.of());
        log.clear();
        linesReceived.set(0);
        pendingLines.clear();
        pendingSnapshot.set(null);
        countsText.set("starting MST…");
        timeText.set("elapsed 0:00");
        progress.set(expectedTrials.isPresent() ? 0 : -1);
    }

    /** Shows the command line as the log's first line and starts the elapsed-time ticker. */
    void begin(String commandLine) {
        stopTicker(); // a replay's seek begins again
        log.add("$ " + commandLine);
        ticker = scheduler.scheduleAtFixedRate(() -> ui.execute(this::updateTimes), 1, 1, TimeUnit.SECONDS);
    }

    /** Runs the task on the FX thread once a second until the returned future is cancelled. */
    ScheduledFuture<?> everySecond(Runnable task) {
        return scheduler.scheduleAtFixedRate(() -> ui.execute(task), 0, 1, TimeUnit.SECONDS);
    }

    /** MST could not start. */
    void notStarted() {
        stopTicker();
        countsText.set("not started");
    }

    /** Stops the timers for good. */
    void dispose() {
        scheduler.shutdownNow();
    }

    /** Receives the session's callbacks on its threads and schedules a coalesced flush. */
    private final class Listener implements RunSession.Listener {
        private final java.util.function.BooleanSupplier of;

        Listener(java.util.function.BooleanSupplier of) {
            this.of = of;
        }

        private boolean stale() {
            return !of.getAsBoolean();
        }

        @Override
        public void snapshot(RunSnapshot s) {
            if (stale()) {
                return;
            }
            pendingSnapshot.set(s);
            scheduleFlush();
        }

        @Override
        public void memoryHistory(Map<Integer, List<MemorySample>> history) {
            if (stale()) {
                return;
            }
            pendingHistory.set(history);
            scheduleFlush();
        }

        @Override
        public void lines(List<String> lines) {
            if (stale()) {
                return;
            }
            for (String l : lines) {
                pendingLines.add(forScreen(l));
            }
            scheduleFlush();
        }
    }

    /** A line as the on-screen log shows it: at most {@link #SCREEN_LINE_CHARS}. */
    static String forScreen(String line) {
        if (line == null || line.length() <= SCREEN_LINE_CHARS) {
            return line;
        }
        return line.substring(0, SCREEN_LINE_CHARS) + " … (" + (line.length() - SCREEN_LINE_CHARS)
                + " more characters; see the run's log file)";
    }

    private void scheduleFlush() {
        if (flushScheduled.compareAndSet(false, true)) {
            try {
                scheduler.schedule(
                        () -> {
                            flushScheduled.set(false);
                            ui.execute(this::flush);
                        },
                        RunViewModel.FLUSH_INTERVAL.toMillis(),
                        TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                flushScheduled.set(false);
            }
        }
    }

    private void flush() {
        List<String> lines = new ArrayList<>();
        String line;
        while ((line = pendingLines.poll()) != null) {
            lines.add(line);
        }
        if (!lines.isEmpty()) {
            int limit = RunViewModel.LOG_LIMIT;
            linesReceived.set(linesReceived.get() + lines.size());
            if (lines.size() > limit) {
                lines = lines.subList(lines.size() - limit, lines.size());
            }
            int overflow = log.size() + lines.size() - limit;
            if (overflow > 0) {
                // trim a tenth more than needed, so a fast stream trims once every few hundred lines, not every flush
                log.remove(0, Math.min(overflow + limit / 10, log.size()));
            }
            log.addAll(lines);
        }
        Map<Integer, List<MemorySample>> history = pendingHistory.getAndSet(null);
        if (history != null) {
            memory.replace(history);
            memoryHistory.set(memory.copy());
        }
        RunSnapshot s = pendingSnapshot.getAndSet(null);
        if (s != null) {
            apply(s);
        }
    }

    private void apply(RunSnapshot s) {
        snapshot.set(s);
        if (!shardRows.equals(s.shards())) {
            shardRows.setAll(s.shards());
        }
        recordMemory(s);
        updateCounts(s);
        updateTimes();
        if (s.state().ended()) {
            stopTicker();
            onEnded.accept(s);
        }
    }

    private void stopTicker() {
        if (ticker != null) {
            ticker.cancel(false);
            ticker = null;
        }
    }

    private void recordMemory(RunSnapshot s) {
        if (memory.add(s.shards())) {
            memoryHistory.set(memory.copy());
        }
    }

    private void updateCounts(RunSnapshot s) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.collected()).append(" collected · ").append(s.infra()).append(" infra");
        if (s.missing() >= 0) {
            sb.append(" · ").append(s.missing()).append(" missing");
        }
        if (expected.isPresent()) {
            sb.append(" of ").append(expected.getAsInt()).append(expected.getAsInt() == 1 ? " trial" : " trials");
        }
        countsText.set(sb.toString());
        if (expected.isPresent() && expected.getAsInt() > 0) {
            progress.set(Math.min(1.0, (s.collected() + s.infra()) / (double) expected.getAsInt()));
        } else {
            progress.set(s.state().ended() ? 1.0 : -1);
        }
    }

    private void updateTimes() {
        RunSnapshot s = snapshot.get();
        if (s == null || s.startedAt() == null) {
            return;
        }
        Instant end = s.finishedAt() != null ? s.finishedAt() : Instant.now();
        Duration elapsed = Duration.between(s.startedAt(), end);
        String text = "elapsed " + clock(elapsed);
        if (!s.state().ended()) {
            text += " · " + eta(s, elapsed);
        }
        timeText.set(text);
    }

    private String eta(RunSnapshot s, Duration elapsed) {
        int done = s.collected() + s.infra();
        if (expected.isEmpty()) {
            return "ETA unknown";
        }
        if (done == 0) {
            return "ETA after the first trial";
        }
        int left = expected.getAsInt() - done;
        if (left <= 0) {
            return "finishing";
        }
        double perTrial = elapsed.toMillis() / (double) done;
        return "about " + clock(Duration.ofMillis((long) (perTrial * left))) + " left";
    }

    /** Formats a duration as {@code m:ss} or {@code h:mm:ss}. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s % 3600) / 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
