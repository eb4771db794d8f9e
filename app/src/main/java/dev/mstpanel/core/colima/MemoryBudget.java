package dev.mstpanel.core.colima;

import dev.mstpanel.core.text.ByteSize;
import java.util.List;

/**
 * The host's memory against its running Colima VMs (and one about to start or be created).
 *
 * <p>The panel's own rule (MST's documents give none; they warn that two 12 GiB VMs on a 16 GiB
 * Mac can run out of memory however few shards run): the VMs must leave the Mac itself at least
 * {@link #reserveBytes(long)}: 4 GiB or a quarter of its memory, whichever is more.
 *
 * @param hostBytes the host's physical memory in bytes (-1 when unknown)
 * @param runningVmBytes the memory of the running VMs, in bytes
 * @param plannedVmBytes the memory of the VM about to start or be created, 0 when none
 * @param reserve the memory the rule keeps for the host, in bytes
 * @param warning a sentence when the VMs would leave less than the reserve, else null
 */
public record MemoryBudget(long hostBytes, long runningVmBytes, long plannedVmBytes, long reserve, String warning) {
    /** The rule's floor: 4 GiB. */
    public static final long MIN_RESERVE_BYTES = 4 * ByteSize.GIB;
    /** The rule in words, for the UI. */
    public static final String RULE =
            "The panel keeps at least 4 GiB or a quarter of this machine's memory, whichever is more,"
                    + " for the system itself.";

    /** The memory the rule keeps for the host: max(4 GiB, a quarter of it). */
    public static long reserveBytes(long hostBytes) {
        return Math.max(MIN_RESERVE_BYTES, hostBytes / 4);
    }

    /**
     * Computes the budget.
     *
     * @param hostBytes the host's memory (-1 when unknown: no warning then)
     * @param profiles every profile; the running ones count
     * @param planned the profile about to start or be created (counted unless it runs already), or null
     */
    public static MemoryBudget of(long hostBytes, List<ColimaProfile> profiles, ColimaProfile planned) {
        // a profile whose sizes are out of range says nothing true about memory: flagged, not summed
        long running = profiles.stream()
                .filter(ColimaProfile::running)
                .filter(p -> p.problem() == null)
                .mapToLong(ColimaProfile::memoryBytes)
                .sum();
        long extra = planned == null || planned.running() || planned.problem() != null ? 0 : planned.memoryBytes();
        long reserve = reserveBytes(Math.max(0, hostBytes));
        String warning = null;
        if (hostBytes > 0 && hostBytes - running - extra < reserve) {
            long left = hostBytes - running - extra;
            String what = planned == null || planned.running()
                    ? "The running Colima VMs take " + ByteSize.gib(running)
                    : "Starting " + planned.name() + " (" + ByteSize.gib(planned.memoryBytes()) + ")"
                            + (running > 0 ? " beside the running VMs (" + ByteSize.gib(running) + ")" : "");
            warning = what + " of this machine's " + ByteSize.gib(hostBytes) + ", leaving "
                    + (left <= 0 ? "nothing" : ByteSize.gib(left)) + ": less than the " + ByteSize.gib(reserve)
                    + " the panel keeps for the system. The VMs can run out of memory however few shards you run;"
                    + " stop a VM or give it less memory.";
        }
        return new MemoryBudget(hostBytes, running, extra, reserve, warning);
    }
}
