package dev.mstpanel.ui.runs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each shard's memory over time, as the Run view's chart shows it: at most one sample a second per
 * shard, and past {@link RunViewModel#MEMORY_SAMPLES} samples every other one is dropped (the
 * chart thins out, it keeps the run's start). The live run adds to it from each snapshot; a replay
 * that starts in the middle builds the same history from the recording up to there
 * ({@link ReplayRunSession}). Not thread-safe.
 */
final class MemoryHistory {
    private final Map<Integer, List<MemorySample>> samples = new HashMap<>();

    /**
     * Adds the shards' memory at one moment (shards with no figure yet, 0 bytes, are left out).
     *
     * @param seconds seconds since the run started
     * @param shards the shards at that moment
     * @return true when a sample was added (the chart should be redrawn)
     */
    boolean add(double seconds, List<ShardSnapshot> shards) {
        boolean changed = false;
        for (ShardSnapshot sh : shards) {
            if (sh.memoryBytes() <= 0) {
                continue;
            }
            List<MemorySample> list = samples.computeIfAbsent(sh.index(), i -> new ArrayList<>());
            if (!list.isEmpty() && seconds - list.get(list.size() - 1).seconds() < 1.0) {
                continue;
            }
            list.add(new MemorySample(seconds, sh.memoryBytes()));
            if (list.size() > RunViewModel.MEMORY_SAMPLES) {
                List<MemorySample> thinned = new ArrayList<>();
                for (int i = 0; i < list.size(); i += 2) {
                    thinned.add(list.get(i));
                }
                list.clear();
                list.addAll(thinned);
            }
            changed = true;
        }
        return changed;
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
