package dev.mstpanel.ui.results;

import java.util.AbstractList;
import java.util.RandomAccess;

/** A read-only list view of an {@code int[]} (line indexes), so a 200,000-line filter needs no boxing copy. */
final class IntList extends AbstractList<Integer> implements RandomAccess {
    private final int[] values;

    IntList(int[] values) {
        this.values = values;
    }

    @Override
    public Integer get(int index) {
        return values[index];
    }

    @Override
    public int size() {
        return values.length;
    }
}
