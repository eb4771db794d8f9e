package dev.mstpanel.core.colima;

import dev.mstpanel.core.text.ByteSize;

/**
 * The one range rule for a Colima VM's sizes, for what the panel asks Colima for ({@code --cpu},
 * {@code --memory}, {@code --disk}) and for what {@code colima list --json} says a VM has: a value
 * outside its range is refused when asked for, and flagged (never summed into the memory budget)
 * when listed. The upper bounds are far above any machine Colima runs on (a Mac has at most a few
 * dozen cores and a few hundred GiB), so only nonsense is refused.
 */
public enum ColimaSizes {
    /** CPUs: 1 to 1024. */
    CPUS("--cpu", "CPUs", 1024, 1),
    /** Memory: 1 to 4096 GiB when asked for; any positive size up to 4096 GiB when listed. */
    MEMORY("--memory", "memory", 4096, ByteSize.GIB),
    /** Disk: 1 to 65536 GiB when asked for; any positive size up to 65536 GiB when listed. */
    DISK("--disk", "disk", 65536, ByteSize.GIB);

    private final String flag;
    private final String what;
    private final long max;
    private final long unit;

    ColimaSizes(String flag, String what, long max, long unit) {
        this.flag = flag;
        this.what = what;
        this.max = max;
        this.unit = unit;
    }

    /** The largest value in the flag's unit (CPUs, GiB). */
    public long max() {
        return max;
    }

    /**
     * Checks a value asked for with the flag.
     *
     * @param value the value in the flag's unit (CPUs, GiB)
     * @return the value
     * @throws IllegalArgumentException when it is outside 1..{@link #max()}, saying the range
     */
    public int require(long value) {
        if (value < 1 || value > max) {
            throw new IllegalArgumentException(flag + " must be a whole number from 1 to " + max
                    + (unit == 1 ? "" : " (GiB)") + ", not " + value + ".");
        }
        return (int) value;
    }

    /**
     * Checks a value Colima's list gave, in its unit (CPUs, bytes).
     *
     * @return null when it is in range, else a sentence naming the value
     */
    public String problemWithListed(long value) {
        if (value >= 1 && value <= max * unit) {
            return null;
        }
        return "its " + what + " (" + value + (unit == 1 ? "" : " bytes") + ") is outside 1.." + max
                + (unit == 1 ? "" : " GiB");
    }
}
