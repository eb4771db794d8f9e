package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One run read for comparing: its {@code run.json}, its {@code summary.json} (or null) and its
 * trials counted per variant and case. Immutable.
 *
 * @param run the run
 * @param summary its summary, or null when it has none
 * @param variants per variant name: baseline (the first of {@code run.json}'s {@code variants[]}) first,
 *        then the others of run.json, then any found only in {@code traces/}
 * @param statusesOnly true when the trials were read for their statuses alone
 *        ({@link ResultsReader#readTrialStatuses}): pass rates, cases and times are right, tool calls,
 *        tokens and cost are not known yet
 */
public record RunTally(RunInfo run, RunSummary summary, Map<String, VariantTally> variants, boolean statusesOnly) {
    public RunTally {
        variants = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(variants));
    }

    /** A tally of trials read whole. */
    public RunTally(RunInfo run, RunSummary summary, Map<String, VariantTally> variants) {
        this(run, summary, variants, false);
    }

    /** The baseline variant's name (docs/dev/mst-format.md, Compare: the first variant), or null for a run without trials or variants. */
    public String baseline() {
        return variants.isEmpty() ? null : variants.keySet().iterator().next();
    }

    /**
     * What a comparison of this run must say when its run.json could not be read (it was used
     * silently, the run id then taken from the folder and the baseline from the folders' order), in one line:
     * {@code run.json of run 20261007T182504Z-7f3c2a could not be read: it is not valid JSON at line 1, column 1;
     * so the baseline is taken as the first variant folder, default.} The baseline is the first variant in
     * run.json (docs/dev/mst-format.md, Compare); without run.json it is the first folder of {@code traces/} by name.
     *
     * @param baselineUsed true when the comparison takes this run's baseline (one run's variants, no base named)
     * @return the line, or null when run.json was read or the run folder itself cannot be read (said as the cause)
     */
    public String runJsonNote(boolean baselineUsed) {
        String why = run.runJsonUnread();
        if (why == null && run.runJsonCopied()) {
            return run.problem(); // read, but another run's: its phases and start are that run's
        }
        if (why == null || run.folderUnreadable()) {
            return null; // a run folder that cannot be read is said once, as why there is nothing to compare
        }
        String base = baseline();
        return "run.json of run " + run.runId() + " could not be read: " + why
                + (baselineUsed && base != null
                        ? "; so the baseline is taken as the first variant folder, " + base + "."
                        : "; so the run is named by its folder, " + run.runId() + ".");
    }

    /**
     * What a comparison of this run must say when it has not finished, or finished partial (a
     * running run was compared without a word, its cases not run yet shown as "removed"): {@code run R has not
     * finished (collect: running): the cases it has not run yet show as removed; compare again when it ends.};
     * null for a finished, whole run, or one whose run.json could not be read (said by {@link #runJsonNote}).
     */
    public String unfinishedNote() {
        RunInfo r = run;
        if (r.runJsonUnread() != null) {
            return null;
        }
        if (!r.finished()) {
            return "run " + r.runId() + " has not finished"
                    + (r.collectPhase() != null ? " (collect: " + r.collectPhase() + ")" : "")
                    + ": the cases it has not run yet show as removed; compare again when it ends.";
        }
        if (Boolean.TRUE.equals(r.partial())) {
            return "run " + r.runId()
                    + " is partial (MST recorded trials missing): its cases without trials show as removed or no-result.";
        }
        return null;
    }

    /** The variant names, baseline first. */
    public List<String> variantNames() {
        return List.copyOf(variants.keySet());
    }

    /**
     * Reads a run: {@code run.json}, {@code summary.json} and every trial, on the calling thread
     * (the reader parses on its own pool). Never throws for bad files: see {@link ResultsReader}.
     *
     * @param reader the reader
     * @param runDir the run folder
     * @param keepRecords true to keep each case's trials (the window), false to only count them (the CLI)
     */
    public static RunTally read(ResultsReader reader, Path runDir, boolean keepRecords) {
        return read(reader, runDir, keepRecords, false, n -> {});
    }

    /**
     * Reads a run for its trials' statuses, as fast as its files allow (the Compare screen's first
     * figures): from the cache of listed trials when the run was listed before, else from
     * each trace's ends ({@link ResultsReader#readTrialStatuses}); then {@link #statusesOnly()} tells
     * whether a {@link #read(ResultsReader, Path, boolean)} must follow for tool calls, tokens and cost.
     *
     * @param counted called on the reading thread with the number of trials counted so far, after each batch
     */
    public static RunTally readStatuses(
            ResultsReader reader, Path runDir, boolean keepRecords, java.util.function.IntConsumer counted) {
        return read(reader, runDir, keepRecords, true, counted);
    }

    private static RunTally read(
            ResultsReader reader,
            Path runDir,
            boolean keepRecords,
            boolean statuses,
            java.util.function.IntConsumer counted) {
        RunInfo run = reader.readRun(runDir);
        RunSummary summary = SummaryReader.read(runDir);
        Map<String, VariantTally.Builder> builders = new LinkedHashMap<>();
        for (String v : run.variants()) {
            builders.put(v, new VariantTally.Builder(v, keepRecords));
        }
        int[] n = {0};
        java.util.function.Consumer<List<TrialRecord>> sink = batch -> {
            for (TrialRecord t : batch) {
                builders.computeIfAbsent(t.variant(), v -> new VariantTally.Builder(v, keepRecords))
                        .add(t);
            }
            n[0] += batch.size();
            counted.accept(n[0]);
        };
        boolean complete = true;
        if (statuses) {
            complete = reader.readTrialStatuses(run, sink);
        } else {
            reader.readTrials(run, sink);
        }
        Map<String, VariantTally> out = new LinkedHashMap<>();
        for (var e : builders.entrySet()) {
            out.put(e.getKey(), e.getValue().build());
        }
        return new RunTally(run, summary, out, !complete);
    }

    /** Builds a tally from trials already read (tests, and a view that has them). */
    public static RunTally of(RunInfo run, RunSummary summary, List<TrialRecord> trials, boolean keepRecords) {
        Map<String, VariantTally.Builder> builders = new LinkedHashMap<>();
        for (String v : run.variants()) {
            builders.put(v, new VariantTally.Builder(v, keepRecords));
        }
        for (TrialRecord t : trials) {
            builders.computeIfAbsent(t.variant(), v -> new VariantTally.Builder(v, keepRecords))
                    .add(t);
        }
        Map<String, VariantTally> out = new LinkedHashMap<>();
        builders.forEach((k, b) -> out.put(k, b.build()));
        return new RunTally(run, summary, out);
    }

    /** The figures of each variant, baseline first (see {@link VariantFigures#of}). */
    public List<VariantFigures> figures() {
        List<VariantFigures> out = new ArrayList<>();
        VariantFigures base = null;
        for (VariantTally v : variants.values()) {
            VariantFigures f = VariantFigures.of(this, v.variant(), base);
            if (base == null) {
                base = f;
            }
            out.add(f);
        }
        return out;
    }

    /** The figures of one variant against this run's baseline, or null when the run has no such variant. */
    public VariantFigures figures(String variant) {
        return figures(variant, false);
    }

    /** {@link #figures(String)}, the means from the trials alone when {@code fromTrialsOnly} ({@link VariantFigures#of(RunTally, String, VariantFigures, boolean)}). */
    public VariantFigures figures(String variant, boolean fromTrialsOnly) {
        if (!variants.containsKey(variant)) {
            return null;
        }
        String b = baseline();
        VariantFigures base = b.equals(variant) ? null : VariantFigures.of(this, b, null, fromTrialsOnly);
        return VariantFigures.of(this, variant, base, fromTrialsOnly);
    }
}
