package dev.mstpanel.core.runs;

import dev.mstpanel.core.mst.MstLine;
import dev.mstpanel.core.mst.MstOutputParser;
import dev.mstpanel.core.mst.OutputListener;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The live model of one run, merged from three sources (issue 4, "Progress from three sources"):
 * MST's lines ({@link #acceptLine}), Docker ({@link #containerSeen}, {@link #statsSample}) and the
 * results folder ({@link #traceFound}, {@link #runDirFound}). Each trial is counted once whichever
 * source tells it first, so if MST's wording changes, progress still comes from Docker and the
 * folder. A trace's shard is MST's rule: the first 4 bytes of SHA-256(caseId) as an unsigned
 * big-endian int, mod the shard count, plus one (MST's contract, section 7).
 *
 * <p>Thread-safe: sources call in from their own threads. Read it three ways: {@link #snapshot()}
 * (an immutable {@link RunState}); {@link #subscribe} (the latest snapshot at most once per
 * interval, only when something changed: bind a view model to it at 100 ms for ~10 updates a
 * second); {@link #addEventListener} (every {@link RunEvent}, synchronously on the source's
 * thread; keep listeners quick). {@link #addLineListener} gets every output line (for a bounded
 * on-screen log), the lines printed before it was added first ({@link #LINES_KEPT} at most), so a
 * view that subscribes after {@code RunSupervisor.start} still sees what a fast-failing MST printed.
 *
 * <p>Every line that is not one of MST's {@code [mst]} progress lines (capacity, shard hello,
 * trial, shard done/stopped, trials missing) also becomes a {@code line} event ({@code stream},
 * {@code text}): MST's own errors ("--config: no such file", "… has no name") must reach the user.
 * Line events go to event listeners but are not kept in {@link RunState#events()}, so chatty output
 * cannot push the run's events out. The last {@link #STDERR_TAIL} such stderr lines are repeated in
 * the {@code finished} event ({@code stderrTail}) when MST exits non-zero.
 */
public final class RunModel {
    /** Memory samples kept per shard (about 5 minutes at one a second). */
    public static final int MEMORY_HISTORY = 300;
    /** Events kept in snapshots; older ones are dropped from the snapshot (listeners saw them all). */
    public static final int MAX_EVENTS = 1000;
    /** Output lines kept to replay to a line listener added late. */
    public static final int LINES_KEPT = 5000;
    /** Stderr lines repeated in the {@code finished} event when MST exits non-zero. */
    public static final int STDERR_TAIL = 5;

    private static final ScheduledExecutorService TICKER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "run-model-ticker");
        t.setDaemon(true);
        return t;
    });

    private final MstOutputParser parser = new MstOutputParser();
    private final Clock clock;
    private final List<Consumer<RunEvent>> eventListeners = new CopyOnWriteArrayList<>();
    private final List<BiConsumer<OutputListener.Stream, String>> lineListeners = new CopyOnWriteArrayList<>();
    private final Object lineLock = new Object();
    private final ArrayDeque<Map.Entry<OutputListener.Stream, String>> recentLines = new ArrayDeque<>();
    private final ArrayDeque<String> stderrTail = new ArrayDeque<>();

    // state, guarded by this
    private long version;
    private RunPhase phase = RunPhase.STARTING;
    private String commandLine;
    private long pid = -1;
    private String logFile;
    private Instant startedAt;
    private Instant finishedAt;
    private final Map<String, RunState.CapacityLine> capacities = new LinkedHashMap<>();
    private final TreeMap<Integer, Shard> shards = new TreeMap<>();
    private int shardCount;
    private final Map<String, Trial> trials = new HashMap<>();
    private int missing = -1;
    private int expectedTrials = -1;
    private int tracesSeen;
    private String runDir;
    private String resultLine;
    private String evalName;
    private Integer exitCode;
    private boolean cancelled;
    private final Set<String> kept = new LinkedHashSet<>();
    private final Map<String, ContainerObservation> containers = new HashMap<>();
    private final ArrayDeque<RunEvent> events = new ArrayDeque<>();
    private RunState cached;

    /** A model using the system clock. */
    public RunModel() {
        this(Clock.systemUTC());
    }

    /** A model using the given clock (tests). */
    public RunModel(Clock clock) {
        this.clock = clock;
    }

    private static final class Shard {
        final int index;
        ShardPhase phase = ShardPhase.WAITING;
        int collected;
        int infra;
        String currentCase;
        String client;
        String context;
        String container;
        String containerState;
        boolean kept;
        boolean oomKilled;
        long memoryBytes = -1;
        long memoryLimitBytes = -1;
        double cpuPercent = -1;
        final ArrayDeque<ShardState.MemorySample> history = new ArrayDeque<>();
        String stoppedReason;
        List<Object> lastEmitted;

        Shard(int index) {
            this.index = index;
        }
    }

    private record Trial(Integer shard, MstLine.TrialStatus status) {}

    // ---- listeners -------------------------------------------------------------------------

    /** Adds a listener for every event (called on the source's thread, in order per source). */
    public void addEventListener(Consumer<RunEvent> listener) {
        eventListeners.add(listener);
    }

    /**
     * Adds a listener for every line MST printed (secrets already masked): first, on the caller's
     * thread, the lines printed before (the last {@link #LINES_KEPT}), then each new line on the
     * reader's thread, in order, none twice.
     */
    public void addLineListener(BiConsumer<OutputListener.Stream, String> listener) {
        synchronized (lineLock) {
            for (Map.Entry<OutputListener.Stream, String> l : recentLines) {
                listener.accept(l.getKey(), l.getValue());
            }
            lineListeners.add(listener);
        }
    }

    /**
     * Delivers the latest snapshot at most once per interval, only after a change, on the model's
     * ticker thread (hop to the FX thread with {@code UiExecutor}). The first delivery comes at once.
     *
     * @param interval e.g. 100 ms for ~10 updates a second
     * @param subscriber gets snapshots; must be quick
     * @return closing it stops the deliveries
     */
    public AutoCloseable subscribe(Duration interval, Consumer<RunState> subscriber) {
        long[] delivered = {-1};
        ScheduledFuture<?> f = TICKER.scheduleWithFixedDelay(() -> {
            RunState s;
            synchronized (this) {
                if (version == delivered[0]) {
                    return;
                }
                s = snapshot();
                delivered[0] = s.version();
            }
            try {
                subscriber.accept(s);
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(RunModel.class).warn("run subscriber failed", e);
            }
        }, 0, Math.max(10, interval.toMillis()), TimeUnit.MILLISECONDS);
        return () -> f.cancel(false);
    }

    // ---- inputs: the process -----------------------------------------------------------------

    /**
     * MST started.
     *
     * @param shownCommandLine the command with secrets masked
     * @param processId MST's process id
     * @param logFilePath the run's log file, or null
     */
    public synchronized void started(String shownCommandLine, long processId, String logFilePath) {
        commandLine = shownCommandLine;
        pid = processId;
        logFile = logFilePath;
        startedAt = clock.instant();
        emit(RunEvent.of(now(), "started", "Started " + shownCommandLine + " (pid " + processId + ")",
                "command", shownCommandLine, "pid", processId, "logFile", logFilePath));
    }

    /** The run's log file was renamed (once MST's {@code Output:} line named the run). */
    public synchronized void logFileMoved(String logFilePath) {
        logFile = logFilePath;
        changed();
    }

    /** The number of shards, when known from the command line ({@code shards=N}); shows N waiting rows. */
    public synchronized void setShardCount(int count) {
        ensureShards(count);
        changed();
    }

    /** Trials the run should give (variants × cases × trials), for the ETA; -1 when unknown. */
    public synchronized void setExpectedTrials(int count) {
        expectedTrials = count;
        changed();
    }

    /** Cancel was asked. */
    public synchronized void cancelling() {
        if (phase != RunPhase.FINISHED) {
            cancelled = true;
            phase = RunPhase.CANCELLING;
            changed();
        }
    }

    /** A note from the supervisor (SIGINT sent, tree ended). */
    public synchronized void notice(String message) {
        emit(RunEvent.of(now(), "notice", message, "message", message));
    }

    /**
     * MST exited: unfinished shards become done (exit 0, not cancelled) or stopped.
     *
     * @param code MST's exit code
     */
    public synchronized void finished(int code) {
        exitCode = code;
        finishedAt = now();
        phase = RunPhase.FINISHED;
        for (Shard s : shards.values()) {
            if (!s.phase.finished()) {
                setPhase(s, code == 0 && !cancelled && s.phase != ShardPhase.WAITING ? ShardPhase.DONE : ShardPhase.STOPPED);
                if (s.phase == ShardPhase.STOPPED && s.stoppedReason == null) {
                    s.stoppedReason = cancelled ? "cancelled" : "MST exited with code " + code;
                }
            }
            emitShardIfChanged(s);
        }
        int c = 0;
        int i = 0;
        for (Trial t : trials.values()) {
            if (t.status == MstLine.TrialStatus.COLLECTED) {
                c++;
            } else {
                i++;
            }
        }
        List<String> tail = code == 0 ? List.of() : List.copyOf(stderrTail);
        emit(RunEvent.of(now(), "finished", "MST exited with code " + code + (tail.isEmpty() ? "" : ": " + tail.get(tail.size() - 1)),
                "exitCode", code, "collected", c, "infra", i, "missing", Math.max(missing, 0), "keptContainers", List.copyOf(kept),
                "stderrTail", tail));
    }

    /**
     * One line of MST's output (an {@link OutputListener} can forward here directly).
     *
     * @param stream which stream
     * @param line the line, secrets already masked
     */
    public void acceptLine(OutputListener.Stream stream, String line) {
        synchronized (lineLock) {
            recentLines.addLast(Map.entry(stream, line));
            while (recentLines.size() > LINES_KEPT) {
                recentLines.pollFirst();
            }
            for (BiConsumer<OutputListener.Stream, String> l : lineListeners) {
                try {
                    l.accept(stream, line);
                } catch (RuntimeException ex) {
                    org.slf4j.LoggerFactory.getLogger(RunModel.class).warn("run line listener failed", ex);
                }
            }
        }
        MstLine parsed = parser.parse(line);
        synchronized (this) {
            if (!isProgress(parsed)) {
                if (stream == OutputListener.Stream.STDERR) {
                    stderrTail.addLast(line);
                    while (stderrTail.size() > STDERR_TAIL) {
                        stderrTail.pollFirst();
                    }
                }
                emit(RunEvent.of(now(), "line", line, "stream", stream == OutputListener.Stream.STDERR ? "stderr" : "stdout",
                        "text", line), false);
            }
            if (!(parsed instanceof MstLine.Unknown)) {
                fold(parsed);
            }
        }
    }

    /** MST's {@code [mst]} progress lines: shown as shard rows and counts, not as lines. */
    private static boolean isProgress(MstLine line) {
        return line instanceof MstLine.Capacity || line instanceof MstLine.ShardHello || line instanceof MstLine.TrialLine
                || line instanceof MstLine.ShardDone || line instanceof MstLine.ShardStopped || line instanceof MstLine.TrialsMissing;
    }

    private void fold(MstLine line) {
        Instant t = now();
        if (line instanceof MstLine.Capacity c) {
            capacities.put(c.context(), new RunState.CapacityLine(c.context(), c.memoryBytes(), c.cpus(), c.containers(), c.perContainerBytes()));
            emit(RunEvent.of(t, "capacity", c.text(), "context", c.context(), "memoryBytes", c.memoryBytes(), "cpus", c.cpus(),
                    "coworkContainers", c.containers()));
        } else if (line instanceof MstLine.ShardHello h) {
            Shard s = shard(h.shard(), h.count());
            s.client = h.client();
            setPhase(s, ShardPhase.RUNNING);
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.TrialLine tl) {
            Shard s = shard(tl.shard(), tl.count());
            setPhase(s, ShardPhase.RUNNING);
            s.currentCase = tl.variant() + " " + tl.caseId() + " #" + tl.trial();
            recordTrial(tl.variant(), tl.caseId(), tl.trial(), tl.status(), tl.shard());
            emit(RunEvent.of(t, "trial", tl.text(), "shard", tl.shard(), "variant", tl.variant(), "caseId", tl.caseId(),
                    "trial", tl.trial(), "status", tl.status() == MstLine.TrialStatus.COLLECTED ? "collected" : "infra"));
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.ShardDone d) {
            Shard s = shard(d.shard(), d.count());
            setPhase(s, ShardPhase.DONE);
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.ShardStopped st) {
            Shard s = shard(st.shard(), st.count());
            s.stoppedReason = st.reason();
            if (st.outOfMemory() != null) {
                outOfMemory(st.outOfMemory(), s);
            } else {
                setPhase(s, ShardPhase.STOPPED);
            }
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.OutOfMemory o) {
            Shard s = o.shard() == null ? null : shard(o.shard(), 0);
            outOfMemory(o, s);
            if (s != null) {
                emitShardIfChanged(s);
            }
        } else if (line instanceof MstLine.WorkspaceUnavailable w) {
            emit(RunEvent.of(t, "notice", w.text(), "message", w.text(), "shard", w.shard()));
        } else if (line instanceof MstLine.TrialsMissing m) {
            missing = m.count();
            emit(RunEvent.of(t, "missing", m.text(), "count", m.count()));
        } else if (line instanceof MstLine.Output o) {
            runDir = o.runDir();
            emit(RunEvent.of(t, "output", o.text(), "runDir", o.runDir()));
        } else if (line instanceof MstLine.Results r) {
            resultLine = r.text();
            emit(RunEvent.of(t, "results", r.text(), "passed", r.passed(), "total", r.total(), "percent", r.percent()));
        } else if (line instanceof MstLine.EvalComplete e) {
            evalName = e.evalName();
            changed();
        }
    }

    private void outOfMemory(MstLine.OutOfMemory o, Shard s) {
        boolean first = s == null || !s.oomKilled;
        if (s != null) {
            s.oomKilled = true;
            if (s.stoppedReason == null) {
                s.stoppedReason = o.text();
            }
            setPhase(s, ShardPhase.OUT_OF_MEMORY);
        }
        if (first) {
            emit(RunEvent.of(now(), "oom", o.text(), "shard", o.shard(), "container", o.container(), "message", o.text()));
        }
    }

    // ---- inputs: Docker --------------------------------------------------------------------

    /**
     * Docker showed one of the run's containers (created, running, exited, renamed {@code -kept},
     * or {@code removed}). Emits a {@code container} event when its state, name or OOM flag changed.
     */
    public synchronized void containerSeen(ContainerObservation c) {
        ContainerObservation before = containers.put(c.id(), c);
        Integer idx = MstOutputParser.shardOfContainer(c.name());
        Shard s = idx == null ? null : shard(idx, 0);
        boolean isKept = c.name().endsWith("-kept");
        if (isKept && kept.add(c.name())) {
            changed();
        }
        if (s != null) {
            s.context = c.context();
            s.container = c.name();
            s.containerState = c.state();
            s.kept |= isKept;
            if (c.memoryLimitBytes() > 0) {
                s.memoryLimitBytes = c.memoryLimitBytes();
            }
            if (!c.state().equals("running")) {
                s.cpuPercent = c.state().equals("created") ? s.cpuPercent : -1;
            }
            switch (c.state()) {
                case "created", "running" -> {
                    if (s.phase == ShardPhase.WAITING) {
                        setPhase(s, ShardPhase.STARTING);
                    }
                }
                case "exited", "dead" -> {
                    if (c.oomKilled()) {
                        boolean announce = !s.oomKilled;
                        s.oomKilled = true;
                        setPhase(s, ShardPhase.OUT_OF_MEMORY);
                        if (announce) {
                            String msg = "Container " + c.name() + " ran out of memory (Docker: OOMKilled)";
                            emit(RunEvent.of(now(), "oom", msg, "shard", idx, "container", c.name(), "message", msg));
                        }
                    } else if (!s.phase.finished() && phase != RunPhase.CANCELLING && !isKept) {
                        setPhase(s, c.exitCode() != null && c.exitCode() == 0 ? ShardPhase.DONE : ShardPhase.STOPPED);
                    }
                }
                default -> { }
            }
        }
        if (before == null || !before.state().equals(c.state()) || !before.name().equals(c.name()) || before.oomKilled() != c.oomKilled()) {
            emit(RunEvent.of(now(), "container", "Container " + c.name() + " on " + c.context() + ": " + c.state()
                            + (c.oomKilled() ? " (out of memory)" : ""),
                    "context", c.context(), "name", c.name(), "state", c.state(),
                    "memoryBytes", s == null || s.memoryBytes < 0 ? null : s.memoryBytes,
                    "memoryLimitBytes", c.memoryLimitBytes() > 0 ? c.memoryLimitBytes() : null, "oomKilled", c.oomKilled(),
                    "exitCode", c.exitCode()));
        }
        if (s != null) {
            emitShardIfChanged(s);
        }
        changed();
    }

    /**
     * One stats sample of a container (from Docker's stats stream).
     *
     * @param containerName its name
     * @param memoryBytes memory use, bytes
     * @param memoryLimitBytes its limit, bytes, or -1
     * @param cpuPercent CPU use in percent of one CPU, or -1
     */
    public synchronized void statsSample(String containerName, long memoryBytes, long memoryLimitBytes, double cpuPercent) {
        Integer idx = MstOutputParser.shardOfContainer(containerName);
        if (idx == null) {
            return;
        }
        Shard s = shard(idx, 0);
        s.memoryBytes = memoryBytes;
        if (memoryLimitBytes > 0) {
            s.memoryLimitBytes = memoryLimitBytes;
        }
        s.cpuPercent = cpuPercent;
        long ms = clock.millis();
        ShardState.MemorySample last = s.history.peekLast();
        if (last != null && ms - last.epochMillis() < 900) {
            s.history.pollLast();
        }
        s.history.addLast(new ShardState.MemorySample(ms, memoryBytes));
        while (s.history.size() > MEMORY_HISTORY) {
            s.history.pollFirst();
        }
        changed();
    }

    // ---- inputs: the results folder ----------------------------------------------------------

    /** The run folder was found on disk (before MST prints {@code Output:}). */
    public synchronized void runDirFound(String path) {
        if (runDir == null) {
            runDir = path;
            changed();
        }
    }

    /**
     * A trace file appeared: {@code traces/<variant>/<caseId>/<trial>.json}.
     *
     * @param variant decoded variant name
     * @param caseId decoded case id
     * @param trialZeroBased the file's trial number (counts from 0)
     * @param infra true when {@code infrastructureError} or a failure kind is set
     */
    public synchronized void traceFound(String variant, String caseId, int trialZeroBased, boolean infra) {
        tracesSeen++;
        Integer idx = shardCount > 0 ? shardOfCase(caseId, shardCount) : null;
        MstLine.TrialStatus status = infra ? MstLine.TrialStatus.INFRA : MstLine.TrialStatus.COLLECTED;
        boolean isNew = recordTrial(variant, caseId, trialZeroBased + 1, status, idx);
        if (isNew && idx != null) {
            Shard s = shard(idx, 0);
            if (s.phase == ShardPhase.WAITING || s.phase == ShardPhase.STARTING) {
                setPhase(s, ShardPhase.RUNNING);
            }
            s.currentCase = variant + " " + caseId + " #" + (trialZeroBased + 1);
            emit(RunEvent.of(now(), "trial", "trace " + variant + "/" + caseId + "/" + trialZeroBased,
                    "shard", idx, "variant", variant, "caseId", caseId, "trial", trialZeroBased + 1,
                    "status", infra ? "infra" : "collected"));
            emitShardIfChanged(s);
        }
        changed();
    }

    /**
     * MST's shard of a case (1-based): the first 4 bytes of SHA-256(caseId, UTF-8) as an unsigned
     * big-endian int, mod shards, plus one (MST's contract, section 7).
     */
    public static int shardOfCase(String caseId, int shards) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(caseId.getBytes(StandardCharsets.UTF_8));
            long v = ((h[0] & 0xFFL) << 24) | ((h[1] & 0xFFL) << 16) | ((h[2] & 0xFFL) << 8) | (h[3] & 0xFFL);
            return (int) (v % shards) + 1;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- reading ---------------------------------------------------------------------------

    /** The current state; cheap when nothing changed since the last call. */
    public synchronized RunState snapshot() {
        if (cached != null && cached.version() == version) {
            return cached;
        }
        List<ShardState> shardStates = new ArrayList<>(shards.size());
        int collected = 0;
        int infra = 0;
        for (Trial t : trials.values()) {
            if (t.status == MstLine.TrialStatus.COLLECTED) {
                collected++;
            } else {
                infra++;
            }
        }
        for (Shard s : shards.values()) {
            shardStates.add(toState(s));
        }
        cached = new RunState(version, phase, commandLine, pid, startedAt, finishedAt, List.copyOf(capacities.values()),
                shardStates, collected, infra, missing, expectedTrials, tracesSeen, runDir, resultLine, evalName, exitCode,
                List.copyOf(kept), List.copyOf(events), logFile);
        return cached;
    }

    private ShardState toState(Shard s) {
        return new ShardState(s.index, Math.max(shardCount, s.index), s.phase, s.collected, s.infra, s.currentCase, s.client,
                s.context, s.container, s.containerState, s.kept, s.oomKilled, s.memoryBytes, s.memoryLimitBytes,
                s.cpuPercent, List.copyOf(s.history), s.stoppedReason);
    }

    // ---- internals -------------------------------------------------------------------------

    private boolean recordTrial(String variant, String caseId, int trial, MstLine.TrialStatus status, Integer shardIdx) {
        String key = variant + '\u0000' + caseId + '\u0000' + trial;
        Trial before = trials.get(key);
        if (before != null && before.status == status) {
            return false;
        }
        Integer idx = shardIdx != null ? shardIdx : before == null ? null : before.shard;
        trials.put(key, new Trial(idx, status));
        if (before != null && before.shard != null) {
            Shard old = shards.get(before.shard);
            if (old != null) {
                if (before.status == MstLine.TrialStatus.COLLECTED) {
                    old.collected--;
                } else {
                    old.infra--;
                }
            }
        }
        if (idx != null) {
            Shard s = shard(idx, 0);
            if (status == MstLine.TrialStatus.COLLECTED) {
                s.collected++;
            } else {
                s.infra++;
            }
        }
        if (phase == RunPhase.STARTING) {
            phase = RunPhase.RUNNING;
        }
        changed();
        return before == null;
    }

    private Shard shard(int index, int count) {
        if (count > 0) {
            ensureShards(count);
        }
        if (index > shardCount) {
            ensureShards(index);
        }
        return shards.get(index);
    }

    private void ensureShards(int count) {
        if (count > shardCount) {
            shardCount = count;
        }
        for (int i = 1; i <= shardCount; i++) {
            shards.computeIfAbsent(i, Shard::new);
        }
    }

    private void setPhase(Shard s, ShardPhase p) {
        if (s.phase == p || s.phase == ShardPhase.OUT_OF_MEMORY) {
            return;
        }
        if (s.phase.finished() && !p.finished()) {
            return;
        }
        if (s.phase.finished() && p != ShardPhase.OUT_OF_MEMORY) {
            return;
        }
        s.phase = p;
        if (phase == RunPhase.STARTING && p != ShardPhase.WAITING) {
            phase = RunPhase.RUNNING;
        }
        changed();
    }

    private void emitShardIfChanged(Shard s) {
        List<Object> key = java.util.Arrays.asList(s.phase, s.collected, s.infra, s.context, s.container);
        if (Objects.equals(key, s.lastEmitted)) {
            return;
        }
        s.lastEmitted = key;
        emit(RunEvent.of(now(), "shard", "shard " + s.index + "/" + shardCount + ": " + s.phase.label()
                        + " (" + s.collected + " collected, " + s.infra + " infra)",
                "index", s.index, "count", shardCount, "phase", s.phase.jsonName(), "collected", s.collected,
                "infra", s.infra, "context", s.context, "container", s.container));
    }

    private void emit(RunEvent e) {
        emit(e, true);
    }

    private void emit(RunEvent e, boolean keep) {
        if (keep) {
            events.addLast(e);
            while (events.size() > MAX_EVENTS) {
                events.pollFirst();
            }
            changed();
        }
        for (Consumer<RunEvent> l : eventListeners) {
            try {
                l.accept(e);
            } catch (RuntimeException ex) {
                org.slf4j.LoggerFactory.getLogger(RunModel.class).warn("run event listener failed", ex);
            }
        }
    }

    private void changed() {
        version++;
    }

    private Instant now() {
        return clock.instant();
    }
}
