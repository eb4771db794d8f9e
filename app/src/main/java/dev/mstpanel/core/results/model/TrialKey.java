package dev.mstpanel.core.results.model;

import java.nio.file.Path;

/**
 * Where a trial lives in its run: the on-disk variant and case segments (still encoded) and the
 * 0-based trial number, as in {@code traces/<variant>/<caseId>/<trial>.json}.
 */
public record TrialKey(String variantSegment, String caseSegment, int trial) implements Comparable<TrialKey> {
    /*
     * equals and hashCode written out: a record's own go through an invokedynamic bootstrap and
     * method handles, which a fresh JVM runs slowly, and the listing of a 10,000-trial run looks keys
     * up some 30,000 times (the listing through the launcher). Same rule as the record's.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof TrialKey k
                && trial == k.trial
                && java.util.Objects.equals(caseSegment, k.caseSegment)
                && java.util.Objects.equals(variantSegment, k.variantSegment);
    }

    @Override
    public int hashCode() {
        return (java.util.Objects.hashCode(variantSegment) * 31 + java.util.Objects.hashCode(caseSegment)) * 31 + trial;
    }

    /** The trial's file below {@code traces/} or a grader's folder of {@code scores/}: {@code <variant>/<case>/<trial>.json}. */
    public String file() {
        return variantSegment + "/" + caseSegment + "/" + trial + ".json";
    }

    /**
     * The file of this trial in a folder that holds {@code <variant>/<case>/<trial>.json} (the run's
     * {@code traces}, or a grader's folder of {@code scores}): one path made, not one per segment (the
     * listing makes some 30,000 of them for a 10,000-trial run).
     */
    public Path fileIn(Path folder) {
        return folder.resolve(file());
    }

    /** The trial's trace, {@code <run>/traces/<variant>/<case>/<trial>.json} (docs/dev/mst-format.md, Results). */
    public Path traceIn(Path runDir) {
        return runDir.resolve("traces/" + file());
    }

    /** The trial's default artifacts folder, {@code <run>/artifacts/<variant>/<case>/<trial>} (docs/dev/mst-format.md, Results). */
    public Path artifactsIn(Path runDir) {
        return runDir.resolve("artifacts/" + variantSegment + "/" + caseSegment + "/" + trial);
    }

    @Override
    public int compareTo(TrialKey o) {
        int c = variantSegment.compareTo(o.variantSegment);
        if (c == 0) {
            c = caseSegment.compareTo(o.caseSegment);
        }
        return c != 0 ? c : Integer.compare(trial, o.trial);
    }
}
