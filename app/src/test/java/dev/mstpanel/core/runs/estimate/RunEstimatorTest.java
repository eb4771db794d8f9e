package dev.mstpanel.core.runs.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.mstpanel.core.runs.RunModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunEstimatorTest {
    private final RunEstimator estimator = new RunEstimator();

    private static PlannedRun plan(
            List<String> cases, List<String> variants, int trials, int shards, Integer... slots) {
        return new PlannedRun(
                cases,
                cases.size(),
                variants,
                Map.of("a", "cowork", "b", "cowork", "c", "cowork"),
                trials,
                shards,
                Arrays.asList(slots));
    }

    /** A finished run on one shard: each case once per variant, taking the seconds given per variant. */
    private static PastRun past(
            String id, Double wall, Map<String, Double> secondsPerVariant, Double cost, String... cases) {
        List<PastRun.Trial> trials = new ArrayList<>();
        for (String c : cases) {
            secondsPerVariant.forEach((v, s) -> trials.add(new PastRun.Trial(v, "cowork", c, s, cost)));
        }
        return new PastRun(id, wall, 1, List.copyOf(secondsPerVariant.keySet()), trials);
    }

    @Test
    void figuresNoRunHasAreSaidAtOnceAndNotPlannedFor() {
        List<PastRun> history = List.of(past("20260101T000000Z-aaaaaa", 100.0, Map.of("a", 10.0), null, "x", "y"));
        for (PlannedRun p : List.of(
                plan(List.of("x", "y"), List.of("a"), 2, 100_000_000, 1),
                plan(List.of("x", "y"), List.of("a"), Integer.MAX_VALUE, 1, 1),
                plan(List.of("x", "y"), List.of("a"), -3, 1, 1),
                plan(java.util.Collections.nCopies(100_000, "x"), List.of("a", "b", "c"), 100, 1, 1))) {
            long start = System.nanoTime();
            RunEstimate e = estimator.estimate(p, history);
            assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(1_000);
            assertThat(e.wallSeconds()).isNull();
            assertThat(e.reasons())
                    .extracting(EstimateReason::kind)
                    .containsExactly(EstimateReason.Kind.PLAN_OUT_OF_RANGE);
            assertThat(e.reasons().get(0).text())
                    .endsWith(": nothing is estimated")
                    .doesNotContain("-8");
        }
    }

    @Test
    void noEarlierRunIsSaidPlainlyAndGivesNoNumber() {
        RunEstimate e = estimator.estimate(plan(List.of("x", "y"), List.of("a"), 2, 1, 1), List.of());

        assertThat(e.wallSeconds()).isNull();
        assertThat(e.containerHours()).isNull();
        assertThat(e.costUsd()).isNull();
        assertThat(e.basedOnRuns()).isZero();
        assertThat(e.trials()).isEqualTo(4);
        assertThat(e.reasons())
                .extracting(EstimateReason::text)
                .containsExactly("no earlier run of this eval: time unknown");
        assertThat(e.has(EstimateReason.Kind.NO_HISTORY)).isTrue();
    }

    @Test
    void oneShardRunsEveryTrialInTurnPlusARestartPerVariantMeasuredFromHistory() {
        // history: 3 cases × (30 s in a + 60 s in b) = 270 s of trials in a run of 310 s: 2 restarts of 20 s
        PastRun h = past("r1", 310.0, new java.util.LinkedHashMap<>(Map.of("a", 30.0, "b", 60.0)), null, "x", "y", "z");

        RunEstimate e = estimator.estimate(plan(List.of("x", "y", "z"), List.of("a", "b"), 2, 1, 1), List.of(h));

        // 3 cases × 2 trials × (30 + 60) s + 2 restarts × 20 s
        assertThat(e.wallSeconds()).isEqualTo(new RunEstimate.WallSeconds(580, 580, 580));
        assertThat(e.containerHours()).isCloseTo(580 / 3600.0, within(1e-9));
        assertThat(e.trials()).isEqualTo(12);
        assertThat(e.basedOnRuns()).isEqualTo(1);
        assertThat(e.has(EstimateReason.Kind.RESTARTS_FROM_HISTORY)).isTrue();
        assertThat(e.reasons())
                .extracting(EstimateReason::text)
                .contains("3 cases × 2 variants × 2 trials = 12 trials");
    }

    @Test
    void shardsBeyondTheContextsWaitForAFreeOne() {
        // four cases that land on four different shards: 2 Cowork contexts run two at a time
        List<String> cases = casesOnShards(4);
        PastRun h = past("r1", null, Map.of("a", 100.0), null, cases.toArray(String[]::new));

        RunEstimate twoContexts = estimator.estimate(plan(cases, List.of("a"), 1, 4, 1, 1), List.of(h));
        RunEstimate fourContexts = estimator.estimate(plan(cases, List.of("a"), 1, 4, 1, 1, 1, 1), List.of(h));

        assertThat(twoContexts.wallSeconds().expected()).isEqualTo(200);
        assertThat(fourContexts.wallSeconds().expected()).isEqualTo(100);
        assertThat(twoContexts.containerHours()).isCloseTo(400 / 3600.0, within(1e-9));
        // no earlier run finished complete: the restarts are not counted, and that is said
        assertThat(twoContexts.has(EstimateReason.Kind.RESTARTS_UNKNOWN)).isTrue();
    }

    @Test
    void theRangeIsTheQuartilesOfTheEarlierTrials() {
        List<PastRun.Trial> trials = new ArrayList<>();
        double[] secs = {10, 20, 30, 40, 50};
        for (int i = 0; i < secs.length; i++) {
            trials.add(new PastRun.Trial("a", "cowork", "c" + i, secs[i], null));
        }
        PastRun h = new PastRun("r1", null, 1, List.of("a"), trials);

        RunEstimate e = estimator.estimate(plan(List.of("q"), List.of("a"), 10, 1, 1), List.of(h));

        assertThat(e.wallSeconds()).isEqualTo(new RunEstimate.WallSeconds(200, 300, 400));
    }

    @Test
    void aVariantWithoutHistoryTakesItsClientsTimeAndSaysSo() {
        PastRun h = past("r1", null, Map.of("a", 50.0), null, "x");

        RunEstimate e = estimator.estimate(plan(List.of("x"), List.of("a", "c"), 1, 1, 1), List.of(h));

        assertThat(e.wallSeconds().expected()).isEqualTo(100);
        assertThat(e.has(EstimateReason.Kind.TIME_OF_VARIANT)).isTrue();
        assertThat(e.has(EstimateReason.Kind.TIME_OF_CLIENT)).isTrue();
    }

    @Test
    void costIsThePerTrialCostMstRecordedTimesTheTrials() {
        PastRun h = past("r1", null, Map.of("a", 50.0), 0.25, "x", "y");

        RunEstimate e = estimator.estimate(plan(List.of("x", "y"), List.of("a"), 3, 1, 1), List.of(h));

        assertThat(e.costUsd()).isCloseTo(1.5, within(1e-9));
        assertThat(e.has(EstimateReason.Kind.COST_RECORDED)).isTrue();
    }

    @Test
    void noRecordedCostGivesNullNotZero() {
        PastRun h = past("r1", null, Map.of("a", 50.0), null, "x");

        RunEstimate e = estimator.estimate(plan(List.of("x"), List.of("a"), 1, 1, 1), List.of(h));

        assertThat(e.costUsd()).isNull();
        assertThat(e.has(EstimateReason.Kind.COST_UNKNOWN)).isTrue();
    }

    @Test
    void casesUnknownToTheConfigAreTakenFromTheNewestRun() {
        PastRun older = past("20260101T000000Z-aaaaaa", null, Map.of("a", 10.0), null, "x");
        PastRun newer = past("20260102T000000Z-bbbbbb", null, Map.of("a", 10.0), null, "x", "y", "z");
        PlannedRun unknownCases = new PlannedRun(null, -1, List.of("a"), Map.of(), 1, 1, List.of(1));

        RunEstimate e = estimator.estimate(unknownCases, List.of(older, newer));

        assertThat(e.trials()).isEqualTo(3);
        assertThat(e.wallSeconds().expected()).isEqualTo(30);
        assertThat(e.has(EstimateReason.Kind.CASES_FROM_HISTORY)).isTrue();
    }

    @Test
    void casesTakenFromTheNewestRunAreItsWholePlanNotOnlyTheCasesWhoseTrialsTookTime() {
        // a partial run: z's trials never ran (no duration), yet z is one of the run's cases
        PastRun partial = new PastRun(
                "20260102T000000Z-bbbbbb",
                null,
                1,
                List.of("a"),
                List.of(
                        new PastRun.Trial("a", "cowork", "x", 10, null),
                        new PastRun.Trial("a", "cowork", "y", 10, null)),
                List.of("x", "y", "z"));
        PlannedRun unknownCases = new PlannedRun(null, -1, List.of("a"), Map.of(), 2, 1, List.of(1));

        RunEstimate e = estimator.estimate(unknownCases, List.of(partial));

        assertThat(e.trials()).isEqualTo(6);
        assertThat(e.reasons())
                .extracting(EstimateReason::text)
                .contains(
                        "the datasets could not be counted: 3 cases, as in run 20260102T000000Z-bbbbbb",
                        "3 cases × 1 variant × 2 trials = 6 trials");
    }

    @Test
    void aContextOfUnknownCapacityCountsAsOnePlace() {
        List<String> cases = casesOnShards(2);
        PastRun h = past("r1", null, Map.of("a", 60.0), null, cases.toArray(String[]::new));

        RunEstimate e = estimator.estimate(plan(cases, List.of("a"), 1, 2, (Integer) null), List.of(h));

        assertThat(e.wallSeconds().expected()).isEqualTo(120);
        assertThat(e.has(EstimateReason.Kind.CAPACITY_UNKNOWN)).isTrue();
    }

    /** Case ids, one on each of {@code n} shards by MST's rule. */
    static List<String> casesOnShards(int n) {
        String[] byShard = new String[n];
        for (int i = 0, found = 0; found < n; i++) {
            String id = "case-" + i;
            int s = RunModel.shardOfCase(id, n) - 1;
            if (byShard[s] == null) {
                byShard[s] = id;
                found++;
            }
        }
        return List.of(byShard);
    }
}
