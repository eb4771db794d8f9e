package dev.mstpanel.core.runs.estimate;

import java.util.Locale;

/** An estimate in one line for people, the same in the Run form and on the command line. */
public final class EstimateText {
    private EstimateText() {}

    /**
     * {@code about 42 min (35–55), 3.1 container-hours, $4.20; from 4 earlier runs}; without a time, the
     * reason there is none ({@code no earlier run of this eval: time unknown}).
     */
    public static String summary(RunEstimate e) {
        if (!e.known()) {
            return e.reasons().isEmpty()
                    ? "time unknown"
                    : e.reasons().get(e.reasons().size() - 1).text();
        }
        RunEstimate.WallSeconds w = e.wallSeconds();
        StringBuilder b = new StringBuilder("about ");
        if (w.high() < 90) {
            b.append(w.expected()).append(" s");
            if (w.low() != w.high()) {
                b.append(" (").append(w.low()).append('–').append(w.high()).append(')');
            }
        } else if (w.high() < 3 * 3600) {
            long lo = Math.round(w.low() / 60.0);
            long ex = Math.round(w.expected() / 60.0);
            long hi = Math.round(w.high() / 60.0);
            b.append(ex).append(" min");
            if (lo != hi) {
                b.append(" (").append(lo).append('–').append(hi).append(')');
            }
        } else {
            b.append(String.format(Locale.ROOT, "%.1f h", w.expected() / 3600.0));
            if (w.low() != w.high()) {
                b.append(String.format(Locale.ROOT, " (%.1f–%.1f)", w.low() / 3600.0, w.high() / 3600.0));
            }
        }
        // a short run's container time would read 0.0: two decimals below one hour
        b.append(String.format(
                Locale.ROOT,
                e.containerHours() < 1 ? ", %.2f container-hours" : ", %.1f container-hours",
                e.containerHours()));
        if (e.costUsd() != null) {
            b.append(String.format(Locale.ROOT, ", $%.2f", e.costUsd()));
        }
        b.append("; from ").append(e.basedOnRuns()).append(e.basedOnRuns() == 1 ? " earlier run" : " earlier runs");
        return b.toString();
    }
}
