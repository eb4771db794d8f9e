package dev.mstpanel.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.align.AlignedPair;
import dev.mstpanel.core.results.align.ArgumentDifference;
import dev.mstpanel.core.results.align.Change;
import dev.mstpanel.core.results.align.Divergence;
import dev.mstpanel.core.results.align.EventDifference;
import dev.mstpanel.core.results.align.TraceAlignments;
import dev.mstpanel.core.results.align.TrialAlignment;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.core.text.Texts;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel diff TRACE_A TRACE_B [--json]}: two trials aligned event by event (core/results/align), the
 * headless twin of the window's aligned view. As text: where they first part, with each side's call and the
 * arguments' difference; then one row per aligned pair with its mark ({@code = ~ - +}); the final answers; usage and
 * duration side by side. With {@code --json}: {@code firstDivergence {a, b, reason}}, {@code pairs[] {a, b, change}}
 * and {@code finalAnswerSame}, indexes 0-based or null. Exits 0 when both are trials, 1 with a plain message when one
 * is not, 2 on a usage error (the same file twice).
 */
@Command(
        name = "diff",
        mixinStandardHelpOptions = true,
        description =
                "Align two trials event by event: where they first part (with each side's call and the arguments' difference), then every call side by side, the final answers, usage and duration.")
public final class DiffCommand implements Callable<Integer> {
    /** The widest tool title in a row's column, in characters. */
    static final int TITLE_WIDTH = 36;

    @Parameters(
            index = "0",
            paramLabel = "TRACE_A",
            description =
                    "The trial compared against (a passing trial, a base): <run>/traces/<variant>/<case>/<trial>.json.")
    Path a;

    @Parameters(index = "1", paramLabel = "TRACE_B", description = "The other trial, given the same way.")
    Path b;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() {
        PrintWriter err = output.err();
        TrialAlignment al;
        try {
            al = new TraceAlignments(TranscriptReader.WINDOW_OUTPUT_CHARS).align(a, b);
        } catch (TraceAlignments.SameTraceException e) {
            throw new CommandLine.ParameterException(output.commandLine(), e.getMessage());
        } catch (TraceAlignments.UnreadableSideException e) {
            err.println("mst-panel diff: " + (e.first() ? "TRACE_A" : "TRACE_B") + ": "
                    + TerminalText.escape(e.getMessage()));
            return 1;
        }
        warn(err, "TRACE_A", al.a());
        warn(err, "TRACE_B", al.b());
        return output.print(() -> output.writeJson(DiffJson.of(al)), () -> printText(output.out(), al));
    }

    private static void warn(PrintWriter err, String side, Transcript t) {
        for (String p : t.problems()) {
            err.println("warning: " + side + ": " + p);
        }
    }

    /** {@code --json}'s root: where the trials part, every row, whether the final answers are the same. */
    record DiffJson(DivergenceJson firstDivergence, List<PairJson> pairs, Boolean finalAnswerSame) {
        static DiffJson of(TrialAlignment al) {
            Divergence d = al.firstDivergence();
            return new DiffJson(
                    d == null
                            ? null
                            : new DivergenceJson(
                                    d.aIndex(), d.bIndex(), d.reason().jsonName()),
                    al.pairs().stream()
                            .map(p -> new PairJson(
                                    p.aIndex(), p.bIndex(), p.change().jsonName()))
                            .toList(),
                    al.finalAnswerSame());
        }
    }

    /** The first divergence: each side's 0-based event index (null when it has none there) and why. */
    record DivergenceJson(Integer a, Integer b, String reason) {}

    /** One row: each side's 0-based event index or null, and {@code same}, {@code changed}, {@code onlyA}, {@code onlyB}. */
    record PairJson(Integer a, Integer b, String change) {}

