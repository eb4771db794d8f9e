package dev.mstpanel.core.mst;

import dev.mstpanel.core.shell.BoundedStreams;
import dev.mstpanel.core.shell.BusyActivity;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts and supervises long-lived processes ({@code mst run}, {@code mst runner setup docker}):
 * reads stdout and stderr as UTF-8 on two background threads, in bounded memory
 * ({@link BoundedStreams}: a line longer than 8 KiB is cut and marked, the rest still drained), writes the full output (secrets
 * masked) to a log file, hands each line to an {@link OutputListener}, and cancels in two steps.
 *
 * <p><b>Cancel</b> ({@link SupervisedProcess#cancel()}): the first call sends SIGINT to the process
 * (on Unix with {@code kill -INT <pid>}; MST then stops its shards and keeps the trials that came
 * back, docs/dev/mst-format.md, Containers). A second call, or no exit within the spec's grace period,
 * ends the whole process tree: every descendant deepest child first, then the process, with
 * SIGTERM ({@link ProcessHandle#destroy()}), waits up to {@link #TERM_WAIT}, then SIGKILL
 * ({@link ProcessHandle#destroyForcibly()}) for what is left (the pattern of compose-hot-reload's
 * {@code Process.destroyWithDescendants}).
 *
 * <p><b>Windows</b>: Java cannot send a console Ctrl-C to another process, so there the first
 * cancel goes straight to the tree end (TerminateProcess for each process, deepest first); MST
 * then has no chance to keep the trials that came back, and its containers are found by labels
 * and cleaned by the panel.
 *
 * <p>Thread-safe; one instance can supervise any number of processes.
 */
public final class ProcessSupervisor {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessSupervisor.class);

    /** How long the tree end waits after SIGTERM before it sends SIGKILL: 5 s. */
    public static final Duration TERM_WAIT = Duration.ofSeconds(5);

    private final boolean windows;
    private final BusyActivity busy;

    /** A supervisor for this JVM's operating system. */
    public ProcessSupervisor() {
        this(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win"), BusyActivity.forThisMachine());
    }

    ProcessSupervisor(boolean windows) {
        this(windows, BusyActivity.NONE);
    }

    /**
     * @param windows whether this is Windows (no console Ctrl-C for another process)
     * @param busy told while each process runs (a run or a build the person started), so that the
     *     operating system does not throttle the panel while its window is hidden
     */
    ProcessSupervisor(boolean windows, BusyActivity busy) {
        this.windows = windows;
        this.busy = busy;
    }

    /**
     * Starts a process.
     *
     * @param spec what to start, where, with which environment, log file and grace period
     * @param listener receives every line (secrets masked) and the exit
     * @return the running process's handle
     * @throws ProcessStartException when the program cannot start (not found, not executable,
     *     working folder missing) or the log file cannot be created; the message names the program
     *     and the reason
     */
    public SupervisedProcess start(ProcessSpec spec, OutputListener listener) throws ProcessStartException {
        SecretRedactor redactor = spec.redactor();
        String shown = redactor.commandLine(spec.argv());
        Writer log = null;
        if (spec.logFile() != null) {
            try {
                Files.createDirectories(spec.logFile().toAbsolutePath().getParent());
                log = Files.newBufferedWriter(
                        spec.logFile(),
                        StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND,
                        StandardOpenOption.WRITE);
                log.write("# " + Instant.now() + " started: " + shown + System.lineSeparator());
                if (spec.workingDir() != null) {
                    log.write("# in "
                            + redactor.redact(spec.workingDir().toAbsolutePath().toString()) + System.lineSeparator());
                }
                log.flush();
            } catch (IOException e) {
                closeQuietly(log);
                throw new ProcessStartException(
                        "Cannot write the log file " + spec.logFile() + ": " + e.getMessage(), e);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(resolveProgram(spec));
        pb.environment().clear();
        pb.environment().putAll(spec.environment());
        if (spec.workingDir() != null) {
            if (!Files.isDirectory(spec.workingDir())) {
                closeQuietly(log);
                throw new ProcessStartException(
                        "Cannot start " + spec.argv().get(0) + ": the folder " + spec.workingDir() + " does not exist.",
                        null);
            }
            pb.directory(spec.workingDir().toFile());
        }
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            closeQuietly(log);
            throw new ProcessStartException(
                    "Cannot start " + spec.argv().get(0) + ": " + redactor.redact(e.getMessage()), e);
        }
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // stdin is not used
        }
        BusyActivity.Token activity =
                busy.begin("MST is running: " + new java.io.File(spec.argv().get(0)).getName());
        process.onExit().whenComplete((p, e) -> activity.close());
        SupervisedProcess handle = new SupervisedProcess(process, spec, shown, log, listener);
        listener.onStarted(shown, process.pid()); // before the readers: no line can come before the start
        handle.startReaders();
        LOG.info("started pid {}: {}", process.pid(), shown);
        return handle;
    }

    private static List<String> resolveProgram(ProcessSpec spec) {
        List<String> argv = new ArrayList<>(spec.argv());
        String program = argv.get(0);
        if (!program.contains("/") && !program.contains("\\")) {
            String path = spec.environment().getOrDefault("PATH", "");
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (dir.isBlank()) {
                    continue;
                }
                Path candidate = Path.of(dir, program);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    argv.set(0, candidate.toString());
                    break;
                }
            }
        }
        return argv;
    }

    private static void closeQuietly(Writer w) {
        if (w != null) {
            try {
                w.close();
            } catch (IOException ignored) {
                // nothing more to do
            }
        }
    }

    /** Where a supervised process is in its life. */
    public enum State {
        /** Running, no cancel asked. */
        RUNNING,
        /** SIGINT sent; waiting for it to stop within the grace period. */
        INTERRUPTED,
        /** Ending the process tree (SIGTERM, then SIGKILL). */
        TERMINATING,
        /** Exited, output read to the end. */
        EXITED
    }

    /** The handle of one supervised process. */
    public final class SupervisedProcess {
        private final Process process;
        private final ProcessSpec spec;
        private final String shownCommandLine;
        private Writer log; // guarded by logLock; null once closed
        private volatile Path logPath;
        private final OutputListener listener;
        private final CompletableFuture<Integer> exitCode = new CompletableFuture<>();
        private final AtomicReference<State> state = new AtomicReference<>(State.RUNNING);
        private final AtomicInteger cancels = new AtomicInteger();
        private final Instant startedAt = Instant.now();
        private final Object logLock = new Object();
        private volatile List<ProcessHandle> lastKnownTree = List.of();

        private SupervisedProcess(
                Process process, ProcessSpec spec, String shownCommandLine, Writer log, OutputListener listener) {
            this.process = process;
            this.spec = spec;
            this.shownCommandLine = shownCommandLine;
            this.log = log;
            this.logPath = spec.logFile();
            this.listener = listener;
        }

        private void startReaders() {
            Thread out = reader(process.getInputStream(), OutputListener.Stream.STDOUT);
            Thread err = reader(process.getErrorStream(), OutputListener.Stream.STDERR);
            process.onExit().thenRunAsync(() -> {
                try {
                    // output written just before exit is still in the pipes; wait for both readers
                    out.join(TimeUnit.SECONDS.toMillis(10));
                    err.join(TimeUnit.SECONDS.toMillis(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                int code = process.exitValue();
                state.set(State.EXITED);
                writeLog("# " + Instant.now() + " exited with code " + code);
                synchronized (logLock) {
                    closeQuietly(log);
                    log = null;
                }
                try {
                    listener.onExit(code);
                } catch (RuntimeException e) {
                    LOG.warn("output listener failed on exit", e);
                }
                exitCode.complete(code);
            });
        }

        private Thread reader(InputStream in, OutputListener.Stream stream) {
            Thread t = new Thread(
                    () -> {
                        try {
                            // masked before any cut, so that a secret is never written in part
                            BoundedStreams.readLines(in, spec.redactor(), (clean, more) -> {
                                writeLogLine(clean, !more);
                                try {
                                    listener.onLine(stream, clean);
                                } catch (RuntimeException e) {
                                    LOG.warn("output listener failed on a line", e);
                                }
                            });
                        } catch (IOException e) {
                            LOG.debug("{} of pid {} closed: {}", stream, process.pid(), e.getMessage());
                        }
                    },
                    "supervisor-" + process.pid() + "-" + stream.name().toLowerCase(Locale.ROOT));
            t.setDaemon(true);
            t.start();
            return t;
        }

        private void writeLogLine(String line, boolean flush) {
            synchronized (logLock) {
                if (log == null) {
                    return;
                }
                try {
                    log.write(line);
                    log.write(System.lineSeparator());
                    if (flush) {
                        log.flush();
                    }
                } catch (IOException e) {
                    // the log is best effort; the lines still reach the listener
                }
            }
        }

        private void writeLog(String line) {
            writeLogLine(line, true);
        }

        private void notice(String message) {
            String clean = spec.redactor().redact(message);
            writeLog("# " + Instant.now() + " " + clean);
            LOG.info("pid {}: {}", process.pid(), clean);
            try {
                listener.onNotice(clean);
            } catch (RuntimeException e) {
                LOG.warn("output listener failed on a notice", e);
            }
        }

        /** The process id. */
        public long pid() {
            return process.pid();
        }

        /** The process's handle (for descendants and label matching). */
        public ProcessHandle handle() {
            return process.toHandle();
        }

        /** The command line as shown to people: shell-quoted, secrets masked. */
        public String shownCommandLine() {
            return shownCommandLine;
        }

        /** The log file (where {@link #moveLog} put it), or empty when none was asked for. */
        public Optional<Path> logFile() {
            return Optional.ofNullable(logPath);
        }

        /**
         * Renames the log file, while the process runs or after; later lines go to the new name
         * (the writer is closed, the file moved, and reopened for appending, which works on Windows too).
         *
         * @param target the new path, in the same folder; must not exist
         * @return the log's path now
         * @throws IOException when the file cannot be moved (it then keeps its name and is still written)
         */
        public Path moveLog(Path target) throws IOException {
            synchronized (logLock) {
                Path from = logPath;
                if (from == null || from.equals(target)) {
                    return from;
                }
                boolean open = log != null;
                if (open) {
                    log.flush();
                    closeQuietly(log);
                    log = null;
                }
                try {
                    Files.move(from, target);
                    logPath = target;
                } finally {
                    if (open) {
                        log = Files.newBufferedWriter(
                                logPath,
                                StandardCharsets.UTF_8,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.APPEND,
                                StandardOpenOption.WRITE);
                    }
                }
                return logPath;
            }
        }

        /** When it started. */
        public Instant startedAt() {
            return startedAt;
        }

        /** Where it is in its life. */
        public State state() {
            return state.get();
        }

        /** True while the process runs. */
        public boolean isAlive() {
            return process.isAlive();
        }

        /**
         * Completes with the exit code once the process exited and both streams were read to their
         * end (a process ended by a signal gives 128 + the signal's number on Unix, e.g. 130 for
         * SIGINT, 137 for SIGKILL). Never completes exceptionally.
         */
        public CompletableFuture<Integer> exitCode() {
            return exitCode;
        }

        /**
         * The ids of the process and all its living descendants (MST's worker processes, its
         * {@code docker} CLI children). Used to match {@code mst.owner.pid} labels when MST was
         * started through {@code npx}.
         */
        public List<Long> processTreePids() {
            List<Long> pids = new ArrayList<>();
            pids.add(process.pid());
            process.descendants().forEach(h -> pids.add(h.pid()));
            return pids;
        }

        /**
         * Cancels, as the Cancel button does. The first call sends SIGINT (Windows: see the class
         * docs) and ends the tree if the process has not exited within the grace period; a second
         * call ends the tree at once. Returns at once; the tree end runs in the background.
         *
         * @return the state after this call
         */
        public State cancel() {
            return cancel(true);
        }

        /**
         * Cancels after the process already got SIGINT from elsewhere: a Ctrl-C in a terminal goes to
         * the whole foreground process group, MST included, so forwarding it would be MST's second
         * SIGINT ("quit at once"). The first call then only starts the grace period; a second call
         * ends the tree as {@link #cancel()} does.
         *
         * @param sendSignal false when the process already received SIGINT
         * @return the state after this call
         */
        public State cancel(boolean sendSignal) {
            if (!process.isAlive()) {
                return state.get();
            }
            int n = cancels.incrementAndGet();
            if (n == 1 && !windows) {
                lastKnownTree = treeDeepestFirst();
                state.compareAndSet(State.RUNNING, State.INTERRUPTED);
                if (!sendSignal || sendInterrupt()) {
                    notice("Cancel: " + (sendSignal ? "sent SIGINT to" : "SIGINT reached") + " process " + process.pid()
                            + "; it has " + spec.grace().toSeconds() + " s to stop before its process tree is ended.");
                    CompletableFuture.delayedExecutor(spec.grace().toMillis(), TimeUnit.MILLISECONDS)
                            .execute(() -> {
                                if (process.isAlive() && state.get() == State.INTERRUPTED) {
                                    notice("No exit within " + spec.grace().toSeconds()
                                            + " s of SIGINT: ending the process tree.");
                                    endTree();
                                }
                            });
                    return state.get();
                }
                notice("Could not send SIGINT to process " + process.pid() + ": ending the process tree.");
            } else {
                notice(
                        n == 1
                                ? "Cancel: ending the process tree of " + process.pid() + "."
                                : "Second cancel: ending the process tree of " + process.pid() + " now.");
            }
            CompletableFuture.runAsync(this::endTree);
            return State.TERMINATING;
        }

        /**
         * Ends the process tree at once (SIGTERM deepest child first, then SIGKILL after
         * {@link #TERM_WAIT}) and waits for it, at most TERM_WAIT plus 5 s.
         */
        public void destroyTree() {
            endTree();
        }

        private boolean sendInterrupt() {
            try {
                Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                        .redirectErrorStream(true)
                        .start();
                kill.getInputStream().readAllBytes();
                return kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        private synchronized void endTree() {
            if (!process.isAlive() && lastKnownTree.stream().noneMatch(ProcessHandle::isAlive)) {
                return;
            }
            state.set(State.TERMINATING);
            // children re-parented after SIGINT are no longer descendants: include the tree seen at the first cancel
            Map<Long, ProcessHandle> all = new java.util.LinkedHashMap<>();
            for (ProcessHandle h : treeDeepestFirst()) {
                all.put(h.pid(), h);
            }
            for (ProcessHandle h : lastKnownTree) {
                all.putIfAbsent(h.pid(), h);
            }
            List<ProcessHandle> order = new ArrayList<>(all.values());
            order.removeIf(h -> h.pid() == process.pid());
            order.add(process.toHandle());
            for (ProcessHandle h : order) {
                if (h.isAlive()) {
                    h.destroy();
                    try {
                        h.onExit().get(200, TimeUnit.MILLISECONDS);
                    } catch (Exception stillAlive) {
                        // waited briefly so a parent does not respawn a child; the force step follows
                    }
                }
            }
            long deadline = System.nanoTime() + TERM_WAIT.toNanos();
            for (ProcessHandle h : order) {
                long left = deadline - System.nanoTime();
                if (left > 0 && h.isAlive()) {
                    try {
                        h.onExit().get(left, TimeUnit.NANOSECONDS);
                    } catch (Exception stillAlive) {
                        // forced below
                    }
                }
            }
            List<Long> forced = new ArrayList<>();
            for (ProcessHandle h : order) {
                if (h.isAlive()) {
                    forced.add(h.pid());
                    h.destroyForcibly();
                }
            }
            if (!forced.isEmpty()) {
                notice("Forced the end of processes " + forced + " after " + TERM_WAIT.toSeconds() + " s.");
            }
            try {
                process.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.warn("process {} still alive after SIGKILL", process.pid());
            }
        }

        /** The process and its descendants, deepest first (ties in any order); the process itself last. */
        private List<ProcessHandle> treeDeepestFirst() {
            Map<Long, Integer> depth = new HashMap<>();
            List<ProcessHandle> desc = process.descendants().toList();
            Map<Long, Long> parent = new HashMap<>();
            for (ProcessHandle h : desc) {
                h.parent().ifPresent(p -> parent.put(h.pid(), p.pid()));
            }
            for (ProcessHandle h : desc) {
                int d = 0;
                Long p = h.pid();
                while (p != null && p != process.pid() && d < 1000) {
                    p = parent.get(p);
                    d++;
                }
                depth.put(h.pid(), d);
            }
            List<ProcessHandle> sorted = new ArrayList<>(desc);
            sorted.sort(Comparator.comparingInt((ProcessHandle h) -> depth.getOrDefault(h.pid(), 0))
                    .reversed());
            sorted.add(process.toHandle());
            return sorted;
        }
    }
}
