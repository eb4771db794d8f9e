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
 *
 * <p>A shard exists when something names it (an MST line, a container, a trace), and a count
 * only makes rows for the shards it implies when it is at most {@link #WAITING_ROWS_LIMIT}
 * (the most the Run form accepts): {@code [mst] shard 1/999999999: done} makes one row and a
 * count to show, not a billion rows. Snapshots rebuild only the shards
 * handed out for a change since the last one.
 */
final class ShardTable {
    /** The largest count that makes a waiting row for each shard it implies: {@link dev.mstpanel.core.mst.RunChecks#MAX_SHARDS}. */
    static final int WAITING_ROWS_LIMIT = dev.mstpanel.core.mst.RunChecks.MAX_SHARDS;

    /**
     * The most shard rows the table keeps (the panel's own bound; MST's documents give none): a
     * shard named past it is still counted and its lines still shown, but it has no row, so a
     * run that names 200,000 shards costs what 1,024 do.
     */
    static final int MAX_ROWS = 1024;

    private final TreeMap<Integer, Shard> shards = new TreeMap<>();
    private int unlisted; // shards named past MAX_ROWS
    private int count;
    private int rowsMade; // waiting rows exist for 1..rowsMade

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
        long peakMemoryBytes = -1;
        double cpuPercent = -1;
        final ArrayDeque<MemorySample> history = new ArrayDeque<>();
        String stoppedReason;
        private List<Object> lastEmitted;
        private ShardState state; // null when it changed since the last snapshot

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

        /**
         * One stats sample: memory and CPU, and the history: one point per 900 ms slot at most, at the
         * slot's first sample time, holding the slot's highest figure (a short peak is never replaced
         * by the sample after it), {@code historyLimit} points kept.
         */
        void sample(long epochMillis, long memory, long memoryLimit, double cpu, int historyLimit) {
            memoryBytes = memory;
            peakMemoryBytes = Math.max(peakMemoryBytes, memory);
            if (memoryLimit > 0) {
                memoryLimitBytes = memoryLimit;
            }
            cpuPercent = cpu;
            MemorySample last = history.peekLast();
            if (last != null && epochMillis - last.epochMillis() < 900) {
                if (memory > last.bytes()) {
                    history.pollLast();
                    history.addLast(new MemorySample(last.epochMillis(), memory));
                }
                return;
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

    /**
     * Raises the shard count to {@code n} (never lowers it); when the count is at most
     * {@link #WAITING_ROWS_LIMIT}, makes a (waiting) row for each shard up to it.
     */
    void ensure(int n) {
        if (n > count) {
            count = n;
            shards.values().forEach(s -> s.state = null); // the count is part of each state
        }
        if (count <= WAITING_ROWS_LIMIT && rowsMade < count) {
            for (int i = rowsMade + 1; i <= count; i++) {
                shards.computeIfAbsent(i, Shard::new);
            }
            rowsMade = count;
        }
    }

    /**
     * The shard with this index, made if new, for a change (its next state is rebuilt).
     *
     * @param index 1-based
     * @param countNamed the count a line named with it ({@code i/n}), or 0
     * @throws IllegalArgumentException when index is below 1
     */
    Shard shard(int index, int countNamed) {
        if (index < 1) {
            throw new IllegalArgumentException("shard index " + index + " (shards count from 1)");
        }
        ensure(Math.max(countNamed, index));
        Shard s = shards.get(index);
        if (s == null) {
            if (shards.size() >= MAX_ROWS) {
                unlisted++;
                return new Shard(index); // counted, shown in its lines, not kept as a row
            }
            s = new Shard(index);
            shards.put(index, s);
        }
        s.state = null;
        return s;
    }

    /** How many shards were named past {@link #MAX_ROWS} and have no row. */
    int unlisted() {
        return unlisted;
    }

    /** The shard with this index for a change, or null when none has it. */
    Shard get(int index) {
        Shard s = shards.get(index);
        if (s != null) {
            s.state = null;
        }
        return s;
    }

    /** Every shard, by index, for a change. */
    Iterable<Shard> all() {
        shards.values().forEach(s -> s.state = null);
        return shards.values();
    }

    /** Immutable states of every shard, by index; only those changed since the last call are rebuilt. */
    List<ShardState> states() {
        List<ShardState> out = new ArrayList<>(shards.size());
        for (Shard s : shards.values()) {
            if (s.state == null) {
                s.state = toState(s);
            }
            out.add(s.state);
        }
        return out;
    }

    private ShardState toState(Shard s) {
        return new ShardState(
                s.index,
                Math.max(count, s.index),
                s.phase,
                s.collected,
                s.infra,
                s.currentCase,
                s.client,
                s.context,
                s.container,
                s.containerState,
                s.kept,
                s.oomKilled,
                s.memoryBytes,
                s.memoryLimitBytes,
                s.peakMemoryBytes,
                s.cpuPercent,
                List.copyOf(s.history),
                s.stoppedReason);
    }

    /** The {@code shard} event for this shard, or null when what it shows did not change since the last one. */
    RunEvent eventIfChanged(Shard s, Instant time) {
        List<Object> key = Arrays.asList(s.phase, s.collected, s.infra, s.context, s.container);
        if (Objects.equals(key, s.lastEmitted)) {
            return null;
        }
        s.lastEmitted = key;
        return RunEvent.of(
                time,
                "shard",
                "shard " + s.index + "/" + count + ": " + s.phase.label() + " (" + s.collected + " collected, "
                        + s.infra + " infra)",
                "index",
                s.index,
                "count",
                count,
                "phase",
                s.phase.jsonName(),
                "collected",
                s.collected,
                "infra",
                s.infra,
                "context",
                s.context,
                "container",
                s.container);
    }
}
