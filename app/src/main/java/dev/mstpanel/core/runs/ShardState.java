package dev.mstpanel.core.runs;

import java.util.List;

/**
 * One shard of a run, as of one snapshot. Immutable.
 *
 * @param index 1-based, as MST prints it
 * @param count the run's number of shards
 * @param phase where it is
 * @param collected trials collected (from MST's lines and the traces, each trial counted once)
 * @param infra trials that were infrastructure failures
 * @param currentCase the case of its latest trial ({@code variant caseId #trial}), or null
 * @param client the client its worker named in its hello (e.g. {@code cowork}), or null
 * @param context the Docker context its container runs on, or null
 * @param container its container's name (ends {@code -kept} once kept), or null
 * @param containerState Docker's state of the container ({@code created}, {@code running},
 *     {@code exited}, {@code removed}), or null
 * @param kept true once its container was renamed {@code <name>-kept}
 * @param oomKilled true when Docker says {@code State.OOMKilled} or MST said it ran out of memory
 * @param memoryBytes the container's memory use in bytes, or -1 when unknown
 * @param memoryLimitBytes the container's memory limit in bytes, or -1 when unknown
 * @param cpuPercent the container's CPU use in percent of one CPU (200 = two CPUs busy), or -1
 * @param memoryHistory recent memory samples, oldest first (at most {@link RunModel#MEMORY_HISTORY} samples)
 * @param stoppedReason MST's reason when stopped or out of memory, or null
 */
public record ShardState(int index, int count, ShardPhase phase, int collected, int infra, String currentCase,
                         String client, String context, String container, String containerState, boolean kept,
                         boolean oomKilled, long memoryBytes, long memoryLimitBytes, double cpuPercent,
                         List<MemorySample> memoryHistory, String stoppedReason) {

    public ShardState {
        memoryHistory = List.copyOf(memoryHistory);
    }

    /**
     * One memory sample.
     *
     * @param epochMillis when, in ms since the epoch
     * @param bytes memory use in bytes
     */
    public record MemorySample(long epochMillis, long bytes) {}
}
