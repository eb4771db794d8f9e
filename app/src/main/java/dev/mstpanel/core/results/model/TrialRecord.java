package dev.mstpanel.core.results.model;

import java.nio.file.Path;
import java.util.List;

/**
 * One trial of a run as the panel lists it: immutable, small (the trace's events are not kept).
 *
 * @param key where it lives on disk
 * @param evalName the eval's name
 * @param runId the run's id ({@code 20261007T182504Z-7f3c2a})
 * @param runDir the run folder
 * @param variant the variant's name (decoded)
 * @param caseId the case id: from the trace when readable, else decoded from its folder
 * @param caseIdCut true when the case id is only the decoded prefix of a cut folder name
 * @param datasetName the dataset, or null
 * @param durationMs how long the trial ran in milliseconds, or null
 * @param status the status (see {@link TrialStatus})
 * @param error the trace's {@code error}, or null
 * @param gradingError the trace's {@code gradingError}, or null
 * @param failureKind {@code clientDiagnostics.failureKind}, or null
 * @param scores one per grader, sorted by grader
 * @param traceFile the trace file, or null when there is none
 * @param artifactsDir where the trial's artifacts (and failure diagnosis) are or would be
 * @param problem why a file of this trial could not be read or is missing, or null
 * @param toolCalls the number of {@code tool_call} events in the trace (docs/dev/mst-format.md, Trace), 0 when unread
 * @param toolErrors the number of events with {@code isError} true
 * @param failedTool the first event with {@code isError} true as {@code server · name} (or the name alone), or null
 * @param usage tokens, cost and MCP calls the trial file records ({@link TrialUsage#NONE} when unread)
 * @param why the {@link #problem} with its kind, which code decides by (the sentence is for people); null when there is no problem
 */
