package dev.mstpanel.core.results.model;

import java.nio.file.Path;
import java.util.List;

/**
 * A run's {@code run.json}, as far as it could be read (MST's run format; docs/dev/mst-format.md, Results). Every field but {@code dir}, {@code evalName} and {@code runId} may be null.
 *
 * @param dir the run folder
 * @param evalName {@code evalName}, else the eval folder's name
 * @param runId {@code runId}, else the run folder's name
 * @param createdAt ISO-8601 text as written
 * @param finishedAt ISO-8601 text as written
 * @param mstVersion {@code mst.version}
 * @param runner {@code environment.name} (e.g. {@code docker})
 * @param shards {@code environment.shards}
 * @param keep {@code environment.keep} ({@code never}, {@code failed}, {@code always})
 * @param collectPhase {@code phases.collect}: complete, partial, skipped or failed
 * @param gradePhase {@code phases.grade}
 * @param partial {@code partial}
 * @param redactStoredResponses {@code redactStoredResponses}: true means no failure diagnosis is kept
 * @param variants the names in {@code variants[]}
 * @param problem what is wrong with {@code run.json}, as a sentence for the run's header: why it could not be
 *        read, or that it was copied from another run; null when nothing is
 * @param runJsonUnread why {@code run.json} was not read, in a few words for after "could not be read: " ({@code it
 *        is not valid JSON at line 1, column 1}, {@code it is empty}, {@code permission denied}); null when it was
 *        read (a run.json copied from another run is read: its {@code problem} says so, this is null). When set,
 *        the run id is the folder's name and the variants come from the {@code traces/} folders, so the baseline
 *        is the first variant folder
 * @param variantClients each variant's {@code client} as {@code variants[]} in run.json records it (variant name to
 *        client), empty when not recorded
 * @param problemKind what {@code problem} is about, for code; null when there is no problem
 */
