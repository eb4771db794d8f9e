package dev.mstpanel.core.runs;

import dev.mstpanel.core.mst.OutputListener;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

/**
 * MST's output lines of one run for line listeners: the last {@code kept} lines are replayed to a
 * listener added late, then each new line goes to every listener, in order, none twice.
 * Thread-safe.
 */
final class OutputLines {
    private final int kept;
    private final List<BiConsumer<OutputListener.Stream, String>> listeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<Map.Entry<OutputListener.Stream, String>> recent = new ArrayDeque<>();

    /** @param kept lines kept to replay */
    OutputLines(int kept) {
        this.kept = kept;
    }

    /** Replays the kept lines to the listener on the caller's thread, then adds it. */
    synchronized void addListener(BiConsumer<OutputListener.Stream, String> listener) {
        for (Map.Entry<OutputListener.Stream, String> l : recent) {
            listener.accept(l.getKey(), l.getValue());
        }
        listeners.add(listener);
    }

    /** Keeps the line and gives it to every listener (a listener that throws is logged and skipped). */
    synchronized void accept(OutputListener.Stream stream, String line) {
        recent.addLast(Map.entry(stream, line));
        while (recent.size() > kept) {
            recent.pollFirst();
        }
        for (BiConsumer<OutputListener.Stream, String> l : listeners) {
            try {
                l.accept(stream, line);
            } catch (RuntimeException ex) {
                org.slf4j.LoggerFactory.getLogger(RunModel.class).warn("run line listener failed", ex);
            }
        }
    }
}
