package dev.mstpanel.core.results.compare;

import java.util.Map;

/**
 * The figures of one variant of one run, for its card and for a comparison:
 * the trial pass rate (passed ÷ graded trials; infra, missing, ungraded and unreadable trials left
 * out) with its 95% Wilson interval, cases passed, and the means MST writes in {@code summary.json}
 * (docs/dev/mst-format.md, Compare) or, when the run has none, those the panel can compute from the trials.
 *
 * @param runId the run's id
 * @param variant the variant's name
 * @param trials every trial of the variant
 * @param passed passed trials
 * @param graded passed + failed trials
 * @param trialPassRate passed ÷ graded, 0..1, or null when nothing was graded
 * @param interval the 95% Wilson interval of the trial pass rate, or null
 * @param casesPassed cases all of whose graded trials passed
 * @param cases cases of the variant
 * @param toolCallsMean {@code tool_count_mean} (tool calls per case), else the {@code tool_call} events per graded
 *        trial; null when unknown
 * @param mcpCallsMean {@code mcp_call_count_mean}, else the MCP {@code tool_call} events per graded trial; or null
 * @param tokensMean {@code input_tokens_mean + output_tokens_mean} (tokens per case), else the mean
 *        {@code usage.inputTokens + outputTokens} of the graded trials that recorded them; or null
 * @param costUsdMean {@code cost_usd_mean} in US dollars, else the mean {@code usage.totalCostUsd} (or
 *        {@code estimatedCostUsd}) of the graded trials that recorded one; or null
 * @param secondsPerTrial {@code duration_s_mean} from summary.json, else the mean {@code durationMs}
 *        of the graded trials ÷ 1000; null when unknown
 * @param judgeScores {@code judge_score} (judge → mean), empty when unknown
 * @param baseline the baseline variant's name, or null when this is the baseline
 * @param trialPassRateDelta this trial pass rate − the baseline's, or null
 * @param summaryDelta {@code variantDeltas[variant]}, or null
 * @param fromSummary true when the means came from summary.json; false when computed from the trials
 * @param source what a person reads about where the figures came from
 * @param sourceNote when computed from the trials, why, in a few words: {@code no summary.json},
 *        {@code summary.json has no figures for it}, {@code summary.json unreadable}; null otherwise
 * @param meansPending true when the means are computed from the trials but the trials were read for
 *        their statuses only ({@link RunTally#statusesOnly()}): tool calls, MCP calls, tokens and cost
 *        are then null until the traces are read whole
 * @param leftOut summary.json's figures for the variant that are no figure a run can have, left out (shown as {@code –}):
 *        {@code cost_usd_mean (-5: negative)} ({@link RunSummary.Variant#leftOut()}); empty otherwise
 * @param fromTrials with {@code fromSummary}, the figures summary.json did not give that were computed from the trials
 *        ({@code time}); empty otherwise
 * @param unreadable trials of the variant that could not be read ({@link VariantTally#unreadable()})
 * @param unreadableProblem the first one's problem, or null
 * @param infra infra trials of the variant (left out of the graded ones)
 * @param missing missing trials of the variant (left out of the graded ones)
 * @param ungraded trials of the variant not graded yet (left out of the graded ones)
 */
