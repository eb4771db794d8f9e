package dev.mstpanel.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.mst.EvalConfig;
import dev.mstpanel.core.mst.EvalConfigException;
import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.MstNotFoundException;
import dev.mstpanel.core.mst.ProcessStartException;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.mst.RunChecks;
import dev.mstpanel.core.mst.VariantSettings;
import dev.mstpanel.core.runs.RunArguments;
import dev.mstpanel.core.runs.RunEvent;
import dev.mstpanel.core.runs.RunState;
import dev.mstpanel.core.runs.RunSupervisor;
import dev.mstpanel.core.runs.ShardState;
import dev.mstpanel.core.runs.estimate.EstimateLog;
import dev.mstpanel.core.runs.estimate.EstimateReason;
import dev.mstpanel.core.runs.estimate.EstimateText;
import dev.mstpanel.core.runs.estimate.RunEstimate;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.shell.LoginShellEnvironment;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.core.text.TextColumns;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel run [--mst PATH] [--events jsonl] -- <arguments for mst run>}: the headless twin
 * of the Run view ("Headless twin"). Runs MST as the window does (login-shell environment,
 * the eval config's folder, a log file under the data folder's {@code runs/}), prints the shard
 * rows as they change, or one JSON object per line with {@code --events jsonl}. SIGINT cancels as
 * the Cancel button does (a second one ends MST's process tree). Exits with MST's exit code; 2 for
 * a usage error or an argument the panel refuses before starting MST (a secrets file it cannot
 * read, an eval config whose folder does not exist); 73 when the panel's data folder cannot be
 * written (no log could be made); 127 when MST cannot be found or started.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run `mst run` with the given arguments, following its shards live.",
            "Example: run -- --config eval.json --runner docker --runner-option contexts=engine-1 --runner-option shards=2"
        })
public final class RunCommand implements Callable<Integer> {

    @Option(
            names = "--mst",
            paramLabel = "PATH",
            description =
                    "The mst executable, used as given or refused (default: node_modules/.bin/mst near the config, mst on PATH, npx --no-install mst).")
    Path mst;

    @Option(
            names = "--events",
            paramLabel = "FORMAT",
            description = "Print events instead of shard rows; the only format is jsonl.")
    String events;

    @Option(
            names = "--grace",
            paramLabel = "SECONDS",
            defaultValue = "20",
            converter = GraceSeconds.class,
            description =
                    "After Ctrl-C, how long MST may take to stop before its process tree is ended: 0 to 3600 (default: ${DEFAULT-VALUE}).")
    Duration grace;

    @Option(
            names = "--estimate",
            description =
                    "Start nothing: say how long and how much the run would take, from the earlier runs of its eval.")
    boolean estimate;

    @Parameters(paramLabel = "MST-RUN-ARGS", description = "Arguments for `mst run` (after --).")
    List<String> runArgs = new ArrayList<>();

