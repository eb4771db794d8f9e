package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.runs.DemoData;
import dev.mstpanel.core.runs.RunRecording;
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
    private static final RunSession.Launch LAUNCH =
            new RunSession.Launch(List.of("mst"), List.of(), "mst run", null, List.of(), OptionalInt.empty());

    /** Seconds since the run's start each snapshot showed (its elapsed time as the view reads it). */
    private static List<Long> play(ReplayRunSession s, Runnable midway, CountDownLatch ended) throws Exception {
        List<Long> seen = new CopyOnWriteArrayList<>();
        s.start(LAUNCH, new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) {
                if (r.startedAt() != null) {
                    seen.add(Duration.between(r.startedAt(), r.finishedAt() != null ? r.finishedAt() : Instant.now())
                            .toMillis());
                }
                if (r.state().ended()) {
                    ended.countDown();
                }
            }

            @Override
            public void lines(List<String> lines) {}
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
        assertThat(biggestStep)
                .as("largest step between snapshots, ms: %s", seen)
                .isLessThan(9000);
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
            public void lines(List<String> lines) {}
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
        assertThat(second.await(30, TimeUnit.SECONDS))
                .as("the second pass ended")
                .isTrue();
        Thread.sleep(500);
        assertThat(endedFirst).as("the stopped pass").hasValue(0);
        assertThat(endedSecond).hasValue(1);
    }

    @Test
    void aSeekHandsTheMemoryChartTheRunsHistoryUpToThatPointBeforeItsFirstSnapshot() throws Exception {
        RunRecording rec = DemoData.recording(null);
        DemoRecordingFacts recorded = DemoRecordingFacts.read();
        // a second and a half after the last shard's first sample: every shard has a history by then
        double seek = recorded.first(3).seconds() + 1.5;
        ReplayRunSession s = new ReplayRunSession(rec, null);
        s.setPaused(true);
        s.setStartAt(Math.round(seek * 1000));
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
            public void lines(List<String> lines) {}
        });
        Thread.sleep(1000);
        s.stop();
        assertThat(calls).isNotEmpty();
        assertThat(calls.get(0)).as("the history comes first").isInstanceOf(Map.class);
        @SuppressWarnings("unchecked")
        Map<Integer, List<MemorySample>> h = (Map<Integer, List<MemorySample>>) calls.get(0);
        // the demo: shards 1 and 2 from the start (shard 2 out of memory early), shard 3 once shard 1's context is free
        assertThat(h).containsOnlyKeys(1, 2, 3);
        for (int shard : h.keySet()) {
            assertThat(h.get(shard).get(0).seconds())
                    .as("shard %s's first sample", shard)
                    .isCloseTo(recorded.first(shard).seconds(), org.assertj.core.data.Offset.offset(0.95));
        }
        for (List<MemorySample> shard : h.values()) {
            assertThat(shard.get(shard.size() - 1).seconds()).isLessThanOrEqualTo(seek);
            for (int i = 1; i < shard.size(); i++) {
                // a sample a second; one that came less than 900 ms after the one before shares its slot (ShardTable),
                // a gap of up to 2 s
                assertThat(shard.get(i).seconds() - shard.get(i - 1).seconds())
                        .as("a sample a second: %s", shard)
                        .isBetween(0.9, 2.1);
            }
        }
        // each line ends with its container's last sample up to there (shard 2's when it was killed)
        for (int shard : h.keySet()) {
            assertThat(h.get(shard).get(h.get(shard).size() - 1).seconds())
                    .as("shard %s's last sample", shard)
                    .isCloseTo(recorded.lastBy(shard, seek).seconds(), org.assertj.core.data.Offset.offset(1.1));
        }
        // the figures are the recorded ones, from shard 1's first slot
        assertThat(h.get(1).get(0).bytes())
                .isIn(recorded.samples().get(1).stream()
                        .filter(x -> x.seconds() < recorded.first(1).seconds() + 0.95)
                        .map(DemoRecordingFacts.Sample::bytes)
                        .toList());
        assertThat(h.get(1).stream().mapToLong(MemorySample::bytes).max().orElse(0))
                .isGreaterThan(recorded.first(1).bytes());
    }

    /** The memory chart's data at the end of one play at this speed: the run's history as the view gathers it. */
    private static Map<Integer, List<MemorySample>> chartAfterPlay(RunRecording rec, double speed) throws Exception {
        ReplayRunSession s = new ReplayRunSession(rec, null);
        s.setSpeed(speed);
        MemoryHistory h = new MemoryHistory();
        CountDownLatch ended = new CountDownLatch(1);
        s.start(LAUNCH, new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) {
                synchronized (h) {
                    h.add(r.shards());
                }
                if (r.state().ended()) {
                    ended.countDown();
                }
            }

            @Override
            public void lines(List<String> lines) {}
        });
        assertThat(ended.await(60, TimeUnit.SECONDS))
                .as("the replay at %sx ended", speed)
                .isTrue();
        s.stop();
        synchronized (h) {
            return h.copy();
        }
    }

    @Test
    void theSameRecordingDrawsTheSameMemoryChartAtEverySpeedWithItsPeakAndFirstSample() throws Exception {
        RunRecording rec = DemoData.recording(null);
        Map<Integer, List<MemorySample>> at16 = chartAfterPlay(rec, 16);
        Map<Integer, List<MemorySample>> again = chartAfterPlay(rec, 16);
        Map<Integer, List<MemorySample>> atMax = chartAfterPlay(rec, 10_000);
        assertThat(again).isEqualTo(at16);
        assertThat(atMax).isEqualTo(at16);
        assertThat(at16).containsOnlyKeys(1, 2, 3);
        DemoRecordingFacts recorded = DemoRecordingFacts.read();
        // shard 1's peak is drawn (a play at some pulse dropped a short one)
        assertThat(at16.get(1).stream().mapToLong(MemorySample::bytes).max().orElse(0))
                .isEqualTo(recorded.peak(1));
        // each line starts at its shard's first recorded slot (not seconds later at one play): the highest of its
        // samples
        // in the 900 ms from the first
        for (int shard : at16.keySet()) {
            assertThat(at16.get(shard).get(0).seconds())
                    .as("shard %s", shard)
                    .isCloseTo(recorded.first(shard).seconds(), org.assertj.core.data.Offset.offset(0.95));
            assertThat(at16.get(shard).get(0).bytes())
                    .as("shard %s", shard)
                    .isIn(recorded.samples().get(shard).stream()
                            .filter(x -> x.seconds() < recorded.first(shard).seconds() + 0.95)
                            .map(DemoRecordingFacts.Sample::bytes)
                            .toList());
        }
    }

    private static RunSession.Listener quiet() {
        return new RunSession.Listener() {
            @Override
            public void snapshot(RunSnapshot r) {}

            @Override
            public void lines(List<String> lines) {}
        };
    }
}
