package dev.mstpanel.core.results.compare;

/**
 * How reliable a case is from its trials, and how many trials it takes to tell two variants apart.
 *
 * <p>pass@k is the chance that at least one of k trials passes, pass^k that all k pass, both
 * estimated without bias from n trials of which c passed (the estimators of the code-generation
 * and agent-evaluation literature: pass@k = 1 − C(n−c, k)/C(n, k), pass^k = C(c, k)/C(n, k)).
 * Computed as products, so that no binomial coefficient overflows.
 */
public final class Reliability {
    private Reliability() {}

    /**
     * pass@k: 1 − C(n−c, k)/C(n, k).
     *
     * @param n trials
     * @param c trials that passed, 0..n
     * @param k 1..n
     */
    public static double passAtK(int n, int c, int k) {
        check(n, c, k);
        if (n - c < k) {
            return 1.0;
        }
        double allFail = 1.0; // C(n−c, k)/C(n, k) = Π_{i=0}^{k−1} (n−c−i)/(n−i)
        for (int i = 0; i < k; i++) {
            allFail *= (double) (n - c - i) / (n - i);
        }
        return 1.0 - allFail;
    }

    /**
     * pass^k: C(c, k)/C(n, k), the chance that k trials drawn from these all passed.
     *
     * @param n trials
     * @param c trials that passed, 0..n
     * @param k 1..n
     */
    public static double passHatK(int n, int c, int k) {
        check(n, c, k);
        if (c < k) {
            return 0.0;
        }
        double all = 1.0;
        for (int i = 0; i < k; i++) {
            all *= (double) (c - i) / (n - i);
        }
        return all;
    }

    private static void check(int n, int c, int k) {
        if (n < 1 || c < 0 || c > n || k < 1 || k > n) {
            throw new IllegalArgumentException("need 1 <= k <= n and 0 <= c <= n, got n=" + n + " c=" + c + " k=" + k);
        }
    }

    /** The power a plan of trials is judged by: 80 %. */
    public static final double POWER = 0.8;
    /** The most trials per case a plan proposes. */
    public static final int MAX_TRIALS = 50;

    /**
     * The power of the panel's verdict (the two-sided sign test over cases at {@link SignTest#ALPHA})
     * when each case passes a trial with probability {@code base} on one side and {@code candidate}
     * on the other, with {@code trials} trials per case on each side: a case counts up when the
     * candidate's pass fraction is higher, down when lower, and is dropped on a tie.
     *
     * @param cases the cases compared
     * @param trials trials per case and side
     * @param base pass probability of a base trial, 0..1
     * @param candidate pass probability of a candidate trial, 0..1
     * @return the chance that the verdict is better or worse (in the right direction or not)
     */
    public static double power(int cases, int trials, double base, double candidate) {
        return power(cases, trials, base, candidate, criticals(cases));
    }

    private static double power(int cases, int trials, double base, double candidate, int[] crit) {
        double[] b = binomial(trials, base);
        double[] c = binomial(trials, candidate);
        double up = 0;
        double down = 0;
        for (int i = 0; i <= trials; i++) {
            for (int j = 0; j <= trials; j++) {
                double p = b[i] * c[j];
                if (j > i) {
                    up += p;
                } else if (j < i) {
                    down += p;
                }
            }
        }
        double decided = up + down;
        if (decided <= 0) {
            return 0;
        }
        double[] nonTies = binomial(cases, decided);
        double q = up / decided;
        double power = 0;
        for (int t = 1; t <= cases; t++) {
            if (nonTies[t] < 1e-12) {
                continue;
            }
            if (crit[t] < 0) { // the verdict comes when min(ups, downs) <= crit[t]
                continue;
            }
            double[] ups = binomial(t, q);
            double reject = 0;
            for (int u = 0; u <= t; u++) {
                if (Math.min(u, t - u) <= crit[t]) {
                    reject += ups[u];
                }
            }
            power += nonTies[t] * reject;
        }
        return Math.min(1.0, power);
    }

    /**
     * The fewest trials per case, 1 to {@link #MAX_TRIALS}, at which the verdict would tell this
     * difference with {@link #POWER} power, or -1 when even {@link #MAX_TRIALS} would not.
     */
    public static int trialsNeeded(int cases, double base, double candidate) {
        int[] crit = criticals(cases);
        for (int m = 1; m <= MAX_TRIALS; m++) {
            if (power(cases, m, base, candidate, crit) >= POWER) {
                return m;
            }
        }
        return -1;
    }

    /**
     * For each count t of decided cases, 0..cases, the largest k with sign-test p &lt; alpha when
     * min(ups, downs) = k, or -1: it never falls as t grows, so each search starts from the last.
     */
    private static int[] criticals(int cases) {
        int[] crit = new int[cases + 1];
        int k = -1;
        for (int t = 0; t <= cases; t++) {
            while (k + 1 <= t / 2 && SignTest.pValue(k + 1, t - k - 1) < SignTest.ALPHA) {
                k++;
            }
            crit[t] = k;
        }
        return crit;
    }

    /** P(X = i) for X ~ Binomial(n, p), i = 0..n, computed in logs. */
    private static double[] binomial(int n, double p) {
        double[] out = new double[n + 1];
        if (p <= 0) {
            out[0] = 1;
            return out;
        }
        if (p >= 1) {
            out[n] = 1;
            return out;
        }
        double logP = Math.log(p);
        double logQ = Math.log1p(-p);
        double logC = 0; // log C(n, 0)
        for (int i = 0; i <= n; i++) {
            if (i > 0) {
                logC += Math.log(n - i + 1) - Math.log(i);
            }
            out[i] = Math.exp(logC + i * logP + (n - i) * logQ);
        }
        return out;
    }
}
