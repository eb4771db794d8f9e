package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.MstLine;
import dev.mstpanel.core.mst.MstOutputParser;
import dev.mstpanel.core.runs.ShardPhase;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A shard stopped because its worker runs another MST (docs/dev/mst-format.md, Run flags) offers to rebuild that context's image. */
class StaleImageOfferTest {
    private static final String LINE =
            "[mst] shard 2/2: stopped: The worker runs MST 2.0.0-beta.6, but this run uses 2.0.0-beta.7: install the same version in the worker's image.";

    private static ShardSnapshot shard(int i, String context, String message) {
        return new ShardSnapshot(
                i, 2, context, "mst-x-" + i, ShardPhase.STOPPED, 0, 0, null, 0, 0, 0, -1, false, false, message);
    }

    private static RunSnapshot ended(List<ShardSnapshot> shards) {
        return new RunSnapshot(
                RunSnapshot.State.FINISHED,
                Instant.EPOCH,
                Instant.EPOCH,
                4,
                0,
                4,
                shards,
                "Results: 2/4 passed",
                Path.of("/r/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3"),
                List.of(),
                1,
                null);
    }

    @Test
    void staleWorkerReasonNamesBothVersions() {
        MstLine l = new MstOutputParser().parse(LINE);
        assertThat(l).isInstanceOf(MstLine.ShardStopped.class);
        String reason = ((MstLine.ShardStopped) l).reason();
        assertThat(MstOutputParser.staleWorker(reason)).containsExactly("2.0.0-beta.6", "2.0.0-beta.7");
        assertThat(MstOutputParser.staleWorker("The shard was cancelled.")).isNull();
    }

    @Test
    void finishedRunOffersTheRebuildOnTheStaleShardsContextOnly() {
        FinishedRun f = new FinishedRun();
        String reason = ((MstLine.ShardStopped) new MstOutputParser().parse(LINE)).reason();
        f.ended(ended(List.of(shard(1, "engine-1", null), shard(2, "colima-mst-kvm", reason))));
        assertThat(f.staleImageContextProperty().get()).isEqualTo("colima-mst-kvm");
        assertThat(f.canResumeProperty().get()).isTrue();
        f.ended(ended(List.of(shard(1, "engine-1", "The worker sent nothing for 60 s; its channel may be gone."))));
        assertThat(f.staleImageContextProperty().get()).isNull();
    }
}
