package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.mst.MstNotFoundException;
import dev.mstpanel.core.mst.ProcessSpec;
import dev.mstpanel.core.mst.ProcessStartException;
import dev.mstpanel.core.runs.RunModel;
import dev.mstpanel.core.runs.RunPhase;
import dev.mstpanel.core.runs.RunState;
import dev.mstpanel.core.runs.RunSupervisor;
import dev.mstpanel.core.runs.ShardState;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The app's {@link RunSession}: finds MST with {@link MstLocator} (the settings' path, the eval's
 * {@code node_modules/.bin}, PATH, npx) and runs it under {@link RunSupervisor}, whose
 * {@link RunModel} merges MST's lines, Docker and the results folder. Snapshots are taken from the
 * model at most every {@link #SNAPSHOT_INTERVAL}; output lines arrive secrets already masked.
 */
public final class SupervisedRunSession implements RunSession {
    private static final Logger LOG = LoggerFactory.getLogger(SupervisedRunSession.class);
    /** How often the model's state is handed on: 100 ms (the view shows at most 10 updates a second). */
    public static final Duration SNAPSHOT_INTERVAL = Duration.ofMillis(100);

    private final MstLocator locator;
    private final Settings settings;
    private final HostEnvironment environment;
    private final RunSupervisor supervisor;
    private final Duration grace;

    /**
     * @param locator finds MST, its version and its flag vocabulary
     * @param settings the panel's settings ({@link Settings#mstPath})
     * @param environment the environment MST runs with (the login shell's in the app)
     * @param supervisor starts and watches MST
     */
    public SupervisedRunSession(
            MstLocator locator, Settings settings, HostEnvironment environment, RunSupervisor supervisor) {
        this(locator, settings, environment, supervisor, ProcessSpec.DEFAULT_GRACE);
    }

    /**
     * As above, with the grace period MST gets after Cancel (and Quit) before its process tree is
     * ended.
     */
    public SupervisedRunSession(
            MstLocator locator,
            Settings settings,
            HostEnvironment environment,
            RunSupervisor supervisor,
            Duration grace) {
        this.locator = locator;
        this.settings = settings;
        this.environment = environment;
        this.supervisor = supervisor;
        this.grace = grace;
    }

    private dev.mstpanel.core.images.PluginSetups pluginSetups;

    /** Where the form reads which eval each context's image was set up for (none: not known). */
    public SupervisedRunSession withPluginSetups(dev.mstpanel.core.images.PluginSetups setups) {
        this.pluginSetups = setups;
        return this;
    }

    @Override
    public java.util.Map<String, java.util.Optional<Path>> pluginSetups() {
        return pluginSetups == null ? java.util.Map.of() : pluginSetups.read();
    }

    private dev.mstpanel.core.runs.estimate.RunEstimates estimates;
    private dev.mstpanel.core.runs.estimate.EstimateLog estimateLog;

    /** Where the form's estimate comes from and where each run's estimate and actual time are kept. */
    public SupervisedRunSession withEstimates(
            dev.mstpanel.core.runs.estimate.RunEstimates estimates, dev.mstpanel.core.runs.estimate.EstimateLog log) {
        this.estimates = estimates;
        this.estimateLog = log;
        return this;
    }

    @Override
    public dev.mstpanel.core.runs.estimate.RunEstimate estimate(
            List<String> runArgs, java.util.Map<String, dev.mstpanel.core.docker.EngineInfo> engines) {
        return estimates == null
                ? null
                : estimates.estimate(
                        dev.mstpanel.core.runs.RunArguments.parse(runArgs),
                        c -> java.util.Optional.ofNullable(engines.get(c)));
    }

    @Override
    public java.util.Optional<String> estimatesCloseness() {
        return estimateLog == null ? java.util.Optional.empty() : estimateLog.closeness(3);
    }

    /** Notes the estimate of a run about to start; empty when there is none (a regrade, no history). */
    private java.util.Optional<dev.mstpanel.core.runs.estimate.EstimateLog.Entry> noteEstimate(
            Launch launch, Instant at) {
        if (estimates == null || estimateLog == null || !launch.subcommand().equals("run")) {
            return java.util.Optional.empty();
        }
        try {
            dev.mstpanel.core.runs.RunArguments args = dev.mstpanel.core.runs.RunArguments.parse(launch.runArgs());
            if (args.config() == null) {
                return java.util.Optional.empty();
            }
            return estimateLog.started(
                    args.config().toString(), estimates.estimate(args, c -> java.util.Optional.empty()), at);
        } catch (RuntimeException e) {
            // an estimate is a convenience: whatever goes wrong with it must not stop the run
            LOG.debug("no estimate for the run: {}", e.getMessage());
            return java.util.Optional.empty();
        }
    }

    @Override
    public java.util.Map<String, String> environment() {
        return environment.variables();
    }

    @Override
    public Mst locate(Path config) {
        Path set = settings.mstPath == null || settings.mstPath.isBlank() ? null : Path.of(settings.mstPath);
        try {
            MstInstallation found = locator.locate(set, config);
            return new Mst(found.command(), found.flags(), found.version(), null);
        } catch (MstNotFoundException e) {
            return new Mst(List.of("mst"), Mst.ASSUMED.vocabulary(), null, e.getMessage());
        }
    }

    @Override
    public Handle start(Launch launch, Listener listener) throws IOException {
        RunSupervisor.RunRequest request = new RunSupervisor.RunRequest(
                launch.mstCommand(), launch.runArgs(), environment, launch.workDir(), grace, null, launch.subcommand());
        // estimated before MST starts: the run's own folder is no earlier run
        Instant startedAt = Instant.now();
        java.util.Optional<dev.mstpanel.core.runs.estimate.EstimateLog.Entry> noted = noteEstimate(launch, startedAt);
        RunSupervisor.ActiveRun run;
        try {
            run = supervisor.start(request);
        } catch (ProcessStartException e) {
            throw new IOException(e.getMessage(), e);
        }
        RunModel model = run.model();
        launch.expectedTrials().ifPresent(model::setExpectedTrials);
        model.addLineListener((stream, line) -> listener.lines(List.of(line)));
        AtomicBoolean cancelled = new AtomicBoolean();
        AutoCloseable subscription =
                model.subscribe(SNAPSHOT_INTERVAL, s -> listener.snapshot(adapt(s, cancelled.get())));
        run.exitCode().whenComplete((code, error) -> {
            try {
                subscription.close();
            } catch (Exception e) {
                LOG.debug("closing the run's subscription: {}", e.getMessage());
            }
            RunSnapshot last = adapt(model.snapshot(), cancelled.get());
            if (error != null) {
                LOG.warn("the run ended with an error", error);
                last = new RunSnapshot(
                        RunSnapshot.State.FAILED,
                        last.startedAt(),
                        last.finishedAt(),
                        last.collected(),
                        last.infra(),
                        last.missing(),
                        last.shards(),
                        last.resultLine(),
                        last.runDir(),
                        last.keptContainers(),
                        last.exitCode(),
                        "The panel lost track of MST: " + error.getMessage(),
                        last.leftContainers(),
                        last.endOfRun());
            }
            listener.snapshot(last);
            if (error == null && code != null && !cancelled.get()) {
                noted.ifPresent(e -> estimateLog.ended(e, Duration.between(startedAt, Instant.now()), code));
            }
        });
        return new Handle() {
            @Override
            public void cancel() {
                cancelled.set(true);
                run.cancel();
            }

            @Override
            public Duration grace() {
                return grace;
            }
        };
    }

    /**
     * The Run view's snapshot of the model's state.
     *
     * @param s the model's state
     * @param cancelled true when Cancel was pressed
     */
    static RunSnapshot adapt(RunState s, boolean cancelled) {
        RunSnapshot.State state = switch (s.phase()) {
            case STARTING -> RunSnapshot.State.STARTING;
            case RUNNING -> RunSnapshot.State.RUNNING;
            case CANCELLING -> RunSnapshot.State.CANCELLING;
            case FINISHED ->
                cancelled
                        ? RunSnapshot.State.CANCELLED
                        : s.exitCode() != null && s.exitCode() > 1
                                ? RunSnapshot.State.FAILED
                                : RunSnapshot.State.FINISHED;
        };
        String failure = state == RunSnapshot.State.FAILED
                ? "MST exited with code " + s.exitCode()
                        + (s.logFile() != null ? " (its output is in " + s.logFile() + ")" : "")
                : null;
        List<ShardSnapshot> shards =
                s.shards().stream().map(sh -> adapt(sh, s.startedAt())).toList();
        return new RunSnapshot(
                state,
                s.startedAt(),
                s.phase() == RunPhase.FINISHED ? s.finishedAt() : null,
                s.collected(),
                s.infra(),
                s.missing(),
                shards,
                s.resultLine(),
                s.runDir() == null ? null : Path.of(s.runDir()),
                s.keptContainers(),
                s.exitCode(),
                failure,
                s.leftContainers().stream()
                        .map(c -> c.name() + " on " + c.context() + " (" + c.state() + ")")
                        .toList(),
                s.endOfRun());
    }

    /**
     * @param startedAt when the run started by the model's clock, or null before it did (then the
     *     shard's memory samples are left out: they have no time to stand at)
     */
    private static ShardSnapshot adapt(ShardState sh, Instant startedAt) {
        List<MemorySample> samples = startedAt == null
                ? List.of()
                : sh.memoryHistory().stream()
                        .map(m -> new MemorySample((m.epochMillis() - startedAt.toEpochMilli()) / 1000.0, m.bytes()))
                        .toList();
        return new ShardSnapshot(
                sh.index(),
                sh.count(),
                sh.context(),
                sh.container(),
                sh.phase(),
                sh.collected(),
                sh.infra(),
                sh.currentCase(),
                Math.max(0, sh.memoryBytes()),
                Math.max(0, sh.memoryLimitBytes()),
                Math.max(0, sh.peakMemoryBytes()),
                sh.cpuPercent(),
                sh.oomKilled(),
                sh.kept(),
                sh.stoppedReason(),
                samples);
    }
}
