package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.listing.CaseLabels;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Groups the cases of one side, or of both sides of a comparison, by dataset or by tag. A case with
 * several tags counts in each of their groups; one without a dataset or tag counts in the group
 * {@link GroupBy#noneName()}. Each side is grouped by its own labels, so a case whose dataset or tags
 * changed between two runs counts where each run put it, and a group may have cases on one side only.
 * A case's dataset is its trials' ({@link CaseTally#dataset()}), else {@code results.json}'s; its tags are
 * {@code results.json}'s (docs/dev/mst-format.md, Results and Trace).
 */
public final class CaseGroups {
    private CaseGroups() {}

    /**
     * The groups of a comparison's cases.
     *
     * @param by what to group by
     * @param cases the comparison's cases
     * @param baseLabels the base run's labels
     * @param candidateLabels the candidate run's labels (the same as the base's for one run's variants)
     * @return the groups by name, the group of cases without one last
     */
    public static List<CaseGroup> of(
            GroupBy by, List<CaseComparison> cases, CaseLabels baseLabels, CaseLabels candidateLabels) {
        Tallies acc = new Tallies();
        for (CaseComparison c : cases) {
            add(acc, by, c.base(), baseLabels, 0);
            add(acc, by, c.candidate(), candidateLabels, 1);
        }
        return groups(by, acc, true);
    }

    /**
     * The groups of one side's cases (the Results view: one variant of one run).
     *
     * @param by what to group by
     * @param cases the side's cases
     * @param labels its run's labels
     * @return the groups by name, the group of cases without one last; each with {@link CaseGroup#base()} only
     */
    public static List<CaseGroup> of(GroupBy by, Iterable<CaseTally> cases, CaseLabels labels) {
        Tallies acc = new Tallies();
        for (CaseTally t : cases) {
            add(acc, by, t, labels, 0);
        }
        return groups(by, acc, false);
    }

    /** The groups a case is in: its dataset, or its tags (each once); {@code null} stands for none. */
    static Set<String> keys(GroupBy by, CaseTally t, CaseLabels labels) {
        Set<String> keys = new LinkedHashSet<>();
        if (by == GroupBy.DATASET) {
            String d = t.dataset() != null ? t.dataset() : labels.dataset(t.caseId());
            keys.add(d);
        } else {
            keys.addAll(labels.tags(t.caseId()));
            if (keys.isEmpty()) {
                keys.add(null);
            }
        }
        return keys;
    }

    /** Per group and side: cases, passed and graded trials; the named groups by name, and the one without. */
    private static final class Tallies {
        final Map<String, int[][]> named = new TreeMap<>(Comparator.naturalOrder());
        final int[][] none = new int[2][3];
    }

    private static void add(Tallies acc, GroupBy by, CaseTally t, CaseLabels labels, int side) {
        if (t == null) {
            return;
        }
        for (String k : keys(by, t, labels)) {
            int[] n = (k == null ? acc.none : acc.named.computeIfAbsent(k, x -> new int[2][3]))[side];
            n[0]++;
            n[1] += t.passed();
            n[2] += t.graded();
        }
    }

    private static List<CaseGroup> groups(GroupBy by, Tallies acc, boolean twoSides) {
        List<CaseGroup> out = new ArrayList<>();
        acc.named.forEach((name, n) -> out.add(new CaseGroup(name, false, side(n[0]), twoSides ? side(n[1]) : null)));
        if (acc.none[0][0] > 0 || acc.none[1][0] > 0) {
            out.add(new CaseGroup(by.noneName(), true, side(acc.none[0]), twoSides ? side(acc.none[1]) : null));
        }
        return out;
    }

    private static CaseGroup.Side side(int[] n) {
        return n[0] == 0 ? null : new CaseGroup.Side(n[0], n[1], n[2], WilsonInterval.of(n[1], n[2]));
    }
}
