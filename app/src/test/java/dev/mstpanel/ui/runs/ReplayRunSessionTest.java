package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.recording.DemoData;
import dev.mstpanel.core.recording.RunRecording;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The replay session plays the built-in demo's recording: speeds, pause and seek, nothing skipped. */
class ReplayRunSessionTest {
    private static final RunSession.Launch LAUNCH = new RunSession.Launch(List.of("mst"), List.of(), "mst run", null, List.of(),
            OptionalInt.empty());

    /** Seconds since the run's start each snapshot showed (its elapsed time as the view reads it). */
    private static List<Long> play(ReplayRunSession s, Runnable midway, CountDownLatch ended) throws Exception {
        List<Long> seen = new CopyOnWriteArrayList<>();
        s.start(LAUNCH, new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) {
                if (r.startedAt() != null) {
                    seen.add(Duration.between(r.startedAt(), r.finishedAt() != null ? r.finishedAt() : Instant.now()).toMillis());
                }
                if (r.state().ended()) {
                    ended.countDown();
                }
            }

            @Override
            public void lines(List<String> lines) { }
        });
        Thread.sleep(1000);
        midway.run();
        assertThat(ended.await(60, TimeUnit.SECONDS)).as("the replay ended").isTrue();
        return seen;
    }

    @Test
    void changingTheSpeedMidwayGoesOnFromWhereItWasWithoutAJump() throws Exception {
        RunRecording rec = DemoData.recording(null);
        ReplayRunSession s = new ReplayRunSession(rec, null);
        List<Long> seen = play(s, () -> s.setSpeed(16), new CountDownLatch(1));
        long biggestStep = 0;
        for (int i = 1; i < seen.size(); i++) {
            biggestStep = Math.max(biggestStep, seen.get(i) - seen.get(i - 1));
        }
        // at 16x a snapshot every 100 ms is 1.6 s of the run (a busy machine can hold one back a few
        // hundred ms); the jump this guards against skipped what 1 s at 16x is, about 15 s
        assertThat(biggestStep).as("largest step between snapshots, ms: %s", seen).isLessThan(9000);
        assertThat(seen.get(seen.size() - 1)).isBetween(rec.durationMs() - 2000, rec.durationMs() + 500);
    }

    @Test
    void aSeekStartsAtThatPositionAndAPauseHoldsIt() throws Exception {
        RunRecording rec = DemoData.recording(null);
        ReplayRunSession s = new ReplayRunSession(rec, null);
        s.setStartAt(20_000);
        s.setPaused(true);
        List<Long> seen = new CopyOnWriteArrayList<>();
        s.start(LAUNCH, new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) {
                if (r.startedAt() != null) {
                    seen.add(Duration.between(r.startedAt(), Instant.now()).toMillis());
                }
            }

            @Override
            public void lines(List<String> lines) { }
        });
        Thread.sleep(1500);
        s.stop();
        assertThat(seen).isNotEmpty();
        // paused at 20 s of the run (minus the run's start after the recording began)
        assertThat(seen).allSatisfy(ms -> assertThat(ms).isBetween(17_000L, 20_600L));
    }
}
