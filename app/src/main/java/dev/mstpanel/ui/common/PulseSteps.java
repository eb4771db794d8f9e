package dev.mstpanel.ui.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs work on the FX thread one step per pulse, so no pulse carries more than one step and the
 * window keeps drawing (the warm-ups of the first transcript and the first comparison).
 * A step runs only in a pulse that came less than {@code quickFrameNs} after the one before (the
 * window is not busy: drawing, the user's work, or the last step); 0 runs one step in every pulse.
 * Each pulse first asks {@code stop}: when true, the steps end at once ({@link End#STOPPED}). A step
 * added with {@link #thenWhen} also waits until its condition holds. When no step could run for
 * {@code giveUpNs}, the steps end ({@link End#GAVE_UP}); a step that throws ends them too
 * ({@link End#FAILED}, logged at debug). {@code onEnd} runs once, on the FX thread, with how they ended.
 * Build it and {@link #start()} it on the FX thread.
 */
public final class PulseSteps {
    private static final Logger LOG = LoggerFactory.getLogger(PulseSteps.class);

    /** How the steps ended. */
    public enum End {
        DONE,
        STOPPED,
        GAVE_UP,
        FAILED
    }

    private record Step(BooleanSupplier ready, Supplier<List<Runnable>> many, Runnable one) {}

    private final String name;
    private final long quickFrameNs;
    private final long giveUpNs;
    private final BooleanSupplier stop;
    private final Consumer<End> onEnd;
    private final List<Step> steps = new ArrayList<>();
    private final StringBuilder took = new StringBuilder();
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            pulse(now);
        }
    };
    private int next;
    private int ran;
    private long lastFrame;
    private long since;
    private boolean ended;

    /**
     * @param name what the steps are, for the debug log
     * @param quickFrameNs a step runs only after a frame that came within this many ns of the one before; 0: in every pulse
     * @param giveUpNs how long the steps wait for a pulse they may run in before they give up, ns
     * @param stop asked each pulse (FX thread): true ends the steps at once
     * @param onEnd runs once when the steps end (FX thread)
     */
    public PulseSteps(String name, long quickFrameNs, long giveUpNs, BooleanSupplier stop, Consumer<End> onEnd) {
        this.name = name;
        this.quickFrameNs = quickFrameNs;
        this.giveUpNs = giveUpNs;
        this.stop = stop;
        this.onEnd = onEnd;
    }

    /** Adds a step. */
    public PulseSteps then(Runnable step) {
        steps.add(new Step(() -> true, null, step));
        return this;
    }

    /** Adds a step that waits, pulse after pulse, until {@code ready} is true. */
    public PulseSteps thenWhen(BooleanSupplier ready, Runnable step) {
        steps.add(new Step(ready, null, step));
        return this;
    }

    /** Adds the steps {@code later} gives when they are reached (e.g. of a view built by an earlier step), one per pulse. */
    public PulseSteps thenAll(Supplier<List<Runnable>> later) {
        steps.add(new Step(() -> true, later, null));
        return this;
    }

    /** Starts pulsing (FX thread). */
    public void start() {
        timer.start();
    }

    /** Ends the steps where they are, as {@link End#STOPPED} (FX thread); nothing when they have ended. */
    public void cancel() {
        end(End.STOPPED);
    }

    /** Each step's time so far, ms, comma-separated (for a debug line). */
    public String took() {
        return took.toString();
    }

    private void pulse(long now) {
        if (ended) {
            return;
        }
        boolean quick = quickFrameNs <= 0 || lastFrame > 0 && now - lastFrame < quickFrameNs;
        lastFrame = now;
        if (since == 0) {
            since = now;
        }
        if (stop.getAsBoolean()) {
            end(End.STOPPED);
            return;
        }
        // a step of several expands into them in place
        while (next < steps.size() && steps.get(next).many() != null) {
            Step s = steps.remove(next);
            List<Runnable> more = new ArrayList<>();
            try {
                more.addAll(s.many().get());
            } catch (Throwable t) {
                fail(t);
                return;
            }
            for (int i = 0; i < more.size(); i++) {
                steps.add(next + i, new Step(() -> true, null, more.get(i)));
            }
        }
        if (next == steps.size()) {
            end(End.DONE);
            return;
        }
        Step s = steps.get(next);
        if (!quick || !s.ready().getAsBoolean()) {
            if (now - since > giveUpNs) {
                end(End.GAVE_UP);
            }
            return;
        }
        since = now;
        long t0 = System.nanoTime();
        try {
            s.one().run();
        } catch (Throwable t) {
            fail(t);
            return;
        }
        next++;
        took.append(ran++ == 0 ? "" : ", ").append((System.nanoTime() - t0) / 1_000_000);
        if (next == steps.size()) {
            end(End.DONE);
        }
    }

    private void fail(Throwable t) {
        LOG.debug("{}: a step failed: {}", name, t.toString());
        end(End.FAILED);
    }

    private void end(End how) {
        if (ended) {
            return;
        }
        ended = true;
        timer.stop();
        LOG.debug(String.format(
                Locale.ROOT, "%s: %s after %d steps (%s ms)", name, how.name().toLowerCase(Locale.ROOT), ran, took));
        onEnd.accept(how);
    }
}
