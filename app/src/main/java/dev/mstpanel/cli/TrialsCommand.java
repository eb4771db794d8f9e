package dev.mstpanel.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.mstpanel.cli.output.CommandOutput;
import dev.mstpanel.cli.output.JsonOutput;
import dev.mstpanel.cli.output.OnePerLine;
import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.Location;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.search.UnsearchedTraces;
import dev.mstpanel.core.text.Texts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel trials PATH [--json] [--status LIST] [--grep TEXT]}: the trials of every run under a results
 * root, an eval folder or a run folder, with their status, error and failure diagnosis files. The
 * headless twin of the Results view. PATH may also be the eval's project folder: its
 * {@code .mcp-test-results/} is read. Exits 0 when it could read the folder, whatever the trials'
 * statuses; 1 when the path is not a folder or holds no runs, when no run folder could be read (permission denied) or
 * the output could not be written; 2 on a usage error. With {@code --json}, each trial's {@code diagnosis} is
 * {@code {screenshot, accessibility, logs[], system, problem}}: paths or null, and {@code problem} null unless the
 * diagnosis or part of it could not be read ({@link FailureDiagnosis#readProblem()}: which folder or file, and how to
 * fix it), so that "could not be read" is told from "none kept".
 */
@Command(
        name = "trials",
        mixinStandardHelpOptions = true,
        description =
                "List the trials of MST runs (a .mcp-test-results folder, an eval folder or a run folder) with status, error and failure diagnosis.")
public final class TrialsCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "PATH",
            description =
                    "The eval's project folder (holding .mcp-test-results), a results root (.mcp-test-results), an eval folder or a run folder.")
    Path path;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(
            names = "--status",
            paramLabel = "LIST",
            split = ",",
            description = "Only these statuses, a comma list of: passed, failed, infra, missing, ungraded, unreadable.")
    List<String> statuses;

    @Option(
            names = "--grep",
            paramLabel = "TEXT",
            description =
                    "Only the trials whose transcript (tool names, arguments, outputs, final answer, errors) contains TEXT, ignoring case.")
    String grep;

    @Override
    public Integer call() {
        if (path != null && path.toString().isEmpty()) { // an empty argument would be the current folder
            throw new CommandLine.ParameterException(
                    output.commandLine(),
                    "PATH is empty: give the eval's project folder, a results folder or a run folder.");
        }
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        Set<TrialStatus> keep = EnumSet.allOf(TrialStatus.class);
        if (statuses != null && !statuses.isEmpty()) {
            keep = EnumSet.noneOf(TrialStatus.class);
            for (String s : statuses) {
                if (s.isBlank()) {
                    continue;
                }
                try {
                    keep.add(TrialStatus.parse(s));
                } catch (IllegalArgumentException e) {
                    err.println("mst-panel trials: " + TerminalText.escape(e.getMessage()));
                    return 2;
                }
            }
            if (keep.isEmpty()) {
                err.println(
                        "mst-panel trials: --status needs at least one of: passed, failed, infra, missing, ungraded, unreadable.");
                return 2;
            }
        }
        if (grep != null && grep.indexOf('\uFFFD') >= 0) {
            // bytes that are not UTF-8 (a Latin-1 terminal): Java decoded them as U+FFFD, which no trace would hold
            err.println(
                    "mst-panel trials: the --grep text holds bytes that are not UTF-8 (the terminal's character set is not UTF-8?): type it in UTF-8.");
            return 2;
        }
        if (grep != null && grep.isBlank()) {
            err.println("mst-panel trials: --grep needs a text to look for.");
            return 2;
        }
        TranscriptQuery query = grep == null ? null : new TranscriptQuery(TranscriptQuery.Mode.TEXT, grep);
        ResultsReader reader = root.services().resultsReader();
        try {
            Location location;
            try {
                location = reader.locate(path.toAbsolutePath().normalize());
            } catch (ResultsException e) {
                err.println("mst-panel trials: " + TerminalText.escape(e.getMessage()));
                return 1;
            }
            for (String why :
                    location.unlisted()) { // said before the trials, so a listing without them is not taken for all
                err.println("mst-panel trials: " + TerminalText.escape(why));
            }
            if (location.runDirs().isEmpty()) {
                if (location.unlisted().isEmpty()) {
                    err.println("mst-panel trials: " + TerminalText.escape(ResultsReader.noRunsMessage(path)));
                }
                return 1;
            }
            if (output.json()) {
                // JSON is escaped for the terminal by its generator (TerminalJsonEscapes): not scanned a second time by
                // the guard
                printJson(output, reader, location, keep, query, err);
            } else {
                printTable(out, reader, location, keep, query, err);
            }
            // no run folder could be read (permission denied): no trial was, and a script must not take the empty list
            // for a run without trials
            String unreadable = null;
            for (Path runDir : location.runDirs()) {
                unreadable = ResultsReader.folderProblem(runDir);
                if (unreadable == null) {
                    return 0;
                }
            }
            err.println("mst-panel trials: no trial could be read: " + unreadable);
            return 1;
        } catch (IOException e) {
            return CommandOutput.notWritten(err, "trials", e);
        } catch (java.io.UncheckedIOException e) {
            return CommandOutput.notWritten(err, "trials", e.getCause());
        }
    }

    private static void printJson(
            OutputOptions output,
            ResultsReader reader,
            Location location,
            Set<TrialStatus> keep,
            TranscriptQuery query,
            PrintWriter err)
            throws IOException {
        JsonGenerator g = output.generator(new OnePerLine());
        g.writeStartArray();
        for (Path runDir : location.runDirs()) {
            reader.readAhead(runDir); // its cache of listed trials, while run.json is read here
            RunInfo run = reader.readRun(runDir);
            if (run.problem() != null) {
                err.println("warning: " + runDir + ": " + run.problem());
            }
            FailureDiagnosis.Finder diagnoses = FailureDiagnosis.finder(runDir, run.redactStoredResponses());
            UnsearchedTraces unsearched = new UnsearchedTraces();
            reader.readTrials(
                    run,
                    query,
                    batch -> {
                        try {
                            List<TrialRecord> kept = new java.util.ArrayList<>(batch.size());
                            for (TrialRecord t : batch) {
                                if (keep.contains(t.status())) {
                                    kept.add(t);
                                }
                            }
                            List<FailureDiagnosis> found = diagnosesOf(kept, diagnoses);
                            for (int i = 0; i < kept.size(); i++) {
                                writeTrial(g, kept.get(i), found.get(i));
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    },
                    unsearched,
                    diagnoses);
            warnUnsearched(err, runDir, unsearched);
        }
        g.writeEndArray();
        JsonOutput.end(g);
    }

    /**
     * The field names of a listed trial, encoded once (Jackson writes a name given this way as its
     * bytes, with no look at its characters: 10,000 trials write 240,000 names).
     */
    private static final class Fields {
        static final SerializedString EVAL = new SerializedString("eval");
        static final SerializedString RUN_ID = new SerializedString("runId");
        static final SerializedString VARIANT = new SerializedString("variant");
        static final SerializedString CASE_ID = new SerializedString("caseId");
        static final SerializedString CASE_ID_CUT = new SerializedString("caseIdCut");
        static final SerializedString TRIAL = new SerializedString("trial");
        static final SerializedString STATUS = new SerializedString("status");
        static final SerializedString ERROR = new SerializedString("error");
        static final SerializedString FAILURE_KIND = new SerializedString("failureKind");
        static final SerializedString GRADING_ERROR = new SerializedString("gradingError");
        static final SerializedString PROBLEM = new SerializedString("problem");
        static final SerializedString CAUSE = new SerializedString("cause");
        static final SerializedString TOOL_CALLS = new SerializedString("toolCalls");
        static final SerializedString TOOL_ERRORS = new SerializedString("toolErrors");
        static final SerializedString PATH = new SerializedString("path");
        static final SerializedString DURATION_MS = new SerializedString("durationMs");
        static final SerializedString SCORES = new SerializedString("scores");
        static final SerializedString GRADER = new SerializedString("grader");
        static final SerializedString PASS = new SerializedString("pass");
        static final SerializedString REASONING = new SerializedString("reasoning");
        static final SerializedString DIAGNOSIS = new SerializedString("diagnosis");
        static final SerializedString SCREENSHOT = new SerializedString("screenshot");
        static final SerializedString ACCESSIBILITY = new SerializedString("accessibility");
        static final SerializedString LOGS = new SerializedString("logs");
        static final SerializedString SYSTEM = new SerializedString("system");
    }

    /** A field with a string value, or null. */
    private static void field(JsonGenerator g, SerializedString name, String value) throws IOException {
        g.writeFieldName(name);
        g.writeString(value);
    }

    private static void writeTrial(JsonGenerator g, TrialRecord t, FailureDiagnosis d) throws IOException {
        g.writeStartObject();
        field(g, Fields.EVAL, t.evalName());
        field(g, Fields.RUN_ID, t.runId());
        field(g, Fields.VARIANT, t.variant());
        field(g, Fields.CASE_ID, t.caseId());
        g.writeFieldName(Fields.CASE_ID_CUT);
        g.writeBoolean(t.caseIdCut());
        g.writeFieldName(Fields.TRIAL);
        g.writeNumber(t.trial());
        field(g, Fields.STATUS, t.status().jsonName());
        field(
                g,
                Fields.ERROR,
                t.error() != null ? t.error() : t.gradingError() != null ? t.gradingError() : t.problem());
        field(g, Fields.FAILURE_KIND, t.failureKind());
        field(g, Fields.GRADING_ERROR, t.gradingError());
        field(g, Fields.PROBLEM, t.problem());
        field(g, Fields.CAUSE, t.cause());
        g.writeFieldName(Fields.TOOL_CALLS);
        g.writeNumber(t.toolCalls());
        g.writeFieldName(Fields.TOOL_ERRORS);
        g.writeNumber(t.toolErrors());
        field(g, Fields.PATH, t.traceFile() == null ? null : t.traceFile().toString());
        g.writeFieldName(Fields.DURATION_MS);
        if (t.durationMs() == null) {
            g.writeNull();
        } else {
            g.writeNumber(t.durationMs());
        }
        g.writeFieldName(Fields.SCORES);
        g.writeStartArray();
        for (ScoreRecord s : t.scores()) {
            g.writeStartObject();
            field(g, Fields.GRADER, s.grader());
            g.writeFieldName(Fields.PASS);
            if (s.pass() == null) {
                g.writeNull();
            } else {
                g.writeBoolean(s.pass());
            }
            field(g, Fields.REASONING, s.reasoning());
            field(g, Fields.PROBLEM, s.problem());
            field(g, Fields.PATH, s.file().toString());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeFieldName(Fields.DIAGNOSIS);
        g.writeStartObject();
        field(g, Fields.SCREENSHOT, str(d.screenshot()));
        field(g, Fields.ACCESSIBILITY, str(d.accessibility()));
        g.writeFieldName(Fields.LOGS);
        g.writeStartArray();
        for (Path p : d.logs()) {
            g.writeString(p.toString());
        }
        g.writeEndArray();
        field(g, Fields.SYSTEM, str(d.system()));
        field(g, Fields.PROBLEM, d.readProblem()); // "could not be read", not "none kept"
        g.writeEndObject();
        g.writeEndObject();
    }

    private static String str(Path p) {
        return p == null ? null : p.toString();
    }

    private static void printTable(
            PrintWriter out,
            ResultsReader reader,
            Location location,
            Set<TrialStatus> keep,
            TranscriptQuery query,
            PrintWriter err) {
        boolean statusFilter = keep.size() < TrialStatus.values().length;
        for (Path runDir : location.runDirs()) {
            reader.readAhead(runDir); // its cache of listed trials, while run.json is read here
            RunInfo run = reader.readRun(runDir);
            out.println(TerminalText.escape(
                    run.evalName() + " / " + run.runId() + (run.problem() != null ? "  (" + run.problem() + ")" : "")));
            Map<TrialStatus, Integer> counts = new EnumMap<>(TrialStatus.class);
            int[] shown = {0};
            FailureDiagnosis.Finder diagnoses = FailureDiagnosis.finder(runDir, run.redactStoredResponses());
            UnsearchedTraces unsearched = new UnsearchedTraces();
            // the run's rows are printed once all are read, so that its columns line up (TrialRows)
            List<TrialRecord> rows = new java.util.ArrayList<>();
            List<FailureDiagnosis> rowDiagnoses = new java.util.ArrayList<>();
            reader.readTrials(
                    run,
                    query,
                    batch -> {
                        List<TrialRecord> kept = new java.util.ArrayList<>();
                        for (TrialRecord t : batch) {
                            counts.merge(t.status(), 1, Integer::sum);
                            if (keep.contains(t.status())) {
                                kept.add(t);
                            }
                        }
                        // only failed and infra trials are looked into (MST keeps artifacts for those); on every core
                        // for a big batch
                        List<TrialRecord> looked = kept.stream()
                                .filter(TrialsCommand::hasDiagnosis)
                                .toList();
                        List<FailureDiagnosis> found = diagnosesOf(looked, diagnoses);
                        int next = 0;
                        for (TrialRecord t : kept) {
                            rows.add(t);
                            rowDiagnoses.add(hasDiagnosis(t) ? found.get(next++) : null);
                            shown[0]++;
                        }
                    },
                    unsearched,
                    diagnoses);
            TrialRows table = new TrialRows(rows);
            for (int i = 0; i < rows.size(); i++) {
                out.println(table.row(rows.get(i)));
                if (rowDiagnoses.get(i) != null) {
                    printDiagnosis(out, rowDiagnoses.get(i));
                }
                printTranscriptCommand(out, rows.get(i));
            }
            int total = counts.values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder sb = new StringBuilder("  ");
            if (query == null && total == 0) {
                // with a problem, the line above says why
                sb.append(
                        run.problem() != null
                                ? "no trials listed  "
                                : "no trials listed (" + ResultsReader.noTracesWhy(run.dir()) + ")  ");
            } else if (query != null
                    && total == 0
                    && (unlistable(runDir) || unlistable(runDir.resolve(RunLayout.TRACES)))) {
                // nothing was searched: "no trial's transcript contains" would say the run was looked through
                sb.append("not searched: the run folder cannot be read (the line above says why)  ");
            } else if (query != null && total == 0) {
                sb.append("no trial's transcript contains \"")
                        .append(oneLine(query.text()))
                        .append("\"  ");
            } else {
                if (query != null) {
                    String whose = "whose transcript contains \"" + oneLine(query.text()) + "\"";
                    sb.append(
                            statusFilter
                                    ? "showing " + shown[0] + " (" + names(keep) + ") of the " + plural(total, "trial")
                                            + " " + whose + ": "
                                    : plural(total, "trial") + " " + whose + ": ");
                } else if (statusFilter) {
                    sb.append("showing ")
                            .append(shown[0])
                            .append(" of ")
                            .append(plural(total, "trial"))
                            .append(" (")
                            .append(names(keep))
                            .append("); the run: ");
                }
                for (var e : counts.entrySet()) {
                    sb.append(e.getValue())
                            .append(' ')
                            .append(e.getKey().jsonName())
                            .append("  ");
                }
            }
            String partial = run.partialText(query != null ? 0 : counts.getOrDefault(TrialStatus.MISSING, 0));
            if (partial != null) {
                // with --grep, trials that never ran cannot match: the run's own missing count is not known here
                sb.append(sb.length() > 2 ? "·  " : "").append(query != null ? "the run is partial" : partial);
            }
            out.println(sb.toString().stripTrailing());
            String notSearched = unsearchedLine(runDir, unsearched);
            if (notSearched != null) {
                out.println("  " + notSearched);
            }
            out.println();
        }
        out.flush();
    }

    /** True when a folder is there but this user cannot list it (no read or no search permission on it). */
    private static boolean unlistable(Path dir) {
        return java.nio.file.Files.isDirectory(dir)
                && !(java.nio.file.Files.isReadable(dir) && java.nio.file.Files.isExecutable(dir));
    }

    /**
     * The search's line for the traces it could not look into, or null when it searched them all:
     * {@code 2 traces could not be searched: …  (see them with: mst-panel trials RUN --status unreadable)},
     * RUN in single quotes when the shell would split or expand it.
     */
    static String unsearchedLine(Path runDir, UnsearchedTraces unsearched) {
        String summary = unsearched.summary();
        if (summary == null) {
            return null;
        }
        String dir = TerminalText.escape(runDir.toString());
        if (!dir.matches("[A-Za-z0-9_./:@%+=,-]+")) {
            dir = "'" + dir.replace("'", "'\\''") + "'";
        }
        return summary + "  (see them with: mst-panel trials " + dir + " --status unreadable)";
    }

    /** With {@code --json} the array keeps its shape: the traces not searched are said on stderr, as a run's problem is. */
    private static void warnUnsearched(PrintWriter err, Path runDir, UnsearchedTraces unsearched) {
        String line = unsearchedLine(runDir, unsearched);
        if (line != null) {
            err.println("warning: " + line);
        }
    }

    /**
     * The trials' failure diagnoses, in their order. On this thread, while the reader's threads read the
     * next batch: a diagnosis found before is one look at a folder or two ({@link ResultsReader#readTrials(RunInfo,
     * TranscriptQuery, java.util.function.Consumer, UnsearchedTraces, FailureDiagnosis.Finder)} keeps them).
     */
    private static List<FailureDiagnosis> diagnosesOf(List<TrialRecord> trials, FailureDiagnosis.Finder diagnoses) {
        List<FailureDiagnosis> found = new java.util.ArrayList<>(trials.size());
        for (TrialRecord t : trials) {
            found.add(diagnoses.find(t.artifactsDir()));
        }
        return found;
    }

    /** Failed and infra trials are the ones MST keeps a failure diagnosis for (docs/dev/mst-format.md, Results). */
    private static boolean hasDiagnosis(TrialRecord t) {
        return t.status() == TrialStatus.FAILED || t.status() == TrialStatus.INFRA;
    }

    /**
     * Under a failed or infra trial's row, the command that shows what its agent did, with its trace file: the
     * trace's name is MST's 0-based number while the row numbers trials from 1, so the path is not to be guessed.
     * Quoted as one word for a POSIX shell, so the line can be copied as it is.
     */
    private static void printTranscriptCommand(PrintWriter out, TrialRecord t) {
        if (hasDiagnosis(t) && t.traceFile() != null) {
            out.println(TrialRows.indent() + "transcript: " + SelfInvocation.command() + " transcript "
                    + TerminalText.escape(dev.mstpanel.core.mst.RunCommandLine.quote(
                            t.traceFile().toString())));
        }
    }

    /**
     * The failure diagnosis files under a trial's row, as {@code --json}'s {@code diagnosis} has them:
     * their folder once, then each file by its path in that folder (screenshot, accessibility dump,
     * system file, logs); the notice (why there is none) when none was found.
     */
    private static void printDiagnosis(PrintWriter out, FailureDiagnosis d) {
        String indent = TrialRows.indent();
        List<Path> files = new java.util.ArrayList<>();
        for (Path p : new Path[] {d.screenshot(), d.accessibility(), d.system()}) {
            if (p != null) {
                files.add(p);
            }
        }
        files.addAll(d.logs());
        if (files.isEmpty()) {
            out.println(indent + (d.notice() != null ? d.notice() : "No failure diagnosis."));
            return;
        }
        Path dir = files.get(0).getParent();
        for (Path f : files) {
            while (dir != null && !f.startsWith(dir)) {
                dir = dir.getParent();
            }
        }
        // a path is one value: a line end in a folder or file name is shown escaped, not as a new line
        StringBuilder names = new StringBuilder();
        for (Path f : files) {
            names.append(names.length() == 0 ? "" : "  ")
                    .append(TerminalText.escape((dir == null ? f : dir.relativize(f)).toString()));
        }
        out.println(indent + "diagnosis in "
                + (dir == null ? "" : TerminalText.escape(dir.toString()) + java.io.File.separator));
        out.println(indent + "  " + names);
        if (d.notice() != null) {
            out.println(indent + d.notice()); // a part that could not be read: said beside what was found
        }
    }

    private static String names(Set<TrialStatus> keep) {
        return String.join(", ", keep.stream().map(TrialStatus::jsonName).toList());
    }

    private static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    private static String oneLine(String s) {
        return Texts.cutLine(s, 160);
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
