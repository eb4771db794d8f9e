package dev.mstpanel.core.runs.estimate;

import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.RunSizing;
import dev.mstpanel.core.mst.ClientKind;
import dev.mstpanel.core.mst.EvalConfig;
import dev.mstpanel.core.mst.EvalConfigException;
import dev.mstpanel.core.mst.RunSelection;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.layout.RunLocator;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.runs.RunArguments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The estimate of a run before it starts, for the Run form and {@code mst-panel run --estimate}: the
 * configuration from the run's arguments and its eval config, the history from the earlier runs of
 * the eval in its results folder ({@code <config folder>/.mcp-test-results/<eval>/runs/}, or the
 * {@code --output-dir}; docs/dev/mst-format.md, Results), the capacity from the chosen contexts'
 * engines (docs/dev/mst-format.md, Capacity). Reads files only; starts nothing. Call it off the UI thread.
 */
public final class RunEstimates {
    private final ResultsReader reader;
    private final RunEstimator estimator = new RunEstimator();
    private final CapacityPlanner planner = new CapacityPlanner();

    /** @param reader reads the earlier runs (not closed here) */
    public RunEstimates(ResultsReader reader) {
        this.reader = reader;
    }

    /**
     * Estimates the run these arguments start.
     *
     * @param args the arguments of {@code mst run}
     * @param engines each chosen context's engine, or empty when unknown (e.g. unreachable); asked only when
     *     the client's containers share a context, so a Cowork run's estimate reaches no engine
     * @return the estimate, or one that says why there is none (no config, no earlier run)
     */
    public RunEstimate estimate(RunArguments args, Function<String, Optional<EngineInfo>> engines) {
        if (args.config() == null) {
            return none(
                    EstimateReason.Kind.CONFIG_UNUSABLE,
                    "no eval config given: add --config <eval.json> to the run's arguments; time unknown");
        }
        EvalConfig config;
        try {
            config = EvalConfig.read(args.config());
        } catch (EvalConfigException e) {
            return none(EstimateReason.Kind.CONFIG_UNUSABLE, unusable(args.config(), e));
        }
        return estimator.estimate(plan(args, config, engines), history(evalFolder(args, config)));
    }

    /** The run about to start, from its arguments and eval config. */
    PlannedRun plan(RunArguments args, EvalConfig config, Function<String, Optional<EngineInfo>> engines) {
        RunSelection selection = args.selection();
        List<String> variants = selection.variants().isEmpty()
                ? config.variants()
                : config.variants().stream()
                        .filter(selection.variants()::contains)
                        .toList();
        if (variants.isEmpty()) {
            variants = selection.variants();
        }
        List<String> caseIds = config.caseIds().orElse(null);
        int caseCount = config.caseCount().orElse(-1);
        if (!selection.cases().isEmpty()) {
            caseIds = List.copyOf(selection.cases());
        }
        if (args.maxCases().isPresent()) {
            int max = args.maxCases().getAsInt();
            if (caseIds != null && caseIds.size() > max) {
                caseIds = caseIds.subList(0, max);
            }
            caseCount = caseCount < 0 ? -1 : Math.min(caseCount, max);
        }
        Map<String, String> clients = new LinkedHashMap<>();
        for (String v : variants) {
            clients.put(v, config.client());
        }
        RunSizing sizing;
        try {
            sizing = RunSizing.parse(
                    args.runnerOptions().getOrDefault("memory", ""),
                    args.runnerOptions().getOrDefault("cpus", ""));
        } catch (IllegalArgumentException e) {
            sizing = RunSizing.DEFAULTS;
        }
        List<Integer> slots = new ArrayList<>();
        for (String context : args.contexts()) {
            slots.add(slots(config.clientKind(), () -> engines.apply(context), sizing));
        }
        int trials = args.trials().orElse(config.trialsPerCase());
        return new PlannedRun(caseIds, caseCount, variants, clients, trials, args.shards(), slots);
    }

