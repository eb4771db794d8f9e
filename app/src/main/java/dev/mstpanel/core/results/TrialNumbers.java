package dev.mstpanel.core.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The one rule for the numbers of a trial file (durations, token counts, costs): JSON allows any size, so a number is
 * taken only when it is finite and within its kind's range; anything else is "out of range" and that one field is left
 * out (and shown as written where the transcript shows odd fields), never the events or the rest of the trial around it.
 * Reading never throws on a number, whatever its size. Stateless.
 */
public enum TrialNumbers {
    /** A duration in ms: at most a year (a trial takes minutes to hours). */
    DURATION_MS(365L * 24 * 3600 * 1000),
    /** A token count: at most 10^12 (far more than any run spends). */
    TOKENS(1_000_000_000_000L),
    /** A cost in US dollars: at most 10^6 for one trial. */
    COST_USD(1_000_000L);

    private final long max;

    TrialNumbers(long max) {
        this.max = max;
    }

    /** The largest value taken. */
    public long max() {
        return max;
    }

    /** True when {@code v} is a value of this kind: finite, not negative, at most {@link #max}. */
    public boolean inRange(double v) {
        return Double.isFinite(v) && v >= 0 && v <= max;
    }

    /**
     * The current number token as a whole value of this kind, or null when it is no number or out of range. Fractions are
     * rounded.
     */
    public Long wholeOf(JsonParser p, JsonToken t) throws IOException {
        Double d = valueOf(p, t);
        return d == null ? null : Math.round(d);
    }

    /** The current number token as a value of this kind, or null when it is no number or out of range. */
    public Double valueOf(JsonParser p, JsonToken t) throws IOException {
        if (t == null || !t.isNumeric()) {
            return null;
        }
        double d = p.getDoubleValue(); // never throws for size: a huge integer is a huge double, an overflow infinite
        return inRange(d) ? d : null;
    }

    /** A field of a JSON object as a whole value of this kind, or null when absent, no number or out of range. */
    public Long wholeOf(JsonNode n) {
        Double d = valueOf(n);
        return d == null ? null : Math.round(d);
    }

    /** A field of a JSON object as a value of this kind, or null when absent, no number or out of range. */
    public Double valueOf(JsonNode n) {
        if (n == null || !n.isNumber()) {
            return null;
        }
        double d = n.asDouble();
        return inRange(d) ? d : null;
    }

    /** True when the node is a number this rule leaves out (so it can be said). */
    public boolean isOutOfRange(JsonNode n) {
        return n != null && n.isNumber() && valueOf(n) == null;
    }
}
