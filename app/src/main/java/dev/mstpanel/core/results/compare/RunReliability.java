package dev.mstpanel.core.results.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's reliability per variant and case, from its graded trials (infra, missing and ungraded
 * trials are left out, as from every pass rate): pass@k and pass^k for k = 1..n per case, and per
 * variant their means over the cases that have at least k graded trials. Flaky cases (some trials
 * passed, some failed) come first, then the rest by id.
 *
 * @param runId the run
 * @param eval its eval
 * @param variants per variant, in the run's order
 */
public record RunReliability(String runId, String eval, List<VariantReliability> variants) {

    /**
     * One case of one variant.
     *
     * @param caseId the case
     * @param trials its graded trials, n
     * @param passed those that passed, c
     * @param passAtK k → pass@k, k = 1..n
     * @param passHatK k → pass^k, k = 1..n
     */
    public record CaseReliability(
            String caseId, int trials, int passed, Map<Integer, Double> passAtK, Map<Integer, Double> passHatK) {
        /** Some trials passed and some failed. */
        public boolean flaky() {
            return passed > 0 && passed < trials;
        }
    }

    /**
     * One variant.
     *
     * @param variant its name
     * @param cases its cases with graded trials, flaky first
     * @param passAtK k → the mean pass@k over the cases with at least k graded trials
     * @param passHatK k → the mean pass^k over the same cases
     * @param ungradedCases cases with no graded trial (left out)
     */
    public record VariantReliability(
            String variant,
            List<CaseReliability> cases,
            Map<Integer, Double> passAtK,
            Map<Integer, Double> passHatK,
            int ungradedCases) {
        /** How many cases are flaky. */
        public long flakyCases() {
            return cases.stream().filter(CaseReliability::flaky).count();
        }
    }

    /** The reliability of a run read as a tally. */
    public static RunReliability of(RunTally tally) {
        List<VariantReliability> variants = new ArrayList<>();
        for (VariantTally v : tally.variants().values()) {
            variants.add(of(v));
        }
        return new RunReliability(tally.run().runId(), tally.run().evalName(), variants);
    }

    static VariantReliability of(VariantTally v) {
        List<CaseReliability> cases = new ArrayList<>();
        int ungraded = 0;
        for (CaseTally c : v.cases().values()) {
            int n = c.graded();
            if (n == 0) {
                ungraded++;
                continue;
            }
            Map<Integer, Double> at = new LinkedHashMap<>();
            Map<Integer, Double> hat = new LinkedHashMap<>();
            for (int k = 1; k <= n; k++) {
                at.put(k, Reliability.passAtK(n, c.passed(), k));
                hat.put(k, Reliability.passHatK(n, c.passed(), k));
            }
            cases.add(new CaseReliability(c.caseId(), n, c.passed(), at, hat));
        }
        cases.sort(Comparator.comparing((CaseReliability c) -> !c.flaky()).thenComparing(CaseReliability::caseId));
        return new VariantReliability(
                v.variant(), List.copyOf(cases), means(cases, true), means(cases, false), ungraded);
    }

    private static Map<Integer, Double> means(List<CaseReliability> cases, boolean atK) {
        int most = cases.stream().mapToInt(CaseReliability::trials).max().orElse(0);
        Map<Integer, Double> out = new LinkedHashMap<>();
        for (int k = 1; k <= most; k++) {
            double sum = 0;
            int count = 0;
            for (CaseReliability c : cases) {
                if (c.trials() >= k) {
                    sum += (atK ? c.passAtK() : c.passHatK()).get(k);
                    count++;
                }
            }
            out.put(k, sum / count);
        }
        return out;
    }
}
