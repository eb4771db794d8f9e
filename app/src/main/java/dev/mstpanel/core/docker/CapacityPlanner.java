package dev.mstpanel.core.docker;

import dev.mstpanel.core.text.ByteSize;
import java.util.Locale;

/**
 * MST's memory/CPU split of a Docker context.
 *
 * <p>Rules (source: MST's Cowork-in-Docker document, section "Memory and CPUs", and the
 * ChatGPT-in-Docker document; summarised in docs/dev/mst-format.md, Capacity):
 * <ul>
 *   <li>Spare memory: the context's memory less 1 GiB kept for Docker, or half its memory
 *       when it has under 2 GiB.</li>
 *   <li>Cowork: one container per context at a time (Claude Desktop's VM service uses a fixed
 *       vsock port per host); it gets the spare memory, or {@code memory} when given and it
 *       fits in the spare memory.</li>
 *   <li>Grade and headless shards: as many as fit in 2 GiB each (or {@code memory} each), and
 *       in {@code cpus} each when {@code cpus} is set.</li>
 *   <li>ChatGPT: several per context; the documents give no size, so the panel estimates as
 *       for grade shards and marks the figure an estimate.</li>
 *   <li>{@code cpus} above the context's CPU count is an error on that context, as in MST.</li>
 * </ul>
 */
public final class CapacityPlanner {
    /** Memory MST keeps for Docker itself on a context of 2 GiB or more: 1 GiB. */
    public static final long DOCKER_RESERVE_BYTES = ByteSize.GIB;
    /** Default memory of a grade or headless container: 2 GiB. */
    public static final long SHARED_CONTAINER_BYTES = 2 * ByteSize.GIB;

    /**
     * Spare memory of a context.
     *
     * @param memoryBytes the context's MemTotal in bytes
     * @return memory less 1 GiB, or half of it under 2 GiB, in bytes
     */
    public static long spareBytes(long memoryBytes) {
        return memoryBytes < 2 * ByteSize.GIB ? memoryBytes / 2 : memoryBytes - DOCKER_RESERVE_BYTES;
    }

    /**
     * The split of one context under the given run options.
     *
     * @param memoryBytes the context's MemTotal in bytes (positive)
     * @param cpus the context's NCPU (positive)
     * @param sizing the run's {@code memory} and {@code cpus} options
     * @return the split; {@link ContextCapacity#error()} is set when {@code cpus} exceeds the context's
     */
    public ContextCapacity plan(long memoryBytes, int cpus, RunSizing sizing) {
        long spare = spareBytes(memoryBytes);
        long reserve = memoryBytes - spare;
        String error = null;
        if (sizing.cpus().isPresent() && sizing.cpus().getAsDouble() > cpus) {
            error = "cpus=" + fmtCpus(sizing.cpus().getAsDouble()) + " is more than its " + cpus
                    + (cpus == 1 ? " CPU" : " CPUs");
        }

        Capacity cowork;
        if (sizing.memoryBytes().isPresent()) {
            long want = sizing.memoryBytes().getAsLong();
            cowork = want <= spare
                    ? new Capacity(1, want, false, null)
                    : new Capacity(
                            0,
                            want,
                            false,
                            "memory=" + ByteSize.gib(want) + " does not fit in " + ByteSize.gib(spare) + " spare");
        } else {
            cowork = new Capacity(1, spare, false, null);
        }
        if (error != null) {
            cowork = new Capacity(0, cowork.memoryBytes(), false, error);
        }

        long each = sizing.memoryBytes().orElse(SHARED_CONTAINER_BYTES);
        int count = (int) Math.min(Integer.MAX_VALUE, spare / each);
        if (sizing.cpus().isPresent() && error == null) {
            count = Math.min(count, (int) Math.floor(cpus / sizing.cpus().getAsDouble() + 1e-9));
        }
        if (error != null) {
            count = 0;
        }
        String gradeNote = count == 0 && error == null
                ? ByteSize.gib(each) + " does not fit in " + ByteSize.gib(spare) + " spare"
                : (error != null ? error : null);
        Capacity grade = new Capacity(count, each, false, gradeNote);
        String chatNote = gradeNote != null ? gradeNote : "estimate: MST's documents give no size for ChatGPT";
        Capacity chatgpt = new Capacity(count, each, true, chatNote);
        return new ContextCapacity(memoryBytes, cpus, spare, reserve, cowork, grade, chatgpt, error);
    }

    static String fmtCpus(double cpus) {
        return cpus == Math.rint(cpus) ? String.valueOf((long) cpus) : String.format(Locale.ROOT, "%s", cpus);
    }
}
