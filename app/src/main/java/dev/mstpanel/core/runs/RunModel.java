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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The live model of one run, merged from three sources ("Progress from three sources"):
 * MST's lines ({@link #acceptLine}), Docker ({@link #containerSeen}, {@link #statsSample}) and the
 * results folder ({@link #traceFound}, {@link #runDirFound}). Each trial is counted once whichever
 * source tells it first, so if MST's wording changes, progress still comes from Docker and the
 * folder. A trace's shard is MST's rule: the first 4 bytes of SHA-256(caseId) as an unsigned
 * big-endian int, mod the shard count, plus one (docs/dev/mst-format.md, Shards).
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
 *
 * <p>The parts: {@link ShardTable} (the shards and their phase rules), {@link TrialTally} (each
 * trial once), {@link OutputLines} (line replay), {@link RunEventLog} (events); this class merges
 * the sources into them.
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
    /** MST's end-of-run lines (docs/dev/mst-format.md, Run flags), under this model's lock. */
    private final dev.mstpanel.core.mst.EndOfRunLines endOfRun = new dev.mstpanel.core.mst.EndOfRunLines();

    private final Clock clock;
    private final OutputLines lines = new OutputLines(LINES_KEPT);
    private final RunEventLog events = new RunEventLog(MAX_EVENTS);
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
    private final ShardTable shards = new ShardTable();
    private final TrialTally trials = new TrialTally();
    private int missing = -1;
    private int expectedTrials = -1;
    private int tracesSeen;
    private String runDir;
    private String resultLine;
    private String evalName;
    private Integer exitCode;
    private boolean cancelled;
    private final Set<String> kept = new LinkedHashSet<>();
    private final Map<String, ContainerObservation> containers = new LinkedHashMap<>();
    private RunState cached;

    /** A model using the system clock. */
    public RunModel() {
        this(Clock.systemUTC());
    }

    /** A model using the given clock (tests). */
    public RunModel(Clock clock) {
        this.clock = clock;
    }

    // ---- listeners -------------------------------------------------------------------------

    /** Adds a listener for every event (called on the source's thread, in order per source). */
    public void addEventListener(Consumer<RunEvent> listener) {
        events.addListener(listener);
    }

    /**
     * Adds a listener for every line MST printed (secrets already masked): first, on the caller's
     * thread, the lines printed before (the last {@link #LINES_KEPT}), then each new line on the
     * reader's thread, in order, none twice.
     */
    public void addLineListener(BiConsumer<OutputListener.Stream, String> listener) {
        lines.addListener(listener);
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
        ScheduledFuture<?> f = TICKER.scheduleWithFixedDelay(
                () -> {
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
                },
                0,
                Math.max(10, interval.toMillis()),
                TimeUnit.MILLISECONDS);
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
        emit(RunEvent.of(
                now(),
                "started",
                "Started " + shownCommandLine + " (pid " + processId + ")",
                "command",
                shownCommandLine,
                "pid",
                processId,
                "logFile",
                logFilePath));
    }

    /** The run's log file was renamed (once MST's {@code Output:} line named the run). */
    public synchronized void logFileMoved(String logFilePath) {
        logFile = logFilePath;
        changed();
    }

    /** The number of shards, when known from the command line ({@code shards=N}); shows N waiting rows. */
    public synchronized void setShardCount(int count) {
        shards.ensure(count);
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
        for (ShardTable.Shard s : shards.all()) {
            if (!s.phase.finished()) {
                setPhase(
                        s,
                        code == 0 && !cancelled && s.phase != ShardPhase.WAITING
                                ? ShardPhase.DONE
                                : ShardPhase.STOPPED);
                if (s.phase == ShardPhase.STOPPED && s.stoppedReason == null) {
                    s.stoppedReason = cancelled ? "cancelled" : "MST exited with code " + code;
                }
            }
            emitShardIfChanged(s);
        }
        int c = trials.collected();
        int i = trials.infra();
        List<String> tail = code == 0 ? List.of() : List.copyOf(stderrTail);
        List<Map<String, Object>> left = new java.util.ArrayList<>();
        for (ContainerObservation o : leftContainers()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("context", o.context());
            m.put("name", o.name());
            m.put("state", o.state());
            left.add(m);
        }
        emit(RunEvent.of(
                now(),
                "finished",
                "MST exited with code " + code + (tail.isEmpty() ? "" : ": " + tail.get(tail.size() - 1)),
                "exitCode",
                code,
                "collected",
                c,
                "infra",
                i,
                "missing",
                Math.max(missing, 0),
                "keptContainers",
                List.copyOf(kept),
                "stderrTail",
                tail,
                "leftContainers",
                left));
    }

    /**
     * The run's containers Docker last showed and that are not removed, kept ones left out (MST
     * keeps those on purpose): after a cancel or a killed MST, what is still there (
     * item 18). Oldest first.
     */
    private List<ContainerObservation> leftContainers() {
        return containers.values().stream()
                .filter(o -> !o.state().equals("removed") && !o.name().endsWith("-kept") && !kept.contains(o.name()))
                .toList();
    }

    /**
     * One line of MST's output (an {@link OutputListener} can forward here directly).
     *
     * @param stream which stream
     * @param line the line, secrets already masked
     */
    public void acceptLine(OutputListener.Stream stream, String line) {
        lines.accept(stream, line);
        MstLine parsed = parser.parse(line);
        synchronized (this) {
            if (!isProgress(parsed)) {
                if (stream == OutputListener.Stream.STDERR) {
                    stderrTail.addLast(line);
                    while (stderrTail.size() > STDERR_TAIL) {
                        stderrTail.pollFirst();
                    }
                }
                emit(
                        RunEvent.of(
                                now(),
                                "line",
                                line,
                                "stream",
                                stream == OutputListener.Stream.STDERR ? "stderr" : "stdout",
                                "text",
                                line),
                        false);
            }
            if (!(parsed instanceof MstLine.Unknown)) {
                fold(parsed);
            }
            if (endOfRun.accept(parsed, stream == OutputListener.Stream.STDOUT)) {
                changed();
            }
        }
    }

    /** MST's {@code [mst]} progress lines: shown as shard rows and counts, not as lines. */
    private static boolean isProgress(MstLine line) {
        return line instanceof MstLine.Capacity
                || line instanceof MstLine.ShardHello
                || line instanceof MstLine.TrialLine
                || line instanceof MstLine.ShardDone
                || line instanceof MstLine.ShardStopped
                || line instanceof MstLine.TrialsMissing;
    }

    private void fold(MstLine line) {
        Instant t = now();
        if (line instanceof MstLine.Capacity c) {
            capacities.put(
                    c.context(),
                    new RunState.CapacityLine(
                            c.context(), c.memoryBytes(), c.cpus(), c.containers(), c.perContainerBytes()));
            emit(RunEvent.of(
                    t,
                    "capacity",
                    c.text(),
                    "context",
                    c.context(),
                    "memoryBytes",
                    c.memoryBytes(),
                    "cpus",
                    c.cpus(),
                    "coworkContainers",
                    c.containers()));
        } else if (line instanceof MstLine.ShardHello h) {
            ShardTable.Shard s = shard(h.shard(), h.count());
            s.client = h.client();
            setPhase(s, ShardPhase.RUNNING);
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.TrialLine tl) {
            ShardTable.Shard s = shard(tl.shard(), tl.count());
            setPhase(s, ShardPhase.RUNNING);
            s.currentCase = tl.variant() + " " + tl.caseId() + " #" + tl.trial();
            recordTrial(tl.variant(), tl.caseId(), tl.trial(), tl.status(), tl.shard());
            emit(RunEvent.of(
                    t,
                    "trial",
                    tl.text(),
                    "shard",
                    tl.shard(),
                    "variant",
                    tl.variant(),
                    "caseId",
                    tl.caseId(),
                    "trial",
                    tl.trial(),
                    "status",
                    tl.status() == MstLine.TrialStatus.COLLECTED ? "collected" : "infra"));
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.ShardDone d) {
            ShardTable.Shard s = shard(d.shard(), d.count());
            setPhase(s, ShardPhase.DONE);
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.ShardStopped st) {
            ShardTable.Shard s = shard(st.shard(), st.count());
            s.stoppedReason = st.reason();
            if (st.outOfMemory() != null) {
                outOfMemory(st.outOfMemory(), s);
            } else {
                setPhase(s, ShardPhase.STOPPED);
            }
            emitShardIfChanged(s);
        } else if (line instanceof MstLine.OutOfMemory o) {
            ShardTable.Shard s = o.shard() == null ? null : shard(o.shard(), 0);
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

    private void outOfMemory(MstLine.OutOfMemory o, ShardTable.Shard s) {
        boolean first = s == null || !s.oomKilled;
        if (s != null) {
            s.oomKilled = true;
            if (s.stoppedReason == null) {
                s.stoppedReason = o.text();
            }
            setPhase(s, ShardPhase.OUT_OF_MEMORY);
        }
        if (first) {
            emit(RunEvent.of(
                    now(), "oom", o.text(), "shard", o.shard(), "container", o.container(), "message", o.text()));
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
        ShardTable.Shard s = idx == null ? null : shard(idx, 0);
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
                default -> {}
            }
        }
        if (before == null
                || !before.state().equals(c.state())
                || !before.name().equals(c.name())
                || before.oomKilled() != c.oomKilled()) {
            emit(RunEvent.of(
                    now(),
                    "container",
                    "Container " + c.name() + " on " + c.context() + ": " + c.state()
                            + (c.oomKilled() ? " (out of memory)" : ""),
                    "context",
                    c.context(),
                    "name",
                    c.name(),
                    "state",
                    c.state(),
                    "memoryBytes",
                    s == null || s.memoryBytes < 0 ? null : s.memoryBytes,
                    "memoryLimitBytes",
                    c.memoryLimitBytes() > 0 ? c.memoryLimitBytes() : null,
                    "oomKilled",
                    c.oomKilled(),
                    "exitCode",
                    c.exitCode()));
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
    public synchronized void statsSample(
            String containerName, long memoryBytes, long memoryLimitBytes, double cpuPercent) {
        Integer idx = MstOutputParser.shardOfContainer(containerName);
        if (idx == null) {
            return;
        }
        shard(idx, 0).sample(clock.millis(), memoryBytes, memoryLimitBytes, cpuPercent, MEMORY_HISTORY);
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
        Integer idx = shards.count() > 0 ? shardOfCase(caseId, shards.count()) : null;
        MstLine.TrialStatus status = infra ? MstLine.TrialStatus.INFRA : MstLine.TrialStatus.COLLECTED;
        boolean isNew = recordTrial(variant, caseId, trialZeroBased + 1, status, idx) == TrialTally.Outcome.NEW;
        if (isNew && idx != null) {
            ShardTable.Shard s = shard(idx, 0);
            if (s.phase == ShardPhase.WAITING || s.phase == ShardPhase.STARTING) {
                setPhase(s, ShardPhase.RUNNING);
            }
            s.currentCase = variant + " " + caseId + " #" + (trialZeroBased + 1);
            emit(RunEvent.of(
                    now(),
                    "trial",
                    "trace " + variant + "/" + caseId + "/" + trialZeroBased,
                    "shard",
                    idx,
                    "variant",
                    variant,
                    "caseId",
                    caseId,
                    "trial",
                    trialZeroBased + 1,
                    "status",
                    infra ? "infra" : "collected"));
            emitShardIfChanged(s);
        }
        changed();
    }

    /**
     * MST's shard of a case (1-based): the first 4 bytes of SHA-256(caseId, UTF-8) as an unsigned
     * big-endian int, mod shards, plus one (docs/dev/mst-format.md, Shards).
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
        cached = new RunState(
                version,
                phase,
                commandLine,
                pid,
                startedAt,
                finishedAt,
                List.copyOf(capacities.values()),
                shards.states(),
                trials.collected(),
                trials.infra(),
                missing,
                expectedTrials,
                tracesSeen,
                runDir,
                resultLine,
                evalName,
                exitCode,
                List.copyOf(kept),
                events.kept(),
                logFile,
                phase == RunPhase.FINISHED ? leftContainers() : List.of(),
                endOfRun.report());
        return cached;
    }

    // ---- internals -------------------------------------------------------------------------

    private TrialTally.Outcome recordTrial(
            String variant, String caseId, int trial, MstLine.TrialStatus status, Integer shardIdx) {
        TrialTally.Outcome o = trials.record(variant, caseId, trial, status, shardIdx, shards);
        if (o != TrialTally.Outcome.SAME) {
            if (phase == RunPhase.STARTING) {
                phase = RunPhase.RUNNING;
            }
            changed();
        }
        return o;
    }

    private ShardTable.Shard shard(int index, int count) {
        int before = shards.unlisted();
        ShardTable.Shard s = shards.shard(index, count);
        if (phase == RunPhase.FINISHED && !s.phase.finished()) {
            // a line or a container read after MST exited names a shard not seen before: it is not running
            s.moveTo(ShardPhase.STOPPED);
            if (s.stoppedReason == null) {
                s.stoppedReason = "MST exited with code " + exitCode;
            }
        }
        if (before == 0 && shards.unlisted() == 1) {
            notice("MST named more than " + ShardTable.MAX_ROWS + " shards: the panel shows rows for the first "
                    + ShardTable.MAX_ROWS + " and MST's lines for all of them.");
        }
        return s;
    }

    private void setPhase(ShardTable.Shard s, ShardPhase p) {
        if (phase == RunPhase.FINISHED && !p.finished()) {
            return; // MST has exited: a late line or container state cannot make a shard live again
        }
        if (!s.moveTo(p)) {
            return;
        }
        if (phase == RunPhase.STARTING && p != ShardPhase.WAITING) {
            phase = RunPhase.RUNNING;
        }
        changed();
    }

    private void emitShardIfChanged(ShardTable.Shard s) {
        RunEvent e = shards.eventIfChanged(s, now());
        if (e != null) {
            emit(e);
        }
    }

    private void emit(RunEvent e) {
        emit(e, true);
    }

    private void emit(RunEvent e, boolean keep) {
        if (keep) {
            changed();
        }
        events.publish(e, keep);
    }

    private void changed() {
        version++;
    }

    private Instant now() {
        return clock.instant();
    }
}
