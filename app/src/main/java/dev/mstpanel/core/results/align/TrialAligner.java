package dev.mstpanel.core.results.align;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.difflib.DiffUtils;
import com.github.difflib.algorithm.myers.MyersDiffWithLinearSpace;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.DeltaType;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Aligns two trials' events (docs/dev/mst-format.md, Trace) as two sequences, with Myers' diff from java-diff-utils in
 * its linear-space form (two long traces that share little cost no more memory than their length): first by whole call
 * (kind, server, tool name, arguments, outcome), then, between the calls that matched whole, by what was called alone
 * (kind, server, tool name); a pair matched that way is {@link Change#SAME} or {@link Change#CHANGED} by its arguments
 * and its outcome ({@code isError}). The outputs are not compared: the same call's output carries times and ids that
 * differ from trial to trial. An event that is not an object is matched with another such event and compared by its
 * value. Stateless and thread-safe; CPU only, no disk.
 */
public final class TrialAligner {
    /** The most argument differences listed for one pair; more are counted as cut. */
    public static final int MAX_ARGUMENT_DIFFERENCES = 100;

    private TrialAligner() {}

    /** What the alignment matches events by: the call's kind, server and tool, or "not an object". */
    record Identity(String kind, String server, String name, boolean unreadable) {
        static Identity of(TranscriptEvent e) {
            boolean unreadable = e.kind() == null && e.extra().containsKey("value") && e.problem() != null;
            return new Identity(e.kind(), e.server(), e.name() != null ? e.name() : e.rawName(), unreadable);
        }
    }

    /** A call whole: its identity, its arguments and its outcome; two equal calls are a {@link Change#SAME} row. */
    record Call(Identity identity, JsonNode arguments, boolean failed) {
        static Call of(TranscriptEvent e) {
            return new Call(Identity.of(e), argumentsOf(e), e.failed());
        }
    }

    /**
     * Aligns the events of {@code a} (the trial compared against) and {@code b}: first the calls that are the same
     * whole (identity, arguments, outcome), so that in a run of look-alike calls (the same tool again and again) the
     * ones that agree anchor the alignment; then, between two anchors, the calls by identity alone, so that the same
     * tool called another way is one {@link Change#CHANGED} row rather than a removal and an insertion.
     */
    public static TrialAlignment align(Transcript a, Transcript b) {
        Rows rows = new Rows(a.events(), b.events());
        List<Call> ca = a.events().stream().map(Call::of).toList();
        List<Call> cb = b.events().stream().map(Call::of).toList();
        int atA = 0;
        int atB = 0;
        for (AbstractDelta<Call> d : DiffUtils.diff(ca, cb, new MyersDiffWithLinearSpace<Call>(), null, true)
                .getDeltas()) {
            if (d.getType() != DeltaType.EQUAL) {
                continue; // the calls between two runs of equal ones are aligned together below
            }
            int sa = d.getSource().getPosition();
            int sb = d.getTarget().getPosition();
            rows.byIdentity(atA, sa, atB, sb);
            for (int k = 0; k < d.getSource().size(); k++) {
                rows.add(new AlignedPair(sa + k, sb + k, Change.SAME, EventDifference.NONE));
            }
            atA = sa + d.getSource().size();
            atB = sb + d.getTarget().size();
        }
        rows.byIdentity(atA, ca.size(), atB, cb.size());
        Boolean answerSame = finalAnswerSame(a, b);
        Divergence first = rows.first;
        if (first == null && Boolean.FALSE.equals(answerSame)) {
            first = new Divergence(-1, -1, DivergenceReason.FINAL_ANSWER, -1);
        }
        return new TrialAlignment(a, b, rows.pairs, first, answerSame);
    }

    /** The rows as they are aligned, and the first divergence among them. */
    private static final class Rows {
        final List<TranscriptEvent> ea;
        final List<TranscriptEvent> eb;
        final List<AlignedPair> pairs;
        Divergence first;

        Rows(List<TranscriptEvent> ea, List<TranscriptEvent> eb) {
            this.ea = ea;
            this.eb = eb;
            this.pairs = new ArrayList<>(Math.max(ea.size(), eb.size()));
        }

        void add(AlignedPair p) {
            pairs.add(p);
        }

        /** Aligns {@code ea[fromA, toA)} and {@code eb[fromB, toB)}, calls no equal whole call matched, by identity. */
        void byIdentity(int fromA, int toA, int fromB, int toB) {
            if (fromA == toA && fromB == toB) {
                return;
            }
            List<Identity> ia =
                    ea.subList(fromA, toA).stream().map(Identity::of).toList();
            List<Identity> ib =
                    eb.subList(fromB, toB).stream().map(Identity::of).toList();
            int atA = fromA;
            int atB = fromB;
            for (AbstractDelta<Identity> d : DiffUtils.diff(
                            ia, ib, new MyersDiffWithLinearSpace<Identity>(), null, true)
                    .getDeltas()) {
                if (d.getType() != DeltaType.EQUAL) {
                    continue;
                }
                int sa = fromA + d.getSource().getPosition();
                int sb = fromB + d.getTarget().getPosition();
                unmatched(atA, sa, atB, sb);
                for (int k = 0; k < d.getSource().size(); k++) {
                    EventDifference diff = difference(ea.get(sa + k), eb.get(sb + k));
                    Change change = diff.any() ? Change.CHANGED : Change.SAME;
                    if (first == null && change == Change.CHANGED) {
                        DivergenceReason why =
                                diff.arguments().isEmpty() ? DivergenceReason.OUTCOME : DivergenceReason.ARGUMENTS;
                        first = new Divergence(sa + k, sb + k, why, pairs.size());
                    }
                    pairs.add(new AlignedPair(sa + k, sb + k, change, diff));
                }
                atA = sa + d.getSource().size();
                atB = sb + d.getTarget().size();
            }
            unmatched(atA, toA, atB, toB);
        }

        /** Calls of one side with no counterpart: the first trial's, then the second's. */
        private void unmatched(int fromA, int toA, int fromB, int toB) {
            if (fromA == toA && fromB == toB) {
                return;
            }
            if (first == null) {
                DivergenceReason why = fromA < toA && fromB < toB
                        ? DivergenceReason.OTHER_TOOL
                        : fromA < toA ? DivergenceReason.ONLY_IN_A : DivergenceReason.ONLY_IN_B;
                first = new Divergence(fromA < toA ? fromA : -1, fromB < toB ? fromB : -1, why, pairs.size());
            }
            for (int i = fromA; i < toA; i++) {
                pairs.add(new AlignedPair(i, -1, Change.ONLY_A, EventDifference.NONE));
            }
            for (int i = fromB; i < toB; i++) {
                pairs.add(new AlignedPair(-1, i, Change.ONLY_B, EventDifference.NONE));
            }
        }
    }

    /**
     * Whether two trials gave the same final answer ({@code trace.finalText}, white space at its ends aside); null when
     * either run stored redacted transcripts (MST did not keep the answer). Two trials without an answer agree.
     */
    static Boolean finalAnswerSame(Transcript a, Transcript b) {
        if (a.redacted() || b.redacted()) {
            return null;
        }
        String fa = a.finalText() == null ? null : a.finalText().strip();
        String fb = b.finalText() == null ? null : b.finalText().strip();
        return Objects.equals(fa, fb);
    }

    /** What differs between two events of the same identity: argument paths and outcome. */
    static EventDifference difference(TranscriptEvent a, TranscriptEvent b) {
        List<ArgumentDifference> out = new ArrayList<>();
        boolean[] cut = {false};
        compare("", argumentsOf(a), argumentsOf(b), out, cut);
        return new EventDifference(out, cut[0], a.failed(), b.failed());
    }

    /** An event's arguments; for an event that is not an object, its value as written. */
    private static JsonNode argumentsOf(TranscriptEvent e) {
        JsonNode n = Identity.of(e).unreadable() ? e.extra().get("value") : e.arguments();
        return n == null || n.isNull() || n.isMissingNode() ? null : n;
    }

    private static void compare(String path, JsonNode a, JsonNode b, List<ArgumentDifference> out, boolean[] cut) {
        a = a == null || a.isNull() || a.isMissingNode() ? null : a;
        b = b == null || b.isNull() || b.isMissingNode() ? null : b;
        if (Objects.equals(a, b)) {
            return;
        }
        if (out.size() >= MAX_ARGUMENT_DIFFERENCES) {
            cut[0] = true;
            return;
        }
        // no arguments on one side and an object on the other: each field of the object was added or removed
        boolean objects = (a == null || a.isObject())
                && (b == null || b.isObject())
                && (path.isEmpty() || a != null && b != null);
        if (objects) {
            Set<String> names = new LinkedHashSet<>();
            if (a != null) {
                a.fieldNames().forEachRemaining(names::add);
            }
            if (b != null) {
                b.fieldNames().forEachRemaining(names::add);
            }
            for (String n : names) {
                compare(
                        path.isEmpty() ? n : path + "." + n,
                        a == null ? null : a.get(n),
                        b == null ? null : b.get(n),
                        out,
                        cut);
            }
            return;
        }
        if (a != null && b != null && a.isArray() && b.isArray()) {
            int n = Math.max(a.size(), b.size());
            for (int i = 0; i < n; i++) {
                compare(path + "[" + i + "]", a.get(i), b.get(i), out, cut);
            }
            return;
        }
        ArgumentDifference.Kind kind = a == null
                ? ArgumentDifference.Kind.ADDED
                : b == null ? ArgumentDifference.Kind.REMOVED : ArgumentDifference.Kind.CHANGED;
        out.add(new ArgumentDifference(path, kind, a, b));
    }
}
