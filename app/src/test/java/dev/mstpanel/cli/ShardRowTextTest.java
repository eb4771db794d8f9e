package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.runs.ShardPhase;
import dev.mstpanel.core.runs.ShardState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shard row `run`, `replay` and `demo` print: a container killed for memory says it reached its limit. */
class ShardRowTextTest {
    private static ShardState shard(ShardPhase phase, boolean oom, long lastBytes, long peakBytes) {
        return new ShardState(
                2,
                3,
                phase,
                1,
                1,
                "default refund-order #2",
                "cowork",
                "engine-2",
                "mst-x-2",
                "exited",
                false,
                oom,
                lastBytes,
                32L << 20,
                peakBytes,
                -1,
                List.of(),
                null);
    }

    @Test
    void aShardKilledForMemoryShowsItsLimitReachedAndItsHighestSampleNotItsLastOne() {
        String row = RunCommand.row(shard(ShardPhase.OUT_OF_MEMORY, true, 5_623_808, 30L << 20));
        assertThat(row)
                .contains("out of memory")
                .contains("reached its 32.0 MiB limit (highest sample 30.0 MiB)")
                .doesNotContain("5.4 MiB");
    }

    @Test
    void aRunningShardShowsItsLastSampleAgainstItsLimit() {
        assertThat(RunCommand.row(shard(ShardPhase.RUNNING, false, 5_623_808, 30L << 20)))
                .contains("5.4 MiB / 32.0 MiB")
                .doesNotContain("highest");
    }

    @Test
    void theRowsOfOneRunLineUpWhateverTheLengthOfTheirContextAndContainerNames() {
        ShardState a = new ShardState(
                1,
                2,
                ShardPhase.RUNNING,
                1,
                0,
                null,
                "cowork",
                "colima-mst-kvm",
                "mst-20261201t1-1",
                "running",
                false,
                false,
                3L << 20,
                32L << 20,
                3L << 20,
                -1,
                List.of(),
                null);
        ShardState b = new ShardState(
                2,
                2,
                ShardPhase.RUNNING,
                1,
                0,
                null,
                "cowork",
                "studio-m2",
                "mst-20261201t1-2-kept",
                "running",
                false,
                false,
                3L << 20,
                32L << 20,
                3L << 20,
                -1,
                List.of(),
                null);
        String ra = RunCommand.row(a, List.of(a, b));
        String rb = RunCommand.row(b, List.of(a, b));
        assertThat(ra.indexOf("mst-20261201t1-1")).isEqualTo(rb.indexOf("mst-20261201t1-2-kept"));
        assertThat(ra.indexOf("running")).isEqualTo(rb.indexOf("running"));
        assertThat(ra.indexOf("collected")).isEqualTo(rb.indexOf("collected"));
    }

    @Test
    void aShardRowIsItsColumnsPaddedToTheirWidthsWithTheCaseLast() {
        // context 10 characters at least, container 12 (room for "-kept"), phase 26
        assertThat(RunCommand.row(shard(ShardPhase.RUNNING, false, 5_623_808, 30L << 20)))
                .isEqualTo("shard 2/3  engine-2   mst-x-2      running" + " ".repeat(26 - "running".length())
                        + "   1 collected   1 infra  5.4 MiB / 32.0 MiB  last: default refund-order #2");
    }
}
