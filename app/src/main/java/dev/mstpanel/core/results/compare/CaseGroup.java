package dev.mstpanel.core.results.compare;

/**
 * One group of cases (a dataset, or a tag) with each side's trials counted over its cases. Immutable.
 *
 * @param name the dataset or tag, or {@link GroupBy#noneName()} for the cases without one
 * @param none true for the group of cases without a dataset or tag
 * @param base the base side's counts, or null when no case of the group is on that side
 * @param candidate the candidate side's counts, or null when no case of the group is on that side (and
 *     always null when one run's cases are grouped, without a comparison)
 */
public record CaseGroup(String name, boolean none, Side base, Side candidate) {

    /**
     * The trials of a group's cases on one side.
     *
     * @param cases cases of the group on this side
     * @param passed passed trials
     * @param graded passed + failed trials (infra, missing, not graded and unreadable ones left out, as for a case)
     * @param interval the 95% Wilson interval of passed of graded, or null when none was graded
     */
    public record Side(int cases, int passed, int graded, WilsonInterval interval) {
        /** passed ÷ graded, or null when no trial was graded. */
        public Double rate() {
            return graded == 0 ? null : (double) passed / graded;
        }

        /** {@code 83 % (44–97 %)}, as a variant's trial pass rate is written; {@code –} when none was graded. */
        public String rateWithIntervalText() {
            if (interval == null) {
                return "–";
            }
            return VariantFigures.percent(rate()) + " (" + Math.round(interval.low() * 100) + "–"
                    + Math.round(interval.high() * 100) + " %)";
        }
    }

    /** {@link #change()} in percentage points, {@code +67 pp}; {@code –} when there is none. */
    public String changeText() {
        return VariantFigures.points(change());
    }

    /** The candidate's pass rate less the base's (a fraction, −1..1), or null when a side has no graded trial. */
    public Double change() {
        Double b = base == null ? null : base.rate();
        Double c = candidate == null ? null : candidate.rate();
        return b == null || c == null ? null : c - b;
    }
}
