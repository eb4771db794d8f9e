package dev.mstpanel.core.results.compare;

import java.util.Locale;

/**
 * How many trials per case the verdict needs to tell the two sides apart: the fewest at which the
 * sign test over the cases both sides share would say better or worse with {@link Reliability#POWER}
 * power, for a difference of the size seen between the two trial pass rates, or of
 * {@link #SMALLEST_PP} points when the one seen is smaller (a difference of zero cannot be told
 * apart, and people plan for the smallest change they care about).
 *
 * @param kind whether more trials would help, the ones run do, or none could
 * @param cases the cases both sides have graded trials of (the ones the sign test counts)
 * @param trialsRun the fewest graded trials a shared case has on either side (0 when none is shared)
 * @param perCase the trials per case needed, 1..{@link Reliability#MAX_TRIALS}; -1 when even that many would not do
 * @param forDifferencePp the difference planned for, in percentage points (at least {@link #SMALLEST_PP})
 * @param seenIsSmaller true when the difference seen was under {@link #SMALLEST_PP} points, so that many are planned for
 */
public record TrialsPlan(Kind kind, int cases, int trialsRun, int perCase, int forDifferencePp, boolean seenIsSmaller) {

    /** The smallest difference planned for, in percentage points. */
    public static final int SMALLEST_PP = 10;

    /** What the plan says. */
    public enum Kind {
        /** More trials per case than were run would tell the difference apart. */
        RUN_MORE("run-more"),
        /** The trials run per case are already enough. */
        ENOUGH("enough"),
        /** Not even {@link Reliability#MAX_TRIALS} trials per case would: more cases would. */
        BEYOND_CAP("beyond-cap"),
        /** The sides share no case with graded trials: there is nothing to plan. */
        NO_SHARED_CASE("no-shared-case");

        private final String jsonName;

        Kind(String jsonName) {
            this.jsonName = jsonName;
        }

        /** The word {@code --json} writes. */
        public String jsonName() {
            return jsonName;
        }
    }

    /** The power the plan is made for (0.8). */
    public double power() {
        return Reliability.POWER;
    }

    /** The trials per case needed, or null when no number up to the cap would do (or no case is shared). */
    public Integer perCaseOrNull() {
        return perCase > 0 ? perCase : null;
    }

    /** The plan of two sides that share no case with graded trials: none. */
    public static TrialsPlan none() {
        return new TrialsPlan(Kind.NO_SHARED_CASE, 0, 0, -1, SMALLEST_PP, false);
    }

    /**
     * The plan for two sides compared, from their trial pass rates over the cases both have graded trials of (the
     * cases the sign test counts: an added or removed case's trials are no part of the difference it can tell).
     *
     * @param base the base side's trial pass rate over those cases, 0..1
     * @param candidate the candidate side's
     * @param cases the cases both sides have graded trials of, at least 1
     * @param trialsRun the fewest graded trials of such a case on either side
     */
    public static TrialsPlan of(double base, double candidate, int cases, int trialsRun) {
        if (cases < 1) {
            return none();
        }
        double seen = candidate - base;
        double smallest = SMALLEST_PP / 100.0;
        boolean smaller = Math.abs(seen) < smallest;
        double b = base;
        double c = candidate;
        if (smaller) { // planned for the smallest difference, in the direction seen (up when none), kept within 0..1
            double step = seen < 0 ? -smallest : smallest;
            if (b + step > 1 || b + step < 0) {
                step = -step;
            }
            c = b + step;
        }
        int pp = smaller ? SMALLEST_PP : (int) Math.round(Math.abs(seen) * 100);
        int needed = Reliability.trialsNeeded(cases, b, c);
        Kind kind = needed < 0 ? Kind.BEYOND_CAP : needed <= trialsRun ? Kind.ENOUGH : Kind.RUN_MORE;
        return new TrialsPlan(kind, cases, trialsRun, needed, pp, smaller);
    }

    /**
     * The plan in words, for the sentence next to the verdict: {@code Run 6 trials per case to tell this apart: a
     * 14 pp difference over 7 cases at 80 % power (the fewest run: 3).}
     */
    public String text() {
        String what = seenIsSmaller
                ? "a " + forDifferencePp + " pp difference apart (the one seen is smaller)"
                : "this apart: a " + forDifferencePp + " pp difference";
        String over = " over " + cases + (cases == 1 ? " case" : " cases") + " at "
                + String.format(Locale.ROOT, "%.0f", power() * 100) + " % power";
        return switch (kind) {
            case RUN_MORE ->
                "Run " + perCase + trials(perCase) + " per case to tell " + what + over + " (the fewest run: "
                        + trialsRun + ").";
            case ENOUGH ->
                "The " + trialsRun + trials(trialsRun) + " per case run are enough to tell " + what + over + " ("
                        + perCase + " would do).";
            case BEYOND_CAP -> beyondCapText(what, over);
            case NO_SHARED_CASE ->
                "No case has graded trials on both sides: no number of trials per case can be planned.";
        };
    }

    /**
     * Why no number of trials per case would do: with fewer shared cases than the sign test needs to decide at all,
     * that is the reason (more trials make each case's change surer, never more cases change); else the difference is
     * too small for the cases there are.
     */
    private String beyondCapText(String what, String over) {
        int fewest = SignTest.fewestCasesToDecide();
        if (cases < fewest) {
            return "No number of trials per case can tell this apart over " + cases + (cases == 1 ? " case" : " cases")
                    + ": the sign test needs at least " + fewest + " cases that changed; more cases would.";
        }
        return "Even " + Reliability.MAX_TRIALS + " trials per case would not tell " + what + over
                + "; more cases would.";
    }

    private static String trials(int n) {
        return n == 1 ? " trial" : " trials";
    }
}