public record VariantFigures(
        String runId,
        String variant,
        int trials,
        int passed,
        int graded,
        Double trialPassRate,
        WilsonInterval interval,
        int casesPassed,
        int cases,
        Double toolCallsMean,
        Double mcpCallsMean,
        Double tokensMean,
        Double costUsdMean,
        Double secondsPerTrial,
        Map<String, Double> judgeScores,
        String baseline,
        Double trialPassRateDelta,
        RunSummary.Delta summaryDelta,
        boolean fromSummary,
        String source,
        String sourceNote,
        boolean meansPending,
        java.util.List<String> leftOut,
        java.util.List<String> fromTrials,
        int unreadable,
        String unreadableProblem,
        int infra,
        int missing,
        int ungraded) {
    public VariantFigures {
        judgeScores = Map.copyOf(judgeScores);
        leftOut = java.util.List.copyOf(leftOut);
        fromTrials = java.util.List.copyOf(fromTrials);
    }

    /**
     * The figures of a variant of a run.
     *
     * @param run the run
     * @param variant one of its variants
     * @param base the baseline's figures for the delta, or null when this is the baseline
     */
    public static VariantFigures of(RunTally run, String variant, VariantFigures base) {
        return of(run, variant, base, false);
    }

    /** The columns a comparison shows per trial, by the name {@link #fromTrials()} gives them. */
    private static final java.util.List<String> COLUMNS = java.util.List.of("tool calls", "tokens", "cost", "time");

    /**
     * True when a column of this side and the same column of the other side would come from different sources: one side's
     * figure is summary.json's and the other's is not (set aside as no figure a run can have, absent, or computed from the
     * trials). MST's means and the panel's count differently, so such a pair must both be computed from the trials.
     */
    public boolean mixesSourcesWith(VariantFigures other) {
        if (fromSummary != other.fromSummary) {
            return true;
        }
        for (String column : COLUMNS) {
            if (givenBySummary(column) != other.givenBySummary(column)) {
                return true;
            }
        }
        return false;
    }

    /** True when summary.json gave this side's figure for a column ("tool calls", "tokens", "cost", "time"). */
    private boolean givenBySummary(String column) {
        Double figure = switch (column) {
            case "tool calls" -> toolCallsMean;
            case "tokens" -> tokensMean;
            case "cost" -> costUsdMean;
            default -> secondsPerTrial;
        };
        return fromSummary && figure != null && !fromTrials.contains(column);
    }

    /** Why a side's summary.json is not used when the other side's figures come from the trials ({@link #of(RunTally, String, VariantFigures, boolean)}). */
    public static final String ONE_SOURCE = "summary.json set aside, so both sides compare";

    /**
     * The figures of a variant, its means from its trials even when summary.json has them when {@code fromTrialsOnly}:
     * a comparison whose other side has no summary.json figures computes both sides' means from the trials, since MST's
     * means and the panel's count differently (1.0 → 7.5 tool calls was only the change of source).
     *
     * @param fromTrialsOnly true to leave summary.json out (its source then says {@link #ONE_SOURCE})
     */
    public static VariantFigures of(RunTally run, String variant, VariantFigures base, boolean fromTrialsOnly) {
        VariantTally t = run.variants().get(variant);
        if (t == null) {
            throw new IllegalArgumentException("run " + run.run().runId() + " has no variant " + variant);
        }
        Double rate = t.graded() == 0 ? null : (double) t.passed() / t.graded();
        WilsonInterval ci = WilsonInterval.of(t.passed(), t.graded());
        RunSummary s = fromTrialsOnly ? null : run.summary();
        RunSummary.Variant sv = s == null ? null : s.variant(variant);
        Double tools = null;
        Double mcp = null;
        Double tokens = null;
        Double cost = null;
        Double seconds = null;
        Map<String, Double> judges = Map.of();
        RunSummary.Delta sd = null;
        String source;
        String sourceNote = null;
        if (sv != null) {
            tools = sv.metric("tool_count_mean");
            mcp = sv.metric("mcp_call_count_mean");
            Double in = sv.metric("input_tokens_mean");
            Double out = sv.metric("output_tokens_mean");
            // a sum with one part left out as no figure a run can have would read as the whole: no figure then
            boolean partLeftOut = sv.leftOut().stream()
                    .anyMatch(x -> x.startsWith("input_tokens_mean") || x.startsWith("output_tokens_mean"));
            tokens = partLeftOut || in == null && out == null ? null : (in == null ? 0 : in) + (out == null ? 0 : out);
            cost = sv.metric("cost_usd_mean");
            seconds = sv.metric("duration_s_mean");
            judges = sv.judgeScores();
            sd = sv.delta();
            source = "from summary.json";
        } else {
            VariantTally.Usage u = t.usage();
            if (!run.statusesOnly()) { // a status-only read counted no events: its zeros are not figures
                tools = u.toolCallsMean();
                mcp = u.mcpCallsMean();
                tokens = u.tokensMean();
                cost = u.costUsdMean();
            }
            String fromTrials = "the figures are computed from the trials (" + t.graded()
                    + " graded): pass rate, tool calls, tokens, cost and time per trial.";
            if (s != null && s.problem() != null) {
                source = s.problem();
                sourceNote = "summary.json unreadable";
            } else if (s != null) {
                source = "summary.json has no entry for " + variant + ": " + fromTrials;
                sourceNote = "summary.json has no figures for it";
            } else if (fromTrialsOnly && run.summary() != null && run.summary().problem() == null) {
                source = "The figures are computed from the trials (" + t.graded() + " graded), " + ONE_SOURCE + ".";
                sourceNote = ONE_SOURCE;
            } else {
                source = "No summary.json: " + fromTrials;
                sourceNote = "no summary.json";
            }
        }
        java.util.List<String> fromTrials = new java.util.ArrayList<>();
        if (seconds == null && t.timedTrials() > 0) {
            seconds = t.durationMsSum() / 1000.0 / t.timedTrials();
            if (sv != null && seconds >= 0) {
                fromTrials.add("time");
            }
        }
        if (sv != null && !run.statusesOnly()) {
            // a figure summary.json does not give (absent from its entry, or left out as no figure a run can have)
            // is computed from the trials, as time is, and said so
            VariantTally.Usage u = t.usage();
            if (figure(tools) == null && figure(u.toolCallsMean()) != null) {
                tools = u.toolCallsMean();
                fromTrials.add("tool calls");
            }
            if (figure(mcp) == null && figure(u.mcpCallsMean()) != null) {
                mcp = u.mcpCallsMean();
            }
            if (figure(tokens) == null && figure(u.tokensMean()) != null) {
                tokens = u.tokensMean();
                fromTrials.add("tokens");
            }
            if (figure(cost) == null && figure(u.costUsdMean()) != null) {
                cost = u.costUsdMean();
                fromTrials.add("cost");
            }
        }
        // an entry that gave no figure at all (no metrics, or none a run can have) is said as one with no figures:
        // "from summary.json" would name a source of nothing shown
        // (one with figures left out keeps its line: it names them)
        boolean fromSummary = sv != null
                && (!sv.leftOut().isEmpty()
                        || figure(tools) != null && !fromTrials.contains("tool calls")
                        || figure(tokens) != null && !fromTrials.contains("tokens")
                        || figure(cost) != null && !fromTrials.contains("cost")
                        || figure(seconds) != null && !fromTrials.contains("time")
                        || !judges.isEmpty()
                        || sd != null
                        || fromTrials.isEmpty() && figure(mcp) != null);
        if (sv != null && !fromSummary) {
            source = "summary.json has no figures for " + variant + ": the figures are computed from the trials ("
                    + t.graded() + " graded): pass rate, tool calls, tokens, cost and time per trial.";
            sourceNote = "summary.json has no figures for it";
            fromTrials = new java.util.ArrayList<>();
        }
        Double delta =
                base == null || base.trialPassRate() == null || rate == null ? null : rate - base.trialPassRate();
        // a trace's own hostile figures (a negative duration, 1e308 tokens) give no mean either
        return new VariantFigures(
                run.run().runId(),
                variant,
                t.trials(),
                t.passed(),
                t.graded(),
                rate,
                ci,
                t.casesPassed(),
                t.cases().size(),
                figure(tools),
                figure(mcp),
                figure(tokens),
                figure(cost),
                figure(seconds),
                judges,
                base == null ? null : base.variant(),
                delta,
                sd,
                fromSummary,
                source,
                sourceNote,
                !fromSummary && run.statusesOnly(),
                sv == null ? java.util.List.of() : sv.leftOut(),
                fromTrials,
                t.unreadable(),
                t.unreadableProblem(),
                t.count(dev.mstpanel.core.results.model.TrialStatus.INFRA),
                t.count(dev.mstpanel.core.results.model.TrialStatus.MISSING),
                t.count(dev.mstpanel.core.results.model.TrialStatus.UNGRADED));
    }

    /** A mean as a figure: null for one no run can have (negative, not finite, above {@link SummaryReader#LARGEST_FIGURE}). */
    private static Double figure(Double d) {
        return d == null || !Double.isFinite(d) || d < 0 || d > SummaryReader.LARGEST_FIGURE ? null : d;
    }

    /** Tool calls per trial, {@code 4.2}; {@code –} when not known. One formatter for the {@code compare} table and the Compare screen's cards. */
    public String toolCallsText() {
        return toolCallsMean == null ? "–" : String.format(java.util.Locale.ROOT, "%.1f", toolCallsMean);
    }

    /** Tokens per trial, {@code 850}, {@code 12.3k}, {@code 4.5M}; {@code –} when not known. */
    public String tokensText() {
        if (tokensMean == null) {
            return "–";
        }
        double t = tokensMean;
        return t >= 10_000_000
                ? String.format(java.util.Locale.ROOT, "%.1fM", t / 1e6)
                : t >= 10_000
                        ? String.format(java.util.Locale.ROOT, "%.1fk", t / 1000)
                        : String.format(java.util.Locale.ROOT, "%.0f", t);
    }

    /** US dollars per trial, {@code $0.042}; {@code –} when not known. */
    public String costText() {
        return costUsdMean == null ? "–" : String.format(java.util.Locale.ROOT, "$%.3f", costUsdMean);
    }

    /** Seconds per trial, {@code 4.2 s}, {@code 41 s}; {@code –} when not known. */
    public String secondsText() {
        return secondsPerTrial == null
                ? "–"
                : String.format(java.util.Locale.ROOT, secondsPerTrial < 10 ? "%.1f s" : "%.0f s", secondsPerTrial);
    }

    /**
     * Where this side's figures came from, as a person reads it: {@code from summary.json};
     * {@code from summary.json (time computed from the trials; left out: cost_usd_mean (-5: negative))};
     * {@code computed from the trials (no summary.json)}; an unreadable summary.json by its problem.
     */
    public String sourceText() {
        if (!fromSummary) {
            return "computed from the trials (" + trialsWhy() + ")";
        }
        java.util.List<String> notes = new java.util.ArrayList<>();
        if (!fromTrials.isEmpty()) {
            notes.add(String.join(", ", fromTrials) + " computed from the trials");
        }
        if (!leftOut.isEmpty()) {
            notes.add("left out, not figures a run can have: " + String.join(", ", leftOut));
        }
        return "from summary.json" + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
    }

    /**
     * Why the figures are computed from the trials, in words for inside parentheses ({@code no summary.json}, an
     * unreadable summary.json's problem); null when they come from summary.json.
     */
    public String trialsWhy() {
        if (fromSummary) {
            return null;
        }
        return "summary.json unreadable".equals(sourceNote) && source != null
                ? source.replace(": the figures are computed from the trials.", "")
                : String.valueOf(sourceNote);
    }

    /** The trial pass rate as people read it: {@code 75 %}, or {@code –} with nothing graded. */
    public String rateText() {
        return percent(trialPassRate);
    }

    /**
     * How many graded trials the rate rests on, as people read it beside a wide interval:
     * {@code from 3 graded trials}, {@code from 1 graded trial}, or {@code no graded trial}.
     */
    public String basisText() {
        return graded == 0
                ? "no graded trial"
                : "from " + String.format(java.util.Locale.ROOT, "%,d", graded) + " graded trial"
                        + (graded == 1 ? "" : "s");
    }

    /** {@code 75 % (63–84 %)}, or {@code –}. */
    public String rateWithIntervalText() {
        if (trialPassRate == null) {
            return "–";
        }
        return percent(trialPassRate) + " (" + Math.round(interval.low() * 100) + "–"
                + Math.round(interval.high() * 100) + " %)";
    }

    /** A fraction 0..1 as a whole percentage, {@code 75 %}; {@code –} for null. */
    public static String percent(Double f) {
        return f == null ? "–" : Math.round(f * 100) + " %";
    }

    /** A difference of fractions in percentage points with its sign, {@code +12 pp}; {@code –} for null. */
    public static String points(Double d) {
        if (d == null) {
            return "–";
        }
        long pp = Math.round(d * 100);
        return (pp > 0 ? "+" : pp < 0 ? "−" : "±") + Math.abs(pp) + " pp";
    }

    /**
     * The unreadable trials in words, or null when there are none: {@code 8 trials could not be read, left out of these
     * figures; the first's reason: The scores folder …} (the others' may differ).
     */
    /**
     * {@code 5 of 9 graded trials passed (1 infra, 6 missing)}: the line the Compare screen's card and the exported
     * comparison's card both show, the trials left out said by their status.
     */
    public String gradedText() {
        String leftOut = leftOutText();
        return String.format(java.util.Locale.ROOT, "%,d of %,d", passed, graded) + " graded trials passed"
                + (leftOut == null ? "" : " (" + leftOut + ")");
    }

    /**
     * The trials left out of the graded ones, by their status as the trial list names it: {@code 4 infra},
     * {@code 2 missing}, {@code 4 infra, 2 missing, 1 unreadable}; null when every trial was graded.
     */
    public String leftOutText() {
        return CaseTally.leftOutText(infra, missing, ungraded, unreadable);
    }

    public String unreadableText() {
        if (unreadable == 0) {
            return null;
        }
        return (unreadable == 1 ? "1 trial" : unreadable + " trials") + " could not be read, left out of these figures"
                + (unreadableProblem == null
                        ? "."
                        : (unreadable > 1 ? "; the first's reason: " : ": ") + unreadableProblem);
    }

    /** These figures with no means pending any more (their read failed or ended): the same figures otherwise. */
    public VariantFigures withMeansDone() {
        if (!meansPending) {
            return this;
        }
        return new VariantFigures(
                runId,
                variant,
                trials,
                passed,
                graded,
                trialPassRate,
                interval,
                casesPassed,
                cases,
                toolCallsMean,
                mcpCallsMean,
                tokensMean,
                costUsdMean,
                secondsPerTrial,
                judgeScores,
                baseline,
                trialPassRateDelta,
                summaryDelta,
                fromSummary,
                source,
                sourceNote,
                false,
                leftOut,
                fromTrials,
                unreadable,
                unreadableProblem,
                infra,
                missing,
                ungraded);
    }
}