    /**
     * How many of the run's containers fit on a context at once: one Cowork container per context,
     * grade, headless and ChatGPT ones as many as fit (docs/dev/mst-format.md, Capacity); null when the
     * context's memory is unknown (a Cowork context holds one whatever its size).
     */
    private Integer slots(ClientKind kind, java.util.function.Supplier<Optional<EngineInfo>> probe, RunSizing sizing) {
        if (kind == ClientKind.COWORK) {
            return 1; // no engine is asked: a Cowork context holds one container whatever its size
        }
        Optional<EngineInfo> engine = probe.get();
        if (engine.isEmpty() || engine.get().memoryBytes() <= 0 || engine.get().cpus() <= 0) {
            return null;
        }
        ContextCapacity cap =
                planner.plan(engine.get().memoryBytes(), engine.get().cpus(), sizing);
        return kind == ClientKind.CHATGPT
                ? cap.chatgpt().containers()
                : cap.grade().containers();
    }

    /** The eval's folder of runs: the {@code --output-dir}, else beside the config under MST's results folder. */
    static Path evalFolder(RunArguments args, EvalConfig config) {
        if (args.outputDir() != null) {
            Path dir = args.outputDir();
            return dir.isAbsolute() || args.config() == null
                    ? dir
                    : args.config().toAbsolutePath().getParent().resolve(dir);
        }
        return args.config()
                .toAbsolutePath()
                .getParent()
                .resolve(RunLocator.RESULTS_FOLDER)
                .resolve(PathSegments.encode(config.name()));
    }

    /**
     * How many of the newest earlier runs an estimate reads: recent runs tell the eval's times as they are
     * now, and the form estimates again at each change, so an eval with hundreds of runs is not read whole.
     */
    static final int NEWEST_RUNS = 10;

    /** The newest earlier runs in an eval's folder (regrades left out: they ran no trial); none when it has none. */
    List<PastRun> history(Path evalFolder) {
        if (!Files.isDirectory(RunLayout.runsOf(evalFolder))) {
            return List.of();
        }
        List<Path> dirs;
        try {
            dirs = reader.locate(evalFolder).runDirs();
        } catch (ResultsException e) {
            return List.of();
        }
        List<PastRun> out = new ArrayList<>();
        // run folders are oldest first (run ids sort by start time): read from the newest back
        for (int i = dirs.size() - 1; i >= 0 && out.size() < NEWEST_RUNS; i--) {
            RunInfo run = reader.readRun(dirs.get(i));
            if (run.runId() != null && RunLocator.regradeOf(run.runId()) != null) {
                continue;
            }
            List<PastRun.Trial> trials = new ArrayList<>();
            // every case of the run's results, those whose trials never ran included (results.json lists them)
            java.util.Set<String> caseIds = new java.util.LinkedHashSet<>();
            for (TrialRecord t : reader.readTrials(run)) {
                if (t.caseId() != null) {
                    caseIds.add(t.caseId());
                }
                if (t.status() == TrialStatus.MISSING || t.durationMs() == null || t.durationMs() <= 0) {
                    continue;
                }
                trials.add(new PastRun.Trial(
                        t.variant(),
                        run.variantClients().get(t.variant()),
                        t.caseId(),
                        t.durationMs() / 1000.0,
                        t.usage().costUsd()));
            }
            if (!trials.isEmpty()) {
                out.add(new PastRun(
                        run.runId(), wallSeconds(run), run.shards(), run.variants(), trials, List.copyOf(caseIds)));
            }
        }
        return out;
    }

    /** A complete run's wall-clock time; null for one that did not finish complete. */
    static Double wallSeconds(RunInfo run) {
        if (run.createdAt() == null
                || run.finishedAt() == null
                || run.isPartial()
                || (run.collectPhase() != null && !run.collectPhase().equals("complete"))) {
            return null;
        }
        try {
            Duration d = Duration.between(Instant.parse(run.createdAt()), Instant.parse(run.finishedAt()));
            return d.isNegative() || d.isZero() ? null : d.toMillis() / 1000.0;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Why a config cannot be estimated from, naming its path and what to do; the same sentence for window and CLI. */
    static String unusable(Path config, EvalConfigException e) {
        if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
            return "there is no eval config at " + config
                    + ": give --config the path of an existing eval config (an eval.json); time unknown";
        }
        String why = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\.$", "");
        return "the eval config " + config + " cannot be used (" + why
                + "): fix it, or give --config another eval config; time unknown";
    }

    private static RunEstimate none(EstimateReason.Kind kind, String text) {
        return new RunEstimate(null, null, null, 0, -1, List.of(new EstimateReason(kind, text)));
    }
}
