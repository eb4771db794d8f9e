package dev.mstpanel.core.results;

/**
 * Where a trial lives in its run: the on-disk variant and case segments (still encoded) and the
 * 0-based trial number, as in {@code traces/<variant>/<caseId>/<trial>.json}.
 */
public record TrialKey(String variantSegment, String caseSegment, int trial) implements Comparable<TrialKey> {
    @Override
    public int compareTo(TrialKey o) {
        int c = variantSegment.compareTo(o.variantSegment);
        if (c == 0) {
            c = caseSegment.compareTo(o.caseSegment);
        }
        return c != 0 ? c : Integer.compare(trial, o.trial);
    }
}
