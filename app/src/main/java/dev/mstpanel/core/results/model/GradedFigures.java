package dev.mstpanel.core.results.model;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's pass figures in the one sentence the Results view's header and the exported run page both show: the
 * graded trials (passed + failed) and how many of them passed, then each status left out of them (infra, missing,
 * ungraded, unreadable) by its count. Missing trials were never run, so they are never counted as not passing.
 */
public final class GradedFigures {
    private static final TrialStatus[] LEFT_OUT = {
        TrialStatus.INFRA, TrialStatus.MISSING, TrialStatus.UNGRADED, TrialStatus.UNREADABLE
    };

    private GradedFigures() {}

    /** The trials counted per status (a status with no trial is absent). */
    public static Map<TrialStatus, Integer> counts(List<TrialRecord> trials) {
        Map<TrialStatus, Integer> m = new EnumMap<>(TrialStatus.class);
        for (TrialRecord t : trials) {
            m.merge(t.status(), 1, Integer::sum);
        }
        return m;
    }

    /**
     * {@code 5 of 9 graded trials passed (55.6 %)  ·  1 infra  ·  6 missing  (infra trials are left out of pass
     * rates)}, or {@code No graded trials  ·  3 missing}.
     *
     * @param c the trials per status (a status with no trial may be absent)
     */
    public static String text(Map<TrialStatus, Integer> c) {
        int passed = c.getOrDefault(TrialStatus.PASSED, 0);
        int failed = c.getOrDefault(TrialStatus.FAILED, 0);
        int graded = passed + failed;
        StringBuilder fig = new StringBuilder();
        fig.append(
                graded == 0
                        ? "No graded trials"
                        : String.format(
                                Locale.ROOT,
                                "%,d of %,d graded trials passed (%.1f %%)",
                                passed,
                                graded,
                                100.0 * passed / graded));
        for (TrialStatus s : LEFT_OUT) {
            int n = c.getOrDefault(s, 0);
            if (n > 0) {
                fig.append("  ·  ").append(n).append(' ').append(s.jsonName());
            }
        }
        if (c.getOrDefault(TrialStatus.INFRA, 0) > 0) {
            fig.append("  (infra trials are left out of pass rates)");
        }
        return fig.toString();
    }
}
