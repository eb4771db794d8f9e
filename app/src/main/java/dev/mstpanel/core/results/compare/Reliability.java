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
        double[] lf = logFactorials(Math.max(cases, trials));
        return power(cases, trials, base, candidate, lf, criticals(cases, lf));
    }

    private static double power(int cases, int trials, double base, double candidate, double[] lf, int[] crit) {
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
        double q = up / decided;
        double power = 0;
        // only the counts of decided cases with any chance are summed, and for each only the counts of ups with
        // any chance: a plan for 10,000 cases takes a fraction of a second rather than minutes
        int[] ts = window(cases, decided);
        for (int t = Math.max(1, ts[0]); t <= ts[1]; t++) {
            double nonTies = pmf(lf, cases, t, decided);
            if (nonTies < 1e-12 || crit[t] < 0) { // the verdict comes when min(ups, downs) <= crit[t]
                continue;
            }
            double reject = 0;
            int[] us = window(t, q);
            for (int u = us[0]; u <= us[1]; u++) {
                if (Math.min(u, t - u) <= crit[t]) {
                    reject += pmf(lf, t, u, q);
                }
            }
            power += nonTies * reject;
        }
        return Math.min(1.0, power);
    }

    /**
     * The fewest trials per case, 1 to {@link #MAX_TRIALS}, at which the verdict would tell this
     * difference with {@link #POWER} power, or -1 when even {@link #MAX_TRIALS} would not.
     */
    public static int trialsNeeded(int cases, double base, double candidate) {
        double[] lf = logFactorials(Math.max(cases, MAX_TRIALS));
        int[] crit = criticals(cases, lf);
        for (int m = 1; m <= MAX_TRIALS; m++) {
            if (power(cases, m, base, candidate, lf, crit) >= POWER) {
                return m;
            }
        }
        return -1;
    }

    /**
     * For each count t of decided cases, 0..cases, the largest k with sign-test p &lt; alpha when
     * min(ups, downs) = k, or -1: it never falls as t grows, so each search starts from the last.
     */
    private static int[] criticals(int cases, double[] lf) {
        int[] crit = new int[cases + 1];
        int k = -1;
        for (int t = 0; t <= cases; t++) {
            while (k + 1 <= t / 2 && signP(lf, t, k + 1) < SignTest.ALPHA) {
                k++;
            }
            crit[t] = k;
        }
        return crit;
    }

    /**
     * The sign test's p for k of t in doubles (summed only while its terms count); within a hair of alpha the exact
     * {@link SignTest#pValue}, so the plan draws the line where the verdict does.
     */
    private static double signP(double[] lf, int t, int k) {
        double sum = 0;
        double log2t = t * Math.log(2);
        for (int i = k; i >= 0; i--) { // below t/2 the terms fall as i falls
            double term = Math.exp(lf[t] - lf[i] - lf[t - i] - log2t);
            sum += term;
            if (term < sum * 1e-17) {
                break;
            }
        }
        double p = Math.min(1.0, 2 * sum);
        return Math.abs(p - SignTest.ALPHA) < 1e-9 ? SignTest.pValue(k, t - k) : p;
    }

    /** The counts 0..n of a Binomial(n, p) outside which less than 1e-20 of its chance lies: ±10 standard deviations. */
    private static int[] window(int n, double p) {
        double mean = n * p;
        double reach = 10 * Math.sqrt(n * p * (1 - p)) + 2;
        return new int[] {(int) Math.max(0, Math.floor(mean - reach)), (int) Math.min(n, Math.ceil(mean + reach))};
    }

    /** P(X = k) for X ~ Binomial(n, p), from log factorials. */
    private static double pmf(double[] lf, int n, int k, double p) {
        if (p <= 0) {
            return k == 0 ? 1 : 0;
        }
        if (p >= 1) {
            return k == n ? 1 : 0;
        }
        return Math.exp(lf[n] - lf[k] - lf[n - k] + k * Math.log(p) + (n - k) * Math.log1p(-p));
    }

    /** ln(i!) for i = 0..n. */
    private static double[] logFactorials(int n) {
        double[] lf = new double[n + 1];
        for (int i = 1; i <= n; i++) {
            lf[i] = lf[i - 1] + Math.log(i);
        }
        return lf;
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
