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
        live.containerSeen(new ContainerObservation(
                "engine-1", "c1", "mst-20261201t100000z-a1b2c3-1", "exited", true, 137, 64L << 20));
        clock.ms += 500;
        live.finished(1);
        assertThat(liveTypes).containsSubsequence("oom", "container"); // the order that puts the effect first

        RunRecording recording = RunRecording.read(recorder.file());
        List<String> replayedTypes = new ArrayList<>();
        RunReplayer replay =
                new RunReplayer(recording, m -> m.addEventListener((RunEvent e) -> replayedTypes.add(e.type())));
        replay.advanceTo(recording.durationMs());
        assertThat(replay.done()).isTrue();
        assertThat(replay.unmatched())
                .as("first unmatched: %s", replay.firstUnmatched())
                .isZero();
        assertThat(replay.firstUnmatched()).isNull();
        assertThat(replayedTypes).isEqualTo(liveTypes);
    }

    @Test
    void theLogsFinalNameIsRecordedAfterItsFirstAndTheReplayEndsWithIt() throws Exception {
        RunRecorderSizeTest.StepClock clock = new RunRecorderSizeTest.StepClock();
        RunModel live = new RunModel(clock);
        Path first = dir.resolve("runs/20261201-100000-starting.log");
        Path last = dir.resolve("runs/20261201-100000-a1b2c3.log");
        RunRecorder recorder = RunRecorder.attach(live, first, clock);
        live.started("mst run --config eval.json", 4242, first.toString());
        clock.ms += 1000;
        live.logFileMoved(last.toString()); // MST named its run: the log takes the run's name
        clock.ms += 500;
        live.finished(0);

        assertThat(recorder.file()).isEqualTo(RunRecorder.beside(last));
        RunRecording recording = RunRecording.read(recorder.file());
        try (RunReplayer replay = new RunReplayer(recording, null)) {
            replay.advanceTo(recording.durationMs());
            assertThat(replay.model().snapshot().logFile()).isEqualTo(last.toString());
        }
    }

    @Test
    void aCollectedTrialIsOnDiskAtOnceSoARecordingLeftOpenPlaysItAndSaysItIsCutShort() throws Exception {
        RunRecorderSizeTest.StepClock clock = new RunRecorderSizeTest.StepClock();
        RunModel live = new RunModel(clock);
        Path log = dir.resolve("runs/20261201-100000-starting.log");
        RunRecorder recorder = RunRecorder.attach(live, log, clock);
        live.started("mst run --config eval.json", 4242, log.toString());
        clock.ms += 100;
        live.acceptLine(OutputListener.Stream.STDERR, "[mst] shard 1/1: cowork on MST 2.0.0");
        clock.ms += 100; // well within the time between flushes
        live.traceFound("baseline", "refund", 0, false);

        // the panel dies here: the recording is never closed
        RunRecording recording = RunRecording.read(recorder.file());

        assertThat(recording.ending()).isEqualTo(RunRecording.Ending.CUT_SHORT);
        List<String> kinds = new ArrayList<>();
        try (RunRecording.Entries entries = recording.entries()) {
            entries.forEachRemaining(
                    e -> kinds.add(e.path("k").asText() + " " + e.path("type").asText()));
        }
        assertThat(kinds).contains("event trial");
        recorder.close();
    }
}
