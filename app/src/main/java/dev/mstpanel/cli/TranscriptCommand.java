package dev.mstpanel.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.core.results.Transcript;
import dev.mstpanel.core.results.TranscriptEvent;
import dev.mstpanel.core.results.TranscriptFormat;
import dev.mstpanel.core.results.TranscriptReader;
import dev.mstpanel.core.results.TrialRecord;
import dev.mstpanel.core.text.Texts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel transcript TRACE_FILE [--json]}: what the agent did in one trial (contract,
 * section 8), the headless twin of the Transcript tab. As text: the trial, its prompt, one line per
 * event (arguments and outputs cut with "…", failed calls marked), the final answer, usage and
 * errors. With {@code --json} one object: {@code eval, runId, variant, caseId, trial, status,
 * prompt, finalText, redacted, usage, error, cause, events[]}, each event with {@code index, kind,
 * source, server, name, rawName, arguments, output, isError, durationMs, startedAt, completedAt,
 * results, simulatedWrite, extra} (null when absent; {@code extra}: every field the panel does not
 * know). Exits 0 when the file is a trial, 1 with a plain message when it is not, 2 on a usage error.
 */
@Command(name = "transcript", mixinStandardHelpOptions = true,
        description = "Show what the agent did in one trial: its prompt, every tool call with arguments and output, the final answer, usage and errors.")
public final class TranscriptCommand implements Callable<Integer> {
    /** The longest argument or output shown on a text line, in characters. */
    static final int TEXT_CUT = 160;

    @Parameters(index = "0", paramLabel = "TRACE_FILE", description = "A trial's trace: <run>/traces/<variant>/<case>/<trial>.json.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object with the trial and every event.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = TerminalText.guard(spec.commandLine().getOut());
        PrintWriter err = TerminalText.guard(spec.commandLine().getErr());
        Transcript t;
        try {
            t = new TranscriptReader(json ? Integer.MAX_VALUE : 64 * 1024).read(file);
        } catch (TranscriptReader.NotATrialException e) {
            err.println("mst-panel transcript: " + TerminalText.escape(e.getMessage()));
            return 1;
        }
        for (String p : t.problems()) {
            err.println("warning: " + p);
        }
        // JSON is escaped for the terminal by its generator (TerminalJsonEscapes): not scanned a second time by the guard
        PrintWriter raw = spec.commandLine().getOut();
        return CommandOutput.print(err, "transcript", json, () -> printJson(raw, t), () -> printText(out, t));
    }

    private static void printJson(PrintWriter out, Transcript t) throws IOException {
        JsonGenerator g = JsonOutput.generator(out, new DefaultPrettyPrinter());
        TrialRecord r = t.trial();
        g.writeStartObject();
        g.writeStringField("eval", blankToNull(r.evalName()));
        g.writeStringField("runId", blankToNull(r.runId()));
        g.writeStringField("variant", r.variant());
        g.writeStringField("caseId", r.caseId());
        g.writeNumberField("trial", r.trial());
        g.writeStringField("status", r.status().jsonName());
        g.writeStringField("prompt", t.prompt());
        g.writeStringField("finalText", t.finalText());
        g.writeBooleanField("redacted", t.redacted());
        tree(g, "usage", t.usage());
        g.writeStringField("error", r.error() != null ? r.error() : t.traceError());
        g.writeStringField("cause", t.cause());
        g.writeArrayFieldStart("events");
        for (TranscriptEvent e : t.events()) {
            g.writeStartObject();
            g.writeNumberField("index", e.index());
            g.writeStringField("kind", e.kind());
            g.writeStringField("source", e.source());
            g.writeStringField("server", e.server());
            g.writeStringField("name", e.name());
            g.writeStringField("rawName", e.rawName());
            tree(g, "arguments", e.arguments());
            g.writeStringField("output", e.output());
            bool(g, "isError", e.isError());
            if (e.durationMs() == null) {
                g.writeNullField("durationMs");
            } else {
                g.writeNumberField("durationMs", e.durationMs());
            }
            g.writeStringField("startedAt", e.startedAt());
            g.writeStringField("completedAt", e.completedAt());
            tree(g, "results", e.results());
            bool(g, "simulatedWrite", e.simulatedWrite());
            g.writeObjectFieldStart("extra");
            for (Map.Entry<String, JsonNode> x : e.extra().entrySet()) {
                g.writeFieldName(x.getKey());
                write(g, x.getValue());
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        JsonOutput.end(g);
    }

    private static void tree(JsonGenerator g, String name, JsonNode n) throws IOException {
        g.writeFieldName(name);
        if (n == null) {
            g.writeNull();
        } else {
            write(g, n);
        }
    }

    /** Writes a tree as an ObjectMapper would (nothing left out), without one. */
    private static void write(JsonGenerator g, JsonNode n) throws IOException {
        switch (n.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (Map.Entry<String, JsonNode> f : n.properties()) {
                    g.writeFieldName(f.getKey());
                    write(g, f.getValue());
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode v : n) {
                    write(g, v);
                }
                g.writeEndArray();
            }
            case NULL, MISSING -> g.writeNull();
            default -> n.serialize(g, null); // text, number, boolean: the generator's own write, no serializer needed
        }
    }

    private static void bool(JsonGenerator g, String name, Boolean b) throws IOException {
        if (b == null) {
            g.writeNullField(name);
        } else {
            g.writeBooleanField(name, b);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static void printText(PrintWriter out, Transcript t) {
        TrialRecord r = t.trial();
        // names, ids and tools are escaped as one value each (TerminalText.escape, as trials does): a tab or line end in
        // one would break the line, and the guard lets those through for the command's own lines
        out.println((blankToNull(r.evalName()) == null ? "" : name(r.evalName()) + " / " + name(r.runId()) + " / ") + name(r.variant()) + " / "
                + name(r.label()) + "  " + r.status().jsonName() + (t.cause() == null ? "" : "  (" + name(t.cause()) + ")"));
        if (t.redacted()) {
            out.println(Transcript.REDACTED_NOTICE);
        }
        out.println();
        out.println("Prompt: " + (t.prompt() != null ? cut(t.prompt()) : "(" + (t.promptNote() == null ? "not known" : t.promptNote()) + ")"));
        out.println();
        long first = TranscriptFormat.firstStart(t.events());
        for (TranscriptEvent e : t.events()) {
            StringBuilder sb = new StringBuilder();
            sb.append(e.index() == t.failingIndex() ? "> " : "  ");
            sb.append(String.format(Locale.ROOT, "#%-4d %-11s ", e.index() + 1, e.kind() == null ? "?" : name(e.kind())));
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
                sb.append("\n        ").append(e.failed() ? "error: " : "output: ").append(cut(output));
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
                sb.append("\n        (This output is ").append(ByteSize.human(e.outputChars()))
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
        out.println("Final answer: " + (t.finalText() != null ? cut(t.finalText()) : t.redacted() ? "(redacted)" : "(none)"));
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
