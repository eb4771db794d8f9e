package dev.mstpanel.core.runs;

/** Where one shard is, as the Run view shows it ("The Run view"). */
public enum ShardPhase {
    /** No container yet: more shards than contexts, or not started (docs/dev/mst-format.md, Capacity). */
    WAITING("waiting for a free context"),
    /** Its container exists but its worker has not said hello yet. */
    STARTING("starting the desktop"),
    /** Its worker said hello or trials came back. */
    RUNNING("running"),
    /** {@code shard i/n: done}. */
    DONE("done"),
    /** {@code shard i/n: stopped: <reason>}, a cancelled run, or its container ended early. */
    STOPPED("stopped"),
    /** An out-of-memory message names it, or its container has {@code State.OOMKilled}. */
    OUT_OF_MEMORY("out of memory");

    private final String label;

    ShardPhase(String label) {
        this.label = label;
    }

    /** The words shown to people, e.g. "waiting for a free context". */
    public String label() {
        return label;
    }

    /** True for the phases a shard does not leave. */
    public boolean finished() {
        return this == DONE || this == STOPPED || this == OUT_OF_MEMORY;
    }

    /** The name used in JSON events, e.g. {@code out-of-memory}. */
    public String jsonName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
