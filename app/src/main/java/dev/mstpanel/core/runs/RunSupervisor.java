package dev.mstpanel.core.runs;

import dev.mstpanel.core.docker.ContextList;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.mst.OutputListener;
import dev.mstpanel.core.mst.ProcessSpec;
import dev.mstpanel.core.mst.ProcessStartException;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.mst.SecretRedactor;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs {@code mst run} the panel's way ("Supervising the process"): in the eval config's
 * folder, with the resolved environment, its full output (secrets masked) in a log file per run
 * under {@code <data folder>/runs/}, named {@code <yyyyMMdd-HHmmss>-starting.log} (local start
 * time) and renamed {@code <yyyyMMdd-HHmmss>-<short run id>.log} once MST's {@code Output:} line
 * names the run (the 6-hex short id of MST's run id, as {@code --resume} takes it), and its progress merged into a {@link RunModel} from MST's
 * lines, Docker ({@link RunContainerWatcher}) and the results folder ({@link RunFolderFollower},
 * on the Results view's reader and watcher). The window and the headless {@code run} command both use it.
 */
public final class RunSupervisor {
    /** The longest the end of a run waits for its last look at Docker: 3 s. */
    public static final Duration FINAL_LOOK_TIMEOUT = Duration.ofSeconds(3);

    private static final java.util.concurrent.Executor DAEMON = r -> {
        Thread t = new Thread(r, "run-final-look");
        t.setDaemon(true);
        t.start();
    };

    private final ProcessSupervisor processes;
    private final DockerClientFactory clients;
    private final ResultsReader sharedReader;

    /**
     * @param processes starts and cancels the MST process; each run reads its traces with a reader of its own
     * @param clients opens the clients that follow the run's containers
     */
    public RunSupervisor(ProcessSupervisor processes, DockerClientFactory clients) {
        this(processes, clients, null);
    }

    /**
     * @param processes starts and cancels the MST process
     * @param clients opens the clients that follow the run's containers
     * @param reader the results reader to share (the window's), or null for one per run, closed when the run ends
     */
    public RunSupervisor(ProcessSupervisor processes, DockerClientFactory clients, ResultsReader reader) {
        this.processes = processes;
        this.clients = clients;
        this.sharedReader = reader;
    }

    /**
     * What to run.
     *
     * @param mstCommand the argv prefix that runs MST ({@code MstInstallation.command()})
     * @param runArgs the arguments after {@code run}, already in MST's flag vocabulary
     * @param environment the environment MST gets (the login shell's)
     * @param workingDir where MST runs; null for the config's folder (else the JVM's folder)
     * @param grace how long MST gets after SIGINT before its tree is ended; null for the default
     * @param pollInterval how often Docker is looked at, and the results folder when its file events
     *     are not available; null for 1 s
     * @param subcommand MST's subcommand: {@code run}, or {@code grade} to grade a run again in containers
     *     ({@code mst grade <run> …}, docs/dev/mst-format.md, Commands; its regrade {@code <run id>.g<n>} is followed as a run)
     */
    public record RunRequest(
            List<String> mstCommand,
            List<String> runArgs,
            HostEnvironment environment,
            Path workingDir,
            Duration grace,
            Duration pollInterval,
            String subcommand) {
        public RunRequest {
            mstCommand = List.copyOf(mstCommand);
            runArgs = List.copyOf(runArgs);
            subcommand = subcommand == null || subcommand.isBlank() ? "run" : subcommand;
        }

        /** {@code mst run} with these arguments. */
        public RunRequest(
                List<String> mstCommand,
                List<String> runArgs,
                HostEnvironment environment,
                Path workingDir,
                Duration grace,
                Duration pollInterval) {
            this(mstCommand, runArgs, environment, workingDir, grace, pollInterval, "run");
        }
    }

    /** A running (or finished) run. */
    public static final class ActiveRun {
        private final RunModel model;
        private final ProcessSupervisor.SupervisedProcess process;
        private final CompletableFuture<Integer> exitCode;
        private final Path logFile; // the first name
        private final dev.mstpanel.core.runs.RunRecorder recorder;

        ActiveRun(
                RunModel model,
                ProcessSupervisor.SupervisedProcess process,
                CompletableFuture<Integer> exitCode,
                Path logFile,
                dev.mstpanel.core.runs.RunRecorder recorder) {
            this.model = model;
            this.process = process;
            this.exitCode = exitCode;
            this.logFile = logFile;
            this.recorder = recorder;
        }

        /** The run's recording beside its log (named after the log's final name once the run ended), or null when it could not be written. */
        public Path recording() {
            return recorder == null ? null : recorder.file();
        }

        /** The live model. */
        public RunModel model() {
            return model;
        }

        /** MST's process. */
        public ProcessSupervisor.SupervisedProcess process() {
            return process;
        }

        /** The run's log file (secrets masked), under its current name. */
        public Path logFile() {
            return process.logFile().orElse(logFile);
        }

        /** MST's exit code, completed after the final look at Docker and the folder. */
        public CompletableFuture<Integer> exitCode() {
            return exitCode;
        }

        /** Cancel, as the Cancel button does: first SIGINT, a second call ends the process tree. */
        public ProcessSupervisor.State cancel() {
            return cancel(true);
        }

        /**
         * Cancel when MST may already have SIGINT (a terminal's Ctrl-C reaches the whole process
         * group); see {@link ProcessSupervisor.SupervisedProcess#cancel(boolean)}.
         */
        public ProcessSupervisor.State cancel(boolean sendSignal) {
            model.cancelling();
            return process.cancel(sendSignal);
        }
    }

    /**
     * Starts a run.
     *
     * @param request what to run
     * @return the run; its model already has the {@code started} event
     * @throws ProcessStartException when MST cannot start (message for people)
     */
    public ActiveRun start(RunRequest request) throws ProcessStartException {
        return start(request, null);
    }

    /**
     * Starts a run with an event listener added before MST starts, so it gets every event from
     * {@code started} on, every {@code line} included (the headless {@code run} prints them).
     *
     * @param request what to run
     * @param listener gets every {@link RunEvent} on the source's thread (keep it quick), or null
     * @return the run
     * @throws ProcessStartException when MST cannot start, or the {@code --secrets-file} cannot be
     *     read whole (missing, not a regular file, over {@link SecretRedactor#MAX_SECRETS_FILE_BYTES}):
     *     its values could not be masked, so MST is not started (message for people)
     */
    public ActiveRun start(RunRequest request, java.util.function.Consumer<RunEvent> listener)
            throws ProcessStartException {
        // the Docker client's code is loaded while MST starts, not on the clock of the looks at the containers
        DAEMON.execute(clients::warmUp);
        HostEnvironment env = request.environment();
        RunArguments args = RunArguments.parse(request.runArgs());
        Path workingDir = request.workingDir() != null
                ? request.workingDir()
                : args.config() != null && args.config().toAbsolutePath().getParent() != null
                        ? args.config().toAbsolutePath().getParent()
                        : Path.of("").toAbsolutePath();
        SecretRedactor redactor = SecretRedactor.forEnvironment(env.variables()).withArguments(request.runArgs());
        // every --secrets-file given is masked, not only the one MST takes (the last): a value the
        // panel was shown is never printed, whichever file MST reads
        for (Path given : RunArguments.allSecretsFiles(request.runArgs())) {
            Path sf = given.isAbsolute() ? given : workingDir.resolve(given);
            try {
                redactor = redactor.withSecretsFile(sf);
            } catch (IOException e) {
                // MST would read what the panel cannot mask: refuse rather than print its secrets
                throw ProcessStartException.refused(e.getMessage() + " The run was not started.", e);
            }
        }
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(ZonedDateTime.now());
        Path runsDir = AppPaths.of(env).dataDir().resolve("runs");
        checkWritable(runsDir);
        Path logFile = freeName(runsDir, stamp + "-starting");
        List<String> argv = new ArrayList<>(request.mstCommand());
        argv.add(request.subcommand());
        argv.addAll(request.runArgs());

        RunModel model = new RunModel();
        java.util.concurrent.atomic.AtomicReference<ProcessSupervisor.SupervisedProcess> started =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicReference<String> namedRunDir =
                new java.util.concurrent.atomic.AtomicReference<>();
        model.addEventListener(e -> {
            if (e.type().equals("output") && e.fields().get("runDir") instanceof String dir) {
                namedRunDir.set(dir);
                renameLog(started.get(), model, runsDir, stamp, namedRunDir);
            }
        });
        if (args.shards() > 0) {
            model.setShardCount(args.shards());
        }
        // before the caller's listener, so that the finished event finds the recording under its last name
        dev.mstpanel.core.runs.RunRecorder recorder = dev.mstpanel.core.runs.RunRecorder.attach(model, logFile);
        if (listener != null) {
            model.addEventListener(listener);
        }
        Duration poll = request.pollInterval() == null ? Duration.ofSeconds(1) : request.pollInterval();
        ResultsReader reader = sharedReader != null ? sharedReader : new ResultsReader();
        RunFolderFollower folder = new RunFolderFollower(
                reader,
                args.outputDir() != null ? workingDir.resolve(args.outputDir()) : workingDir,
                args.outputDir() != null,
                args.resume(),
                model,
                poll);
        folder.start();
        ProcessSpec spec = new ProcessSpec(argv, workingDir, env.variables(), logFile, redactor, request.grace());
        ProcessSupervisor.SupervisedProcess process;
        try {
            process = processes.start(spec, new OutputListener() {
                @Override
                public void onStarted(String shownCommandLine, long pid) {
                    // before MST's first line is folded: its capacity lines must not come before "started"
                    model.started(shownCommandLine, pid, logFile.toString());
                }

                @Override
                public void onLine(Stream stream, String line) {
                    model.acceptLine(stream, line);
                }

                @Override
                public void onNotice(String message) {
                    model.notice(message);
                }
            });
        } catch (ProcessStartException e) {
            if (recorder != null) {
                recorder.close();
            }
            folder.close();
            if (reader != sharedReader) {
                reader.close();
            }
            throw e;
        }
        started.set(process);
        renameLog(process, model, runsDir, stamp, namedRunDir); // when Output: came before start() returned
        List<DockerContext> contexts = resolveContexts(env, args.contexts(), model);
        RunContainerWatcher docker =
                new RunContainerWatcher(contexts, clients, HostName.current(), process::processTreePids, model, poll);
        docker.start();
        CompletableFuture<Integer> done = process.exitCode().thenApplyAsync(code -> {
            // the final states: kept containers, removed ones, the last traces
            finalLookAtDocker(docker, model);
            folder.finalLook();
            folder.close();
            if (reader != sharedReader) {
                reader.close();
            }
            model.finished(code);
            return code;
        });
        return new ActiveRun(model, process, done, logFile, recorder);
    }

    /**
     * The final look at the run's containers, bounded by {@link #FINAL_LOOK_TIMEOUT}: an engine
     * that accepts the connection and never answers must not hold back MST's exit code (a
     * silent context added about 10 s, the engine client's read timeout, to every run). The
     * watcher is closed in the background, as a poll still waiting on that engine holds its lock.
     */
    private void finalLookAtDocker(RunContainerWatcher docker, RunModel model) {
        // the deadline is for the engine's answer: loading the Docker client's code (seconds on a
        // busy machine, begun at the run's start) is finished before its clock starts
        clients.warmUp();
        CompletableFuture<Void> look = CompletableFuture.runAsync(docker::pollOnce, DAEMON);
        try {
            look.get(FINAL_LOOK_TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            model.notice("Docker did not answer within " + FINAL_LOOK_TIMEOUT.toSeconds()
                    + " s at the end of the run: the states"
                    + " of the run's containers are as last seen; check them with `mst-panel containers`.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            model.notice("The last look at the run's containers failed: "
                    + e.getCause().getMessage());
        }
        DAEMON.execute(docker::close);
    }

    /** Renames the log after the run MST named, once; a failure leaves the first name. */
    /**
     * The folder of the runs' logs and recordings can be written, or the run does not start: it
     * would have no log, and the person is told the folder and the system's reason, not only a path.
     */
    static void checkWritable(Path runsDir) throws ProcessStartException {
        try {
            Files.createDirectories(runsDir);
            Path probe = Files.createTempFile(runsDir, ".write-check-", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw ProcessStartException.dataFolder(
                    "Cannot write the run's log in " + runsDir + ": " + reason(e)
                            + ". Make the panel's data folder writable, or set MST_PANEL_HOME to a folder you can write. The run was not started.",
                    e);
        }
    }

    /** The system's reason for a file error, in words (an AccessDeniedException's message is only the path). */
    private static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static void renameLog(
            ProcessSupervisor.SupervisedProcess process,
            RunModel model,
            Path runsDir,
            String stamp,
            java.util.concurrent.atomic.AtomicReference<String> runDir) {
        if (process == null) {
            return;
        }
        String dir = runDir.getAndSet(null);
        if (dir == null) {
            return;
        }
        try {
            Path moved = process.moveLog(freeName(runsDir, stamp + "-" + shortRunId(dir)));
            if (moved != null) {
                model.logFileMoved(moved.toString());
            }
        } catch (IOException | RuntimeException e) {
            model.notice("The run's log keeps its name "
                    + process.logFile().map(Path::toString).orElse("") + ": " + e.getMessage());
        }
    }

    /**
     * The short id of a run folder: the 6 hex digits that end MST's run id
     * ({@code 20261129T101500Z-a1b2c3}, a regrade's {@code .g2} left off; docs/dev/mst-format.md, Results),
     * else the folder's name made safe for a file name.
     *
     * @param runDir the run folder MST printed after {@code Output:}
     * @return e.g. {@code a1b2c3}
     */
    public static String shortRunId(String runDir) {
        String name = Path.of(runDir.strip()).getFileName() == null
                ? runDir
                : Path.of(runDir.strip()).getFileName().toString();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("-([0-9a-fA-F]{6})(?:\\.g\\d+)?$")
                .matcher(name);
        return m.find() ? m.group(1).toLowerCase(java.util.Locale.ROOT) : name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static Path freeName(Path dir, String base) {
        Path p = dir.resolve(base + ".log");
        for (int i = 2; java.nio.file.Files.exists(p); i++) {
            p = dir.resolve(base + "-" + i + ".log");
        }
        return p;
    }

    private static List<DockerContext> resolveContexts(HostEnvironment env, List<String> names, RunModel model) {
        ContextList list = new ContextStore(env).load();
        List<DockerContext> out = new ArrayList<>();
        List<String> wanted = names.isEmpty() && list.currentName() != null ? List.of(list.currentName()) : names;
        for (String n : wanted) {
            list.contexts().stream()
                    .filter(c -> c.name().equals(n))
                    .findFirst()
                    .ifPresentOrElse(
                            out::add,
                            () -> model.notice("No Docker context named " + n + ": its containers are not followed."));
        }
        return out;
    }
}
