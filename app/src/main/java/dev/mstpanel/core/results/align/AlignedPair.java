package dev.mstpanel.core.results.align;

/**
 * One row of two aligned trials: an event of each, or of one side only.
 *
 * @param a the 0-based index of the first trial's event, or -1 when the row is {@link Change#ONLY_B}
 * @param b the 0-based index of the second trial's event, or -1 when the row is {@link Change#ONLY_A}
 * @param change how the two relate
 * @param difference what differs for a {@link Change#CHANGED} row; {@link EventDifference#NONE} otherwise
 */
public record AlignedPair(int a, int b, Change change, EventDifference difference) {
    /** The first trial's index, or null when it has no event on this row. */
    public Integer aIndex() {
        return a < 0 ? null : a;
    }

    /** The second trial's index, or null when it has no event on this row. */
    public Integer bIndex() {
        return b < 0 ? null : b;
    }
}
