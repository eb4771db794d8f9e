package dev.mstpanel.core.results.search;

import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.text.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The traces a search across trials could not look into: unreadable, too large,
 * cut short, not a JSON object, or in a case folder that could not be listed. A search that finds
 * nothing must not let a user take "no match" for the whole truth when some traces were never
 * searched, so both the {@code trials --grep} text and the Results view's search say how many,
 * with the first reasons. Thread-safe (the reading threads add to it).
 */
public final class UnsearchedTraces {
    /** How many reasons {@link #summary()} gives. */
    static final int SHOWN = 2;

    private static final int MAX_REASON_CHARS = 160;

    private int count;
    /** The first {@link #SHOWN} trials by key (variant, case, trial), so the summary does not depend on thread timing. */
    private final TreeMap<TrialKey, String> first = new TreeMap<>();

    /**
     * Notes one trace that could not be searched.
     *
     * @param key the trial
     * @param reason why, as the listing says it (the trial's {@code problem}); null for a plain "could not be read"
     */
    public synchronized void add(TrialKey key, String reason) {
        count++;
        first.put(key, reason == null || reason.isBlank() ? "The trace could not be read." : reason);
        if (first.size() > SHOWN) {
            first.pollLastEntry();
        }
    }

    /** How many traces could not be searched. */
    public synchronized int count() {
        return count;
    }

    /**
     * The first traces' places and reasons, by key: {@code refund-order #2 (default): The trace is cut short …},
     * each on one line and cut at 160 characters with "…".
     */
    public synchronized List<String> firstReasons() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<TrialKey, String> e : first.entrySet()) {
            TrialKey k = e.getKey();
            String where = PathSegments.decode(k.caseSegment()).text() + " #" + (k.trial() + 1) + " ("
                    + PathSegments.decode(k.variantSegment()).display() + ")";
            out.add(cut(where + ": " + e.getValue()));
        }
        return out;
    }

    /**
     * One sentence for a user, or null when every trace was searched:
     * {@code 3 traces could not be searched: refund-order #1 (default): The trace is cut short …; …}.
     */
    public synchronized String summary() {
        if (count == 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        sb.append(count).append(count == 1 ? " trace could not be searched: " : " traces could not be searched: ");
        sb.append(String.join("; ", firstReasons()));
        if (count > first.size()) {
            sb.append("; and ").append(count - first.size()).append(" more");
        }
        return sb.toString();
    }

    private static String cut(String s) {
        return Texts.cutLine(s.strip(), MAX_REASON_CHARS);
    }
}
