package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.RunTally;
import java.util.concurrent.Executor;

/**
 * The Compare screen's reads of its two sides, apart from its state ({@link CompareViewModel}): the
 * whole read of the sides whose means are computed from their trials, the two at once; the check
 * that a whole read compares the same cases as the statuses' read; and the join of a side read on
 * another thread. Called on the reading threads.
 */
final class ComparisonReads {
    private ComparisonReads() {}

    /** The sides read whole where {@code baseAgain} / {@code candidateAgain}, the two at once; the others as read first. */
    static RunTally[] wholly(ResultsReader reader, Executor background, CompareSide b, CompareSide c, boolean oneRun, RunTally[] first, boolean baseAgain, boolean candidateAgain,
                              boolean keepRecords) {
        java.util.concurrent.CompletableFuture<RunTally> candidateWhole = oneRun || !candidateAgain ? null
                : java.util.concurrent.CompletableFuture.supplyAsync(() -> RunTally.read(reader, c.runDir(), keepRecords), background);
        RunTally baseWhole = baseAgain || oneRun && candidateAgain ? RunTally.read(reader, b.runDir(), keepRecords) : first[0];
        return new RunTally[] {baseWhole, oneRun ? baseWhole : candidateWhole == null ? first[1] : joined(candidateWhole)};
    }

    /** True when both compare the same cases with the same changes and the same counts of trials, graded and passed. */
    static boolean sameCases(Comparison a, Comparison b) {
        if (a == null || b == null || a.cases().size() != b.cases().size()) {
            return false;
        }
        for (int i = 0; i < a.cases().size(); i++) {
            CaseComparison x = a.cases().get(i);
            CaseComparison y = b.cases().get(i);
            if (!x.caseId().equals(y.caseId()) || x.change() != y.change() || !sameTally(x.base(), y.base())
                    || !sameTally(x.candidate(), y.candidate())) {
                return false;
            }
        }
        return true;
    }

    static boolean sameTally(dev.mstpanel.core.results.compare.CaseTally x, dev.mstpanel.core.results.compare.CaseTally y) {
        if (x == null || y == null) {
            return x == y;
        }
        return x.trials() == y.trials() && x.graded() == y.graded() && x.passed() == y.passed();
    }

    /** The candidate's tally read on another thread; its failure is thrown here as it was thrown there. */
    static RunTally joined(java.util.concurrent.CompletableFuture<RunTally> read) {
        try {
            return read.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

}