public record RunInfo(
        Path dir,
        String evalName,
        String runId,
        String createdAt,
        String finishedAt,
        String mstVersion,
        String runner,
        Integer shards,
        String keep,
        String collectPhase,
        String gradePhase,
        Boolean partial,
        Boolean redactStoredResponses,
        List<String> variants,
        String problem,
        String runJsonUnread,
        java.util.Map<String, String> variantClients,
        ProblemKind problemKind) {

    /** The start of {@link #problem()} when the run.json found names another run than its folder (a copied run). */
    public static final String COPIED = "run.json names another run";

    /** What is wrong with a run's files, for code: the {@code problem} sentence is for people and is never read back. */
    public enum ProblemKind {
        /** There is no run.json (yet). */
        RUN_JSON_MISSING,
        /** run.json is there but could not be read or parsed ({@link #runJsonUnread()} says why). */
        RUN_JSON_UNREAD,
        /** run.json was read but names another run than its folder: it was copied from that run. */
        RUN_JSON_COPIED,
        /** The run folder, or a folder above it, cannot be read: nothing of the run is known. */
        FOLDER_UNREADABLE,
        /** Any other problem. */
        OTHER
    }

    public RunInfo {
        variantClients = variantClients == null
                ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variantClients));
        problemKind = problem == null
                ? null
                : problemKind != null
                        ? problemKind
                        : runJsonUnread != null ? ProblemKind.RUN_JSON_UNREAD : ProblemKind.OTHER;
    }

    /** A run read with its variants' clients, its problem's kind told by {@code runJsonUnread} ({@link ProblemKind#RUN_JSON_UNREAD} or {@link ProblemKind#OTHER}). */
    public RunInfo(
            Path dir,
            String evalName,
            String runId,
            String createdAt,
            String finishedAt,
            String mstVersion,
            String runner,
            Integer shards,
            String keep,
            String collectPhase,
            String gradePhase,
            Boolean partial,
            Boolean redactStoredResponses,
            List<String> variants,
            String problem,
            String runJsonUnread,
            java.util.Map<String, String> variantClients) {
        this(
                dir,
                evalName,
                runId,
                createdAt,
                finishedAt,
                mstVersion,
                runner,
                shards,
                keep,
                collectPhase,
                gradePhase,
                partial,
                redactStoredResponses,
                variants,
                problem,
                runJsonUnread,
                variantClients,
                null);
    }

    /**
     * A run of which nothing but its names is known: its run.json could not be read ({@code unread} says why, for after
     * "run.json: "), or its folder cannot be read.
     *
     * @param problem the sentence people read
     * @param kind what is wrong, for code
     */
    public static RunInfo unread(
            Path dir, String evalName, String runId, String problem, ProblemKind kind, String unread) {
        return new RunInfo(
                dir,
                evalName,
                runId,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                problem,
                unread,
                java.util.Map.of(),
                kind);
    }

    /** A trace's run that is not known at all (a trial file given outside a run folder): no names, no problem. */
    public static RunInfo unknown(Path dir) {
        return new RunInfo(dir, "", "", null, null, null, null, null, null, null, null, null, null, List.of(), null);
    }

    /** True when the run folder, or a folder above it, cannot be read, so nothing of the run is known (not "live", not "not finished"). */
    public boolean folderUnreadable() {
        return problemKind == ProblemKind.FOLDER_UNREADABLE;
    }

    /** A run read without its variants' clients. */
    public RunInfo(
            Path dir,
            String evalName,
            String runId,
            String createdAt,
            String finishedAt,
            String mstVersion,
            String runner,
            Integer shards,
            String keep,
            String collectPhase,
            String gradePhase,
            Boolean partial,
            Boolean redactStoredResponses,
            List<String> variants,
            String problem,
            String runJsonUnread) {
        this(
                dir,
                evalName,
                runId,
                createdAt,
                finishedAt,
                mstVersion,
                runner,
                shards,
                keep,
                collectPhase,
                gradePhase,
                partial,
                redactStoredResponses,
                variants,
                problem,
                runJsonUnread,
                java.util.Map.of());
    }

    /** A run whose run.json was read (or is not known to be broken): {@link #runJsonUnread()} null. */
    public RunInfo(
            Path dir,
            String evalName,
            String runId,
            String createdAt,
            String finishedAt,
            String mstVersion,
            String runner,
            Integer shards,
            String keep,
            String collectPhase,
            String gradePhase,
            Boolean partial,
            Boolean redactStoredResponses,
            List<String> variants,
            String problem) {
        this(
                dir,
                evalName,
                runId,
                createdAt,
                finishedAt,
                mstVersion,
                runner,
                shards,
                keep,
                collectPhase,
                gradePhase,
                partial,
                redactStoredResponses,
                variants,
                problem,
                null);
    }

    /**
     * When the run started, the one rule for every place that orders or places runs in time (the trend, the
     * Compare pickers, the run header): {@code run.json}'s {@code createdAt} (ISO-8601, docs/dev/mst-format.md, Results) when it
     * parses, else the UTC time at the start of the run id (MST's {@code RUN_ID_PATTERN}, docs/dev/mst-format.md, Results:
     * {@code 20261007T182504Z-7f3c2a} started at 2026-10-07T18:25:04Z), else null (a folder named otherwise and
     * no readable run.json).
     */
    /**
     * The one order of runs in time, wherever "latest" or "previous" is meant (the navigator's latest run, "Compare
     * with the previous run", the trend): by {@link #startedAt()}, a run with no time last, then by run id (the navigator and the previous run went by run id while the trend went by createdAt).
     */
    /** True when run.json was read but names another run than its folder: it was copied from that run ({@code problem} says so). */
    public boolean runJsonCopied() {
        return problemKind == ProblemKind.RUN_JSON_COPIED;
    }

    public static final java.util.Comparator<RunInfo> BY_START =
            java.util.Comparator.<RunInfo, java.time.Instant>comparing(
                            RunInfo::startedAt, java.util.Comparator.nullsLast(java.util.Comparator.naturalOrder()))
                    .thenComparing(RunInfo::runId, java.util.Comparator.nullsLast(java.util.Comparator.naturalOrder()));

    public java.time.Instant startedAt() {
        return startedAt(createdAt, runId);
    }

    /**
     * {@link #startedAt()} for a person: {@code createdAt} as written when it parses, else the run id's time with
     * its source ({@code 2026-10-07T18:25:04Z (from its run id)}), else null.
     */
    public String startedText() {
        java.time.Instant at = startedAt();
        if (at == null) {
            return null;
        }
        return startedAt(createdAt, null) != null ? createdAt.trim() : at + " (from its run id)";
    }

    /**
     * {@link #startedAt()} of a {@code createdAt} text and a run id, either null.
     *
     * @return the instant, or null when neither gives one
     */
    public static java.time.Instant startedAt(String createdAt, String runId) {
        if (createdAt != null && !createdAt.isBlank()) {
            try {
                return java.time.OffsetDateTime.parse(createdAt.trim()).toInstant();
            } catch (java.time.format.DateTimeParseException ignored) {
                // the run id's time below
            }
        }
        if (runId != null && runId.length() >= 16 && runId.charAt(8) == 'T' && runId.charAt(15) == 'Z') {
            try {
                return java.time.LocalDateTime.parse(
                                runId.substring(0, 15),
                                java.time.format.DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss"))
                        .toInstant(java.time.ZoneOffset.UTC);
            } catch (java.time.format.DateTimeParseException ignored) {
                return null;
            }
        }
        return null;
    }

    /** The 6-hex short id MST accepts for {@code --resume}, or the whole id when it has none. */
    public String shortId() {
        int dash = runId.lastIndexOf('-');
        if (dash < 0) {
            return runId;
        }
        String tail = runId.substring(dash + 1);
        int dot = tail.indexOf('.');
        return dot < 0 ? tail : tail.substring(0, dot);
    }

    /**
     * True when MST marked the run partial: {@code partial: true}, or {@code phases.collect} is
     * {@code partial} (missing trials make it so; docs/dev/mst-format.md, Results).
     */
    public boolean isPartial() {
        return Boolean.TRUE.equals(partial) || "partial".equals(collectPhase);
    }

    /**
     * What to say about a partial run, or null when it is not partial: {@code "partial: 2 trials
     * missing"}, or just {@code "partial"} when the files do not tell how many are missing (MST
     * did not write a trace for them), never "0 missing".
     *
     * @param missingTrials the run's trials with status {@link TrialStatus#MISSING}
     */
    public String partialText(int missingTrials) {
        if (!isPartial()) {
            return null;
        }
        return missingTrials > 0
                ? "partial: " + missingTrials + (missingTrials == 1 ? " trial" : " trials") + " missing"
                : "partial";
    }

    /**
     * True when the run looks finished: {@code run.json} read and {@code finishedAt} set. A run.json read
     * with a problem of its own (copied from another run) still tells whether the run finished.
     */
    public boolean finished() {
        return runJsonUnread == null && finishedAt != null && !finishedAt.isBlank();
    }
}
