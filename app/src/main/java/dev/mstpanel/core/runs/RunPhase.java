package dev.mstpanel.core.runs;

/** Where a whole run is. */
public enum RunPhase {
    /** MST is starting (no shard has a container yet). */
    STARTING,
    /** MST runs shards. */
    RUNNING,
    /** Cancel was asked; MST stops its shards (SIGINT) or its tree is being ended. */
    CANCELLING,
    /** MST exited. */
    FINISHED
}
