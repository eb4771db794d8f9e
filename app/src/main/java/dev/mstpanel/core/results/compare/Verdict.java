package dev.mstpanel.core.results.compare;

import java.util.Locale;

/**
 * Whether the candidate is better than the base: {@code BETTER} or {@code WORSE} when the exact
 * two-sided sign test over the cases gives p &lt; 0.05 (by the sign of the differences), else
 * {@code UNCLEAR} (MST's HTML report uses the same three words, docs/dev/mst-format.md, Compare).
 */
public enum Verdict {
    BETTER,
    WORSE,
    UNCLEAR;

    /** The name in JSON and text: {@code better}, {@code worse}, {@code unclear}. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
