package dev.mstpanel.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import dev.mstpanel.cli.output.JsonOutput;
import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.CaseGroup;
import dev.mstpanel.core.results.compare.CaseTally;
import dev.mstpanel.core.results.compare.CompareException;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.results.compare.GroupBy;
import dev.mstpanel.core.results.compare.TrialsPlan;
import dev.mstpanel.core.results.compare.VariantFigures;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.Location;
import dev.mstpanel.core.results.layout.LocationKind;
import dev.mstpanel.core.text.TextColumns;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel compare RUN_A [RUN_B] [--variants BASE,CANDIDATE] [--by dataset|tag] [--json]}: the headless
 * twin of the Compare screen. With one run it compares its baseline (the first variant in
 * run.json) with each other variant, or the pair named; with two runs of one eval each variant they
 * share (or the pair named: BASE in RUN_A, CANDIDATE in RUN_B), RUN_A as base. Exits 0 when it could
 * compare, 1 with a plain message when it could not (not a run folder, not the same eval, no shared
 * variant), 2 on a usage error.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Compare two variants of an MST run, or two runs of one eval, case by case: trial pass rates with 95%% intervals,"
                    + " regressed, improved and flaky cases, a sign-test verdict (better, worse, unclear at p < 0.05),"
                    + " how many trials per case would tell the sides apart at 80%% power, and the mst run arguments"
                    + " that re-run the regressed and flaky cases.",
            "Exit codes: 0 compared; 1 could not compare (the message says why); 2 usage error."
        })