    private static void printText(PrintWriter out, TrialAlignment al) {
        out.println("A: " + trial(al.a()));
        out.println("B: " + trial(al.b()));
        out.println();
        Divergence d = al.firstDivergence();
        if (d == null) {
            out.println("No divergence: every call is the same"
                    + (al.finalAnswerSame() == null
                            ? " (the final answers were not kept)."
                            : ", and so is the final answer."));
        } else {
            out.println("First divergence"
                    + (d.row() >= 0 ? " at row " + (d.row() + 1) : "")
                    + ": " + d.reason().sentence() + ".");
            if (d.a() >= 0) {
                out.println("  A " + call(al.a().events().get(d.a())));
            }
            if (d.b() >= 0) {
                out.println("  B " + call(al.b().events().get(d.b())));
            }
            if (d.row() >= 0) {
                EventDifference diff = al.pairs().get(d.row()).difference();
                for (ArgumentDifference x : diff.arguments()) {
                    out.println("    " + argument(x));
                }
                if (diff.argumentsCut()) {
                    out.println("    (more arguments differ)");
                }
                if (diff.outcomeDiffers()) {
                    out.println("    " + (diff.failedA() ? "A failed, B did not" : "B failed, A did not"));
                }
            }
        }
        out.println();
        int[] n = al.counts();
        out.println("Rows (= same, ~ changed, - only in A, + only in B): " + n[Change.SAME.ordinal()] + " same, "
                + n[Change.CHANGED.ordinal()] + " changed, " + n[Change.ONLY_A.ordinal()] + " only in A, "
                + n[Change.ONLY_B.ordinal()] + " only in B");
        StringBuilder sb = new StringBuilder(64 * al.pairs().size());
        for (AlignedPair p : al.pairs()) {
            sb.setLength(0);
            sb.append(p.change().mark()).append(' ');
            side(sb, al.a(), p.a());
            sb.append("  ");
            side(sb, al.b(), p.b());
            String tail = p.change() == Change.CHANGED ? changed(p.difference()) : "";
            out.println((sb + tail).stripTrailing());
        }
        if (al.pairs().isEmpty()) {
            out.println("  (no events on either side)");
        }
        out.println();
        out.println("Final answers: "
                + (al.finalAnswerSame() == null
                        ? "not kept (a run stored redacted transcripts)"
                        : al.finalAnswerSame() ? "the same" : "different"));
        out.println("  A: " + answer(al.a()));
        out.println("  B: " + answer(al.b()));
        out.println("Usage:    A: " + TranscriptFormat.usage(al.a().usage()) + "   B: "
                + TranscriptFormat.usage(al.b().usage()));
        out.println("Duration: A: " + duration(al.a()) + "   B: " + duration(al.b()));
        out.flush();
    }

    private static String trial(Transcript t) {
        TrialRecord r = t.trial();
        return name(r.variant()) + " / " + name(r.label()) + "  " + r.status().jsonName() + "  "
                + t.events().size() + " events"
                + (r.runId() == null || r.runId().isBlank() ? "" : "  (run " + name(r.runId()) + ")");
    }

    private static void side(StringBuilder sb, Transcript t, int index) {
        if (index < 0) {
            sb.append(" ".repeat(7 + TITLE_WIDTH));
            return;
        }
        TranscriptEvent e = t.events().get(index);
        String title = Texts.cutLine(e.title(), TITLE_WIDTH);
        sb.append(String.format(Locale.ROOT, "#%-5d ", index + 1)).append(name(title));
        sb.append(" ".repeat(Math.max(0, TITLE_WIDTH - title.length())));
    }

    private static String changed(EventDifference d) {
        StringBuilder sb = new StringBuilder("  ");
        if (!d.arguments().isEmpty()) {
            sb.append("args: ")
                    .append(name(Texts.cutLine(
                            String.join(
                                    ", ",
                                    d.arguments().stream()
                                            .map(x -> x.path().isEmpty() ? "(all)" : x.path())
                                            .toList()),
                            60)));
        }
        if (d.outcomeDiffers()) {
            sb.append(d.arguments().isEmpty() ? "" : "; ").append(d.failedA() ? "A failed" : "B failed");
        }
        return sb.toString();
    }

    private static String call(TranscriptEvent e) {
        return "#" + (e.index() + 1) + " " + name(e.title()) + (e.failed() ? "  ERROR" : "")
                + (e.arguments() == null
                        ? ""
                        : "  " + name(TranscriptCommand.cut(e.arguments().toString())));
    }

    private static String argument(ArgumentDifference x) {
        String path = x.path().isEmpty() ? "(the arguments)" : x.path();
        return name(path) + ": "
                + switch (x.kind()) {
                    case ADDED -> "only B: " + value(x.b());
                    case REMOVED -> "only A: " + value(x.a());
                    case CHANGED -> value(x.a()) + " -> " + value(x.b());
                };
    }

    private static String value(JsonNode n) {
        return name(Texts.cutLine(n == null ? "null" : n.toString(), 70));
    }

    private static String answer(Transcript t) {
        return t.finalText() != null
                ? name(TranscriptCommand.cut(t.finalText()))
                : t.redacted() ? "(redacted)" : "(none)";
    }

    private static String duration(Transcript t) {
        Long ms = TrialAlignment.durationMs(t);
        return ms == null ? "not known" : TranscriptFormat.duration(ms);
    }

    private static String name(String s) {
        return TerminalText.escape(s);
    }
}
