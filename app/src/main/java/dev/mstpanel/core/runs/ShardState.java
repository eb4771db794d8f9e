package dev.mstpanel.core.runs;

import dev.mstpanel.core.text.ByteSize;
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
 * @param peakMemoryBytes the most memory any stats sample of the container showed, in bytes, or -1
 *     before the first (the whole run, not only {@code memoryHistory}'s window): what a container
 *     killed for memory reached, where its last sample may be far lower
 * @param cpuPercent the container's CPU use in percent of one CPU (200 = two CPUs busy), or -1
 * @param memoryHistory recent memory samples, oldest first (at most {@link RunModel#MEMORY_HISTORY} samples), one
 *     per 900 ms at most, each the highest figure of its slot; times by the model's clock (a replay's: the recorded times)
 * @param stoppedReason MST's reason when stopped or out of memory, or null
 */
public record ShardState(
        int index,
        int count,
        ShardPhase phase,
        int collected,
        int infra,
        String currentCase,
        String client,
        String context,
        String container,
        String containerState,
        boolean kept,
        boolean oomKilled,
        long memoryBytes,
        long memoryLimitBytes,
        long peakMemoryBytes,
        double cpuPercent,
        List<MemorySample> memoryHistory,
        String stoppedReason) {

    public ShardState {
        memoryHistory = List.copyOf(memoryHistory);
    }

    /**
     * What a container killed for memory used, in words: {@code reached its 32.0 MiB limit (highest
     * sample 5.4 MiB)}. Docker kills a container when its memory reaches its limit, so the limit is
     * what it reached; the stats samples (about one a second) can miss the last rise, so the
     * highest sample is said beside it, never alone (alone, "5.4 MiB of 32.0 MiB" read as a bug).
     *
     * @return the words, or null when the container was not killed for memory or no figure is known
     */
    public String outOfMemoryText() {
        return outOfMemoryText(oomKilled, memoryLimitBytes, peakMemoryBytes);
    }

    /**
     * As {@link #outOfMemoryText()}, from the figures.
     *
     * @param oomKilled true when the container was killed for memory
     * @param limitBytes its memory limit in bytes, or at most 0 when unknown
     * @param peakBytes its highest memory sample in bytes, or at most 0 when none
     */
    public static String outOfMemoryText(boolean oomKilled, long limitBytes, long peakBytes) {
        if (!oomKilled || limitBytes <= 0 && peakBytes <= 0) {
            return null;
        }
        String peak = peakBytes > 0 ? "highest sample " + ByteSize.human(peakBytes) : null;
        if (limitBytes <= 0) {
            return peak;
        }
        return "reached its " + ByteSize.human(limitBytes) + " limit" + (peak == null ? "" : " (" + peak + ")");
    }

    /**
     * One memory sample.
     *
     * @param epochMillis when, in ms since the epoch
     * @param bytes memory use in bytes
     */
    public record MemorySample(long epochMillis, long bytes) {}
}
