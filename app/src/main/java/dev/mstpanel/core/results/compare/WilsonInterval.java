package dev.mstpanel.core.results.compare;

/**
 * A 95% Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3, without
 * continuity correction), the interval MST writes as {@code passRateCI} in {@code results.json}
 * (the panel's docs/dev/mst-format.md, Trace).
 *
 * @param low lower bound, 0..1
 * @param high upper bound, 0..1
 */
public record WilsonInterval(double low, double high) {
    /** The two-sided 95% normal quantile. */
    public static final double Z95 = 1.959963984540054;

    /**
     * The 95% interval of {@code passed} out of {@code n}.
     *
     * @param passed successes, 0..n
     * @param n trials, at least 0
     * @return the interval, or null when {@code n} is 0 (no graded trial: no rate)
     * @throws IllegalArgumentException when passed is outside 0..n
     */
    public static WilsonInterval of(int passed, int n) {
        if (passed < 0 || passed > n) {
            throw new IllegalArgumentException("passed " + passed + " is outside 0.." + n);
        }
        if (n == 0) {
            return null;
        }
        double z2 = Z95 * Z95;
        double p = (double) passed / n;
        double denom = 1 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denom;
        double half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / denom;
        // at 0 or n passed the bound is exactly 0 or 1: the sum in floating point leaves a speck (5.6e-17) otherwise
        return new WilsonInterval(
                passed == 0 ? 0 : Math.max(0, centre - half), passed == n ? 1 : Math.min(1, centre + half));
    }
}
