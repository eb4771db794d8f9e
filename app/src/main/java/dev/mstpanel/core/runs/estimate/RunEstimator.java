package dev.mstpanel.core.runs.estimate;

import dev.mstpanel.core.runs.RunModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Estimates a run from the earlier runs of its eval, by MST's own rules of how a run spreads
 * (docs/dev/mst-format.md, Shards and Capacity): every variant and trial of a case runs on the
 * case's shard, one after the other; a shard boots its client again for each variant; shards beyond
 * what the chosen contexts hold wait for a free place. The time per trial is the median of the
 * earlier trials of the same variant (else of its client, else of the eval), the range their
 * quartiles; the restart per variant and shard is what an earlier run's wall-clock time holds
 * beyond its trials. Nothing is made up: what the history cannot tell is null and said in a reason.
 * Stateless.
 */
public final class RunEstimator {

    /** The sentence when the eval has no earlier run. */
    public static final String NO_HISTORY = "no earlier run of this eval: time unknown";

    /**
     * Estimates a run.
     *
     * @param plan the run about to start
     * @param history the earlier runs of its eval, any order
     * @return the estimate; its figures are null when the history cannot give them
     */
    public RunEstimate estimate(PlannedRun plan, List<PastRun> history) {
        List<EstimateReason> reasons = new ArrayList<>();
        // figures no run has (a typo's extra zeros, an overflowed number) are said, not planned for: each shard and
        // trial costs the estimate memory and time, and their product would overflow
        String outOfRange = outOfRange(plan);
        if (outOfRange != null) {
            reasons.add(new EstimateReason(EstimateReason.Kind.PLAN_OUT_OF_RANGE, outOfRange));
            return new RunEstimate(null, null, null, history.size(), -1, reasons);
        }
        if (history.isEmpty()) {
            reasons.add(new EstimateReason(EstimateReason.Kind.NO_HISTORY, NO_HISTORY));
            return new RunEstimate(null, null, null, 0, trialCount(plan), reasons);
        }
        int runs = history.size();
        List<String> caseIds = plan.caseIds();
        int cases = plan.caseCount();
        if (cases < 0) {
            PastRun newest = history.stream()
                    .max(java.util.Comparator.comparing(PastRun::runId))
                    .orElseThrow();
            // the run's whole plan, not the trials that took time: a partial run's missing cases count too
            Set<String> seen = new LinkedHashSet<>(newest.caseIds());
            if (seen.isEmpty()) {
                reasons.add(new EstimateReason(
                        EstimateReason.Kind.CASES_UNKNOWN,
                        "the eval's cases could not be counted (its datasets are not local JSON files): time unknown"));
                return new RunEstimate(null, null, null, runs, -1, reasons);
            }
            caseIds = List.copyOf(seen);
            cases = caseIds.size();
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.CASES_FROM_HISTORY,
                    "the datasets could not be counted: " + cases + " cases, as in run " + newest.runId()));
        }
        List<String> variants = plan.variants();
        int trials = cases * variants.size() * plan.trials();
        reasons.add(new EstimateReason(
                EstimateReason.Kind.TRIALS,
                cases + plural(cases, " case", " cases") + " × " + variants.size()
                        + plural(variants.size(), " variant", " variants") + " × " + plan.trials()
                        + plural(plan.trials(), " trial", " trials") + " = " + trials
                        + plural(trials, " trial", " trials")));

        List<PastRun.Trial> all = history.stream()
                .flatMap(r -> r.trials().stream())
                .filter(t -> t.seconds() > 0)
                .toList();
        if (all.isEmpty()) {
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.NO_DURATIONS, "the earlier runs recorded no trial's duration: time unknown"));
            return new RunEstimate(null, null, null, runs, trials, reasons);
        }
        Map<String, Spread> perVariant = new LinkedHashMap<>();
        for (String v : variants) {
            String client = plan.clients().get(v);
            List<Double> own = seconds(all.stream().filter(t -> t.variant().equals(v)));
            if (!own.isEmpty()) {
                Spread s = Spread.of(own);
                perVariant.put(v, s);
                reasons.add(new EstimateReason(
                        EstimateReason.Kind.TIME_OF_VARIANT,
                        v + ": " + s.text() + " per trial (" + own.size() + plural(own.size(), " trial", " trials")
                                + ")"));
                continue;
            }
            List<Double> ofClient =
                    client == null ? List.of() : seconds(all.stream().filter(t -> client.equals(t.client())));
            if (!ofClient.isEmpty()) {
                Spread s = Spread.of(ofClient);
                perVariant.put(v, s);
                reasons.add(new EstimateReason(
                        EstimateReason.Kind.TIME_OF_CLIENT,
                        v + ": no earlier trial; " + s.text() + " per trial as other " + client + " variants"));
                continue;
            }
            Spread s = Spread.of(seconds(all.stream()));
            perVariant.put(v, s);
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.TIME_OF_EVAL,
                    v + ": no earlier trial of its client; " + s.text() + " per trial as the eval's other trials"));
        }

        int contexts = plan.contextSlots().size();
        int shards = plan.shards();
        if (shards <= 0) {
            shards = Math.max(1, contexts);
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.SHARDS_ASSUMED,
                    "no shards given: " + shards + plural(shards, " shard", " shards") + " assumed"));
        }
        int slots = 0;
        for (int i = 0; i < contexts; i++) {
            Integer s = plan.contextSlots().get(i);
            if (s == null) {
                slots += 1;
                reasons.add(new EstimateReason(
                        EstimateReason.Kind.CAPACITY_UNKNOWN,
                        "a context's memory is unknown: one shard at a time assumed on it"));
            } else {
                slots += Math.max(0, s);
            }
        }
        if (contexts == 0) {
            slots = shards;
        }
        slots = Math.max(1, Math.min(slots, shards));
        reasons.add(new EstimateReason(
                EstimateReason.Kind.CAPACITY,
                shards + plural(shards, " shard", " shards") + ", " + slots + " at a time"));

        // the restart per variant and shard: what each earlier run's wall-clock time holds beyond its trials
        List<Double> restarts = new ArrayList<>();
        boolean assumedContexts = false;
        for (PastRun r : history) {
            if (r.wallSeconds() == null || r.trials().isEmpty()) {
                continue;
            }
            // an earlier run.json's shards beyond its trials' count is a broken file: one shard a trial at most
            int hShards = r.shards() == null || r.shards() < 1
                    ? 1
                    : Math.min(r.shards(), r.trials().size());
            int hSlots = contexts == 0 ? hShards : Math.max(1, Math.min(hShards, slots));
            assumedContexts |= contexts > 0;
            Map<Integer, Double> work = new LinkedHashMap<>();
            Map<Integer, Set<String>> variantsOn = new LinkedHashMap<>();
            for (PastRun.Trial t : r.trials()) {
                int shard = RunModel.shardOfCase(t.caseId(), hShards);
                work.merge(shard, t.seconds(), Double::sum);
                variantsOn.computeIfAbsent(shard, k -> new HashSet<>()).add(t.variant());
            }
            double[] base = new double[hShards];
            double[] perRestart = new double[hShards];
            for (int s = 1; s <= hShards; s++) {
                base[s - 1] = work.getOrDefault(s, 0.0);
                perRestart[s - 1] = variantsOn.getOrDefault(s, Set.of()).size();
            }
            double m0 = makespan(base, perRestart, 0, hSlots);
            double slope = makespan(base, perRestart, 1, hSlots) - m0;
            if (slope > 0) {
                restarts.add(Math.max(0, (r.wallSeconds() - m0) / slope));
            }
        }
        double restart;
        double restartLow;
        double restartHigh;
        if (restarts.isEmpty()) {
            restart = restartLow = restartHigh = 0;
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.RESTARTS_UNKNOWN,
                    "the variant restarts are unknown (no earlier run finished complete): not counted"));
        } else {
            Spread r = Spread.of(restarts);
            restart = r.median();
            restartLow = r.low();
            restartHigh = r.high();
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.RESTARTS_FROM_HISTORY,
                    "each variant's restart on a shard: about " + seconds(restart) + " (from " + restarts.size()
                            + plural(restarts.size(), " earlier run)", " earlier runs)")));
            if (assumedContexts) {
                reasons.add(new EstimateReason(
                        EstimateReason.Kind.HISTORY_CONTEXTS_ASSUMED,
                        "earlier runs are taken to have had as many contexts as this one"));
            }
        }

        // the trials of each shard of this run
        double[][] work = new double[3][shards];
        double[] perRestart = new double[shards];
        List<Set<String>> onShard = new ArrayList<>();
        for (int s = 0; s < shards; s++) {
            onShard.add(new HashSet<>());
        }
        for (int c = 0; c < cases; c++) {
            int shard = caseIds != null ? RunModel.shardOfCase(caseIds.get(c), shards) - 1 : c % shards;
            for (String v : variants) {
                Spread s = perVariant.get(v);
                work[0][shard] += plan.trials() * s.low();
                work[1][shard] += plan.trials() * s.median();
                work[2][shard] += plan.trials() * s.high();
                onShard.get(shard).add(v);
            }
        }
        for (int s = 0; s < shards; s++) {
            perRestart[s] = onShard.get(s).size();
        }
        long low = Math.round(makespan(work[0], perRestart, restartLow, slots));
        long expected = Math.round(makespan(work[1], perRestart, restart, slots));
        long high = Math.round(makespan(work[2], perRestart, restartHigh, slots));
        double busy = 0;
        for (int s = 0; s < shards; s++) {
            busy += work[1][s] + perRestart[s] * restart;
        }
        double containerHours = busy / 3600.0;

        Double cost = cost(plan, variants, cases, all, reasons);
        return new RunEstimate(
                new RunEstimate.WallSeconds(Math.min(low, expected), expected, Math.max(high, expected)),
                containerHours,
                cost,
                runs,
                trials,
                reasons);
    }

    /** The cost: each variant's mean recorded cost per trial times its trials; null when no trial recorded one. */
    private static Double cost(
            PlannedRun plan, List<String> variants, int cases, List<PastRun.Trial> all, List<EstimateReason> reasons) {
        List<Double> every =
                all.stream().map(PastRun.Trial::costUsd).filter(c -> c != null).toList();
        if (every.isEmpty()) {
            reasons.add(new EstimateReason(
                    EstimateReason.Kind.COST_UNKNOWN, "MST recorded no cost for the earlier trials: cost unknown"));
            return null;
        }
        double evalMean =
                every.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double total = 0;
        for (String v : variants) {
            double mean = all.stream()
                    .filter(t -> t.variant().equals(v) && t.costUsd() != null)
                    .mapToDouble(PastRun.Trial::costUsd)
                    .average()
                    .orElse(evalMean);
            total += mean * cases * plan.trials();
        }
        reasons.add(new EstimateReason(
                EstimateReason.Kind.COST_RECORDED,
                String.format(
                        Locale.ROOT,
                        "cost from %d earlier %s that recorded one (about $%.3f per trial)",
                        every.size(),
                        every.size() == 1 ? "trial" : "trials",
                        evalMean)));
        return total;
    }

    /**
     * When the last shard ends: shards start in order, each on the place that frees first (MST's
     * extra shards wait for a free context), each taking its trials plus a restart per variant.
     */
    static double makespan(double[] work, double[] restarts, double restart, int slots) {
        PriorityQueue<Double> free = new PriorityQueue<>();
        for (int i = 0; i < slots; i++) {
            free.add(0.0);
        }
        double end = 0;
        for (int s = 0; s < work.length; s++) {
            if (work[s] <= 0 && restarts[s] <= 0) {
                continue; // a shard with no case has nothing to run
            }
            double start = free.poll();
            double done = start + work[s] + restarts[s] * restart;
            free.add(done);
            end = Math.max(end, done);
        }
        return end;
    }

    /** The most trials per case, shards and trials in all that a plan is estimated for. */
    static final int MAX_TRIALS_PER_CASE = 10_000;

    static final int MAX_SHARDS = 10_000;
    static final long MAX_TRIALS = 10_000_000;

    /** Why the plan's figures are beyond any run's, or null when they are within. */
    static String outOfRange(PlannedRun plan) {
        if (plan.trials() < 1 || plan.trials() > MAX_TRIALS_PER_CASE) {
            return plan.trials() + " trials per case is not a number a run takes (1 to "
                    + String.format(java.util.Locale.ROOT, "%,d", MAX_TRIALS_PER_CASE) + "): nothing is estimated";
        }
        if (plan.shards() > MAX_SHARDS) {
            return plan.shards() + " shards is more than a run has (at most "
                    + String.format(java.util.Locale.ROOT, "%,d", MAX_SHARDS) + "): nothing is estimated";
        }
        long all = (long) Math.max(0, plan.caseCount()) * plan.variants().size() * plan.trials();
        if (all > MAX_TRIALS) {
            return String.format(
                    java.util.Locale.ROOT,
                    "%,d trials in all is more than a run has (at most %,d): nothing is estimated",
                    all,
                    MAX_TRIALS);
        }
        return null;
    }

    private static int trialCount(PlannedRun plan) {
        return plan.caseCount() < 0 ? -1 : plan.caseCount() * plan.variants().size() * plan.trials();
    }

    private static List<Double> seconds(java.util.stream.Stream<PastRun.Trial> trials) {
        return trials.map(PastRun.Trial::seconds).filter(s -> s > 0).toList();
    }

    private static String plural(int n, String one, String more) {
        return n == 1 ? one : more;
    }

    /** Seconds for people: {@code 42 s}, {@code 3.5 min}. */
    static String seconds(double s) {
        return s < 90 ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f min", s / 60);
    }

    /** A median with its quartiles. */
    record Spread(double low, double median, double high) {
        static Spread of(List<Double> values) {
            List<Double> v = values.stream().sorted().toList();
            return new Spread(quantile(v, 0.25), quantile(v, 0.5), quantile(v, 0.75));
        }

        /** Linear between the two nearest ranks (the common "type 7" quantile). */
        static double quantile(List<Double> sorted, double q) {
            double pos = q * (sorted.size() - 1);
            int i = (int) Math.floor(pos);
            int j = Math.min(sorted.size() - 1, i + 1);
            return sorted.get(i) + (sorted.get(j) - sorted.get(i)) * (pos - i);
        }

        String text() {
            return low == high ? seconds(median) : seconds(median) + " (" + seconds(low) + "–" + seconds(high) + ")";
        }
    }
}
