package dev.mstpanel.core.images;

import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads progress out of build output, where it appears: Docker's steps (the legacy builder's
 * {@code Step 3/12 :}, BuildKit's {@code #7 [3/12] RUN …}) and download figures
 * ({@code 512 MB / 1.2 GB}, {@code 45%}). Lines without a figure give nothing; output that has no
 * figures leaves the bar indeterminate.
 */
public final class BuildProgress {
    private static final Pattern LEGACY_STEP = Pattern.compile("^Step (\\d+)/(\\d+) :");
    private static final Pattern BUILDKIT_STEP = Pattern.compile("^#\\d+ \\[(?:[^\\]]* )?(\\d+)/(\\d+)\\]");
    private static final Pattern BYTES =
            Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([KMG]i?B)\\s*/\\s*(\\d+(?:\\.\\d+)?)\\s*([KMG]i?B)");
    private static final Pattern PERCENT = Pattern.compile("(?<![\\d.])(\\d{1,3}(?:\\.\\d+)?)%");

    private BuildProgress() {}

    /**
     * The step a line announces.
     *
     * @return {step, total} or null
     */
    public static int[] step(String line) {
        Matcher m = LEGACY_STEP.matcher(line);
        if (!m.find()) {
            m = BUILDKIT_STEP.matcher(line);
            if (!m.find()) {
                return null;
            }
        }
        int step = Integer.parseInt(m.group(1));
        int total = Integer.parseInt(m.group(2));
        return total > 0 && step <= total ? new int[] {step, total} : null;
    }

    /**
     * A download's completed fraction in a line ({@code 300 MB / 1.2 GB} or {@code 45%}).
     *
     * @return 0 to 1, or empty
     */
    public static OptionalDouble download(String line) {
        Matcher b = BYTES.matcher(line);
        if (b.find()) {
            double done = Double.parseDouble(b.group(1)) * unit(b.group(2));
            double total = Double.parseDouble(b.group(3)) * unit(b.group(4));
            if (total > 0 && done <= total) {
                return OptionalDouble.of(done / total);
            }
        }
        Matcher p = PERCENT.matcher(line);
        if (p.find()) {
            double v = Double.parseDouble(p.group(1));
            if (v <= 100) {
                return OptionalDouble.of(v / 100);
            }
        }
        return OptionalDouble.empty();
    }

    private static double unit(String u) {
        return switch (u.charAt(0)) {
            case 'K' -> 1e3;
            case 'M' -> 1e6;
            default -> 1e9;
        };
    }
}
