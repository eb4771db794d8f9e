package dev.mstpanel.core.results.align;

/**
 * Where two aligned trials first go different ways.
 *
 * @param a the 0-based index of the first trial's event there, or -1 (a call only the second made, or the final answer)
 * @param b the 0-based index of the second trial's event there, or -1
 * @param reason why they part there
 * @param row the index of the row in {@link TrialAlignment#pairs()} where it is, or -1 for the final answer
 */
public record Divergence(int a, int b, DivergenceReason reason, int row) {
    /** The first trial's index, or null. */
    public Integer aIndex() {
        return a < 0 ? null : a;
    }

    /** The second trial's index, or null. */
    public Integer bIndex() {
        return b < 0 ? null : b;
    }
}
