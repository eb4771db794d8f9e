package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.recording.DemoData;
import dev.mstpanel.core.recording.RunRecording;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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

    @Test
    void aPassThatPlaysToTheEndSaysSoOnceAndAStoppedOneDoesNot() throws Exception {
        RunRecording rec = DemoData.recording(null);
        ReplayRunSession s = new ReplayRunSession(rec, null);
        java.util.concurrent.atomic.AtomicInteger endedFirst = new java.util.concurrent.atomic.AtomicInteger();
        s.setOnEnded(endedFirst::incrementAndGet);
        s.setSpeed(1);
        s.start(LAUNCH, quiet());
        Thread.sleep(500);
        // a seek: a new pass with its own callback; the first is stopped before its end
        java.util.concurrent.atomic.AtomicInteger endedSecond = new java.util.concurrent.atomic.AtomicInteger();
        CountDownLatch second = new CountDownLatch(1);
        s.setOnEnded(() -> {
            endedSecond.incrementAndGet();
            second.countDown();
        });
        s.setSpeed(10_000);
        s.setStartAt(5_000);
        s.start(LAUNCH, quiet());
        assertThat(second.await(30, TimeUnit.SECONDS)).as("the second pass ended").isTrue();
        Thread.sleep(500);
        assertThat(endedFirst).as("the stopped pass").hasValue(0);
        assertThat(endedSecond).hasValue(1);
    }

    @Test
    void aSeekHandsTheMemoryChartTheRunsHistoryUpToThatPointBeforeItsFirstSnapshot() throws Exception {
        RunRecording rec = DemoData.recording(null);
        ReplayRunSession s = new ReplayRunSession(rec, null);
        s.setPaused(true);
        s.setStartAt(16_000);
        List<Object> calls = new CopyOnWriteArrayList<>();
        s.start(LAUNCH, new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) {
                calls.add(r);
            }

            @Override
            public void memoryHistory(Map<Integer, List<MemorySample>> history) {
                calls.add(history);
            }

            @Override
            public void lines(List<String> lines) { }
        });
        Thread.sleep(1000);
        s.stop();
        assertThat(calls).isNotEmpty();
        assertThat(calls.get(0)).as("the history comes first").isInstanceOf(Map.class);
        @SuppressWarnings("unchecked")
        Map<Integer, List<MemorySample>> h = (Map<Integer, List<MemorySample>>) calls.get(0);
        // the demo: shards 1 and 2 from about 2.3 s (shard 2 out of memory at 7.5 s), shard 3 from 12.6 s
        assertThat(h).containsOnlyKeys(1, 2, 3);
        assertThat(h.get(1).get(0).seconds()).isBetween(2.0, 3.5);
        assertThat(h.get(3).get(0).seconds()).isBetween(12.0, 13.5);
        for (List<MemorySample> shard : h.values()) {
            assertThat(shard.get(shard.size() - 1).seconds()).isBetween(14.5, 16.0);
            for (int i = 1; i < shard.size(); i++) {
                assertThat(shard.get(i).seconds() - shard.get(i - 1).seconds()).as("a sample a second: %s", shard).isBetween(0.99, 1.01);
            }
        }
        // the figures are the recorded ones: shard 1 grew from about 2.5 MiB
        assertThat(h.get(1).get(0).bytes()).isEqualTo(2_551_808L);
        assertThat(h.get(1).stream().mapToLong(MemorySample::bytes).max().orElse(0)).isGreaterThan(9_000_000L);
    }

    private static RunSession.Listener quiet() {
        return new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) { }

            @Override
            public void lines(List<String> lines) { }
        };
    }
}
