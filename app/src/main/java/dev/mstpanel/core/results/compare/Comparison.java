package dev.mstpanel.core.results.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A base and a candidate compared case by case: two variants of one run, or one
 * variant in two runs of one eval. Immutable.
 *
 * @param kind what is compared
 * @param base the base side's figures
 * @param candidate the candidate side's figures
 * @param baseRunDir the base side's run folder
 * @param candidateRunDir the candidate side's run folder
 * @param evalName the eval's name
 * @param cases every case of either side: regressed first, then flaky, improved, added, removed,
 *        no-result and unchanged; by case id within each
 * @param counts cases per change (every change present, 0 when none)
 * @param positive cases with a result on both sides whose candidate pass fraction is higher
 * @param negative those whose candidate pass fraction is lower
 * @param pValue the exact two-sided sign test's p over {@code positive} and {@code negative}
 * @param verdict better / worse when p &lt; 0.05, else unclear
 * @param baseSetup the base side's runner and client for people ({@link CompareWarning#sideText})
 * @param candidateSetup the candidate side's
 * @param warnings what makes the sides unlike (different runners or clients), said above the verdict
 * @param trialsPlan how many trials per case would tell the sides apart, said next to the verdict
 */
public record Comparison(
        Kind kind,
        VariantFigures base,
        VariantFigures candidate,
        Path baseRunDir,
        Path candidateRunDir,
        String evalName,
        List<CaseComparison> cases,
        Map<CaseChange, Integer> counts,
        int positive,
        int negative,
        double pValue,
        Verdict verdict,
        String baseSetup,
        String candidateSetup,
        List<CompareWarning> warnings,
        TrialsPlan trialsPlan) {
    public Comparison {
        cases = List.copyOf(cases);
        counts = Collections.unmodifiableMap(new EnumMap<>(counts));
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /**
     * The same comparison with other figures for its two sides (the Compare screen: the means
     * counted once the traces were read whole); the cases, counts, p and verdict stay.
     */
    public Comparison withFigures(VariantFigures newBase, VariantFigures newCandidate) {
        return new Comparison(
                kind,
                newBase,
                newCandidate,
                baseRunDir,
                candidateRunDir,
                evalName,
                cases,
                counts,
                positive,
                negative,
                pValue,
                verdict,
                baseSetup,
                candidateSetup,
                warnings,
                trialsPlan);
    }

    /** What a comparison compares. */
    public enum Kind {
        /** Two variants of one run. */
        VARIANTS,
        /** The same variant in two runs of one eval. */
        RUNS
    }

    /**
     * Compares two sides case by case.
     *
     * @param kind what the sides are
     * @param baseRun the base run
     * @param baseVariant its variant
     * @param candidateRun the candidate run (the same as baseRun for {@link Kind#VARIANTS})
     * @param candidateVariant its variant
     * @throws IllegalArgumentException when a run lacks the variant named
     */
    public static Comparison of(
            Kind kind, RunTally baseRun, String baseVariant, RunTally candidateRun, String candidateVariant) {
        VariantTally b = baseRun.variants().get(baseVariant);
        VariantTally c = candidateRun.variants().get(candidateVariant);
        if (b == null || c == null) {
            throw new IllegalArgumentException("no variant " + (b == null ? baseVariant : candidateVariant) + " in run "
                    + (b == null ? baseRun : candidateRun).run().runId());
        }
        Set<String> ids = new LinkedHashSet<>(b.cases().keySet());
        ids.addAll(c.cases().keySet());
        List<CaseComparison> rows = new ArrayList<>(ids.size());
        Map<CaseChange, Integer> counts = new EnumMap<>(CaseChange.class);
        for (CaseChange ch : CaseChange.values()) {
            counts.put(ch, 0);
        }
        int pos = 0;
        int neg = 0;
        int shared = 0; // cases with graded trials on both sides, and the fewest trials of one: what a plan counts
        int fewest = Integer.MAX_VALUE;
        long[] sharedTrials = new long[4]; // base passed, base graded, candidate passed, candidate graded
        for (String id : ids) {
            CaseTally bt = b.cases().get(id);
            CaseTally ct = c.cases().get(id);
            CaseChange ch = CaseChange.of(bt == null ? null : bt.outcome(), ct == null ? null : ct.outcome());
            rows.add(new CaseComparison(id, bt, ct, ch));
            counts.merge(ch, 1, Integer::sum);
            if (bt != null && ct != null && bt.graded() > 0 && ct.graded() > 0) {
                shared++;
                fewest = Math.min(fewest, Math.min(bt.graded(), ct.graded()));
                sharedTrials[0] += bt.passed();
                sharedTrials[1] += bt.graded();
                sharedTrials[2] += ct.passed();
                sharedTrials[3] += ct.graded();
                // compare passed/graded exactly: cross-multiplied, no rounding
                long d = (long) ct.passed() * bt.graded() - (long) bt.passed() * ct.graded();
                if (d > 0) {
                    pos++;
                } else if (d < 0) {
                    neg++;
                }
            }
        }
        rows.sort((x, y) -> {
            int k = Integer.compare(x.change().ordinal(), y.change().ordinal());
            return k != 0 ? k : x.caseId().compareTo(y.caseId());
        });
        VariantFigures bf = baseRun.figures(baseVariant);
        VariantFigures cf;
        if (kind == Kind.VARIANTS && baseRun == candidateRun) {
            cf = VariantFigures.of(candidateRun, candidateVariant, bf);
        } else {
            cf = candidateRun.figures(candidateVariant);
        }
        if (bf.mixesSourcesWith(cf)) {
            // a column from summary.json on one side and not on the other does not compare: both sides from the trials
            bf = baseRun.figures(baseVariant, true);
            cf = kind == Kind.VARIANTS && baseRun == candidateRun
                    ? VariantFigures.of(candidateRun, candidateVariant, bf, true)
                    : candidateRun.figures(candidateVariant, true);
        }
        double p = SignTest.pValue(pos, neg);
        return new Comparison(
                kind,
                bf,
                cf,
                baseRun.run().dir(),
                candidateRun.run().dir(),
                candidateRun.run().evalName(),
                rows,
                counts,
                pos,
                neg,
                p,
                SignTest.verdict(pos, neg),
                CompareWarning.sideText(baseRun.run(), baseVariant),
                CompareWarning.sideText(candidateRun.run(), candidateVariant),
                CompareWarning.of(baseRun.run(), baseVariant, candidateRun.run(), candidateVariant),
                shared == 0
                        ? TrialsPlan.none()
                        : TrialsPlan.of(
                                (double) sharedTrials[0] / sharedTrials[1],
                                (double) sharedTrials[2] / sharedTrials[3],
                                shared,
                                fewest));
    }

    /**
     * The ids of the regressed and flaky cases, in table order, that {@code --case} can take: not
     * one starting with {@code -}, which MST's command line would read as an option (those are in
     * {@link #rerunLeftOut()}).
     */
    public List<String> rerunCases() {
        List<String> out = new ArrayList<>();
        for (CaseComparison c : cases) {
            if (c.change().rerun() && dev.mstpanel.core.mst.RunSelection.canName(c.caseId())) {
                out.add(c.caseId());
            }
        }
        return out;
    }

    /** The regressed and flaky cases whose id starts with {@code -}: {@code --case} cannot name them, so a re-run leaves them out. */
    public List<String> rerunLeftOut() {
        List<String> out = new ArrayList<>();
        for (CaseComparison c : cases) {
            if (c.change().rerun() && !dev.mstpanel.core.mst.RunSelection.canName(c.caseId())) {
                out.add(c.caseId());
            }
        }
        return out;
    }

    /**
     * The variants a re-run of {@link #rerunCases()} runs: for two variants of a run both of them
     * (base first), so the new run compares them again within one runner; for two runs, the
     * candidate's variant.
     */
    public List<String> rerunVariants() {
        return kind == Kind.VARIANTS ? List.of(base.variant(), candidate.variant()) : List.of(candidate.variant());
    }

    /**
     * The {@code mst run} arguments that re-run the regressed and flaky cases (docs/dev/mst-format.md, Run flags):
     * {@code --case <ids…> --variant <names…>}; empty when no case regressed or is flaky.
     */
    public List<String> rerunArgs() {
        List<String> ids = rerunCases();
        if (ids.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("--case");
        out.addAll(ids);
        out.add("--variant");
        out.addAll(rerunVariants());
        return out;
    }

    /** The cases with this change, in table order. */
    public List<CaseComparison> cases(CaseChange change) {
        return cases.stream().filter(c -> c.change() == change).toList();
    }

    /** The title people read: {@code with-tools vs default (run 7f3c2a)} or {@code default: 7f3c2a → 9d8e7f}. */
    public String title() {
        if (kind == Kind.VARIANTS) {
            return candidate.variant() + " vs " + base.variant() + " · run " + base.runId();
        }
        if (!candidate.variant().equals(base.variant())) { // --variants A,B across two runs: each side by its own name
            return candidate.variant() + " · run " + candidate.runId() + " vs " + base.variant() + " · run "
                    + base.runId();
        }
        return candidate.variant() + " · run " + candidate.runId() + " vs run " + base.runId();
    }

    /**
     * True when one side is a regrade of the other ({@code <run id>.g<n>}, docs/dev/mst-format.md, Results), or both regrades of one
     * run: the same trials graded again, so the changes are the graders' and re-running the agent would not answer them
     *.
     */
    public boolean regradePair() {
        String b = base.runId();
        String c = candidate.runId();
        return b != null && c != null && !b.equals(c) && graded(b).equals(graded(c));
    }

    /** The run a run id grades: itself when it is no regrade's ({@link dev.mstpanel.core.results.layout.RunLocator#regradeOf}). */
    private static String graded(String id) {
        String of = dev.mstpanel.core.results.layout.RunLocator.regradeOf(id);
        return of == null ? id : of;
    }

    /**
     * True when the two sides share no case (each case on one side only, "added" or "removed"): their pass rates are
     * of different cases, so their difference is no comparison.
     */
    public boolean sharesNoCase() {
        return !cases.isEmpty() && cases.stream().allMatch(r -> r.base() == null || r.candidate() == null);
    }

    /** The verdict as a sentence: {@code better (p = 0.021, sign test over 14 cases whose pass fraction changed: 12 up, 2 down)}. */
    public String verdictText() {
        int n = positive + negative;
        return verdict.jsonName() + " (" + pText(pValue) + ", sign test over " + n + (n == 1 ? " case" : " cases")
                + " whose pass fraction changed: " + positive + " up, " + negative + " down)";
    }

    /** {@code p = 0.021}, or {@code p < 0.001}. */
    public static String pText(double p) {
        return p < 0.001 ? "p < 0.001" : "p = " + formatP(p);
    }

    /** p with 2 significant digits, {@code < 0.001} below a thousandth. */
    public static String formatP(double p) {
        if (p < 0.001) {
            return "< 0.001";
        }
        return new java.math.BigDecimal(p)
                .round(new java.math.MathContext(2))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** Counts per change name, in table order, for JSON ({@code regressed → 2}). */
    public Map<String, Integer> countsByName() {
        Map<String, Integer> out = new LinkedHashMap<>();
        counts.forEach((k, v) -> out.put(k.jsonName(), v));
        return out;
    }
}
