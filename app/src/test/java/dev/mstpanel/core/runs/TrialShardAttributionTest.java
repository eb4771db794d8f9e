package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.OutputListener;
import org.junit.jupiter.api.Test;

/** A trial found on disk before MST's line names its shard is counted on that shard once the line comes. */
class TrialShardAttributionTest {
    @Test
    void aTraceSeenBeforeItsLineCountsOnTheShardTheLineNamesAndOnlyOnce() {
        RunModel model = new RunModel();
        // a regrade's folder holds the run's traces at once, before any shard is announced
        model.traceFound("default", "refund-order", 0, false);
        model.traceFound("default", "gift-card", 0, false);
        model.acceptLine(OutputListener.Stream.STDERR, "[mst] shard 1/1: grader on MST 2.0.0-beta.7 (mst-test/base:1)");
        model.acceptLine(OutputListener.Stream.STDERR, "[mst] shard 1/1: default refund-order #1 collected");
        model.acceptLine(OutputListener.Stream.STDERR, "[mst] shard 1/1: default gift-card #1 collected");
        model.acceptLine(
                OutputListener.Stream.STDERR,
                "[mst] shard 1/1: default gift-card #1 collected"); // said twice: still one
        RunState s = model.snapshot();
        assertThat(s.collected()).isEqualTo(2);
        assertThat(s.shards()).hasSize(1);
        assertThat(s.shards().get(0).collected()).isEqualTo(2);
    }
}
