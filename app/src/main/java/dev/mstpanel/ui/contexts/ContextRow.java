package dev.mstpanel.ui.contexts;

import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.ProbeResult;
import java.util.List;

/**
 * What one context card shows: immutable, replaced whenever something about it changes.
 *
 * @param context the context
 * @param state where its probe is
 * @param probe the latest probe result, or null before the first one returns
 * @param capacity the split under the current run options, or null when unknown
 * @param refreshing true while a background refresh re-probes a context that has a result
 */
public record ContextRow(
        DockerContext context,
        State state,
        ProbeResult probe,
        ContextCapacity capacity,
        boolean refreshing,
        List<String> sameEngineAs,
        String countedUnder) {
    public ContextRow {
        sameEngineAs = sameEngineAs == null ? List.of() : List.copyOf(sameEngineAs);
    }

    /** A row of a context that is, as far as known, the only name of its engine. */
    public ContextRow(
            DockerContext context, State state, ProbeResult probe, ContextCapacity capacity, boolean refreshing) {
        this(context, state, probe, capacity, refreshing, List.of(), null);
    }

    /**
     * A copy marking the other contexts that reach the same engine ({@link dev.mstpanel.core.docker.EngineGroups}).
     *
     * @param names the other names, in the Docker CLI's order
     * @param primary the context the engine's capacity is counted under, or null when it is this one
     */
    public ContextRow withSameEngineAs(List<String> names, String primary) {
        return new ContextRow(context, state, probe, capacity, refreshing, names, primary);
    }

    /** Probe states as the card names them. */
    public enum State {
        PROBING("probing…"),
        REACHABLE("reachable"),
        UNREACHABLE("unreachable");

        private final String label;

        State(String label) {
            this.label = label;
        }

        /** The badge text. */
        public String label() {
            return label;
        }
    }

    /** The context's name (cards are matched by it). */
    public String name() {
        return context.name();
    }
}
