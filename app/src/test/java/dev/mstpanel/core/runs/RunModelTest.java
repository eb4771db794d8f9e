package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.OutputListener.Stream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RunModelTest {

    private static List<String> transcript(String name) throws Exception {
        try (InputStream in = RunModelTest.class.getResourceAsStream("/mst-transcripts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void transcriptGivesShardRowsTotalsAndTheOomShard() throws Exception {
        RunModel model = new RunModel();
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        model.addEventListener(events::add);
        model.started("mst run --config eval.json", 42, null);
        transcript("docker-3-shards-oom.stderr.txt").forEach(l -> model.acceptLine(Stream.STDERR, l));
        transcript("docker-3-shards-oom.stdout.txt").forEach(l -> model.acceptLine(Stream.STDOUT, l));
        model.finished(1);

        RunState s = model.snapshot();
        assertThat(s.shards())
                .extracting(ShardState::phase)
                .containsExactly(ShardPhase.DONE, ShardPhase.OUT_OF_MEMORY, ShardPhase.DONE);
        assertThat(s.shards().get(1).collected()).isEqualTo(1);
        assertThat(s.shards().get(1).infra()).isEqualTo(1);
        assertThat(s.collected()).isEqualTo(9);
        assertThat(s.infra()).isEqualTo(1);
        assertThat(s.missing()).isEqualTo(2);
        assertThat(s.capacities()).hasSize(2);
        assertThat(s.runDir()).endsWith("20261129T101500Z-a1b2c3");
        assertThat(s.resultLine()).isEqualTo("Results: 4/6 passed (66.7%)");
        assertThat(s.exitCode()).isEqualTo(1);
        assertThat(events)
                .extracting(RunEvent::type)
                .contains("started", "capacity", "shard", "trial", "oom", "missing", "output", "finished");
        assertThat(events).filteredOn(e -> e.type().equals("oom")).hasSize(1);
    }

    @Test
    void tracesAndContainersGiveProgressWhenMstsWordingIsUnknown() {
        RunModel model = new RunModel();
        model.setShardCount(2);
        model.acceptLine(Stream.STDERR, "[mst] something MST now says differently");
        String caseId = "refund";
        int shard = RunModel.shardOfCase(caseId, 2);
        model.containerSeen(
                new ContainerObservation("engine-1", "id1", "mst-run-" + shard, "running", false, null, 256L << 20));
        model.statsSample("mst-run-" + shard, 100L << 20, 256L << 20, 12.5);
        model.traceFound("default", caseId, 0, false);
        model.traceFound("default", caseId, 0, false); // the same trial twice counts once
        model.acceptLine(
                Stream.STDERR, "[mst] shard " + shard + "/2: default refund #1 collected"); // and once more from MST

        ShardState s = model.snapshot().shards().get(shard - 1);
        assertThat(s.phase()).isEqualTo(ShardPhase.RUNNING);
        assertThat(s.collected()).isEqualTo(1);
        assertThat(s.memoryBytes()).isEqualTo(100L << 20);
        assertThat(s.memoryLimitBytes()).isEqualTo(256L << 20);
        assertThat(s.memoryHistory()).hasSize(1);
        assertThat(s.context()).isEqualTo("engine-1");

        model.containerSeen(
                new ContainerObservation("engine-1", "id1", "mst-run-" + shard, "exited", true, 137, 256L << 20));
        assertThat(model.snapshot().shards().get(shard - 1).phase()).isEqualTo(ShardPhase.OUT_OF_MEMORY);
        model.containerSeen(new ContainerObservation(
                "engine-1", "id1", "mst-run-" + shard + "-kept", "exited", true, 137, 256L << 20));
        assertThat(model.snapshot().keptContainers()).containsExactly("mst-run-" + shard + "-kept");
    }

    @Test
    void aShardKilledForMemoryKeepsItsPeakAndSaysItReachedItsLimit() {
        RunModel model = new RunModel();
        model.setShardCount(1);
        model.containerSeen(
                new ContainerObservation("engine-1", "id1", "mst-run-1", "running", false, null, 32L << 20));
        model.statsSample("mst-run-1", 3L << 20, 32L << 20, 5);
        model.statsSample("mst-run-1", 30L << 20, 32L << 20, 90); // the rise, in the same second as the next
        model.statsSample("mst-run-1", 5L << 20, 32L << 20, 1); // the last sample, as it died
        model.containerSeen(new ContainerObservation("engine-1", "id1", "mst-run-1", "exited", true, 137, 32L << 20));

        ShardState s = model.snapshot().shards().get(0);
        assertThat(s.memoryBytes()).isEqualTo(5L << 20);
        assertThat(s.peakMemoryBytes()).isEqualTo(30L << 20);
        assertThat(s.outOfMemoryText()).isEqualTo("reached its 32.0 MiB limit (highest sample 30.0 MiB)");
    }

    @Test
    void aShortPeakIsKeptInTheMemoryHistoryWhenTheNextSampleComesInTheSameSecond() {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(1_000_000);
        java.time.Clock clock = new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public java.time.Instant instant() {
                return java.time.Instant.ofEpochMilli(now.get());
            }
        };
        RunModel model = new RunModel(clock);
        model.setShardCount(1);
        model.containerSeen(
                new ContainerObservation("engine-1", "id1", "mst-run-1", "running", false, null, 32L << 20));
        long[][] samples = {{0, 10}, {1000, 12}, {1500, 15}, {1800, 10}, {2000, 9}, {2400, 8}, {3100, 7}};
        for (long[] s : samples) {
            now.set(1_000_000 + s[0]);
            model.statsSample("mst-run-1", s[1] << 20, 32L << 20, 1);
        }
        // one point per 900 ms slot, at the slot's first time, with its highest figure: the 15 MiB peak stays
        assertThat(model.snapshot().shards().get(0).memoryHistory())
                .extracting(ShardState.MemorySample::epochMillis, ShardState.MemorySample::bytes)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1_000_000L, 10L << 20),
                        org.assertj.core.groups.Tuple.tuple(1_001_000L, 15L << 20),
                        org.assertj.core.groups.Tuple.tuple(1_002_000L, 9L << 20),
                        org.assertj.core.groups.Tuple.tuple(1_003_100L, 7L << 20));
    }

    @Test
    void subscribersGetTheLatestSnapshotCoalesced() throws Exception {
        RunModel model = new RunModel();
        List<RunState> got = new CopyOnWriteArrayList<>();
        try (AutoCloseable sub = model.subscribe(java.time.Duration.ofMillis(100), got::add)) {
            for (int i = 0; i < 5000; i++) {
                model.acceptLine(Stream.STDERR, "[mst] shard 1/1: default case-" + i + " #1 collected");
            }
            for (int i = 0; i < 100 && (got.isEmpty() || got.get(got.size() - 1).collected() < 5000); i++) {
                Thread.sleep(50);
            }
        }
        assertThat(got.get(got.size() - 1).collected()).isEqualTo(5000);
        assertThat(got.size()).isLessThan(5000);
    }

    @Test
    void mstsOwnErrorLinesBecomeLineEventsAndAreRepeatedWhenItFails() {
        RunModel model = new RunModel();
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        model.addEventListener(events::add);
        model.started("mst run --config eval.json", 42, null);
        model.acceptLine(Stream.STDERR, "[mst] shard 1/2: cowork on MST 2.0.0-beta.7");
        model.acceptLine(Stream.STDERR, "Error: eval.json: Unexpected token } in JSON at position 12");
        model.acceptLine(Stream.STDERR, "    at parseConfig (config.js:10:5)");
        model.acceptLine(Stream.STDOUT, "Eval complete: checkout");
        model.finished(2);

        assertThat(events)
                .filteredOn(e -> e.type().equals("line"))
                .extracting(e -> e.fields().get("stream") + " " + e.fields().get("text"))
                .containsExactly(
                        "stderr Error: eval.json: Unexpected token } in JSON at position 12",
                        "stderr     at parseConfig (config.js:10:5)",
                        "stdout Eval complete: checkout");
        RunEvent finished = events.get(events.size() - 1);
        assertThat(finished.type()).isEqualTo("finished");
        assertThat(finished.message()).isEqualTo("MST exited with code 2:     at parseConfig (config.js:10:5)");
        assertThat(finished.fields().get("stderrTail"))
                .isEqualTo(List.of(
                        "Error: eval.json: Unexpected token } in JSON at position 12",
                        "    at parseConfig (config.js:10:5)"));
        // line events are for listeners; the snapshot keeps the run's own events
        assertThat(model.snapshot().events()).extracting(RunEvent::type).doesNotContain("line");
    }

    @Test
    void aLineListenerAddedAfterMstFailedStillGetsEveryLine() {
        RunModel model = new RunModel();
        model.acceptLine(Stream.STDERR, "mst: eval.json has no name");
        model.acceptLine(Stream.STDERR, "[mst] 1 trials are missing: the run is partial.");
        model.finished(2);
        List<String> seen = new CopyOnWriteArrayList<>();
        model.addLineListener((stream, line) -> seen.add(line));
        model.acceptLine(Stream.STDOUT, "a late line");
        assertThat(seen)
                .containsExactly(
                        "mst: eval.json has no name", "[mst] 1 trials are missing: the run is partial.", "a late line");
    }

    @Test
    void aBillionShardCountMakesOnlyTheShardsSomethingNames() {
        RunModel model = new RunModel();
        model.setShardCount(999_999_999);
        assertThat(model.snapshot().shards()).isEmpty();
        model.acceptLine(Stream.STDERR, "[mst] shard 1/999999999: done");
        model.acceptLine(Stream.STDERR, "[mst] shard 999999999/999999999: done");
        model.containerSeen(new ContainerObservation("engine-1", "id7", "mst-run-7", "running", false, null, -1));

        assertThat(model.snapshot().shards()).extracting(ShardState::index).containsExactly(1, 7, 999_999_999);
        assertThat(model.snapshot().shards())
                .allSatisfy(s -> assertThat(s.count()).isEqualTo(999_999_999));
    }

    @Test
    void twoThousandNamedShardsKeepRowsForTheFirst1024AndSaySo() {
        RunModel model = new RunModel();
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        model.addEventListener(events::add);
        for (int i = 1; i <= 2000; i++) {
            model.acceptLine(Stream.STDERR, "[mst] shard " + i + "/999999999: api on MST 2.0.0");
        }

        assertThat(model.snapshot().shards()).hasSize(1024);
        assertThat(model.snapshot().shards().get(1023).index()).isEqualTo(1024);
        assertThat(events)
                .filteredOn(e -> e.type().equals("notice"))
                .extracting(RunEvent::message)
                .containsExactly(
                        "MST named more than 1024 shards: the panel shows rows for the first 1024 and MST's lines for all of them.");
    }

    @Test
    void aShardCountWithinTheFormsLimitShowsWaitingRows() {
        RunModel model = new RunModel();
        model.setShardCount(3);
        assertThat(model.snapshot().shards())
                .extracting(ShardState::phase)
                .containsExactly(ShardPhase.WAITING, ShardPhase.WAITING, ShardPhase.WAITING);
    }

    @Test
    void shardZeroOfZeroIsAnUnknownLineNotAnError() {
        RunModel model = new RunModel();
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        model.addEventListener(events::add);
        model.acceptLine(Stream.STDERR, "[mst] shard 0/0: done");
        model.containerSeen(new ContainerObservation("engine-1", "id0", "mst-run-0", "running", false, null, -1));
        model.finished(0);

        assertThat(model.snapshot().shards()).isEmpty();
        assertThat(events)
                .filteredOn(e -> e.type().equals("line"))
                .extracting(RunEvent::message)
                .containsExactly("[mst] shard 0/0: done");
    }

    @Test
    void aSnapshotRebuildsOnlyTheShardsThatChanged() {
        RunModel model = new RunModel();
        model.setShardCount(200);
        RunState before = model.snapshot();
        model.acceptLine(Stream.STDERR, "[mst] shard 5/200: default refund #1 collected");
        RunState after = model.snapshot();

        for (int i = 0; i < 200; i++) {
            if (i == 4) {
                assertThat(after.shards().get(i)).isNotSameAs(before.shards().get(i));
                assertThat(after.shards().get(i).collected()).isEqualTo(1);
            } else {
                assertThat(after.shards().get(i))
                        .as("shard %d", i + 1)
                        .isSameAs(before.shards().get(i));
            }
        }
    }

    @Test
    void theEndOfARunNamesItsContainersStillThereButNotKeptOnes() {
        RunModel model = new RunModel();
        List<RunEvent> events = new CopyOnWriteArrayList<>();
        model.addEventListener(events::add);
        model.containerSeen(new ContainerObservation("engine-1", "a", "mst-run-1", "running", false, null, -1));
        model.containerSeen(new ContainerObservation("engine-2", "b", "mst-run-2", "running", false, null, -1));
        model.containerSeen(new ContainerObservation("engine-2", "b", "mst-run-2", "removed", false, 0, -1));
        model.containerSeen(new ContainerObservation("engine-1", "c", "mst-run-3-kept", "exited", false, 1, -1));
        model.cancelling();
        model.finished(143);

        assertThat(model.snapshot().leftContainers())
                .extracting(ContainerObservation::name)
                .containsExactly("mst-run-1");
        RunEvent finished = events.get(events.size() - 1);
        assertThat(finished.fields().get("leftContainers").toString())
                .isEqualTo("[{context=engine-1, name=mst-run-1, state=running}]");
    }

    @Test
    void noShardIsLiveOnceMstHasExitedWhateverComesAfter() {
        RunModel model = new RunModel();
        model.started("mst run --config eval.json", 42, null);
        model.setShardCount(3);
        model.acceptLine(Stream.STDERR, "[mst] shard 1/3: cowork on MST 2.0.0-beta.7");
        model.finished(0);
        // what the readers and Docker's last look hand in after the exit code
        model.acceptLine(Stream.STDERR, "[mst] shard 2/3: cowork on MST 2.0.0-beta.7");
        model.acceptLine(Stream.STDERR, "[mst] shard 4/4: cowork on MST 2.0.0-beta.7");
        model.acceptLine(Stream.STDERR, "[mst] shard 3/3: default refund #1 collected");

        assertThat(model.snapshot().shards())
                .isNotEmpty()
                .allSatisfy(
                        s -> assertThat(s.phase().finished()).as(s.toString()).isTrue());
    }
}
