package dev.mstpanel.core.runs.estimate;

/**
 * One thing an estimate rests on or lacks, typed so code decides by its kind; the text is for people.
 *
 * @param kind what it is about
 * @param text a sentence for people
 */
public record EstimateReason(Kind kind, String text) {

    /** What a reason is about. */
    public enum Kind {
        /** The eval has no earlier run in its results folder: nothing is estimated. */
        NO_HISTORY,
        /** Trials per case, shards or trials in all beyond any run's (a typo, an overflow): nothing is estimated. */
        PLAN_OUT_OF_RANGE,
        /** The earlier runs hold no trial with a duration: nothing is estimated. */
        NO_DURATIONS,
        /** The cases × variants × trials of this configuration. */
        TRIALS,
        /** The eval config's datasets could not be counted: the cases of the newest earlier run are used. */
        CASES_FROM_HISTORY,
        /** Neither the datasets nor an earlier run tell the cases: nothing is estimated. */
        CASES_UNKNOWN,
        /**
         * No eval config was given, or the one given does not exist or cannot be read: nothing is estimated,
         * and the run itself could not start either (a usage problem, not an unknown time).
         */
        CONFIG_UNUSABLE,
        /** A variant's time per trial, from its own earlier trials. */
        TIME_OF_VARIANT,
        /** A variant with no earlier trial: the time per trial of other variants of its client. */
        TIME_OF_CLIENT,
        /** A variant with no earlier trial of its client: the time per trial of the whole eval. */
        TIME_OF_EVAL,
        /** The variant restarts per shard, measured from earlier runs' wall-clock times. */
        RESTARTS_FROM_HISTORY,
        /** No earlier run has a wall-clock time to measure the variant restarts: they are not counted. */
        RESTARTS_UNKNOWN,
        /** The run gives no {@code shards}: one shard per chosen context is assumed. */
        SHARDS_ASSUMED,
        /** How many shards run at once on the chosen contexts. */
        CAPACITY,
        /** A context's capacity is unknown: one shard at a time is assumed on it. */
        CAPACITY_UNKNOWN,
        /** Earlier runs are assumed to have run on as many contexts as this one. */
        HISTORY_CONTEXTS_ASSUMED,
        /** The cost per trial MST recorded. */
        COST_RECORDED,
        /** MST recorded no cost for the trials: the cost is unknown. */
        COST_UNKNOWN
    }
}
