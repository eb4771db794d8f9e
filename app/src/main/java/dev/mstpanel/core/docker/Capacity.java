package dev.mstpanel.core.docker;

/**
 * How many containers of one kind fit on a context at a time.
 *
 * @param containers how many run at once (0 when none fits)
 * @param memoryBytes each container's memory limit in bytes
 * @param estimate true when MST's documents give no rule and the figure is the panel's estimate
 * @param note a short human note (why none fits, what the estimate assumes), or null
 */
public record Capacity(int containers, long memoryBytes, boolean estimate, String note) {}
