package dev.mstpanel.core.text;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Memory sizes as Docker writes them and as MST prints them.
 *
 * <p>Parsing follows Docker's {@code --memory} syntax: a number with an optional unit
 * {@code b}, {@code k}, {@code m}, {@code g} (binary multiples: 1k = 1024 bytes), e.g. {@code 8g},
 * {@code 512m}, {@code 1.5g}. Formatting follows MST's capacity line: GiB with one decimal
 * (source: MST's Cowork-in-Docker document, section "Memory and CPUs").
 */
public final class ByteSize {
    /** One GiB in bytes (1024<sup>3</sup>). */
    public static final long GIB = 1024L * 1024 * 1024;
    /** One MiB in bytes (1024<sup>2</sup>). */
    public static final long MIB = 1024L * 1024;
    /** The largest size {@link #parse} accepts: 1024 TiB (1 PiB), far above any engine's memory. */
    public static final long MAX_PARSED = GIB * 1024 * 1024;

    private static final Pattern DOCKER_SIZE =
            Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)\\s*([bkmgt]?)(?:i?b)?\\s*", Pattern.CASE_INSENSITIVE);

    private ByteSize() {}

    /**
     * Parses a size in Docker's syntax.
     *
     * @param text e.g. {@code "8g"}, {@code "512m"}, {@code "1073741824"}
     * @return the size in bytes, 1 to {@link #MAX_PARSED}
     * @throws IllegalArgumentException with a message a person can act on when the text is
     *     not a size, is zero, or is more than 1024 TiB
     */
    public static long parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("A memory size is empty: write it as Docker does, e.g. 8g or 512m.");
        }
        Matcher m = DOCKER_SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "\"" + text.strip() + "\" is not a memory size: write it as Docker does, e.g. 8g or 512m.");
        }
        BigDecimal number = new BigDecimal(m.group(1));
        long unit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 1024L;
            case "m" -> MIB;
            case "g" -> GIB;
            case "t" -> GIB * 1024;
            default -> 1L;
        };
        BigDecimal exact = number.multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.DOWN);
        if (exact.compareTo(BigDecimal.valueOf(MAX_PARSED)) > 0) {
            throw new IllegalArgumentException("\"" + text.strip()
                    + "\" is more memory than any engine has: give at most 1024t (1 PiB), e.g. 8g or 512m.");
        }
        long bytes = exact.longValueExact();
        if (bytes <= 0) {
            throw new IllegalArgumentException("A memory size must be more than zero, e.g. 8g or 512m.");
        }
        return bytes;
    }

    /**
     * Formats bytes as GiB with one decimal, as MST prints them ({@code 11.7 GiB}).
     *
     * @param bytes a size in bytes, not negative
     * @return e.g. {@code "10.7 GiB"}
     */
    public static String gib(long bytes) {
        return gibNumber(bytes) + " GiB";
    }

    /** The GiB figure alone, one decimal, rounded half up ({@code "10.7"}). */
    public static String gibNumber(long bytes) {
        return BigDecimal.valueOf(bytes)
                .divide(BigDecimal.valueOf(GIB), 1, RoundingMode.HALF_UP)
                .toPlainString();
    }

    /** A short human size for any magnitude: {@code 512 B}, {@code 3.4 MiB}, {@code 1.2 GiB}. */
    public static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int i = -1;
        while (value >= 1024 && i < units.length - 1) {
            value /= 1024;
            i++;
        }
        return String.format(Locale.ROOT, value >= 100 ? "%.0f %s" : "%.1f %s", value, units[i]);
    }
}
