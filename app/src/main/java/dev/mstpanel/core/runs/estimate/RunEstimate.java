package dev.mstpanel.core.runs.estimate;

import java.util.List;

/**
 * How long and how much a run will take, from the earlier runs of its eval. A figure the history
 * cannot give is null, never made up; {@link #reasons()} says what each figure rests on.
 *
 * @param wallSeconds the wall-clock time, or null when unknown
 * @param containerHours the hours the run's containers live, summed, or null when unknown
 * @param costUsd the cost in US dollars, or null when MST recorded none
 * @param basedOnRuns how many earlier runs it was made from
 * @param trials the trials this configuration runs, or -1 when unknown
 * @param reasons what it rests on and what it lacks, in order
 */
public record RunEstimate(
        WallSeconds wallSeconds,
        Double containerHours,
        Double costUsd,
        int basedOnRuns,
        int trials,
        List<EstimateReason> reasons) {

    public RunEstimate {
        reasons = List.copyOf(reasons);
    }

    /**
     * A wall-clock time with its range, in seconds.
     *
     * @param low the time if trials run as fast as the quicker quarter of earlier ones
     * @param expected the time at the earlier trials' median
     * @param high the time if trials run as slow as the slower quarter of earlier ones
     */
    public record WallSeconds(long low, long expected, long high) {}

    /** True when the time is known. */
    public boolean known() {
        return wallSeconds != null;
    }

    /** True when one of the reasons is of this kind. */
    public boolean has(EstimateReason.Kind kind) {
        return reasons.stream().anyMatch(r -> r.kind() == kind);
    }
}
