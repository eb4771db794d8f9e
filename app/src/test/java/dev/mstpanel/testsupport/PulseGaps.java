package dev.mstpanel.testsupport;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;

/**
 * Counts a window's FX pulses and measures the longest gap between two of them: an
 * {@link AnimationTimer} asks for a pulse every frame and its handle runs once per pulse, so a gap
 * is how long the FX thread could not draw. Start and stop it on the FX thread; the figures can be
 * read and reset from any thread. Times are in nanoseconds, from the pulses' own clock
 * ({@code System.nanoTime}).
 */
public final class PulseGaps {
    private final AtomicLong last = new AtomicLong();
    private final AtomicLong longest = new AtomicLong();
    private final AtomicLong longestEnd = new AtomicLong();
    private final AtomicLong longestEndUptime = new AtomicLong();
    private final AtomicLong pulses = new AtomicLong();
    private final AtomicBoolean skipNext = new AtomicBoolean();
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            long prev = last.getAndSet(now);
            if (prev != 0 && !skipNext.getAndSet(false) && now - prev > longest.get()) {
                longest.set(now - prev);
                longestEnd.set(System.nanoTime());
                longestEndUptime.set(ManagementFactory.getRuntimeMXBean().getUptime());
            }
            pulses.incrementAndGet();
        }
    };

    /** Starts counting (FX thread). */
    public void start() {
        timer.start();
    }

    /** Stops counting (FX thread). */
    public void stop() {
        timer.stop();
    }

    /** Pulses counted since the start or the last {@link #reset()}. */
    public long pulses() {
        return pulses.get();
    }

    /** The longest gap between two pulses since the start or the last reset, in ns; 0 before two pulses. */
    public long longestGapNanos() {
        return longest.get();
    }

    /** When the longest gap ended ({@code System.nanoTime}), or 0. */
    public long longestGapEndedAt() {
        return longestEnd.get();
    }

    /** When the longest gap ended as the JVM's uptime in ms (to find it in a {@code -Xlog:gc::uptimemillis} log), or 0. */
    public long longestGapEndedAtUptimeMillis() {
        return longestEndUptime.get();
    }

    /** Forgets the longest gap, so the next one measured is the longest since now. */
    public void resetLongest() {
        longest.set(0);
    }

    /** Forgets everything: the pulses counted, the longest gap, and the last pulse (the next one starts afresh). */
    public void reset() {
        last.set(0);
        longest.set(0);
        longestEnd.set(0);
        longestEndUptime.set(0);
        pulses.set(0);
    }

    /** Leaves the next gap out (e.g. the one spanning a benchmark's own {@code System.gc()}). */
    public void skipNextGap() {
        skipNext.set(true);
    }
}
