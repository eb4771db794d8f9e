package dev.mstpanel.core.runs.estimate;

import java.util.List;

/**
 * What an estimate needs of one earlier run of the eval.
 *
 * @param runId its id
 * @param wallSeconds from its {@code createdAt} to its {@code finishedAt}, or null when it did not finish
 *     complete (a partial or cancelled run's time says nothing of a whole run)
 * @param shards its {@code environment.shards}, or null when not recorded
 * @param variants its variants
 * @param trials its trials that ran (not missing), each with the time it took
 * @param caseIds every case the run was to run, in order, those none of whose trials ran included (a partial
 *     run's plan is larger than its timed trials: counting cases from those undercounts)
 */
public record PastRun(
        String runId,
        Double wallSeconds,
        Integer shards,
        List<String> variants,
        List<Trial> trials,
        List<String> caseIds) {

    public PastRun {
        variants = List.copyOf(variants);
        trials = List.copyOf(trials);
        caseIds = List.copyOf(caseIds);
    }

    /** A run whose every case has a timed trial: its cases are those of its trials. */
    public PastRun(String runId, Double wallSeconds, Integer shards, List<String> variants, List<Trial> trials) {
        this(
                runId,
                wallSeconds,
                shards,
                variants,
                trials,
                trials.stream().map(Trial::caseId).distinct().toList());
    }

    /**
     * One trial that ran.
     *
     * @param variant its variant
     * @param client its variant's client as the run recorded it, or null
     * @param caseId its case
     * @param seconds how long it took
     * @param costUsd its cost as MST recorded it, or null
     */
    public record Trial(String variant, String client, String caseId, double seconds, Double costUsd) {}
}
