package dev.mstpanel.core.results.align;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialNumbers;
import java.util.List;

/**
 * Two trials' transcripts aligned event by event ({@link TrialAligner}).
 *
 * @param a the first trial (the one compared against: a base, a passing trial)
 * @param b the second trial
 * @param pairs the rows, in the order of both traces
 * @param firstDivergence where they first go different ways, or null when every row is {@link Change#SAME} and the
 *     final answers do not differ
 * @param finalAnswerSame whether the two final answers ({@code trace.finalText}) are the same text, leading and
 *     trailing white space aside; null when a side's run stored redacted transcripts, so its answer was not kept
 */
public record TrialAlignment(
        Transcript a, Transcript b, List<AlignedPair> pairs, Divergence firstDivergence, Boolean finalAnswerSame) {
    public TrialAlignment {
        pairs = List.copyOf(pairs);
    }

    /** The number of rows of each kind of change, indexed by {@link Change#ordinal()}. */
    public int[] counts() {
        int[] n = new int[Change.values().length];
        for (AlignedPair p : pairs) {
            n[p.change().ordinal()]++;
        }
        return n;
    }

    /**
     * How long a trial took: the trial file's {@code durationMs}, else its trace's {@code usage.durationMs}; null
     * when neither is known.
     */
    public static Long durationMs(Transcript t) {
        if (t.trial().durationMs() != null) {
            return t.trial().durationMs();
        }
        JsonNode u = t.usage();
        return u == null ? null : TrialNumbers.DURATION_MS.wholeOf(u.get("durationMs"));
    }
}
