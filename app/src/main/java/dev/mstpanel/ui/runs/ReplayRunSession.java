package dev.mstpanel.ui.runs;

import dev.mstpanel.core.runs.RunRecording;
import dev.mstpanel.core.runs.RunReplayer;
import dev.mstpanel.core.runs.RunState;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link RunSession} that plays a recording instead of starting MST ("Replay"): the
 * recording goes into a fresh run model ({@link RunReplayer}) on a thread of its own, at a speed,
 * and the Run view gets that model's snapshots and lines exactly as from a live run. Nothing runs:
 * {@link #locate} finds no MST and {@link Handle#cancel()} only stops the playback.
 *
 * <p>The snapshots' times are moved so that "now" is the replay's position: the view's elapsed
 * time and memory chart read as in the live run (its seconds since start), at any speed.
 */
public final class ReplayRunSession implements RunSession {
    private static final Logger LOG = LoggerFactory.getLogger(ReplayRunSession.class);
    /** How often the model's state is handed on, as for a live run. */
    public static final Duration SNAPSHOT_INTERVAL = SupervisedRunSession.SNAPSHOT_INTERVAL;

    private final RunRecording recording;
    private final Path runDirOnDisk;
    private volatile double speed = 1;
    private volatile boolean paused;
    private volatile long startAtMs;
    private volatile LongConsumer onPosition = p -> {};
    private volatile Runnable onEnded = () -> {};
    private volatile Player current;

    /**
     * @param recording what to play
     * @param runDirOnDisk the run folder to offer in Results when it is still there, else null
     *     (the snapshots then name no run folder, so "Open in Results" is not offered)
     */
    public ReplayRunSession(RunRecording recording, Path runDirOnDisk) {
        this.recording = recording;
        this.runDirOnDisk = runDirOnDisk;
    }

    /** The recording. */
    public RunRecording recording() {
        return recording;
    }

    /** How much faster than the run: 1, 4 or 16. Applies at once. */
    public void setSpeed(double x) {
        Player p = current;
        if (p != null) {
            synchronized (p) {
                p.rebase(); // at the old speed up to now
                speed = x;
            }
        } else {
            speed = x;
        }
    }

    /** The speed. */
    public double speed() {
        return speed;
    }

    /** Pauses or resumes the playback. */
    public void setPaused(boolean pause) {
        Player p = current;
        if (p != null) {
            p.rebase();
        }
        paused = pause;
        if (p != null) {
            synchronized (p) {
                p.notifyAll();
            }
        }
    }

    /** True while paused. */
    public boolean paused() {
        return paused;
    }

    /** Where the next {@link #start} begins, milliseconds from the recording's start (a seek). */
    public void setStartAt(long ms) {
        startAtMs = Math.max(0, Math.min(ms, recording.durationMs()));
    }

    /**
     * Called on the playback thread with the position, milliseconds, about 10 times a second. A pass
     * keeps the callback set when it started ({@link #start}), so a caller that sets a new one
     * before each seek can tell a previous pass's late calls from the new pass's.
     */
    public void setOnPosition(LongConsumer c) {
        onPosition = c == null ? p -> {} : c;
    }

    /**
     * Called on the playback thread once a pass has played to the recording's end and sent its last
     * snapshot (not when it was stopped or a seek started another pass); kept per pass as
     * {@link #setOnPosition}.
     */
    public void setOnEnded(Runnable r) {
        onEnded = r == null ? () -> {} : r;
    }

    /** Stops the playback for good (the replay was closed), or the pass playing before a seek. */
    public void stop() {
        Player p = current;
        if (p != null) {
            p.stop();
        }
    }

    @Override
    public Mst locate(Path config) {
        return new Mst(List.of("mst"), Mst.ASSUMED.vocabulary(), null, "A replay runs nothing.");
    }

    @Override
    public Handle start(Launch launch, Listener listener) {
        Player old = current;
        if (old != null) {
            old.stop();
        }
        Player p = new Player(listener, startAtMs);
        current = p;
        Thread t = new Thread(p, "run-replay");
        t.setDaemon(true);
        t.start();
        return p::stop;
    }

    /** Plays one pass from a position; stopped by a new start (a seek) or the handle. */
    private final class Player implements Runnable {
        private final Listener listener;
        private final long from;
        private final LongConsumer position = onPosition;
        private final Runnable ended = onEnded;
        private volatile boolean stopped;
        private RunReplayer replayer;
        // wall time and recording time at the last change of speed or pause
        private long baseNanos;
        private long baseMs;

        Player(Listener listener, long from) {
            this.listener = listener;
            this.from = from;
        }

        void stop() {
            stopped = true;
            synchronized (this) {
                notifyAll();
            }
        }

        synchronized void rebase() {
            baseMs = positionNow();
            baseNanos = System.nanoTime();
        }

        private long positionNow() {
            if (paused) {
                return baseMs;
            }
            return baseMs + (long) ((System.nanoTime() - baseNanos) / 1_000_000.0 * speed);
        }

        @Override
        public void run() {
            replayer = new RunReplayer(
                    recording,
                    model -> model.addLineListener((stream, line) -> {
                        if (!stopped) {
                            listener.lines(List.of(line));
                        }
                    }));
            if (from > 0) {
                listener.memoryHistory(historyUpTo(replayer, from));
            }
            replayer.advanceTo(from);
            baseMs = from;
            baseNanos = System.nanoTime();
            AutoCloseable sub = replayer.model().subscribe(SNAPSHOT_INTERVAL, s -> {
                if (!stopped) {
                    listener.snapshot(shifted(s, replayer.position()));
                }
            });
            try {
                long lastTick = 0;
                while (!stopped && !replayer.done()) {
                    long pos;
                    synchronized (this) {
                        pos = positionNow();
                    }
                    long next = replayer.nextTime();
                    if (next <= pos) {
                        replayer.advanceTo(pos);
                    } else {
                        replayer.advanceTo(pos); // the position moves on between entries (the clock, the slider)
                        long waitMs = paused ? 250 : Math.max(1, Math.min(100, (long) ((next - pos) / speed)));
                        synchronized (this) {
                            wait(waitMs);
                        }
                    }
                    long now = System.nanoTime();
                    if (now - lastTick > 100_000_000L) {
                        lastTick = now;
                        if (!stopped) {
                            position.accept(Math.min(pos, recording.durationMs()));
                        }
                        if (paused) {
                            listener.snapshot(shifted(replayer.model().snapshot(), replayer.position()));
                        }
                    }
                }
                if (!stopped) {
                    position.accept(recording.durationMs());
                    Thread.sleep(SNAPSHOT_INTERVAL.toMillis() * 2);
                    listener.snapshot(shifted(replayer.model().snapshot(), recording.durationMs()));
                }
                if (!stopped) {
                    ended.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("the replay of {} stopped: {}", recording.file(), e.toString());
            } finally {
                try {
                    sub.close();
                } catch (Exception ignored) {
                    // a cancelled ticker task
                }
                replayer.close(); // a seek starts a new pass on a new stream of the file
            }
        }

        /**
         * Plays the recording up to a position in steps of a second of the run, gathering the model's
         * memory samples at each as the live Run view does from its snapshots ({@link MemoryHistory}),
         * so the chart after a seek shows the run up to there, not an empty chart starting at the seek.
         */
        private java.util.Map<Integer, List<MemorySample>> historyUpTo(RunReplayer r, long toMs) {
            MemoryHistory h = new MemoryHistory();
            long t = 0;
            while (!stopped) {
                r.advanceTo(t);
                h.add(SupervisedRunSession.adapt(r.model().snapshot(), false).shards());
                if (t >= toMs) {
                    break;
                }
                t = Math.min(toMs, t + 1000);
            }
            return h.copy();
        }

        /** The model's state with its times moved so that now is the replay's position. */
        private RunSnapshot shifted(RunState s, long positionMs) {
            RunSnapshot r = SupervisedRunSession.adapt(s, false);
            if (s.startedAt() == null) {
                return r;
            }
            long sinceStart = Math.max(
                    0,
                    recording.startedAt().plusMillis(positionMs).toEpochMilli()
                            - s.startedAt().toEpochMilli());
            Instant started = Instant.now().minusMillis(sinceStart);
            Instant finished =
                    r.finishedAt() == null ? null : started.plus(Duration.between(s.startedAt(), s.finishedAt()));
            Path dir = runDirOnDisk;
            return new RunSnapshot(
                    r.state(),
                    started,
                    finished,
                    r.collected(),
                    r.infra(),
                    r.missing(),
                    r.shards(),
                    r.resultLine(),
                    r.runDir() == null ? null : dir,
                    r.keptContainers(),
                    r.exitCode(),
                    r.failure(),
                    List.of(),
                    r.endOfRun());
        }
    }
}
