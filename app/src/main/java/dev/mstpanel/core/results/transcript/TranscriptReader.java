package dev.mstpanel.core.results.transcript;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.files.AccessHint;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.files.SpecialFile;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.FailureCause;
import dev.mstpanel.core.results.model.Problem;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.PromptIndex;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Reads one trial's transcript (docs/dev/mst-format.md, Trace): every event of its {@code trace}, the final
 * answer, usage and errors, the fields MST keeps beside the trace, and the case's prompt from the
 * run's {@code results.json}. Called when a trial is opened, never while a run lists: the listing
 * ({@link ResultsReader}) skips the events.
 *
 * <p>Streamed ({@link TranscriptParser}): an event's arguments and unknown fields become small trees, its output text is cut
 * to the reader's output limit (the whole length is kept). Nothing unknown is dropped: an unknown
 * event kind is an event like the others, an unknown field goes to the event's {@code extra}, and a
 * trace that is not an object, events that are not an array or an event that is not an object are
 * said in {@link Transcript#problems()}. Thread-safe; results.json is read once per run folder and
 * kept while its modification time stays the same. A long trace's first events can be handed over
 * before the rest is read ({@link Progress}), so a window shows its first rows at once.
 */
public final class TranscriptReader {
    /** The largest trace file opened as a transcript: 256 MiB. */
    public static final long MAX_TRACE_BYTES = 256L * 1024 * 1024;
    /** The output limit for a window: 1 MiB of text per event (more is cut, with a message). */
    public static final int WINDOW_OUTPUT_CHARS = 1 << 20;
    /** Where a trial's trace is (docs/dev/mst-format.md, Results), as said to a user who gave another file. */
    public static final String TRIAL_PATH = "<run>/traces/<variant>/<case>/<trial>.json";

    private final ObjectMapper mapper;
    private final TranscriptParser parser;
    private final Map<Path, CachedPrompts> prompts = new java.util.concurrent.ConcurrentHashMap<>();

    private record CachedPrompts(long modified, PromptIndex index) {}

    /**
     * @param outputLimitChars the longest output kept per event, in chars ({@link Integer#MAX_VALUE}: all)
     */
    public TranscriptReader(int outputLimitChars) {
        JsonFactory f = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(Integer.MAX_VALUE)
                        .build())
                .build();
        this.mapper = new ObjectMapper(f);
        this.parser = new TranscriptParser(mapper, outputLimitChars);
    }

    /** Events in the first hand-over at most ({@link Progress#first}): more than a window shows. */
    public static final int FIRST_EVENTS = 100;
    /** The first hand-over comes after this long of reading at most, in ms, even with fewer events. */
    public static final long FIRST_MS = 50;
    /** A trace of fewer bytes is only handed over whole: 512 KiB (read in a few tens of ms). */
    public static final long HAND_OVER_BYTES = 512 * 1024;
    /** Later hand-overs ({@link Progress#more}) come at most this often, in ms. */
    public static final long MORE_MS = 100;

    /**
     * Receives a long transcript's events while the rest of its trace is read, so a view can show its
     * first rows before the read ends (item 2: first rows within 300 ms). Called on the
     * reading thread, in file order; a trace under {@value #HAND_OVER_BYTES} bytes, or one that ends
     * before the first hand-over, gets no call, only the transcript
     * {@link #read(TrialRecord, Boolean, Progress)} returns.
     */
    public interface Progress {
        /**
         * The first events: after {@value #FIRST_EVENTS} events or {@value #FIRST_MS} ms of reading,
         * whichever comes first.
         *
         * @param head the trial, its prompt, the redacted flag and the first events; no final answer,
         *     usage, errors or problems yet; {@code failingIndex} is the first failed call among these
         *     events, or -1
         */
        void first(Transcript head);

        /**
         * The events read since the last call, at most every {@value #MORE_MS} ms; the events after the
         * last call are only in the transcript the read returns.
         *
         * @param events the next events in file order (their {@code index} follows the last one handed over)
         */
        void more(List<TranscriptEvent> events);
    }

    /** Thrown when a file is not a trial's trace; the message says what it is instead. */
    public static final class NotATrialException extends Exception {
        public NotATrialException(String message) {
            super(message);
        }
    }

    /**
     * Reads a trace file given by path (the {@code transcript} command): its trial is found from the
     * run folder around it ({@code <run>/traces/<variant>/<case>/<trial>.json}) when it is in one,
     * else from the file alone (status from the trace, no scores, no prompt).
     *
     * @throws NotATrialException when the file is absent, a folder, too large, not JSON or not a trial
     */
    public Transcript read(Path traceFile) throws NotATrialException {
        Path file = traceFile.toAbsolutePath().normalize();
        if (Files.isDirectory(file)) {
            throw new NotATrialException(traceFile + " is a folder: give a trial file, " + TRIAL_PATH);
        }
        Matcher m = RunLayout.TRIAL_FILE.matcher(String.valueOf(file.getFileName()));
        Path caseDir = file.getParent();
        Path variantDir = caseDir == null ? null : caseDir.getParent();
        Path traces = variantDir == null ? null : variantDir.getParent();
        // the trace's events are parsed while its trial is listed (run.json, scores, the file's top-level fields): two
        // passes over the same bytes side by side; a file that turns out not to be a trial's is dropped with its parse
        EarlyParse early = null;
        try {
            long size = Files.size(file);
            if (Files.isRegularFile(file) && size <= MAX_TRACE_BYTES) {
                early = new EarlyParse(
                        file,
                        size,
                        java.util.concurrent.CompletableFuture.supplyAsync(() -> parser.parse(file, size, null)));
            }
        } catch (IOException e) {
            // said as the listing finds it
        }
        TrialRecord trial;
        RunInfo run;
        boolean inRun = m.matches()
                && traces != null
                && RunLayout.TRACES.equals(String.valueOf(traces.getFileName()))
                && traces.getParent() != null;
        if (inRun) {
            Path runDir = traces.getParent();
            try (ResultsReader r = new ResultsReader()) {
                run = r.readRun(runDir);
                trial = r.readTrial(
                        run,
                        new TrialKey(
                                variantDir.getFileName().toString(),
                                caseDir.getFileName().toString(),
                                Integer.parseInt(m.group(1))));
            }
        } else {
            Path dir = file.getParent() == null ? file : file.getParent();
            run = RunInfo.unknown(dir);
            try (ResultsReader r = new ResultsReader()) {
                trial = r.readTraceFile(run, file);
            }
        }
        if (trial.status() == TrialStatus.MISSING && trial.traceFile() == null || !Files.exists(file)) {
            // a file behind a folder this user may not enter is there, not missing
            String denied = deniedOnTheWay(file);
            if (denied != null) {
                throw new NotATrialException(traceFile + " cannot be opened: " + denied);
            }
            if (traceFile.toString().indexOf('\uFFFD') >= 0) {
                // bytes that are not UTF-8 in a name: the JVM decoded them as U+FFFD, a path that is not the file's
                throw new NotATrialException(
                        traceFile + " has a file or folder name with bytes that are not UTF-8 (shown as \uFFFD), so the"
                                + " panel cannot open it: Java cannot name such a file. MST writes percent-encoded UTF-8 names; rename the folder"
                                + " or file to a UTF-8 name (for example with a shell's tab completion and mv) and give the new path.");
            }
            SpecialFile link = SpecialFile.of(file);
            if (link == SpecialFile.LINK_LOOP
                    || link == SpecialFile.DANGLING_LINK) { // there, as a link that leads nowhere
                throw new NotATrialException(
                        link.about(traceFile.toString()) + ": give a trial file, " + TRIAL_PATH + ".");
            }
            throw new NotATrialException(
                    "There is no file at " + traceFile + ": give a trial file, " + TRIAL_PATH + ".");
        }
        boolean wrongKind = trial.problemKind() == Problem.Kind.WRONG_KIND;
        if (trial.status() == TrialStatus.UNREADABLE
                        && trial.problem() != null
                        && trial.scores().stream()
                                .noneMatch(s -> trial.problem().equals(s.problem()))
                || wrongKind) {
            // a file where MST writes a trial's trace: what is wrong with it (it is the right file to give)
            Problem problem = trial.why();
            boolean unread = problem.kind() == Problem.Kind.UNREADABLE
                    || problem.kind() == Problem.Kind.DENIED
                    || problem.kind() == Problem.Kind.NOT_A_FILE;
            String why = unread ? problem.detail() : problem.sentence().replaceAll("\\.$", "");
            throw new NotATrialException(
                    inRun && !wrongKind
                            ? traceFile + " cannot be read as a trial's trace: " + Character.toLowerCase(why.charAt(0))
                                    + why.substring(1) + "."
                                    + (problem.kind() == Problem.Kind.DENIED
                                            ? " " + AccessHint.giveAccess(file) + "."
                                            : "")
                            : notATrial(traceFile, file, problem));
        }
        // outside a run's traces/ only the file says it is a trial: {} or a package.json is not one
        if (!inRun && trial.status() != TrialStatus.UNREADABLE && !parser.namesATrial(file)) {
            throw new NotATrialException(traceFile
                    + " is not a trial's trace: it is JSON, but has no \"kind\": \"trial\", no caseId and no trace. "
                    + "Give a trial file, " + TRIAL_PATH + ".");
        }
        return read(trial, run.redactStoredResponses(), null, early);
    }

    /**
     * Why a path that does not show as a file cannot be looked at, when a folder on the way stops this user: {@code The
     * folder DIR could not be read: permission denied. …} with the fix ({@link AccessHint}); null when it is simply absent.
     */
    private static String deniedOnTheWay(Path file) {
        try {
            Files.readAttributes(
                    file, java.nio.file.attribute.BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            return null;
        } catch (java.nio.file.AccessDeniedException e) {
            return AccessHint.denied("file", file, Path::toString, "");
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /**
     * The sentence for a file that is not a trial's trace: what it is instead, in words (no JSON
     * parser text), and the path to give ({@link #TRIAL_PATH}); for a run's {@code run.json}, the
     * run's own {@code traces/} folder.
     *
     * @param given the path as the user gave it
     * @param file the same path, absolute
     * @param problem what the listing said about the file
     */
    /** What a run's other JSON file is, in words ({@code " (it is the run's summary.json)"}), or "". */
    private static String whatItIs(Path file) {
        String name = String.valueOf(file.getFileName());
        if (name.equals(RunLayout.RUN_JSON)
                || name.equals(RunLayout.SUMMARY_JSON)
                || name.equals(RunLayout.RESULTS_JSON)) {
            return " (it is the run's " + name + ")";
        }
        for (Path p = file.getParent(); p != null; p = p.getParent()) {
            if (p.getFileName() != null
                    && p.getFileName().toString().equals(RunLayout.SCORES)
                    && p.getParent() != null
                    && Files.isRegularFile(p.getParent().resolve(RunLayout.RUN_JSON))) {
                return " (it is a score file)";
            }
        }
        return "";
    }

    /**
     * The trace a score file {@code <run>/scores/<grader>/<variant>/<case>/<trial>.json} scores, {@code
     * <run>/traces/<variant>/<case>/<trial>.json}, or null when the file is not one.
     */
    private static Path scoredTrace(Path file) {
        Path c = file.getParent();
        Path v = c == null ? null : c.getParent();
        Path g = v == null ? null : v.getParent();
        Path scores = g == null ? null : g.getParent();
        if (scores == null
                || scores.getFileName() == null
                || !scores.getFileName().toString().equals(RunLayout.SCORES)
                || scores.getParent() == null
                || !Files.isRegularFile(scores.getParent().resolve(RunLayout.RUN_JSON))) {
            return null;
        }
        return scores.getParent()
                .resolve(RunLayout.TRACES)
                .resolve(v.getFileName().toString())
                .resolve(c.getFileName().toString())
                .resolve(file.getFileName().toString());
    }

    public static String notATrial(Path given, Path file, Problem problem) {
        String detail = problem.detail().replaceAll("\\.$", "");
        String why = switch (problem.kind()) {
            case NOT_JSON -> "it is not JSON";
            case READER_LIMIT -> "it" + detail + " (a limit of the panel's reader: the JSON itself may be valid)";
            case NOT_AN_OBJECT -> "it is JSON, but not an object";
            case WRONG_KIND -> "its kind is \"" + problem.detail() + "\", not \"trial\"" + whatItIs(file);
            case EMPTY -> "it is empty (0 bytes; it may still be being written)";
            case ONLY_WHITESPACE -> "it holds only whitespace, no JSON (it may still be being written)";
            case CUT_SHORT ->
                "it ends before the JSON does (" + detail
                        + " bytes; it may still be being written, or the disk filled up)";
            case NOT_A_FILE -> detail; // not opened, by choice: no "could not be read"
            case UNREADABLE, DENIED -> "it could not be read (" + detail + ")";
            case TOO_LARGE, OTHER ->
                Character.toLowerCase(problem.sentence().charAt(0))
                        + problem.sentence().substring(1).replaceAll("\\.$", "");
        };
        Path dir = file.getParent();
        Path scored = scoredTrace(file);
        String give = scored != null
                ? "The trace it scores is " + scored + "."
                : dir != null && Files.isDirectory(dir.resolve(RunLayout.TRACES))
                        ? "This run's trials are in " + dir.resolve(RunLayout.TRACES)
                                + "/<variant>/<case>/<trial>.json."
                        : "Give a trial file, " + TRIAL_PATH + ".";
        return given + " is not a trial's trace: " + why + ". " + give;
    }

    /**
     * Reads the transcript of a listed trial. Blocking disk work: call off the UI thread. Never
     * throws: what cannot be read is in {@link Transcript#problems()}.
     *
     * @param trial the trial as listed
     * @param redactedRun the run's {@code redactStoredResponses}, or null when unknown
     */
    public Transcript read(TrialRecord trial, Boolean redactedRun) {
        return read(trial, redactedRun, null);
    }

    /**
     * Reads the transcript of a listed trial, handing its first events over while the rest is read.
     * Blocking disk work: call off the UI thread. Never throws: what cannot be read is in
     * {@link Transcript#problems()}.
     *
     * @param trial the trial as listed
     * @param redactedRun the run's {@code redactStoredResponses}, or null when unknown
     * @param progress gets the first events and the next ones as they are read, or null
     * @return the whole transcript (every event, also those handed over)
     */
    public Transcript read(TrialRecord trial, Boolean redactedRun, Progress progress) {
        return read(trial, redactedRun, progress, null);
    }

    private Transcript read(TrialRecord trial, Boolean redactedRun, Progress progress, EarlyParse early) {
        List<String> problems = new ArrayList<>();
        boolean redacted = Boolean.TRUE.equals(redactedRun);
        String prompt = null;
        String promptNote = null;
        if (trial.runDir() != null && Files.isRegularFile(trial.runDir().resolve(RunLayout.RUN_JSON))
                || trial.runDir() != null && Files.exists(trial.runDir().resolve(RunLayout.RESULTS_JSON))) {
            PromptIndex idx = prompts(trial.runDir());
            prompt = idx.prompt(trial.variant(), trial.caseId());
            promptNote = prompt != null
                    ? null
                    : idx.problem() != null
                            ? idx.problem()
                            : "results.json has no case \"" + trial.caseId() + "\" for variant " + trial.variant()
                                    + ", so the prompt is not shown.";
        }
        Path file = trial.traceFile();
        if (file == null) {
            problems.add("This trial has no trace file, so there is no transcript.");
            return empty(trial, prompt, promptNote, redacted, problems);
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            problems.add("The trace could not be read: " + ResultsFiles.why(e));
            return empty(trial, prompt, promptNote, redacted, problems);
        }
        if (size > MAX_TRACE_BYTES) {
            problems.add("The trace is " + ByteSize.human(size) + ", more than the " + ByteSize.human(MAX_TRACE_BYTES)
                    + " the panel opens as a transcript. Open " + file + " with a tool for large files.");
            return empty(trial, prompt, promptNote, redacted, problems);
        }
        try {
            ResultsFiles.requireRegularFile(file);
        } catch (NoSuchFileException e) {
            // said below, as for a file gone while it is read
        } catch (IOException e) {
            problems.add("The trace " + file + " is not read: " + e.getMessage() + ".");
            return empty(trial, prompt, promptNote, redacted, problems);
        }
        HandOver handOver = null;
        if (progress != null && size >= HAND_OVER_BYTES) {
            String pr = prompt;
            String note = promptNote;
            handOver = new HandOver(
                    progress, events -> Transcript.partial(trial, pr, note, events, redacted, firstFailed(events)));
        }
        TranscriptParser.Parsed p = early != null && early.file.equals(file) && early.size == size
                ? early.parsed.join()
                : parser.parse(file, size, handOver == null ? null : handOver::added);
        problems.addAll(p.problems);
        int failing = failingIndex(p.events, trial);
        String failedTool = null;
        for (TranscriptEvent e : p.events) {
            if (e.failed()) {
                failedTool = e.title();
                break;
            }
        }
        String cause = FailureCause.of(
                trial.status(),
                trial.failureKind(),
                trial.error(),
                trial.gradingError(),
                trial.problem(),
                trial.scores(),
                failedTool);
        return new Transcript(
                trial,
                prompt,
                promptNote,
                p.events,
                p.finalText,
                p.usage,
                p.clientUsage,
                p.traceError,
                p.evidence,
                p.traceEvidence,
                p.skillLoads,
                p.claudeStartup,
                redacted,
                failing,
                p.extra,
                problems,
                cause);
    }

    /** A trace's parse started before its trial was listed ({@link #read(Path)}). */
    private record EarlyParse(
            Path file, long size, java.util.concurrent.CompletableFuture<TranscriptParser.Parsed> parsed) {}

    private Transcript empty(
            TrialRecord trial, String prompt, String promptNote, boolean redacted, List<String> problems) {
        return new Transcript(
                trial,
                prompt,
                promptNote,
                List.of(),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                redacted,
                -1,
                Map.of(),
                problems,
                FailureCause.of(trial));
    }

    /**
     * The call where the trial went wrong: the first with {@code isError} true; else, for a trial that
     * timed out (failure kind {@code timeout}, or an error saying so), the last call before the
     * timeout; else -1.
     */
    static int failingIndex(List<TranscriptEvent> events, TrialRecord trial) {
        for (TranscriptEvent e : events) {
            if (e.failed()) {
                return e.index();
            }
        }
        boolean timeout = "timeout".equals(trial.failureKind())
                || trial.error() != null
                        && trial.error().toLowerCase(java.util.Locale.ROOT).matches("(?s).*\\btimed? ?out\\b.*");
        if (timeout) {
            for (int i = events.size() - 1; i >= 0; i--) {
                String k = events.get(i).kind();
                if ("tool_call".equals(k) || "command".equals(k) || "subagent".equals(k)) {
                    return i;
                }
            }
            return events.isEmpty() ? -1 : events.size() - 1;
        }
        return -1;
    }

    private PromptIndex prompts(Path runDir) {
        long modified = ResultsFiles.modified(runDir.resolve(RunLayout.RESULTS_JSON));
        CachedPrompts c = prompts.get(runDir);
        if (c != null && c.modified() == modified) {
            return c.index();
        }
        PromptIndex idx = PromptIndex.read(runDir, mapper);
        if (prompts.size() > 32) {
            prompts.clear(); // a few runs at a time are open; the prompts of many runs are not kept
        }
        prompts.put(runDir, new CachedPrompts(modified, idx));
        return idx;
    }

    private static int firstFailed(List<TranscriptEvent> events) {
        for (TranscriptEvent e : events) {
            if (e.failed()) {
                return e.index();
            }
        }
        return -1;
    }

    /** Hands the events over to a {@link Progress} as they are read: the first ones, then batches at most every {@link #MORE_MS}. */
    private static final class HandOver {
        private final Progress progress;
        private final java.util.function.Function<List<TranscriptEvent>, Transcript> head;
        private final long start = System.nanoTime();
        private long last;
        private int given;

        HandOver(Progress progress, java.util.function.Function<List<TranscriptEvent>, Transcript> head) {
            this.progress = progress;
            this.head = head;
        }

        /** Called after each event is added. */
        void added(List<TranscriptEvent> events) {
            int n = events.size();
            if (given == 0) {
                // the clock is read every 8 events: cheap next to parsing one
                if (n >= FIRST_EVENTS || (n & 7) == 0 && System.nanoTime() - start >= FIRST_MS * 1_000_000L) {
                    progress.first(head.apply(events));
                    given = n;
                    last = System.nanoTime();
                }
            } else if ((n & 31) == 0 && System.nanoTime() - last >= MORE_MS * 1_000_000L) {
                progress.more(List.copyOf(events.subList(given, n)));
                given = n;
                last = System.nanoTime();
            }
        }
    }
}
