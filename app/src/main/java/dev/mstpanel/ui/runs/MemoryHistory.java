package dev.mstpanel.ui.runs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each shard's memory over time, as the Run view's chart shows it: the run model's own samples
 * ({@link ShardSnapshot#memorySamples()}, one per 900 ms slot at most, each its slot's highest
 * figure), gathered from each snapshot; past {@link RunViewModel#MEMORY_SAMPLES} samples every other
 * one is dropped (the chart thins out, it keeps the run's start). The times are the model's, not
 * when a snapshot reached the view, so a replay draws the same chart at every play and speed (the
 * view's pulse once decided which samples were kept, and a peak could be lost). A replay that starts
 * in the middle builds the same history from the recording up to there ({@link ReplayRunSession}).
 * Not thread-safe.
 */
final class MemoryHistory {
    private final Map<Integer, List<MemorySample>> samples = new HashMap<>();

    /**
     * Adds the shards' samples not seen yet: those after a shard's last one, and its last one again
     * when the model raised it since (a higher figure came in the same slot).
     *
     * @param shards the shards at one moment
     * @return true when a sample was added or changed (the chart should be redrawn)
     */
    boolean add(List<ShardSnapshot> shards) {
        boolean changed = false;
        for (ShardSnapshot sh : shards) {
            for (MemorySample m : sh.memorySamples()) {
                if (m.bytes() > 0) {
                    changed |= add(sh.index(), m);
                }
            }
        }
        return changed;
    }

    private boolean add(int shard, MemorySample m) {
        List<MemorySample> list = samples.computeIfAbsent(shard, i -> new ArrayList<>());
        MemorySample last = list.isEmpty() ? null : list.get(list.size() - 1);
        if (last != null && m.seconds() < last.seconds()) {
            return false; // seen already (or thinned out)
        }
        if (last != null && m.seconds() == last.seconds()) {
            if (m.bytes() == last.bytes()) {
                return false;
            }
            list.set(list.size() - 1, m);
            return true;
        }
        list.add(m);
        if (list.size() > RunViewModel.MEMORY_SAMPLES) {
            List<MemorySample> thinned = new ArrayList<>();
            for (int i = 0; i < list.size(); i += 2) {
                thinned.add(list.get(i)); // an odd count: the newest stays, so the next snapshot adds after it
            }
            list.clear();
            list.addAll(thinned);
        }
        return true;
    }

    /** Forgets every sample. */
    void clear() {
        samples.clear();
    }

    /** Starts over from a history made elsewhere (a replay's seek); its lists are copied. */
    void replace(Map<Integer, List<MemorySample>> history) {
        samples.clear();
        history.forEach((k, v) -> samples.put(k, new ArrayList<>(v)));
    }

    /** An immutable copy, by shard index in order. */
    Map<Integer, List<MemorySample>> copy() {
        Map<Integer, List<MemorySample>> copy = new TreeMap<>();
        samples.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return java.util.Collections.unmodifiableMap(copy);
    }
}
