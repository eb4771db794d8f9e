package dev.mstpanel.core.runs;

import dev.mstpanel.core.runs.ShardState.MemorySample;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The shards of one run as the {@link RunModel} knows them: one mutable {@link Shard} per index,
 * the run's shard count, the rules for moving a shard between {@link ShardPhase}s, and the
 * {@code shard} events. Not thread-safe: the {@link RunModel} calls it under its own lock.
 */
final class ShardTable {
    private final TreeMap<Integer, Shard> shards = new TreeMap<>();
    private int count;

    /** One shard's mutable state; {@link #toState} makes the immutable {@link ShardState}. */
    static final class Shard {
        final int index;
        ShardPhase phase = ShardPhase.WAITING;
        int collected;
        int infra;
        String currentCase;
        String client;
        String context;
        String container;
        String containerState;
        boolean kept;
        boolean oomKilled;
        long memoryBytes = -1;
        long memoryLimitBytes = -1;
        double cpuPercent = -1;
        final ArrayDeque<MemorySample> history = new ArrayDeque<>();
        String stoppedReason;
        private List<Object> lastEmitted;

        Shard(int index) {
            this.index = index;
        }

        /**
         * Moves to a phase unless the rules forbid it: out of memory is final, a finished shard
         * only moves to out of memory.
         *
         * @return true when the phase changed
         */
        boolean moveTo(ShardPhase p) {
            if (phase == p || phase == ShardPhase.OUT_OF_MEMORY) {
                return false;
            }
            if (phase.finished() && p != ShardPhase.OUT_OF_MEMORY) {
                return false;
            }
            phase = p;
            return true;
        }

        /** One stats sample: memory and CPU, and the history (one sample a second at most, {@code historyLimit} kept). */
        void sample(long epochMillis, long memory, long memoryLimit, double cpu, int historyLimit) {
            memoryBytes = memory;
            if (memoryLimit > 0) {
                memoryLimitBytes = memoryLimit;
            }
            cpuPercent = cpu;
            MemorySample last = history.peekLast();
            if (last != null && epochMillis - last.epochMillis() < 900) {
                history.pollLast();
            }
            history.addLast(new MemorySample(epochMillis, memory));
            while (history.size() > historyLimit) {
                history.pollFirst();
            }
        }

        /** Counts one trial of this shard in (+1) or out (-1). */
        void count(boolean collectedTrial, int delta) {
            if (collectedTrial) {
                collected += delta;
            } else {
                infra += delta;
            }
        }
    }

    /** The run's shard count: the largest count or index named so far; 0 before any. */
    int count() {
        return count;
    }

    /** Raises the shard count to {@code n} (never lowers it) and makes the shards up to it. */
    void ensure(int n) {
        if (n > count) {
            count = n;
        }
        for (int i = 1; i <= count; i++) {
            shards.computeIfAbsent(i, Shard::new);
        }
    }

    /**
     * The shard with this index, made (with every shard before it) if new.
     *
     * @param index 1-based
     * @param countNamed the count a line named with it ({@code i/n}), or 0
     */
    Shard shard(int index, int countNamed) {
        if (countNamed > 0) {
            ensure(countNamed);
        }
        if (index > count) {
            ensure(index);
        }
        return shards.get(index);
    }

    /** The shard with this index, or null when none has it. */
    Shard get(int index) {
        return shards.get(index);
    }

    /** Every shard, by index. */
    Iterable<Shard> all() {
        return shards.values();
    }

    /** Immutable states of every shard, by index. */
    List<ShardState> states() {
        List<ShardState> out = new ArrayList<>(shards.size());
        for (Shard s : shards.values()) {
            out.add(toState(s));
        }
        return out;
    }

    private ShardState toState(Shard s) {
        return new ShardState(s.index, Math.max(count, s.index), s.phase, s.collected, s.infra, s.currentCase, s.client,
                s.context, s.container, s.containerState, s.kept, s.oomKilled, s.memoryBytes, s.memoryLimitBytes,
                s.cpuPercent, List.copyOf(s.history), s.stoppedReason);
    }

    /** The {@code shard} event for this shard, or null when what it shows did not change since the last one. */
    RunEvent eventIfChanged(Shard s, Instant time) {
        List<Object> key = Arrays.asList(s.phase, s.collected, s.infra, s.context, s.container);
        if (Objects.equals(key, s.lastEmitted)) {
            return null;
        }
        s.lastEmitted = key;
        return RunEvent.of(time, "shard", "shard " + s.index + "/" + count + ": " + s.phase.label()
                        + " (" + s.collected + " collected, " + s.infra + " infra)",
                "index", s.index, "count", count, "phase", s.phase.jsonName(), "collected", s.collected,
                "infra", s.infra, "context", s.context, "container", s.container);
    }
}
