package dev.mstpanel.ui.results.compare;

import dev.mstpanel.ui.common.UiExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * The Compare screen's "Counting trials… 12,345 read" while both sides' statuses are read on background
 * threads: the sides' counts summed, posted to the FX thread at most every 150 ms and with at most one post
 * waiting, so the FX thread lays out little while the reads run (no pulse gap over 100 ms).
 * Thread-safe; {@link #reset()} on the FX thread at each new pick.
 */
final class CountingProgress {
    private static final long EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(150);
    private final UiExecutor ui;
    private final Consumer<String> show;
    /** Trials counted so far by the current pick's reads (both sides). */
    private final AtomicInteger counted = new AtomicInteger();

    private final AtomicBoolean posted = new AtomicBoolean();
    /** When the count was last posted (System.nanoTime). */
    private final AtomicLong postedAt = new AtomicLong();

    /**
     * @param ui posts to the FX thread
     * @param show sets the progress line (called on the FX thread)
     */
    CountingProgress(UiExecutor ui, Consumer<String> show) {
        this.ui = ui;
        this.show = show;
    }

    /** Starts a new count at 0; the first count read is shown at once. */
    void reset() {
        counted.set(0);
        postedAt.set(System.nanoTime() - EVERY_NANOS);
    }

    /**
     * A consumer for one side's read, given that side's running total of trials read.
     *
     * @param wanted checked on the FX thread before a count is shown: false once the pick it was for is gone
     */
    IntConsumer side(BooleanSupplier wanted) {
        int[] mine = {0};
        return n -> {
            counted.addAndGet(n - mine[0]);
            mine[0] = n;
            post(wanted);
        };
    }

    private void post(BooleanSupplier wanted) {
        long now = System.nanoTime();
        long last = postedAt.get();
        if (now - last < EVERY_NANOS || !postedAt.compareAndSet(last, now)) {
            return;
        }
        if (posted.compareAndSet(false, true)) {
            ui.execute(() -> {
                posted.set(false);
                if (wanted.getAsBoolean()) {
                    show.accept(String.format(java.util.Locale.ROOT, "Counting trials… %,d read", counted.get()));
                }
            });
        }
    }
}
