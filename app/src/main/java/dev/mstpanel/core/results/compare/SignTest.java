package dev.mstpanel.core.results.compare;

/**
 * The exact two-sided sign test: under the null hypothesis each non-zero difference is positive
 * with probability ½, so p = min(1, 2 · P(X ≤ min(positive, negative))) with X ~ Binomial(n, ½),
 * n = positive + negative (zero differences dropped before counting).
 */
public final class SignTest {
    /** The significance level of the verdict (p &lt; 0.05). */
    public static final double ALPHA = 0.05;

    private SignTest() {}

    /**
     * The two-sided p value.
     *
     * @param positive differences above zero
     * @param negative differences below zero
     * @return p in 0..1; 1 when there is no non-zero difference
     * @throws IllegalArgumentException for a negative count
     */
    public static double pValue(int positive, int negative) {
        if (positive < 0 || negative < 0) {
            throw new IllegalArgumentException("counts must not be negative");
        }
        int n = positive + negative;
        if (n == 0) {
            return 1.0;
        }
        int k = Math.min(positive, negative);
        // exact: sum of C(n, i) for i = 0..k over 2^(n-1), in integers (n may be 10,000 cases: 2^-n underflows a
        // double)
        java.math.BigInteger c = java.math.BigInteger.ONE;
        java.math.BigInteger sum = java.math.BigInteger.ONE;
        for (int i = 1; i <= k; i++) {
            c = c.multiply(java.math.BigInteger.valueOf(n - i + 1)).divide(java.math.BigInteger.valueOf(i));
            sum = sum.add(c);
        }
        double p = new java.math.BigDecimal(sum)
                .divide(
                        new java.math.BigDecimal(java.math.BigInteger.ONE.shiftLeft(n - 1)),
                        java.math.MathContext.DECIMAL64)
                .doubleValue();
        return Math.min(1.0, p);
    }

    /**
     * The fewest cases that changed with which the test can say better or worse at all (every one of them changed
     * the same way): with fewer, even all of them up gives p &ge; {@link #ALPHA}, whatever the trials per case.
     */
    public static int fewestCasesToDecide() {
        int n = 1;
        while (pValue(n, 0) >= ALPHA) {
            n++;
        }
        return n;
    }

    /**
     * The verdict for these counts: better (more positive) or worse when p &lt; {@link #ALPHA}.
     */
    public static Verdict verdict(int positive, int negative) {
        if (pValue(positive, negative) >= ALPHA) {
            return Verdict.UNCLEAR;
        }
        return positive > negative ? Verdict.BETTER : Verdict.WORSE;
    }
}
