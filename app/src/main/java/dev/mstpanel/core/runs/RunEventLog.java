package dev.mstpanel.core.runs;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The events of one run: every event goes to the listeners (on the caller's thread); the last
 * {@code kept} of those marked to keep are in snapshots. Not thread-safe for {@link #publish}:
 * the {@link RunModel} calls it under its own lock; listeners may be added from any thread.
 */
final class RunEventLog {
    private final int kept;
    private final List<Consumer<RunEvent>> listeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<RunEvent> events = new ArrayDeque<>();

    /** @param kept events kept for snapshots */
    RunEventLog(int kept) {
        this.kept = kept;
    }

    void addListener(Consumer<RunEvent> listener) {
        listeners.add(listener);
    }

    /**
     * Gives the event to every listener (one that throws is logged and skipped).
     *
     * @param keep true to keep it for snapshots
     */
    void publish(RunEvent e, boolean keep) {
        if (keep) {
            events.addLast(e);
            while (events.size() > kept) {
                events.pollFirst();
            }
        }
        for (Consumer<RunEvent> l : listeners) {
            try {
                l.accept(e);
            } catch (RuntimeException ex) {
                org.slf4j.LoggerFactory.getLogger(RunModel.class).warn("run event listener failed", ex);
            }
        }
    }

    /** The kept events, oldest first. */
    List<RunEvent> kept() {
        return List.copyOf(events);
    }
}
