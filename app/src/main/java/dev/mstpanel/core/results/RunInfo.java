package dev.mstpanel.core.results;

import java.nio.file.Path;
import java.util.List;

/**
 * A run's {@code run.json}, as far as it could be read (MST's run format; the panel's contract,
 * section 6). Every field but {@code dir}, {@code evalName} and {@code runId} may be null.
 *
 * @param dir the run folder
 * @param evalName {@code evalName}, else the eval folder's name
 * @param runId {@code runId}, else the run folder's name
 * @param createdAt ISO-8601 text as written
 * @param finishedAt ISO-8601 text as written
 * @param mstVersion {@code mst.version}
 * @param runner {@code environment.name} (e.g. {@code docker})
 * @param shards {@code environment.shards}
 * @param keep {@code environment.keep} ({@code never}, {@code failed}, {@code always})
 * @param collectPhase {@code phases.collect}: complete, partial, skipped or failed
 * @param gradePhase {@code phases.grade}
 * @param partial {@code partial}
 * @param redactStoredResponses {@code redactStoredResponses}: true means no failure diagnosis is kept
 * @param variants the names in {@code variants[]}
 * @param problem why {@code run.json} could not be read, or null
 */
public record RunInfo(Path dir, String evalName, String runId, String createdAt, String finishedAt, String mstVersion,
                      String runner, Integer shards, String keep, String collectPhase, String gradePhase, Boolean partial,
                      Boolean redactStoredResponses, List<String> variants, String problem) {

    /** The 6-hex short id MST accepts for {@code --resume}, or the whole id when it has none. */
    public String shortId() {
        int dash = runId.lastIndexOf('-');
        if (dash < 0) {
            return runId;
        }
        String tail = runId.substring(dash + 1);
        int dot = tail.indexOf('.');
        return dot < 0 ? tail : tail.substring(0, dot);
    }

    /**
     * True when MST marked the run partial: {@code partial: true}, or {@code phases.collect} is
     * {@code partial} (missing trials make it so; contract, section 6).
     */
    public boolean isPartial() {
        return Boolean.TRUE.equals(partial) || "partial".equals(collectPhase);
    }

    /**
     * What to say about a partial run, or null when it is not partial: {@code "partial: 2 trials
     * missing"}, or just {@code "partial"} when the files do not tell how many are missing (MST
     * did not write a trace for them), never "0 missing".
     *
     * @param missingTrials the run's trials with status {@link TrialStatus#MISSING}
     */
    public String partialText(int missingTrials) {
        if (!isPartial()) {
            return null;
        }
        return missingTrials > 0 ? "partial: " + missingTrials + (missingTrials == 1 ? " trial" : " trials") + " missing" : "partial";
    }

    /** True when the run looks finished: {@code run.json} read and {@code finishedAt} set. */
    public boolean finished() {
        return problem == null && finishedAt != null && !finishedAt.isBlank();
    }
}
