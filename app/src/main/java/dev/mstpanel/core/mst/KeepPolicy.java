package dev.mstpanel.core.mst;

import java.util.Locale;

/**
 * The Docker runner's {@code keep} option: which containers outlive the run, renamed
 * {@code <name>-kept} (MST's Cowork-in-Docker document, options table and "When something fails").
 */
public enum KeepPolicy {
    /** Remove every container (MST's default). */
    NEVER,
    /** Keep the containers of shards that failed. */
    FAILED,
    /** Keep every container. */
    ALWAYS;

    /** The option's value as MST spells it: {@code never}, {@code failed}, {@code always}. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
