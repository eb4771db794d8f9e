package dev.mstpanel.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.core.text.Texts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel transcript TRACE_FILE [--json]}: what the agent did in one trial (docs/dev/mst-format.md, Trace), the headless twin of the Transcript tab. As text: the trial, its prompt, one line per
 * event (arguments and outputs cut with "…", failed calls marked), the final answer, usage and
 * errors. With {@code --json} one object: {@code eval, runId, variant, caseId, trial, status,
 * prompt, finalText, redacted, usage, error, cause, events[]}, each event with {@code index, kind,
 * source, server, name, rawName, arguments, output, isError, durationMs, startedAt, completedAt,
 * results, simulatedWrite, extra} (null when absent; {@code extra}: every field the panel does not
 * know). Exits 0 when the file is a trial, 1 with a plain message when it is not, 2 on a usage error.
 */
@Command(
        name = "transcript",
        mixinStandardHelpOptions = true,
        description =
                "Show what the agent did in one trial: its prompt, every tool call with arguments and output, the final answer, usage and errors.")
public final class TranscriptCommand implements Callable<Integer> {
    /** The longest argument or output shown on a text line, in characters. */
    static final int TEXT_CUT = 160;

    @Parameters(
            index = "0",
            paramLabel = "TRACE_FILE",
            description = "A trial's trace: <run>/traces/<variant>/<case>/<trial>.json.")
    Path file;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        Transcript t;
        try {
            t = new TranscriptReader(output.json() ? Integer.MAX_VALUE : 64 * 1024).read(file);
        } catch (TranscriptReader.NotATrialException e) {
            err.println("mst-panel transcript: " + TerminalText.escape(e.getMessage()));
            return 1;
        }
        for (String p : t.problems()) {
            err.println("warning: " + p);
        }
        // JSON is escaped for the terminal by its generator (TerminalJsonEscapes): not scanned a second time by the
        // guard
        return output.print(() -> printJson(output, t), () -> printText(out, t));
    }

    private static void printJson(OutputOptions output, Transcript t) throws IOException {
        output.writeJson(TranscriptJson.of(t));
    }

    /** The trial and every event in {@code --json}; the trace's own trees (usage, arguments, results, extra fields) as they were. */
    record TranscriptJson(
            String eval,
            String runId,
            String variant,
            String caseId,
            int trial,
            String status,
            String prompt,
            String finalText,
            boolean redacted,
            JsonNode usage,
            String error,
            String cause,
            List<EventJson> events) {
        static TranscriptJson of(Transcript t) {
            TrialRecord r = t.trial();
            return new TranscriptJson(
                    blankToNull(r.evalName()),
                    blankToNull(r.runId()),
                    r.variant(),
                    r.caseId(),
                    r.trial(),
                    r.status().jsonName(),
                    t.prompt(),
                    t.finalText(),
                    t.redacted(),
                    t.usage(),
                    r.error() != null ? r.error() : t.traceError(),
                    t.cause(),
                    t.events().stream().map(EventJson::of).toList());
        }
    }

    /** One event of the transcript, with the fields the trace had beyond the known ones under {@code extra}. */
    record EventJson(
            int index,
            String kind,
            String source,
            String server,
            String name,
            String rawName,
            JsonNode arguments,
            String output,
            Boolean isError,
            Long durationMs,
            String startedAt,
            String completedAt,
            JsonNode results,
            Boolean simulatedWrite,
            Map<String, JsonNode> extra) {
        static EventJson of(TranscriptEvent e) {
            return new EventJson(
                    e.index(),
                    e.kind(),
                    e.source(),
                    e.server(),
                    e.name(),
                    e.rawName(),
                    e.arguments(),
                    e.output(),
                    e.isError(),
                    e.durationMs(),
                    e.startedAt(),
                    e.completedAt(),
                    e.results(),
                    e.simulatedWrite(),
                    e.extra());
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static void printText(PrintWriter out, Transcript t) {
        TrialRecord r = t.trial();
        // names, ids and tools are escaped as one value each (TerminalText.escape, as trials does): a tab or line end
        // in
        // one would break the line, and the guard lets those through for the command's own lines
        out.println((blankToNull(r.evalName()) == null ? "" : name(r.evalName()) + " / " + name(r.runId()) + " / ")
                + name(r.variant()) + " / " + name(r.label()) + "  "
                + r.status().jsonName() + (t.cause() == null ? "" : "  (" + name(t.cause()) + ")"));
        if (t.redacted()) {
            out.println(Transcript.REDACTED_NOTICE);
        }
        out.println();
        out.println("Prompt: "
                + (t.prompt() != null
                        ? cut(t.prompt())
                        : "(" + (t.promptNote() == null ? "not known" : t.promptNote()) + ")"));
        out.println();
        long first = TranscriptFormat.firstStart(t.events());
        for (TranscriptEvent e : t.events()) {
            StringBuilder sb = new StringBuilder();
            sb.append(e.index() == t.failingIndex() ? "> " : "  ");
            sb.append(
                    String.format(Locale.ROOT, "#%-4d %-11s ", e.index() + 1, e.kind() == null ? "?" : name(e.kind())));
            if (!e.title().equals(e.kind())) {
                sb.append(name(e.title())); // a tool_search (no name) shows its kind once
            }
            if (e.renamed()) {
                sb.append(" (as ").append(name(e.rawName())).append(')');
            }
            if (e.extra().get("id") != null && e.extra().get("id").isValueNode()) {
                sb.append("  [").append(name(e.extra().get("id").asText())).append(']');
            }
            if (e.durationMs() != null) {
                sb.append("  ").append(TranscriptFormat.duration(e.durationMs()));
            }
            long at = TranscriptFormat.millis(e.startedAt());
            if (first >= 0 && at >= 0) {
                sb.append("  +").append(TranscriptFormat.duration(at - first));
            }
            if (e.failed()) {
                sb.append("  ERROR");
            }
            if (e.simulated()) {
                sb.append("  simulated write");
            }
            if (e.builtin()) {
                sb.append("  built-in");
            }
            if (!e.knownKind()) {
                sb.append("  (kind not known to the panel)");
            }
            if (e.arguments() != null) {
                sb.append("\n        args: ").append(cut(e.arguments().toString()));
            }
            if (!e.resultNames().isEmpty()) {
                sb.append("\n        found: ").append(cut(String.join(", ", e.resultNames())));
            }
            if (e.output() != null) {
                // a failed call's output often starts with its own "Error:": the label is not said twice
                String output = e.failed() ? e.output().replaceFirst("(?i)^\\s*error:\\s*", "") : e.output();
                sb.append("\n        ")
                        .append(e.failed() ? "error: " : "output: ")
                        .append(cut(output));
            }
            var more = new ObjectMapper().createObjectNode();
            e.extra().forEach((k, v) -> {
                if (!(k.equals("id") && v.isValueNode())) {
                    more.set(k, v); // the call's id is on the first line; the rest as written
                }
            });
            if (!more.isEmpty()) {
                sb.append("\n        more: ").append(cut(more.toString()));
            }
            if (e.output() != null && e.outputChars() > e.output().length()) {
                // the text shows an output's start on one line, whatever the reader kept of it
                sb.append("\n        (This output is ")
                        .append(ByteSize.human(e.outputChars()))
                        .append(" of text; the line above is its start. Open the trace file to see all of it.)");
            } else if (e.problem() != null) {
                sb.append("\n        (").append(e.problem()).append(')');
            }
            out.println(sb.toString());
        }
        if (t.events().isEmpty()) {
            out.println("  (no events)");
        }
        out.println();
        out.println("Final answer: "
                + (t.finalText() != null ? cut(t.finalText()) : t.redacted() ? "(redacted)" : "(none)"));
        if (t.usage() != null) {
            out.println("Usage: " + TranscriptFormat.usage(t.usage()));
        }
        String error = r.error() != null ? r.error() : t.traceError();
        if (error != null) {
            out.println("Error: " + cut(error));
        }
        if (r.gradingError() != null) {
            out.println("Grading error: " + cut(r.gradingError()));
        }
        out.flush();
    }

    /** One name, id or tool on a line: every control and format character escaped, tabs and line ends too. */
    private static String name(String s) {
        return TerminalText.escape(s);
    }

    static String cut(String s) {
        return Texts.cutLine(s, TEXT_CUT);
    }
}
