package dev.mstpanel.core.docker;

import dev.mstpanel.core.text.ByteSize;
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
    /** The least memory Docker gives a container a limit of: 6 MiB (Docker's own refusal below it). */
    public static final long MIN_CONTAINER_MEMORY = 6 * ByteSize.MIB;

    /**
     * The {@code memory} option of a run: a size as {@link ByteSize#parse} reads it, at least
     * {@link #MIN_CONTAINER_MEMORY} (a smaller one Docker refuses, and it would split a context
     * into billions of containers).
     *
     * @param memory Docker syntax, e.g. {@code 8g}
     * @return bytes
     * @throws IllegalArgumentException with a plain message when malformed, zero, too small or too large
     */
    public static long containerMemory(String memory) {
        long bytes = ByteSize.parse(memory);
        if (bytes < MIN_CONTAINER_MEMORY) {
            throw new IllegalArgumentException("\"" + memory.strip()
                    + "\" is less memory than Docker gives a container: give at least 6m, e.g. 8g or 512m.");
        }
        return bytes;
    }

    /** The most CPUs the {@code cpus} option may name: 1024. */
    public static final double MAX_CPUS = 1024;

    /**
     * Reads the options as a person types them.
     *
     * @param memory Docker syntax ({@code 8g}), 6 MiB to 1024 TiB ({@link #containerMemory}), or blank for none
     * @param cpus a number more than 0 and at most {@value #MAX_CPUS} ({@code 1.5}), or blank for none
     * @throws IllegalArgumentException with a plain message when either is malformed
     */
    public static RunSizing parse(String memory, String cpus) {
        OptionalLong mem =
                memory == null || memory.isBlank() ? OptionalLong.empty() : OptionalLong.of(containerMemory(memory));
        OptionalDouble c = OptionalDouble.empty();
        if (cpus != null && !cpus.isBlank()) {
            double value;
            try {
                value = Double.parseDouble(cpus.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "\"" + cpus.strip() + "\" is not a CPU count: write a number such as 2 or 1.5.");
            }
            if (!(value > 0) || !(value <= MAX_CPUS)) {
                throw new IllegalArgumentException(
                        "The cpus option must be more than zero and at most " + (int) MAX_CPUS + ", e.g. 2 or 1.5.");
            }
            c = OptionalDouble.of(value);
        }
        return new RunSizing(mem, c);
    }
}
