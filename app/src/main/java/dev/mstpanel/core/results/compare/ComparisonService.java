package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.listing.CaseLabels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * Comparing runs, for both faces: the compare command and the Compare screen read their sides,
 * say what they noticed and check a complete read against a first one with the same rules. Two
 * runs are read at once (the candidate on the executor while the caller reads the base): each read
 * waits on its files as much as on the CPU, so a comparison waits for the slower side, not for
 * the sum of both.
 */
public final class ComparisonService {
    private final ResultsReader reader;
    private final Executor background;

    /**
     * @param reader reads the runs
     * @param background reads the candidate while the caller reads the base
     */
    public ComparisonService(ResultsReader reader, Executor background) {
        this.reader = reader;
        this.background = background;
    }

    /**
     * Compares one run's variants (its baseline with each other one, or the pair named) or two
     * runs of one eval (each variant they share, or the pair named), each run read whole.
     *
     * @param runA a run folder: the base
     * @param runB a second run folder, the candidate, or null to compare {@code runA}'s variants
     * @param baseVariant the base variant named, or null
     * @param candidateVariant the candidate variant named, or null
     * @param notes gets what was noticed on the way, in the order said: each run whose run.json
     *     could not be read, each run not finished, each variant left out
     * @return one comparison per pair
     * @throws CompareException when the runs cannot be compared (the message says why)
     * @throws CompletionException when the candidate's read failed (its cause)
     */
    public List<Comparison> compare(
            Path runA, Path runB, String baseVariant, String candidateVariant, List<String> notes)
            throws CompareException {
        if (runB == null) {
            RunTally run = RunTally.read(reader, runA, false);
            notes.addAll(notes(run, null, baseVariant == null).all());
            return Comparisons.ofVariants(run, baseVariant, candidateVariant, notes);
        }
        CompletableFuture<RunTally> other =
                CompletableFuture.supplyAsync(() -> RunTally.read(reader, runB, false), background);
        RunTally base = RunTally.read(reader, runA, false);
        RunTally candidate = other.join();
        notes.addAll(notes(base, candidate, false).all());
        return Comparisons.ofRuns(base, candidate, baseVariant, candidateVariant, notes);
    }

    /**
     * A comparison's cases grouped by dataset or tag ({@link CaseGroups#of(GroupBy, List, CaseLabels, CaseLabels)}),
     * each run's {@code results.json} read for the labels its trials do not carry: its tags, and the dataset of a
     * case whose trials name none. Blocking disk work (the two runs' files read at once); never throws for bad files.
     *
     * @param comparison the comparison
     * @param by what to group by
     * @return the groups, and the lines to say of labels that could not be read
     */
    public Grouped groups(Comparison comparison, GroupBy by) {
        Path baseDir = comparison.baseRunDir();
        Path candidateDir = comparison.candidateRunDir();
        boolean needed = by == GroupBy.TAG
                || comparison.cases().stream()
                        .anyMatch(c -> c.base() != null && c.base().dataset() == null
                                || c.candidate() != null && c.candidate().dataset() == null);
        if (!needed) {
            return new Grouped(CaseGroups.of(by, comparison.cases(), CaseLabels.NONE, CaseLabels.NONE), List.of());
        }
        boolean oneRun = baseDir.equals(candidateDir);
        CompletableFuture<CaseLabels> other =
                oneRun ? null : CompletableFuture.supplyAsync(() -> reader.readCaseLabels(candidateDir), background);
        CaseLabels base = reader.readCaseLabels(baseDir);
        CaseLabels candidate = oneRun ? base : other.join();
        List<String> notes = new ArrayList<>();
        labelsNote(notes, base, comparison.base().runId(), oneRun);
        if (!oneRun) {
            labelsNote(notes, candidate, comparison.candidate().runId(), false);
        }
        return new Grouped(CaseGroups.of(by, comparison.cases(), base, candidate), notes);
    }

    /**
     * One run's cases of one variant grouped by dataset or tag ({@link CaseGroups#of(GroupBy, Iterable, CaseLabels)}),
     * its {@code results.json} read for the labels its trials do not carry. Blocking disk work; never throws for bad files.
     *
     * @param runDir the run folder
     * @param cases the variant's cases
     * @param by what to group by
     */
    public Grouped groups(Path runDir, java.util.Collection<CaseTally> cases, GroupBy by) {
        boolean needed = by == GroupBy.TAG || cases.stream().anyMatch(c -> c.dataset() == null);
        CaseLabels labels = needed ? reader.readCaseLabels(runDir) : CaseLabels.NONE;
        List<String> notes = new ArrayList<>();
        labelsNote(notes, labels, null, true);
        return new Grouped(CaseGroups.of(by, cases, labels), notes);
    }