public record TrialRecord(
        TrialKey key,
        String evalName,
        String runId,
        Path runDir,
        String variant,
        String caseId,
        boolean caseIdCut,
        String datasetName,
        Long durationMs,
        TrialStatus status,
        String error,
        String gradingError,
        String failureKind,
        List<ScoreRecord> scores,
        Path traceFile,
        Path artifactsDir,
        String problem,
        int toolCalls,
        int toolErrors,
        String failedTool,
        TrialUsage usage,
        Problem why) {

    public TrialRecord {
        scores = List.copyOf(scores);
        usage = usage == null ? TrialUsage.NONE : usage;
        // one truth: a typed problem gives the sentence; a sentence alone is a problem of no particular kind
        why = why != null ? why : Problem.other(problem);
        problem = why == null ? null : why.sentence();
    }

    /** A trial whose problem, if any, is of no particular kind ({@link Problem.Kind#OTHER}). */
    public TrialRecord(
            TrialKey key,
            String evalName,
            String runId,
            Path runDir,
            String variant,
            String caseId,
            boolean caseIdCut,
            String datasetName,
            Long durationMs,
            TrialStatus status,
            String error,
            String gradingError,
            String failureKind,
            List<ScoreRecord> scores,
            Path traceFile,
            Path artifactsDir,
            String problem,
            int toolCalls,
            int toolErrors,
            String failedTool,
            TrialUsage usage) {
        this(
                key,
                evalName,
                runId,
                runDir,
                variant,
                caseId,
                caseIdCut,
                datasetName,
                durationMs,
                status,
                error,
                gradingError,
                failureKind,
                scores,
                traceFile,
                artifactsDir,
                problem,
                toolCalls,
                toolErrors,
                failedTool,
                usage,
                null);
    }

    /** A trial whose usage was not read ({@link TrialUsage#NONE}). */
    public TrialRecord(
            TrialKey key,
            String evalName,
            String runId,
            Path runDir,
            String variant,
            String caseId,
            boolean caseIdCut,
            String datasetName,
            Long durationMs,
            TrialStatus status,
            String error,
            String gradingError,
            String failureKind,
            List<ScoreRecord> scores,
            Path traceFile,
            Path artifactsDir,
            String problem,
            int toolCalls,
            int toolErrors,
            String failedTool) {
        this(
                key,
                evalName,
                runId,
                runDir,
                variant,
                caseId,
                caseIdCut,
                datasetName,
                durationMs,
                status,
                error,
                gradingError,
                failureKind,
                scores,
                traceFile,
                artifactsDir,
                problem,
                toolCalls,
                toolErrors,
                failedTool,
                TrialUsage.NONE);
    }

    /** A trial whose trace's events were not counted (no tool calls known). */
    public TrialRecord(
            TrialKey key,
            String evalName,
            String runId,
            Path runDir,
            String variant,
            String caseId,
            boolean caseIdCut,
            String datasetName,
            Long durationMs,
            TrialStatus status,
            String error,
            String gradingError,
            String failureKind,
            List<ScoreRecord> scores,
            Path traceFile,
            Path artifactsDir,
            String problem) {
        this(
                key,
                evalName,
                runId,
                runDir,
                variant,
                caseId,
                caseIdCut,
                datasetName,
                durationMs,
                status,
                error,
                gradingError,
                failureKind,
                scores,
                traceFile,
                artifactsDir,
                problem,
                0,
                0,
                null);
    }

    /**
     * The same trial named by this eval and run (a cached trial of a run folder that was renamed or
     * copied): one new record, the scores list shared; {@code this} when both names are already these.
     */
    public TrialRecord withNames(String evalName, String runId) {
        if (evalName.equals(this.evalName) && runId.equals(this.runId)) {
            return this;
        }
        return copy(evalName, runId, scores, why);
    }

    /** The same trial with these scores (copied when not already an unmodifiable list; see {@link List#copyOf}). */
    public TrialRecord withScores(List<ScoreRecord> scores) {
        return copy(evalName, runId, scores, why);
    }

    /**
     * The same trial with a sentence added to its {@link #problem()} after a space (the problem itself
     * when it had none): e.g. why a second file of it was not read.
     */
    public TrialRecord withNote(String note) {
        return copy(evalName, runId, scores, why == null ? Problem.other(note) : why.withNote(note));
    }

    /**
     * This trial with the components the withers change: the one place that lists them all (the problem's sentence
     * comes from {@code why}).
     */
    private TrialRecord copy(String evalName, String runId, List<ScoreRecord> scores, Problem why) {
        return new TrialRecord(
                key,
                evalName,
                runId,
                runDir,
                variant,
                caseId,
                caseIdCut,
                datasetName,
                durationMs,
                status,
                error,
                gradingError,
                failureKind,
                scores,
                traceFile,
                artifactsDir,
                null,
                toolCalls,
                toolErrors,
                failedTool,
                usage,
                why);
    }

    /** What is wrong with the trial's trace, for code: {@link Problem.Kind#OTHER} for any other problem, null when none. */
    public Problem.Kind problemKind() {
        return why == null ? null : why.kind();
    }

    /** The short cause of a failure ({@link FailureCause#of(TrialRecord)}), or null when it did not fail. */
    public String cause() {
        return FailureCause.of(this);
    }

    /** The 0-based trial number, as in MST's files ({@code traces/<variant>/<caseId>/<trial>.json}; docs/dev/mst-format.md, Results). */
    public int trial() {
        return key.trial();
    }

    /**
     * The trial number people read: 1-based, as MST's live lines print it ({@code refund-order #2};
     * docs/dev/mst-format.md, Output). Everything a person reads uses it; {@code trials --json} keeps {@link #trial()}.
     */
    public int number() {
        return key.trial() + 1;
    }

    /** How a person reads the trial: {@code "<case> #<number>"}, e.g. {@code refund-order #2}. */
    public String label() {
        return caseDisplay() + " #" + number();
    }

    /** The case id for display: "…" marks a cut one. */
    public String caseDisplay() {
        return caseIdCut ? caseId + "…" : caseId;
    }

    /**
     * The one-line reason this trial did not pass, or null: for an {@link TrialStatus#UNREADABLE} trial the problem
     * reading it (a score file that could not be read is why its row says so, not the trial's own error); else the error,
     * else the grading error, else the failure kind, else the problem reading it, else the first failing score's reasoning.
     */
    public String message() {
        if (status == TrialStatus.UNREADABLE && problem != null) {
            return problem;
        }
        if (error != null) {
            return error;
        }
        if (gradingError != null) {
            return "Grading failed: " + gradingError;
        }
        if (failureKind != null) {
            return "Failure kind: " + failureKind;
        }
        if (problem != null) {
            return problem;
        }
        for (ScoreRecord s : scores) {
            if (Boolean.FALSE.equals(s.pass())) {
                return s.grader() + " did not pass" + (s.reasoning() == null ? "" : ": " + s.reasoning());
            }
        }
        return null;
    }

    /**
     * True when the trial's trace itself could not be read or parsed: unreadable for a reason other than its
     * scores' (a trial unreadable only because a score file is has a whole trace).
     */
    public boolean traceUnreadable() {
        return status == TrialStatus.UNREADABLE && !java.util.Objects.equals(problem, TrialStatus.scoreProblem(scores));
    }
}
