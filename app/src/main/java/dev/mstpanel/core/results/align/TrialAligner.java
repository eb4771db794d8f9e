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
 * Aligns two trials' events (docs/dev/mst-format.md, Trace) as two sequences: first by what was called (the event's
 * kind, server and tool name), with Myers' diff from java-diff-utils in its linear-space form (two long traces that
 * share little cost no more memory than their length); then each matched pair is {@link Change#SAME} or
 * {@link Change#CHANGED} by its arguments and its outcome ({@code isError}). The outputs are not compared: the same
 * call's output carries times and ids that differ from trial to trial. An event that is not an object is matched
 * with another such event and compared by its value. Stateless and thread-safe; CPU only, no disk.
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

    /** Aligns the events of {@code a} (the trial compared against) and {@code b}. */
    public static TrialAlignment align(Transcript a, Transcript b) {
        List<TranscriptEvent> ea = a.events();
        List<TranscriptEvent> eb = b.events();
        List<Identity> ia = ea.stream().map(Identity::of).toList();
        List<Identity> ib = eb.stream().map(Identity::of).toList();
        List<AbstractDelta<Identity>> deltas = DiffUtils.diff(
                        ia, ib, new MyersDiffWithLinearSpace<Identity>(), null, true)
                .getDeltas();
        List<AlignedPair> pairs = new ArrayList<>(Math.max(ea.size(), eb.size()));
        Divergence first = null;
        // the linear-space diff gives a replaced run of calls as a deletion and an insertion side by side (in either
        // order): the deltas between two equal runs are one block, its first trial's events first
        int i = 0;
        while (i < deltas.size()) {
            AbstractDelta<Identity> d = deltas.get(i);
            if (d.getType() == DeltaType.EQUAL) {
                int sa = d.getSource().getPosition();
                int sb = d.getTarget().getPosition();
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
                i++;
                continue;
            }
            List<Integer> onlyA = new ArrayList<>();
            List<Integer> onlyB = new ArrayList<>();
            for (; i < deltas.size() && deltas.get(i).getType() != DeltaType.EQUAL; i++) {
                AbstractDelta<Identity> x = deltas.get(i);
                for (int k = 0; k < x.getSource().size(); k++) {
                    onlyA.add(x.getSource().getPosition() + k);
                }
                for (int k = 0; k < x.getTarget().size(); k++) {
                    onlyB.add(x.getTarget().getPosition() + k);
                }
            }
            onlyA.sort(null);
            onlyB.sort(null);
            if (first == null) {
                DivergenceReason why = !onlyA.isEmpty() && !onlyB.isEmpty()
                        ? DivergenceReason.OTHER_TOOL
                        : !onlyA.isEmpty() ? DivergenceReason.ONLY_IN_A : DivergenceReason.ONLY_IN_B;
                first = new Divergence(
                        onlyA.isEmpty() ? -1 : onlyA.get(0), onlyB.isEmpty() ? -1 : onlyB.get(0), why, pairs.size());
            }
            for (int a1 : onlyA) {
                pairs.add(new AlignedPair(a1, -1, Change.ONLY_A, EventDifference.NONE));
            }
            for (int b1 : onlyB) {
                pairs.add(new AlignedPair(-1, b1, Change.ONLY_B, EventDifference.NONE));
            }
        }
        Boolean answerSame = finalAnswerSame(a, b);
        if (first == null && Boolean.FALSE.equals(answerSame)) {
            first = new Divergence(-1, -1, DivergenceReason.FINAL_ANSWER, -1);
        }
        return new TrialAlignment(a, b, pairs, first, answerSame);
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
        JsonNode argsA = a.problem() != null && a.kind() == null ? a.extra().get("value") : a.arguments();
        JsonNode argsB = b.problem() != null && b.kind() == null ? b.extra().get("value") : b.arguments();
        compare("", argsA, argsB, out, cut);
        return new EventDifference(out, cut[0], a.failed(), b.failed());
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
