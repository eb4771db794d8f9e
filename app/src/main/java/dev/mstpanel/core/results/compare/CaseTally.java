package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.model.TrialRecord;
import java.util.List;

/**
 * One case of one variant of a run, counted: its trials, how many were graded (passed or failed;
 * infra, missing, ungraded and unreadable trials are left out) and how many passed.
 *
 * @param caseId the case id (decoded)
 * @param trials every trial of the case, graded or not
 * @param graded passed + failed trials
 * @param passed passed trials
 * @param infra infra trials (left out of the graded ones, like missing, ungraded and unreadable trials)
 * @param missing missing trials (no result), left out of the graded ones
 * @param ungraded trials not graded yet, left out of the graded ones (the rest left out are unreadable)
 * @param records the trials themselves, in trial order, or an empty list when they were not kept
 * @param dataset the dataset its trial files name ({@code datasetName}, docs/dev/mst-format.md, Results), the
 *     first one read; null when none names one
 */
public record CaseTally(
        String caseId,
        int trials,
        int graded,
        int passed,
        int infra,
        int missing,
        int ungraded,
        List<TrialRecord> records,
        String dataset) {
    public CaseTally {
        records = List.copyOf(records);
    }

    /** A case whose trials name no dataset. */
    public CaseTally(
            String caseId,
            int trials,
            int graded,
            int passed,
            int infra,
            int missing,
            int ungraded,
            List<TrialRecord> records) {
        this(caseId, trials, graded, passed, infra, missing, ungraded, records, null);
    }

    /** A case whose left-out trials other than infra ones are all missing. */
    public CaseTally(String caseId, int trials, int graded, int passed, int infra, List<TrialRecord> records) {
        this(caseId, trials, graded, passed, infra, Math.max(0, trials - graded - infra), 0, records);
    }

    /** The case's outcome (see {@link CaseOutcome}). */
    public CaseOutcome outcome() {
        return CaseOutcome.of(passed, graded);
    }

    /** passed ÷ graded, or null when no trial was graded. */
    public Double passFraction() {
        return graded == 0 ? null : (double) passed / graded;
    }

    /**
     * The case's counts as every face shows them (the compare command, the Compare screen, the exported
     * comparison): {@code 3/3}, {@code 1/1 · 1 infra}, {@code 0/0 · 2 missing}; the trials left out are said
     * by their status, never dropped.
     */
    public String countsText() {
        String leftOut = leftOutText();
        return passed + "/" + graded + (leftOut == null ? "" : " · " + leftOut);
    }

    /** The case's outcome and its counts: {@code pass 1/1 · 1 infra}, {@code no-result 0/0 · 2 missing}. */
    public String cellText() {
        return outcome().jsonName() + " " + countsText();
    }

    /**
     * The trials left out of the graded ones, by their status, in the words the trial list uses:
     * {@code 1 infra}, {@code 2 missing}, {@code 1 infra, 2 missing, 1 ungraded, 1 unreadable}; null when every
     * trial was graded. One word per status everywhere: a trial the list calls missing is not "not graded" here.
     */
    public String leftOutText() {
        return leftOutText(infra, missing, ungraded, trials - graded - infra - missing - ungraded);
    }

    /** {@link #leftOutText()} for any counts of trials (a case's, a variant's). */
    static String leftOutText(int infra, int missing, int ungraded, int unreadable) {
        StringBuilder b = new StringBuilder();
        int[] counts = {infra, missing, ungraded, unreadable};
        dev.mstpanel.core.results.model.TrialStatus[] statuses = {
            dev.mstpanel.core.results.model.TrialStatus.INFRA,
            dev.mstpanel.core.results.model.TrialStatus.MISSING,
            dev.mstpanel.core.results.model.TrialStatus.UNGRADED,
            dev.mstpanel.core.results.model.TrialStatus.UNREADABLE
        };
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                b.append(b.length() == 0 ? "" : ", ")
                        .append(counts[i])
                        .append(' ')
                        .append(statuses[i].jsonName());
            }
        }
        return b.length() == 0 ? null : b.toString();
    }
}
