package dev.mstpanel.ui.runs;

import dev.mstpanel.core.runs.ShardPhase;

/**
 * One shard at one moment, as its row shows it. Immutable.
 *
 * @param index 1-based, as MST prints it ({@code shard 2/3})
 * @param count the run's shard count
 * @param context the Docker context it runs on, or null before it has one
 * @param container its container's name, or null before it is created
 * @param phase where it is
 * @param collected trials collected
 * @param infra trials that failed for infrastructure reasons
 * @param currentCase the case it works on ({@code <variant> <caseId> #<trial>}), or null
 * @param memoryBytes its container's memory use in bytes, or 0 when unknown
 * @param memoryLimitBytes its container's memory limit in bytes, or 0 when unknown
 * @param peakMemoryBytes the most memory its container used in the run, in bytes, or 0 when unknown
 *     ({@link dev.mstpanel.core.runs.ShardState#peakMemoryBytes()})
 * @param cpuPercent its container's CPU use in percent of one CPU, or a negative value when unknown
 * @param oomKilled true when Docker says the container was killed for memory
 * @param kept true when the container was kept ({@code <name>-kept})
 * @param message MST's last word on it (e.g. the {@code stopped:} reason), or null
 * @param memorySamples its container's recent memory samples, oldest first, in seconds since the run
 *     started by the run model's clock ({@link dev.mstpanel.core.runs.ShardState#memoryHistory()}: a
 *     replay's are the recorded ones, whenever the view looks); empty when none
 */
public record ShardSnapshot(
        int index,
        int count,
        String context,
        String container,
        ShardPhase phase,
        int collected,
        int infra,
        String currentCase,
        long memoryBytes,
        long memoryLimitBytes,
        long peakMemoryBytes,
        double cpuPercent,
        boolean oomKilled,
        boolean kept,
        String message,
        java.util.List<MemorySample> memorySamples) {
    public ShardSnapshot {
        memorySamples = java.util.List.copyOf(memorySamples);
    }

    /** A shard without memory samples (the chart gets none from it). */
    public ShardSnapshot(
            int index,
            int count,
            String context,
            String container,
            ShardPhase phase,
            int collected,
            int infra,
            String currentCase,
            long memoryBytes,
            long memoryLimitBytes,
            long peakMemoryBytes,
            double cpuPercent,
            boolean oomKilled,
            boolean kept,
            String message) {
        this(
                index,
                count,
                context,
                container,
                phase,
                collected,
                infra,
                currentCase,
                memoryBytes,
                memoryLimitBytes,
                peakMemoryBytes,
                cpuPercent,
                oomKilled,
                kept,
                message,
                java.util.List.of());
    }

    /** Trials this shard finished, collected or infra. */
    public int trialsDone() {
        return collected + infra;
    }
}
