package dev.mstpanel.ui.runs;

/**
 * One point of a shard's memory chart.
 *
 * @param seconds seconds since the run started
 * @param bytes the container's memory use in bytes
 */
public record MemorySample(double seconds, long bytes) {}
