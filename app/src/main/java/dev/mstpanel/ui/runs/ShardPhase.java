package dev.mstpanel.ui.runs;

/** Where a shard is, as the Run view names it (issue 4, section 6). */
public enum ShardPhase {
    WAITING("waiting for a free context"),
    STARTING("starting the desktop"),
    RUNNING("running"),
    DONE("done"),
    STOPPED("stopped"),
    OUT_OF_MEMORY("out of memory");

    private final String label;

    ShardPhase(String label) {
        this.label = label;
    }

    /** The phase as the shard row shows it. */
    public String label() {
        return label;
    }

    /** True once the shard has ended, well or not. */
    public boolean ended() {
        return this == DONE || this == STOPPED || this == OUT_OF_MEMORY;
    }
}