public final class CompareCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "RUN_A",
            description = "A run folder (.mcp-test-results/<eval>/runs/<runId>): the base.")
    Path runA;

    @Parameters(
            index = "1",
            paramLabel = "RUN_B",
            arity = "0..1",
            description = "A second run of the same eval: the candidate.")
    Path runB;

    @Option(
            names = "--variants",
            paramLabel = "BASE,CANDIDATE",
            split = ",",
            hideParamSyntax = true,
            description =
                    "The pair to compare: with one run two of its variants, with two runs BASE in RUN_A and CANDIDATE in RUN_B.")
    List<String> variants;

    @Option(
            names = "--by",
            paramLabel = "dataset|tag",
            description =
                    "Also group the cases by their dataset or by their tags (a case with several tags in each of their groups):"
                            + " each group's trial pass rate with its 95%% interval on each side, and the change.")
    String by;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        // an empty argument would be the current folder: a usage error, not a folder
        for (var given : new Object[][] {{"RUN_A", runA}, {"RUN_B", runB}}) {
            if (given[1] != null && given[1].toString().isEmpty()) {
                throw new CommandLine.ParameterException(
                        output.commandLine(),
                        given[0] + " is empty: give a run folder, .mcp-test-results/<eval>/runs/<runId>.");
            }
        }
        if (variants != null && variants.size() != 2) {
            throw new CommandLine.ParameterException(
                    output.commandLine(), "--variants takes two names, BASE,CANDIDATE (got " + variants.size() + ").");
        }
        GroupBy groupBy = by == null ? null : GroupBy.parse(by);
        if (by != null && groupBy == null) {
            throw new CommandLine.ParameterException(
                    output.commandLine(), "--by takes " + GroupBy.words() + " (got \"" + by + "\").");
        }
        String baseVariant = variants == null ? null : variants.get(0).trim();
        String candidateVariant = variants == null ? null : variants.get(1).trim();
        List<Comparison> comparisons;
        List<ComparisonService.Grouped> grouped = new ArrayList<>();
        // a run.json that could not be read, and variants left out, said rather than passed over silently
        List<String> notes = new ArrayList<>();
        ResultsReader reader = root.services().resultsReader();
        try {
            Path a = runFolder(reader, runA);
            Path b = runB == null ? null : runFolder(reader, runB);
            comparisons = root.services().comparisons().compare(a, b, baseVariant, candidateVariant, notes);
            if (groupBy != null) {
                for (Comparison c : comparisons) {
                    ComparisonService.Grouped g = root.services().comparisons().groups(c, groupBy);
                    grouped.add(g);
                    for (String n : g.notes()) {
                        if (!notes.contains(n)) {
                            notes.add(n);
                        }
                    }
                }
            }
        } catch (ResultsException | CompareException e) {
            if (!(e instanceof CompareException c
                    && c.kind() == CompareException.Kind.NO_TRIALS)) { // that message gives run.json's problem itself
                notes.forEach(n -> err.println("note: " + TerminalText.escape(n)));
            }
            err.println("mst-panel compare: " + TerminalText.escape(e.getMessage()));
            return 1;
        } catch (CompletionException e) {
            err.println("mst-panel compare: " + TerminalText.escape(e.getCause().getMessage()));
            return 1;
        }
        // JSON is escaped for the terminal by its generator (TerminalJsonEscapes): not scanned a second time by the
        // guard
        return output.print(
                () -> {
                    notes.forEach(n -> err.println("warning: " + TerminalText.escape(n)));
                    printJson(output, err, comparisons, groupBy, grouped);
                },
                () -> {
                    notes.forEach(n -> out.println(TerminalText.escape(n)));
                    printText(out, comparisons, groupBy, grouped);
                });
    }

    /** A folder or file inside a run (its traces/, scores/, a case folder, a trace): names the run folder it is in. */
    private static void insideRun(Path given, Path p) throws ResultsException {
        if (dev.mstpanel.core.results.layout.RunLocator.runFolderAbove(p) != null) {
            throw new ResultsException(
                    ResultsReader.noRunsMessage(given)); // "… is inside the run folder …: give that folder."
        }
    }

    private static Path runFolder(ResultsReader reader, Path given) throws ResultsException {
        Path p = given.toAbsolutePath().normalize();
        if (!java.nio.file.Files.isDirectory(p)) {
            String unreachable = dev.mstpanel.core.results.files.AccessHint.unreachable(given);
            if (unreachable != null) {
                throw new ResultsException(unreachable);
            }
            if (java.nio.file.Files.exists(p)) {
                insideRun(given, p); // a trace or score file: the run folder it is in
            }
            // compare takes run folders only: not the list of every results folder that locate's message gives
            throw new ResultsException((java.nio.file.Files.exists(p)
                            ? given + " is a file, not a run folder"
                            : "There is no folder at " + given)
                    + ": give a run folder, .mcp-test-results/<eval>/runs/<runId>.");
        }
        Location loc = reader.locate(p);
        if (loc.kind() != LocationKind.RUN) {
            insideRun(given, p);
            String latest = loc.runDirs().isEmpty()
                    ? ""
                    : " The newest there is " + loc.runDirs().get(loc.runDirs().size() - 1) + ".";
            throw new ResultsException(
                    given + " is not a run folder: give .mcp-test-results/<eval>/runs/<runId>." + latest);
        }
        return p;
    }

    private static void printJson(
            OutputOptions output,
            PrintWriter err,
            List<Comparison> comparisons,
            GroupBy groupBy,
            List<ComparisonService.Grouped> grouped)
            throws IOException {
        // summary.json's figures left out are said on stderr (the JSON has null for them), once per run and variant
        java.util.Set<String> warned = new java.util.HashSet<>();
        for (Comparison c : comparisons) {
            for (VariantFigures f : List.of(c.base(), c.candidate())) {
                for (String field : f.leftOut()) {
                    if (warned.add(f.runId() + "\n" + f.variant() + "\n" + field)) {
                        err.println("warning: run " + TerminalText.escape(f.runId()) + ", variant "
                                + TerminalText.escape(f.variant()) + ": summary.json's " + field
                                + " is left out, not a figure a run can have");
                    }
                }
            }
        }
        JsonGenerator g = output.generator(new DefaultPrettyPrinter());
        g.writeStartObject();
        g.writeArrayFieldStart("comparisons");
        for (int ci = 0; ci < comparisons.size(); ci++) {
            Comparison c = comparisons.get(ci);
            g.writeStartObject();
            g.writeStringField("kind", c.kind().name().toLowerCase(Locale.ROOT));
            g.writeStringField("eval", c.evalName());
            side(g, err, "base", c.base());
            side(g, err, "candidate", c.candidate());
            g.writeObjectFieldStart("setup");
            g.writeStringField("base", c.baseSetup());
            g.writeStringField("candidate", c.candidateSetup());
            g.writeEndObject();
            g.writeArrayFieldStart("warnings");
            for (dev.mstpanel.core.results.compare.CompareWarning w : c.warnings()) {
                g.writeStartObject();
                g.writeStringField("kind", w.kind().jsonName());
                g.writeStringField("message", w.message());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("verdict", c.verdict().jsonName());
            number(g, err, "pValue", c.pValue());
            g.writeNumberField("casesUp", c.positive());
            g.writeNumberField("casesDown", c.negative());
            trialsNeeded(g, c.trialsPlan());
            g.writeObjectFieldStart("counts");
            for (var e : c.countsByName().entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("cases");
            for (CaseComparison r : c.cases()) {
                g.writeStartObject();
                g.writeStringField("caseId", r.caseId());
                caseSide(g, "base", r.base());
                caseSide(g, "candidate", r.candidate());
                g.writeStringField("change", r.change().jsonName());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rerunArgs");
            for (String s : c.rerunArgs()) {
                g.writeString(s);
            }
            g.writeEndArray();
            if (groupBy != null) {
                g.writeStringField("groupedBy", groupBy.word());
                g.writeObjectField(
                        "groups",
                        grouped.get(ci).groups().stream().map(GroupJson::of).toList());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        JsonOutput.end(g);
    }

    /** How many trials per case would tell the sides apart: {@code perCase} null when the cap would not. */
    private static void trialsNeeded(JsonGenerator g, TrialsPlan plan) throws IOException {
        g.writeObjectFieldStart("trialsNeeded");
        g.writeStringField("kind", plan.kind().jsonName());
        if (plan.perCaseOrNull() == null) {
            g.writeNullField("perCase");
        } else {
            g.writeNumberField("perCase", plan.perCase());
        }
        g.writeNumberField("forDifferencePp", plan.forDifferencePp());
        g.writeBooleanField("differenceSeenIsSmaller", plan.seenIsSmaller());
        g.writeNumberField("power", plan.power());
        g.writeNumberField("cases", plan.cases());
        g.writeNumberField("trialsRun", plan.trialsRun());
        g.writeEndObject();
    }

    private static void side(JsonGenerator g, PrintWriter err, String name, VariantFigures f) throws IOException {
        g.writeObjectFieldStart(name);
        g.writeStringField("runId", f.runId());
        g.writeStringField("variant", f.variant());
        g.writeNumberField("trials", f.trials());
        g.writeNumberField("passed", f.passed());
        g.writeNumberField("graded", f.graded());
        g.writeNumberField("unreadable", f.unreadable());
        if (f.unreadableProblem() == null) {
            g.writeNullField("unreadableProblem");
        } else {
            g.writeStringField("unreadableProblem", f.unreadableProblem());
        }
        number(g, err, "trialPassRate", f.trialPassRate());
        if (f.interval() == null) {
            g.writeNullField("interval");
        } else {
            g.writeArrayFieldStart("interval");
            g.writeNumber(f.interval().low());
            g.writeNumber(f.interval().high());
            g.writeEndArray();
        }
        g.writeNumberField("casesPassed", f.casesPassed());
        g.writeNumberField("cases", f.cases());
        number(g, err, "toolCallsMean", f.toolCallsMean());
        number(g, err, "tokensMean", f.tokensMean());
        number(g, err, "costUsdMean", f.costUsdMean());
        number(g, err, "secondsPerTrial", f.secondsPerTrial());
        g.writeBooleanField("fromSummary", f.fromSummary());
        g.writeStringField("figuresSource", f.source());
        g.writeEndObject();
    }

    /** A number field; null for none, and for a value that is not finite (Jackson would write the string "Infinity"), said on stderr. */
    private static void number(JsonGenerator g, PrintWriter err, String name, Double v) throws IOException {
        if (v == null) {
            g.writeNullField(name);
        } else if (!Double.isFinite(v)) {
            err.println("warning: " + name + " is " + v + ", not a number JSON can hold: written as null");
            g.writeNullField(name);
        } else {
            g.writeNumberField(name, v);
        }
    }

    private static void caseSide(JsonGenerator g, String name, CaseTally t) throws IOException {
        if (t == null) {
            g.writeNullField(name);
            return;
        }
        g.writeObjectFieldStart(name);
        g.writeStringField("outcome", t.outcome().jsonName());
        g.writeNumberField("passed", t.passed());
        g.writeNumberField("graded", t.graded());
        g.writeEndObject();
    }

    /**
     * A group of cases in {@code --json}: its name, each side's trials ({@code null} for a side without a case of the
     * group) and the change of the trial pass rate, a fraction (candidate less base; null when a side has none).
     */
    record GroupJson(String name, boolean none, GroupSideJson base, GroupSideJson candidate, Double change) {
        static GroupJson of(CaseGroup g) {
            return new GroupJson(
                    g.name(), g.none(), GroupSideJson.of(g.base()), GroupSideJson.of(g.candidate()), g.change());
        }
    }

    /** One side of a group: its cases, passed and graded trials, their pass rate and 95% interval ({@code [low, high]}). */
    record GroupSideJson(int cases, int passed, int graded, Double passRate, double[] interval) {
        static GroupSideJson of(CaseGroup.Side s) {
            if (s == null) {
                return null;
            }
            return new GroupSideJson(
                    s.cases(),
                    s.passed(),
                    s.graded(),
                    s.rate(),
                    s.interval() == null
                            ? null
                            : new double[] {s.interval().low(), s.interval().high()});
        }
    }

    private static void printText(
            PrintWriter out, List<Comparison> comparisons, GroupBy groupBy, List<ComparisonService.Grouped> grouped) {
        for (int ci = 0; ci < comparisons.size(); ci++) {
            Comparison c = comparisons.get(ci);
            // names from files: a line end or tab in one is shown escaped, so each line stays a line
            out.println(TerminalText.escape(c.evalName() + " · " + c.title()));
            // both rows' variant names padded to the longer one (cut at 24 characters with "…", as trials cuts
            // its cells), so their columns line up whatever the names and a long name does not push them off screen
            int width = TextColumns.width(
                    14,
                    VARIANT_CUT,
                    List.of(
                            TerminalText.escape(c.base().variant()),
                            TerminalText.escape(c.candidate().variant())));
            // and the run ids padded to the longer (a regrade's <run id>.g1 is longer than its run's)
            int runWidth = TextColumns.width(
                    1,
                    64,
                    List.of(
                            TerminalText.escape(c.base().runId()),
                            TerminalText.escape(c.candidate().runId())));
            out.println(sideLine("base     ", c.base(), width, runWidth));
            out.println(sideLine("candidate", c.candidate(), width, runWidth));
            // trials that could not be read are left out like the other trials not graded, but said
            for (VariantFigures f : List.of(c.base(), c.candidate())) {
                if (f.unreadableText() != null) {
                    out.println("  unreadable "
                            + TerminalText.escape(f.variant() + " (run " + f.runId() + "): " + f.unreadableText()));
                }
            }
            means(out, c.base(), c.candidate());
            out.println("  figures    " + figuresSource(c.base(), c.candidate()));
            out.println("  setup      "
                    + TerminalText.escape("base " + c.baseSetup() + "; candidate " + c.candidateSetup()));
            for (dev.mstpanel.core.results.compare.CompareWarning w : c.warnings()) {
                out.println("  warning    " + TerminalText.escape(w.message()));
            }
            out.println("  verdict    " + c.verdictText());
            out.println("  trials     " + c.trialsPlan().text());
            if (c.sharesNoCase()) {
                out.println(
                        "  note       the two sides share no case: their pass rates are of different cases, not a comparison.");
            }
            List<String> counts = new ArrayList<>();
            c.countsByName().forEach((k, v) -> {
                if (v > 0) {
                    counts.add(v + " " + k);
                }
            });
            out.println("  changes    " + String.join(" · ", counts));
            caseRows(out, c);
            if (groupBy != null) {
                groupRows(out, groupBy, grouped.get(ci).groups());
            }
            if (c.regradePair()) {
                out.println(
                        "  note       the same trials graded again: the changes are the graders', so re-running the agent would not answer them.");
            } else if (!c.rerunArgs().isEmpty()) {
                out.println(
                        "  re-run     mst run --config <your eval config> " + String.join(" ", quoted(c.rerunArgs())));
            }
            if (!c.regradePair()
                    && !c.rerunLeftOut().isEmpty()) { // said where people look, not only in the window's tooltip
                out.println(
                        "  left out   " + TerminalText.escape(String.join(", ", c.rerunLeftOut()))
                                + " (a case id starting with \"-\" cannot be given to --case: re-run those with the whole eval)");
            }
            out.println();
        }
        out.flush();
    }

    /**
     * The groups as an aligned table under a line naming the grouping: each group's name (escaped, cut at
     * {@link #CASE_CUT} columns), cases, each side's trial pass rate with its interval and passed/graded, and the
     * change; {@code —} for a side without a case of the group.
     */
    private static void groupRows(PrintWriter out, GroupBy by, List<CaseGroup> groups) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(by.word(), "cases", "base", "passed", "candidate", "passed", "change"));
        for (CaseGroup g : groups) {
            int cases = Math.max(
                    g.base() == null ? 0 : g.base().cases(),
                    g.candidate() == null ? 0 : g.candidate().cases());
            rows.add(List.of(
                    TextColumns.cut(TerminalText.escape(g.name()), CASE_CUT),
                    Integer.toString(cases),
                    g.base() == null ? "—" : g.base().rateWithIntervalText(),
                    g.base() == null ? "" : g.base().passed() + "/" + g.base().graded(),
                    g.candidate() == null ? "—" : g.candidate().rateWithIntervalText(),
                    g.candidate() == null
                            ? ""
                            : g.candidate().passed() + "/" + g.candidate().graded(),
                    g.changeText()));
        }
        int[] width = new int[7];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], TextColumns.width(row.get(i)));
            }
        }
        out.println("  groups     by " + by.word()
                + (by == GroupBy.TAG ? " (a case with several tags counts in each)" : ""));
        for (List<String> row : rows) {
            StringBuilder sb = new StringBuilder("  ");
            for (int i = 0; i < row.size(); i++) {
                sb.append("  ");
                TextColumns.pad(sb, row.get(i), width[i]);
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    /** Variant names longer than this many characters are cut with "…" in the text rows (the JSON has them whole). */
    static final int VARIANT_CUT = 24;

    private static String sideLine(String label, VariantFigures f, int width, int runWidth) {
        StringBuilder b = new StringBuilder("  ").append(label).append("  ");
        TextColumns.pad(b, TextColumns.cut(TerminalText.escape(f.variant()), VARIANT_CUT), width)
                .append(" run ");
        TextColumns.pad(b, TerminalText.escape(f.runId()), runWidth);
        return b.append(String.format(
                        Locale.ROOT,
                        "  trial pass %s  (%d of %d graded passed · %d %s)  cases passed %d/%d",
                        f.rateWithIntervalText(),
                        f.passed(),
                        f.graded(),
                        f.trials(),
                        f.trials() == 1 ? "trial" : "trials",
                        f.casesPassed(),
                        f.cases()))
                .toString();
    }

    /** The means per trial of both sides as a small aligned table; {@code –} for a figure not known. */
    private static void means(PrintWriter out, VariantFigures base, VariantFigures candidate) {
        List<List<String>> rows = List.of(
                List.of("per trial", "tool calls", "tokens", "cost", "time"),
                meanCells("base", base),
                meanCells("candidate", candidate));
        int[] width = new int[5];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder sb = new StringBuilder(" ");
            for (int i = 0; i < row.size(); i++) {
                sb.append(' ')
                        .append(row.get(i))
                        .append(" ".repeat(width[i] - row.get(i).length() + 1));
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    private static List<String> meanCells(String label, VariantFigures f) {
        return List.of(label, f.toolCallsText(), f.tokensText(), f.costText(), f.secondsText());
    }

    /**
     * Where both sides' figures come from (summary.json, docs/dev/mst-format.md, Compare, or the trials), said
     * once when it is the same for both: {@code from summary.json, both sides},
     * {@code computed from the trials, both sides (no summary.json)}, or each side's own
     * ({@link VariantFigures#sourceText}): {@code base from summary.json · candidate from summary.json (time computed from the trials)}.
     * An unreadable summary.json is named with its problem.
     */
    static String figuresSource(VariantFigures base, VariantFigures candidate) {
        String b = base.sourceText();
        if (b.equals(candidate.sourceText())) {
            return base.fromSummary()
                    ? b + ", both sides"
                    : "computed from the trials, both sides ("
                            + base.trialsWhy().replace("figures for it", "figures for them") + ")";
        }
        if (!base.fromSummary() && !candidate.fromSummary()) {
            // both from the trials, for different reasons: said once, each side's reason after
            return "computed from the trials, both sides (" + why("base", base) + "; " + why("candidate", candidate)
                    + ")";
        }
        return "base " + b + " · candidate " + candidate.sourceText();
    }

    /** Why a side's figures come from its trials, for the figures line: {@code base: no summary.json}. */
    private static String why(String side, VariantFigures f) {
        if (VariantFigures.ONE_SOURCE.equals(f.sourceNote())) {
            return side + "'s summary.json not used, so the two compare";
        }
        return side + ": " + (f.fromSummary() ? f.sourceText() : f.trialsWhy());
    }

    /** Case ids longer than this many columns are cut with "…" in the text rows, as {@code trials} cuts them. */
    static final int CASE_CUT = TrialRows.MAX_CASE;

    /**
     * A row per case that changed, in the order of {@code --json}'s {@code cases} (regressed, flaky, improved,
     * added, removed, no-result; unchanged left out): change, case id (control characters escaped, cut at
     * {@link #CASE_CUT} columns, padded so the outcomes line up), base → candidate.
     */
    private static void caseRows(PrintWriter out, Comparison c) {
        List<CaseComparison> rows = c.cases().stream()
                .filter(r -> r.change() != CaseChange.UNCHANGED)
                .toList();
        int width = TextColumns.width(
                1,
                CASE_CUT,
                rows.stream().map(r -> TerminalText.escape(r.caseId())).toList());
        for (CaseChange ch : CaseChange.values()) {
            for (CaseComparison r : rows) {
                if (r.change() != ch) {
                    continue;
                }
                StringBuilder b = new StringBuilder("  ");
                TextColumns.pad(b, ch.jsonName(), 10).append(' ');
                TextColumns.pad(b, TextColumns.cut(TerminalText.escape(r.caseId()), width), width);
                out.println(
                        b.append("  ").append(outcome(r.base())).append(" → ").append(outcome(r.candidate())));
            }
        }
    }

    /** {@code pass 3/3}, {@code no-result 0/0 · 3 infra} ({@link CaseTally#leftOutText}), or {@code —} for no side. */
    private static String outcome(CaseTally t) {
        if (t == null) {
            return "—";
        }
        return t.cellText();
    }

    /**
     * The arguments quoted for a POSIX shell, so the re-run line can be pasted: plain words as they are, others
     * in single quotes; one holding a control character (an ESC in a case id, say) in bash's and zsh's
     * {@code $'…'} with {@code \xHH} escapes, since the line is printed with control characters escaped and a
     * single-quoted {@code \u001b} would be the literal text.
     */
    static List<String> quoted(List<String> args) {
        return args.stream().map(CompareCommand::quoted).toList();
    }

    private static String quoted(String a) {
        return dev.mstpanel.core.mst.RunCommandLine.quote(a);
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
