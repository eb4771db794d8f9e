package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.OutputListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recorded event the model makes of an input recorded after it: a shard's container that Docker
 * shows out of memory before MST's own line says so gives {@code oom} and then {@code container}
 * (the model's order, kept by the recorder), so the replay meets the {@code oom} entry before the
 * {@code container} entry that makes it again. It must still count as matched (the live race that
 * made {@code ReplayCommandEndToEndTest} flaky: Docker's watcher and MST's output, either first).
 */
class RunReplayerOrderTest {
    @TempDir
    Path dir;

    @Test
    void anOutOfMemoryDockerSawBeforeMstSaidSoReplaysWithNothingUnmatched() throws Exception {
        RunRecorderSizeTest.StepClock clock = new RunRecorderSizeTest.StepClock();
        RunModel live = new RunModel(clock);
        Path log = dir.resolve("runs/20261201-100000-a1b2c3.log");
        RunRecorder recorder = RunRecorder.attach(live, log, clock);
        List<String> liveTypes = new ArrayList<>();
        live.addEventListener(e -> liveTypes.add(e.type()));
        live.started("mst run --config eval.json --shards 2", 4242, log.toString());
        clock.ms += 1000;
        live.acceptLine(OutputListener.Stream.STDERR, "[mst] shard 1/2 on engine-1: mst-20261201t100000z-a1b2c3-1");
        clock.ms += 1000;
        // Docker first: the container exited, OOMKilled
        live.containerSeen(new ContainerObservation("engine-1", "c1", "mst-20261201t100000z-a1b2c3-1", "exited", true, 137, 64L << 20));
        clock.ms += 500;
        live.finished(1);
        assertThat(liveTypes).containsSubsequence("oom", "container"); // the order that puts the effect first

        RunRecording recording = RunRecording.read(recorder.file());
        List<String> replayedTypes = new ArrayList<>();
        RunReplayer replay = new RunReplayer(recording, m -> m.addEventListener((RunEvent e) -> replayedTypes.add(e.type())));
        replay.advanceTo(recording.durationMs());
        assertThat(replay.done()).isTrue();
        assertThat(replay.unmatched()).as("first unmatched: %s", replay.firstUnmatched()).isZero();
        assertThat(replay.firstUnmatched()).isNull();
        assertThat(replayedTypes).isEqualTo(liveTypes);
    }
}
