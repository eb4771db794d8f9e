package dev.mstpanel.core.docker;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The run options that change how many containers fit on a context: MST's
 * {@code --runner-option memory=…} and {@code cpus=…}.
 *
 * @param memoryBytes each container's memory in bytes, when the run sets {@code memory}
 * @param cpus each container's CPUs, when the run sets {@code cpus}
 */
public record RunSizing(OptionalLong memoryBytes, OptionalDouble cpus) {
    /** No {@code memory} and no {@code cpus}: MST's defaults. */
    public static final RunSizing DEFAULTS = new RunSizing(OptionalLong.empty(), OptionalDouble.empty());
    /** The most CPUs the {@code cpus} option may name: 1024. */
    public static final double MAX_CPUS = 1024;

    /**
     * Reads the options as a person types them.
     *
     * @param memory Docker syntax ({@code 8g}), 1 byte to 1024 TiB ({@link ByteSize#parse}), or blank for none
     * @param cpus a number more than 0 and at most {@value #MAX_CPUS} ({@code 1.5}), or blank for none
     * @throws IllegalArgumentException with a plain message when either is malformed
     */
    public static RunSizing parse(String memory, String cpus) {
        OptionalLong mem = memory == null || memory.isBlank() ? OptionalLong.empty() : OptionalLong.of(ByteSize.parse(memory));
        OptionalDouble c = OptionalDouble.empty();
        if (cpus != null && !cpus.isBlank()) {
            double value;
            try {
                value = Double.parseDouble(cpus.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("\"" + cpus.strip() + "\" is not a CPU count: write a number such as 2 or 1.5.");
            }
            if (!(value > 0) || !(value <= MAX_CPUS)) {
                throw new IllegalArgumentException("The cpus option must be more than zero and at most " + (int) MAX_CPUS + ", e.g. 2 or 1.5.");
            }
            c = OptionalDouble.of(value);
        }
        return new RunSizing(mem, c);
    }
}
