package dev.mstpanel.core.runs;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A snapshot of one run: everything the Run view shows. Immutable; the {@link RunModel} makes a
 * new one when something changed.
 *
 * @param version grows by one with each change; equal versions are equal states
 * @param phase where the run is
 * @param commandLine the command as shown (secrets masked), or null before start
 * @param pid MST's process id, or -1
 * @param startedAt when MST started, or null
 * @param finishedAt when it exited, or null
 * @param capacities one per context, from MST's capacity lines
 * @param shards one per shard, by index; empty until the shard count is known
 * @param collected trials collected in all shards
 * @param infra trials that were infrastructure failures
 * @param missing trials MST said are missing, or -1 before it said
 * @param expectedTrials trials the run should give (variants × cases × trials), or -1 when unknown
 * @param tracesSeen trace files found under the run folder
 * @param runDir the run folder (from MST's {@code Output:} line or found on disk), or null
 * @param resultLine MST's {@code Results: …} line, or null
 * @param evalName from {@code Eval complete:} or the run folder, or null
 * @param exitCode MST's exit code, or null while it runs
 * @param keptContainers names of kept containers ({@code …-kept})
 * @param events the latest events, oldest first (at most {@link RunModel#MAX_EVENTS})
 * @param logFile the run's log file, or null
 * @param leftContainers once finished, the run's containers Docker last showed that are not
 *     removed (kept ones left out): what a cancel or a killed MST left behind; empty before the end
 * @param endOfRun MST's end-of-run lines (variant table, {@code Pairwise …}, {@code Previous run …}; docs/dev/mst-format.md, Run flags), {@link dev.mstpanel.core.mst.EndOfRunReport#EMPTY} until it prints them
 */
public record RunState(
        long version,
        RunPhase phase,
        String commandLine,
        long pid,
        Instant startedAt,
        Instant finishedAt,
        List<CapacityLine> capacities,
        List<ShardState> shards,
        int collected,
        int infra,
        int missing,
        int expectedTrials,
        int tracesSeen,
        String runDir,
        String resultLine,
        String evalName,
        Integer exitCode,
        List<String> keptContainers,
        List<RunEvent> events,
        String logFile,
        List<ContainerObservation> leftContainers,
        dev.mstpanel.core.mst.EndOfRunReport endOfRun) {

    public RunState {
        endOfRun = endOfRun == null ? dev.mstpanel.core.mst.EndOfRunReport.EMPTY : endOfRun;
        leftContainers = List.copyOf(leftContainers);
        capacities = List.copyOf(capacities);
        shards = List.copyOf(shards);
        keptContainers = List.copyOf(keptContainers);
        events = List.copyOf(events);
    }

    /**
     * One context's capacity line.
     *
     * @param context the context's name
     * @param memoryBytes its memory, bytes
     * @param cpus its CPUs
     * @param containers how many containers at a time
     * @param perContainerBytes each container's memory, bytes
     */
    public record CapacityLine(String context, long memoryBytes, int cpus, int containers, long perContainerBytes) {}

    /** Time since start (to finish when finished); zero before start. */
    public Duration elapsed(Instant now) {
        if (startedAt == null) {
            return Duration.ZERO;
        }
        return Duration.between(startedAt, finishedAt != null ? finishedAt : now);
    }

    /**
     * Time left at the observed trial rate, when the expected number of trials is known and some
     * came back.
     */
    public Optional<Duration> eta(Instant now) {
        int done = collected + infra;
        if (expectedTrials <= 0 || done == 0 || finishedAt != null) {
            return Optional.empty();
        }
        long ms = elapsed(now).toMillis();
        long left = Math.max(0, expectedTrials - done);
        return Optional.of(Duration.ofMillis(ms * left / done));
    }
}