    private static void labelsNote(List<String> notes, CaseLabels labels, String runId, boolean alone) {
        if (labels.problem() != null) {
            notes.add(alone || runId == null ? labels.problem() : "run " + runId + ": " + labels.problem());
        }
    }

    /**
     * Groups of cases, and what could not be read for them.
     *
     * @param groups the groups, by name, the one of cases without a dataset or tag last
     * @param notes one line per run whose results.json could not be read (its cases then count as without tags)
     */
    public record Grouped(List<CaseGroup> groups, List<String> notes) {
        public Grouped {
            groups = List.copyOf(groups);
            notes = List.copyOf(notes);
        }
    }

    /**
     * Reads two sides at once: the candidate on the executor, the base on the calling thread.
     *
     * @return the base's tally and the candidate's; a failure of either is thrown here as it was thrown
     */
    public RunTally[] readBoth(Supplier<RunTally> base, Supplier<RunTally> candidate) {
        CompletableFuture<RunTally> other = CompletableFuture.supplyAsync(candidate, background);
        RunTally first = base.get();
        return new RunTally[] {first, joined(other)};
    }

    /**
     * The sides read whole (their trials' traces, for the means) where {@code baseAgain} /
     * {@code candidateAgain}, the two at once; the others as read first.
     *
     * @param baseDir the base's run folder
     * @param candidateDir the candidate's run folder (the same folder for one run's variants)
     * @param first the tallies read first, base and candidate
     * @param keepRecords whether the tallies keep their trials
     */
    public RunTally[] readWhole(
            Path baseDir,
            Path candidateDir,
            RunTally[] first,
            boolean baseAgain,
            boolean candidateAgain,
            boolean keepRecords) {
        boolean oneRun = baseDir.equals(candidateDir);
        CompletableFuture<RunTally> candidateWhole = oneRun || !candidateAgain
                ? null
                : CompletableFuture.supplyAsync(() -> RunTally.read(reader, candidateDir, keepRecords), background);
        RunTally baseWhole =
                baseAgain || oneRun && candidateAgain ? RunTally.read(reader, baseDir, keepRecords) : first[0];
        return new RunTally[] {
            baseWhole, oneRun ? baseWhole : candidateWhole == null ? first[1] : joined(candidateWhole)
        };
    }

    /**
     * What a comparison of these sides says before its figures.
     *
     * @param base the base run's tally
     * @param candidate the candidate run's tally, or null when one run's variants are compared
     * @param baselineUsed for one run: whether its baseline is a side (then a run.json that could
     *     not be read also says how the baseline was taken)
     */
    public static Notes notes(RunTally base, RunTally candidate, boolean baselineUsed) {
        List<String> runJson = new ArrayList<>();
        List<String> unfinished = new ArrayList<>();
        add(runJson, base.runJsonNote(candidate == null && baselineUsed));
        if (candidate != null) {
            add(runJson, candidate.runJsonNote(false));
        }
        add(unfinished, base.unfinishedNote());
        if (candidate != null) {
            add(unfinished, candidate.unfinishedNote());
        }
        return new Notes(runJson, unfinished);
    }

    /**
     * The notes of a comparison.
     *
     * @param runJson one line per run whose run.json could not be read
     * @param unfinished one line per run not finished or partial
     */
    public record Notes(List<String> runJson, List<String> unfinished) {
        public Notes {
            runJson = List.copyOf(runJson);
            unfinished = List.copyOf(unfinished);
        }

        /** Every line, run.json's first. */
        public List<String> all() {
            List<String> all = new ArrayList<>(runJson);
            all.addAll(unfinished);
            return all;
        }
    }

    /** True when both compare the same cases with the same changes and the same counts of trials, graded and passed. */
    public static boolean sameCases(Comparison a, Comparison b) {
        if (a == null || b == null || a.cases().size() != b.cases().size()) {
            return false;
        }
        for (int i = 0; i < a.cases().size(); i++) {
            CaseComparison x = a.cases().get(i);
            CaseComparison y = b.cases().get(i);
            if (!x.caseId().equals(y.caseId())
                    || x.change() != y.change()
                    || !sameTally(x.base(), y.base())
                    || !sameTally(x.candidate(), y.candidate())) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameTally(CaseTally x, CaseTally y) {
        if (x == null || y == null) {
            return x == y;
        }
        return x.trials() == y.trials() && x.graded() == y.graded() && x.passed() == y.passed();
    }

    /** A side read on another thread; its failure is thrown here as it was thrown there. */
    public static RunTally joined(CompletableFuture<RunTally> read) {
        try {
            return read.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    private static void add(List<String> lines, String line) {
        if (line != null) {
            lines.add(line);
        }
    }
}
