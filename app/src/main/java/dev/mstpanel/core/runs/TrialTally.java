package dev.mstpanel.core.runs;

import dev.mstpanel.core.mst.MstLine;
import java.util.HashMap;
import java.util.Map;

/**
 * Each trial of a run counted once, whichever source told it first (MST's line or the trace
 * file), with its shard's counts kept in step. Not thread-safe: the {@link RunModel} calls it
 * under its own lock.
 */
final class TrialTally {
    /** What {@link #record} did. */
    enum Outcome {
        /** Known already with this status: nothing changed. */
        SAME,
        /** Known already; its status or shard changed. */
        UPDATED,
        /** A trial not known before. */
        NEW
    }

    private record Trial(Integer shard, MstLine.TrialStatus status) {}

    private final Map<String, Trial> trials = new HashMap<>();
    private int collected;
    private int infra;

    /**
     * Records one trial.
     *
     * @param trial 1-based
     * @param shardIdx its shard, or null when unknown (the shard recorded before is kept)
     * @param shards the table whose counts follow
     */
    Outcome record(
            String variant, String caseId, int trial, MstLine.TrialStatus status, Integer shardIdx, ShardTable shards) {
        String key = variant + '\u0000' + caseId + '\u0000' + trial;
        Trial before = trials.get(key);
        if (before != null && before.status == status) {
            if (before.shard == null && shardIdx != null) {
                // seen on disk before MST's line named its shard (a regrade's copied traces, a fast folder): count it
                // there now
                trials.put(key, new Trial(shardIdx, status));
                shards.shard(shardIdx, 0).count(status == MstLine.TrialStatus.COLLECTED, 1);
                return Outcome.UPDATED;
            }
            return Outcome.SAME;
        }
        Integer idx = shardIdx != null ? shardIdx : before == null ? null : before.shard;
        trials.put(key, new Trial(idx, status));
        if (before != null) {
            tally(before.status, -1);
            if (before.shard != null) {
                ShardTable.Shard old = shards.get(before.shard);
                if (old != null) {
                    old.count(before.status == MstLine.TrialStatus.COLLECTED, -1);
                }
            }
        }
        tally(status, 1);
        if (idx != null) {
            shards.shard(idx, 0).count(status == MstLine.TrialStatus.COLLECTED, 1);
        }
        return before == null ? Outcome.NEW : Outcome.UPDATED;
    }

    private void tally(MstLine.TrialStatus status, int delta) {
        if (status == MstLine.TrialStatus.COLLECTED) {
            collected += delta;
        } else {
            infra += delta;
        }
    }

    /** Trials collected, over all shards. */
    int collected() {
        return collected;
    }

    /** Trials that were infrastructure failures, over all shards. */
    int infra() {
        return infra;
    }
}