    @Mixin
    OutputOptions output = new OutputOptions();

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The exit code when the data folder cannot be written: sysexits' "cannot create an output file". */
    static final int DATA_FOLDER_NOT_WRITABLE = 73;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        boolean jsonl = events != null;
        if (jsonl && !events.equalsIgnoreCase("jsonl")) {
            err.println("mst-panel run: --events takes `jsonl`.");
            return 2;
        }
        if (runArgs.isEmpty()) {
            err.println(
                    "mst-panel run: give the arguments for `mst run` after --, e.g. run -- --config eval.json --runner docker");
            return 2;
        }
        if (output.json() && !estimate) {
            err.println("mst-panel run: --json goes with --estimate (a run's events as JSON: --events jsonl).");
            return 2;
        }
        if (estimate) {
            return estimate(RunArguments.parse(runArgs));
        }
        LoginShellEnvironment.Result shell = root.loginShell();
        HostEnvironment env = shell.environment();
        shell.fallback().ifPresent(reason -> err.println("note: " + reason));
        RunArguments args = RunArguments.parse(runArgs);
        if (args.missingConfigFolder() != null) {
            err.println("mst-panel run: no folder "
                    + TerminalText.escape(args.missingConfigFolder().toString()) + " for the eval config (--config "
                    + TerminalText.escape(args.config().toString())
                    + "): MST runs in its eval config's folder. Nothing was started.");
            return 2;
        }
        if (args.config() != null && !evalConfigChecks(args, env, err)) {
            return 2;
        }
        MstInstallation installation;
        try {
            installation = root.loginShellServices().mstLocator().locate(mst, args.config());
        } catch (MstNotFoundException e) {
            err.println("mst-panel run: " + e.getMessage());
            e.tried().forEach(t -> err.println("  tried " + t));
            return 127;
        }
        if (installation.note() != null) {
            err.println("note: " + installation.note());
        }
        RunSupervisor.RunRequest request = new RunSupervisor.RunRequest(
                installation.command(), installation.flags().translate(runArgs), env, null, grace, null);
        RunSupervisor.ActiveRun run;
        Printer printer = new Printer(out, err, jsonl);
        // the handlers go in before MST starts: a Ctrl-C while the run is being set up must not
        // end the panel and leave MST running; it is acted on once the run exists
        Signals signals = new Signals(err);
        signals.install();
        // estimated before MST starts: the run's own folder is no earlier run
        RunEstimate before = estimateQuietly(args);
        java.time.Instant startedAt = java.time.Instant.now();
        try {
            run = root.loginShellServices().runSupervisor().start(request, printer::print);
        } catch (ProcessStartException e) {
            err.println("mst-panel run: " + e.getMessage());
            return switch (e.kind()) {
                case REFUSED -> 2;
                case DATA_FOLDER -> DATA_FOLDER_NOT_WRITABLE;
                case NOT_STARTED -> 127;
            };
        }
        RunSupervisor.ActiveRun started = run;
        Optional<EstimateLog.Entry> noted = args.config() == null
                ? Optional.empty()
                : root.services().estimateLog().started(args.config().toString(), before, startedAt);
        printer.state = () -> started.model().snapshot();
        printer.recording = started::recording;
        signals.attach(run);
        int code = run.exitCode().join();
        if (code == 0 || code == 1) { // a run that finished (passed or with failed cases): its time is a real one
            noted.ifPresent(e ->
                    root.services().estimateLog().finished(e, Duration.between(startedAt, java.time.Instant.now())));
        }
        synchronized (printer) {
            out.flush();
            err.flush();
        }
        err.println("log: " + run.logFile());
        if (run.recording() != null) {
            err.println(
                    "recording: " + run.recording() + " (replay it with: mst-panel replay " + run.recording() + ")");
        }
        return code;
    }

    /** {@code --estimate}: the estimate of the run, as text or JSON; nothing is started, MST is not even looked for. */
    private int estimate(RunArguments args) {
        RunEstimate e = root.services().runEstimates().estimate(args, this::engine);
        if (e.has(EstimateReason.Kind.CONFIG_UNUSABLE)) {
            // a usage problem, as `run` itself treats it: said on stderr with exit 2, never an estimate
            output.err().println("mst-panel run: " + TerminalText.escape(EstimateText.summary(e)));
            return 2;
        }
        return output.print(() -> output.writeJson(EstimateJson.of(e)), () -> {
            PrintWriter out = output.out();
            out.println(EstimateText.summary(e));
            // without a time the summary is the reason why: it is not said twice
            for (EstimateReason r :
                    e.known() ? e.reasons() : e.reasons().subList(0, e.reasons().size() - 1)) {
                out.println("  " + r.text());
            }
        });
    }

    /** A chosen context's engine, probed now; empty when the context is not known or does not answer. */
    private Optional<EngineInfo> engine(String context) {
        return root.services().contextStore().load().contexts().stream()
                .filter(c -> c.name().equals(context))
                .findFirst()
                .map(c -> root.services().prober().probe(c, EngineProber.DEFAULT_TIMEOUT))
                .map(ProbeResult::engine);
    }

    /**
     * What {@code --estimate --json} prints: the estimate's figures (null when unknown) and what they rest on.
     *
     * @param wallSeconds low, expected and high, or null
     * @param containerHours summed hours of the run's containers, or null
     * @param costUsd US dollars, or null when MST recorded no cost
     * @param basedOnRuns how many earlier runs
     * @param trials the trials of this configuration, or -1 when unknown
     * @param reasons each with its kind and a sentence
     */
    record EstimateJson(
            RunEstimate.WallSeconds wallSeconds,
            Double containerHours,
            Double costUsd,
            int basedOnRuns,
            int trials,
            List<ReasonJson> reasons) {
        static EstimateJson of(RunEstimate e) {
            return new EstimateJson(
                    e.wallSeconds(),
                    e.containerHours() == null ? null : Math.round(e.containerHours() * 100) / 100.0,
                    e.costUsd() == null ? null : Math.round(e.costUsd() * 100) / 100.0,
                    e.basedOnRuns(),
                    e.trials(),
                    e.reasons().stream()
                            .map(r -> new ReasonJson(r.kind().name(), r.text()))
                            .toList());
        }
    }

    /** One reason of an estimate. */
    record ReasonJson(String kind, String text) {}

    /**
     * The estimate of a run about to start, noted with its actual time once it ends (no engine is probed:
     * the run itself is about to ask them). Without a time when anything goes wrong with it: an estimate
     * is a convenience and must not stop a run.
     */
    private RunEstimate estimateQuietly(RunArguments args) {
        try {
            return root.services().runEstimates().estimate(args, c -> Optional.empty());
        } catch (RuntimeException ex) {
            return new RunEstimate(null, null, null, 0, -1, List.of());
        }
    }

    /**
     * The Run form's checks of the eval config, on stderr before MST starts: its settings in a
     * container ({@code eval settings: …}, per variant where they differ), then each problem as
     * {@code error:}, {@code warning:} or {@code note:}. A config the panel cannot read is left to
     * MST to judge.
     *
     * @return false when a problem is an error (MST would refuse the config): the run is not started
     */
    static boolean evalConfigChecks(RunArguments args, HostEnvironment env, PrintWriter err) {
        EvalConfig config;
        try {
            config = EvalConfig.read(args.config());
        } catch (EvalConfigException e) {
            return true;
        }
        for (String line : VariantSettings.describe(config.clientKind(), config.variantSettings())) {
            err.println("eval settings: " + line);
        }
        // the contexts' plugin setups the window recorded: the same data folder as the window's
        java.util.Map<String, java.util.Optional<Path>> setups = new dev.mstpanel.core.images.PluginSetups(
                        dev.mstpanel.core.shell.AppPaths.of(env).dataDir())
                .read();
        List<RunChecks.Problem> problems =
                new RunChecks().checkEvalConfig(config, env.variables(), args.secretsFile(), args.contexts(), setups);
        for (RunChecks.Problem p : problems) {
            err.println(p.severity().name().toLowerCase(Locale.ROOT) + ": " + p.message());
        }
        if (!RunChecks.canStart(problems)) {
            err.println("mst-panel run: fix the eval config's errors above; MST was not started.");
            err.flush();
            return false;
        }
        err.flush();
        return true;
    }

    /**
     * Ctrl-C (SIGINT) and SIGTERM while {@code run} runs. SIGINT cancels as the Cancel button
     * does (a second one ends MST's process tree); SIGTERM ends the tree. A signal that comes
     * while the run is being set up is remembered and acted on as soon as the run exists.
     */
    private static final class Signals {
        private final PrintWriter err;
        // a Ctrl-C in a terminal reaches MST too (same process group): then only start the grace period
        private final boolean terminal = System.console() != null;
        private RunSupervisor.ActiveRun run; // guarded by this
        private int interrupts; // guarded by this: SIGINTs before the run existed
        private boolean terminate; // guarded by this

        Signals(PrintWriter err) {
            this.err = err;
        }

        void install() {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> onInterrupt());
                sun.misc.Signal.handle(new sun.misc.Signal("TERM"), sig -> onTerminate());
            } catch (IllegalArgumentException unsupported) {
                // no such signal on this OS (Windows has no SIGTERM handler here): the JVM's default applies
            }
        }

        void attach(RunSupervisor.ActiveRun r) {
            int n;
            boolean term;
            synchronized (this) {
                run = r;
                n = interrupts;
                term = terminate;
            }
            if (term) {
                r.process().destroyTree();
                return;
            }
            for (int i = 0; i < n; i++) {
                interrupt(r);
            }
        }

        private void onInterrupt() {
            RunSupervisor.ActiveRun r;
            synchronized (this) {
                r = run;
                if (r == null) {
                    interrupts++;
                    err.println("mst-panel run: stopping once MST has started…");
                    err.flush();
                    return;
                }
            }
            interrupt(r);
        }

        private void interrupt(RunSupervisor.ActiveRun r) {
            ProcessSupervisor.State s = r.cancel(!terminal);
            err.println(
                    s == ProcessSupervisor.State.TERMINATING
                            ? "mst-panel run: ending MST's process tree."
                            : "mst-panel run: stopping the shards (Ctrl-C again to end MST at once).");
            err.flush();
        }

        private void onTerminate() {
            RunSupervisor.ActiveRun r;
            synchronized (this) {
                r = run;
                if (r == null) {
                    terminate = true;
                    return;
                }
            }
            r.process().destroyTree();
        }
    }

    /**
     * Prints events as they come: one JSON object a line, or text (shard rows; MST's own lines as
     * it printed them, stderr ones on stderr; a repeat of MST's last stderr lines when it failed).
     */
    static final class Printer {
        private final PrintWriter out;
        private final PrintWriter err;
        private final boolean jsonl;
        /** The run's state, for the shard rows; null before the run started. */
        volatile java.util.function.Supplier<RunState> state;
        /** The run's recording, named in the {@code finished} event; null for none. */
        volatile java.util.function.Supplier<Path> recording;

        private String lastLine;

        Printer(PrintWriter out, PrintWriter err, boolean jsonl) {
            this.out = out;
            this.err = err;
            this.jsonl = jsonl;
        }

        synchronized void print(RunEvent e) {
            if (jsonl) {
                ObjectNode o = JSON.createObjectNode();
                o.put("type", e.type());
                o.put("time", e.time().toString());
                for (Map.Entry<String, Object> f : e.fields().entrySet()) {
                    if (f.getValue() != null) {
                        o.set(f.getKey(), JSON.valueToTree(f.getValue()));
                    }
                }
                java.util.function.Supplier<Path> rec = recording;
                if (e.type().equals("finished") && rec != null && rec.get() != null) {
                    o.put("recording", rec.get().toString());
                }
                out.println(o.toString());
                out.flush();
                return;
            }
            String previousLine = lastLine;
            lastLine = null;
            switch (e.type()) {
                case "line" -> {
                    PrintWriter to = "stderr".equals(e.fields().get("stream")) ? err : out;
                    to.println(e.fields().get("text"));
                    to.flush();
                    lastLine = (String) e.fields().get("text");
                    return;
                }
                case "shard" -> {
                    java.util.function.Supplier<RunState> st = state;
                    if (st != null) {
                        RunState s = st.get();
                        int idx = ((Number) e.fields().get("index")).intValue();
                        s.shards().stream()
                                .filter(sh -> sh.index() == idx)
                                .findFirst()
                                .ifPresent(sh -> out.println(row(sh, s.shards())));
                    } else {
                        out.println(e.message());
                    }
                }
                case "trial" -> {}
                case "finished" -> {
                    out.println(e.message());
                    if (e.fields().get("leftContainers") instanceof List<?> left && !left.isEmpty()) {
                        out.println("Still there after the run (MST did not remove them):");
                        for (Object o : left) {
                            if (o instanceof Map<?, ?> c) {
                                out.println(
                                        "  " + c.get("name") + " on " + c.get("context") + " (" + c.get("state") + ")");
                            }
                        }
                        out.println("Remove them with: mst-panel containers remove-orphans");
                    }
                    out.flush();
                    if (e.fields().get("stderrTail") instanceof List<?> tail && !tail.isEmpty()) {
                        err.println("MST's last lines on stderr:");
                        tail.forEach(l -> err.println("  " + l));
                        err.flush();
                    }
                }
                default -> {
                    // an event made from the line just printed (Output:, Results:, out of memory) is not printed twice
                    if (!e.message().equals(previousLine)) {
                        out.println(e.message());
                    }
                }
            }
            out.flush();
        }
    }

    /**
     * One shard row as text, e.g. {@code shard 2/3  engine-2  mst-…-2  running  1 collected  0 infra  30.1 MiB / 32.0 MiB}: the
     * memory is the last sample, or for a container killed for memory {@link ShardState#outOfMemoryText()}
     * ({@code reached its 32.0 MiB limit (highest sample 5.4 MiB)}).
     */
    static String row(ShardState s) {
        return row(s, List.of(s));
    }

    /**
     * As {@link #row(ShardState)}, with the context and container columns as wide as the longest of
     * {@code all} (the run's shards), so the rows of one run line up.
     */
    static String row(ShardState s, List<ShardState> all) {
        // room for the "-kept" a kept container's name gets at the end
        int contextWidth = TextColumns.width(
                10,
                40,
                all.stream().map(o -> o.context() == null ? "-" : o.context()).toList());
        int containerWidth = TextColumns.width(
                12,
                64,
                all.stream()
                        .map(o -> o.container() == null
                                ? "-"
                                : o.container().endsWith("-kept") ? o.container() : o.container() + "-kept")
                        .toList());
        String oom = s.outOfMemoryText();
        String mem = oom != null
                ? oom
                : s.memoryBytes() < 0
                        ? ""
                        : ByteSize.human(s.memoryBytes())
                                + (s.memoryLimitBytes() > 0 ? " / " + ByteSize.human(s.memoryLimitBytes()) : "");
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "shard %d/%d  ", s.index(), s.count()));
        TextColumns.pad(b, s.context() == null ? "-" : s.context(), contextWidth)
                .append(' ');
        TextColumns.pad(b, s.container() == null ? "-" : s.container(), containerWidth)
                .append(' ');
        TextColumns.pad(b, s.phase().label(), 26).append(' ');
        b.append(String.format(
                Locale.ROOT,
                "%3d collected %3d infra  %s%s",
                s.collected(),
                s.infra(),
                mem,
                s.currentCase() == null ? "" : "  last: " + s.currentCase()));
        return b.toString().stripTrailing();
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
