package dev.mstpanel.core.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.CaseTally;
import dev.mstpanel.core.results.compare.CompareException;
import dev.mstpanel.core.results.compare.CompareWarning;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.results.compare.VariantFigures;
import dev.mstpanel.core.results.diagnosis.SystemState;
import dev.mstpanel.core.results.diagnosis.TextDocument;
import dev.mstpanel.core.results.diagnosis.TrialDetails;
import dev.mstpanel.core.results.model.GradedFigures;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.core.shell.LineMask;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * Writes the three exported pages, each one self-contained HTML file ({@link HtmlDocument}): a trial
 * (prompt, transcript with arguments and outputs, the failing call, screenshot, accessibility dump,
 * log tails, system state, its label), a run (summary, failures by cause, each failed trial) and a
 * comparison (the two sides' cards, the verdict, the case table, each changed case's trials side by
 * side). Every text passes through the one mask given; long texts are cut with a note saying where
 * the whole is. Reads the run's files only. Blocking disk work: call off the UI thread.
 */
public final class HtmlExporter {
    /** The longest argument or output of an event written, in characters. */
    public static final int EVENT_CHARS = 4_000;
    /** The longest prompt or final answer written, in characters. */
    public static final int PROMPT_CHARS = 20_000;
    /** The most of the accessibility dump written (its start), in characters. */
    public static final int DUMP_CHARS = 24_000;
    /** The most of each log written (its end), in characters. */
    public static final int LOG_TAIL_CHARS = 6_000;
    /**
     * The most events of a transcript written: each event's texts are cut, but a trace may hold any number of events,
     * and the page (held whole while it is made, then opened whole by a browser) must stay a size both can take.
     */
    public static final int MAX_EVENTS = 1_000;
    /** The most logs written per trial. */
    public static final int MAX_LOGS = 6;
    /** The most of each trial's output shown in a comparison's side-by-side, in characters. */
    public static final int SIDE_CHARS = 800;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ResultsReader reader;
    private final ComparisonService comparisons;
    private final ExportLabels labels;

    /**
     * @param reader reads the runs
     * @param comparisons compares runs and variants as the Compare screen does
     * @param labels the trials' triage labels ({@link ExportLabels#NONE} when there are none)
     */
    public HtmlExporter(ResultsReader reader, ComparisonService comparisons, ExportLabels labels) {
        this.reader = reader;
        this.comparisons = comparisons;
        this.labels = labels;
    }

    /**
     * The page of what is given: a trial, a run or a comparison.
     *
     * @param subject what to export
     * @param mask the secrets the panel knows of
     * @return the page
     * @throws ExportException when it cannot be exported (the message says why)
     */
    public String export(ExportSubject subject, LineMask mask) throws ExportException {
        return switch (subject.kind()) {
            case TRIAL -> trial(subject.path(), mask);
            case RUN -> run(subject.path(), mask);
            case COMPARISON ->
                comparison(
                        subject.path(),
                        subject.candidateRun(),
                        subject.baseVariant(),
                        subject.candidateVariant(),
                        mask);
        };
    }

    /**
     * The page of one trial.
     *
     * @param traceFile the trial's trace, {@code <run>/traces/<variant>/<case>/<trial>.json}
     * @param mask the secrets the panel knows of
     * @return the page
     * @throws ExportException when the file is not a trial (the message says what it is)
     */
    public String trial(Path traceFile, LineMask mask) throws ExportException {
        Transcript t;
        try {
            t = new TranscriptReader(EVENT_CHARS * 4).read(traceFile);
        } catch (TranscriptReader.NotATrialException e) {
            throw new ExportException(ExportException.Kind.NOT_A_TRIAL, mask.mask(e.getMessage()));
        }
        TrialRecord r = t.trial();
        HtmlDocument d = new HtmlDocument(r.evalName() + " · " + r.label() + " · " + r.variant(), mask);
        d.element("h1", null, r.label() + " · " + r.variant());
        d.element("p", "sub", "Eval " + r.evalName() + " · run " + r.runId() + " · exported by mst-panel");
        trialBody(d, t, 2);
        footer(d);
        return d.finish();
    }

    /**
     * The page of a run: its summary, its failures grouped by cause, and each failed trial.
     *
     * @param runDir the run folder
     * @param mask the secrets the panel knows of
     * @return the page
     * @throws ExportException when the folder is not a run
     */
    public String run(Path runDir, LineMask mask) throws ExportException {
        if (!ResultsReader.isRunDir(runDir)) {
            throw new ExportException(
                    ExportException.Kind.NOT_A_RUN,
                    mask.mask(runDir + " is not a run folder: give .mcp-test-results/<eval>/runs/<runId>."));
        }
        RunInfo run = reader.readRun(runDir);
        List<TrialRecord> trials = reader.readTrials(run);
        HtmlDocument d = new HtmlDocument(run.evalName() + " · run " + run.runId(), mask);
        d.element("h1", null, run.evalName() + " · run " + run.runId());
        d.element(
                "p",
                "sub",
                "Started " + orDash(run.createdAt()) + " · finished " + orDash(run.finishedAt()) + " · runner "
                        + orDash(run.runner()) + " · MST " + orDash(run.mstVersion()) + " · exported by mst-panel");
        if (run.problem() != null) {
            d.element("p", "cut", run.problem());
        }
        d.element("h2", null, "Summary");
        summaryTable(d, run, trials);
        List<TrialRecord> failed =
                trials.stream().filter(t -> t.status().isFailure()).toList();
        d.element("h2", null, "Failures by cause");
        if (failed.isEmpty()) {
            d.element("p", null, "No trial failed.");
        } else {
            Map<String, List<TrialRecord>> byCause = new LinkedHashMap<>();
            for (TrialRecord t : failed) {
                byCause.computeIfAbsent(orDash(t.cause()), k -> new ArrayList<>())
                        .add(t);
            }
            d.open("table", null).open("tr", null);
            d.element("th", null, "Cause").element("th", null, "Trials").element("th", null, "Which");
            d.close();
            byCause.entrySet().stream()
                    .sorted((a, b) ->
                            Integer.compare(b.getValue().size(), a.getValue().size()))
                    .forEach(e -> {
                        d.open("tr", null).element("td", null, e.getKey());
                        d.element("td", null, String.valueOf(e.getValue().size()));
                        d.element(
                                "td",
                                null,
                                String.join(
                                        ", ",
                                        e.getValue().stream()
                                                .map(t -> t.label() + " (" + t.variant() + ")")
                                                .toList()));
                        d.close();
                    });
            d.close();
            d.element("h2", null, "Failed trials");
            for (TrialRecord t : failed) {
                d.open("section", "trial");
                d.element("h3", null, t.label() + " · " + t.variant());
                trialBody(d, new TranscriptReader(EVENT_CHARS * 4).read(t, run.redactStoredResponses()), 4);
                d.close();
            }
        }
        footer(d);
        return d.finish();
    }

    /**
     * The page of a comparison: two variants of one run ({@code runB} null) or two runs of one eval,
     * as the {@code compare} command and the Compare screen compare them. With several pairs, each
     * is on the page.
     *
     * @param runA the base run folder
     * @param runB the candidate run folder, or null
     * @param baseVariant the base variant, or null for the default pairs
     * @param candidateVariant the candidate variant, or null
     * @param mask the secrets the panel knows of
     * @return the page
     * @throws ExportException when the runs cannot be compared (the message says why)
     */
    public String comparison(Path runA, Path runB, String baseVariant, String candidateVariant, LineMask mask)
            throws ExportException {
        List<String> notes = new ArrayList<>();
        List<Comparison> list;
        try {
            list = comparisons.compare(runA, runB, baseVariant, candidateVariant, notes);
        } catch (CompareException e) {
            // a message may repeat what was given (a variant name holding a key): masked as the page would be
            throw new ExportException(ExportException.Kind.CANNOT_COMPARE, mask.mask(e.getMessage()));
        } catch (CompletionException e) {
            throw new ExportException(
                    ExportException.Kind.CANNOT_COMPARE,
                    mask.mask(String.valueOf(e.getCause().getMessage())));
        }
        RunInfo baseRun = reader.readRun(runA);
        RunInfo candidateRun = runB == null ? baseRun : reader.readRun(runB);
        List<TrialRecord> baseTrials = reader.readTrials(baseRun);
        List<TrialRecord> candidateTrials = runB == null ? baseTrials : reader.readTrials(candidateRun);
        Comparison first = list.get(0);
        HtmlDocument d = new HtmlDocument(first.evalName() + " · " + first.title(), mask);
        d.element("h1", null, first.evalName() + " · compared");
        for (String n : notes) {
            d.element("p", "cut", n);
        }
        for (Comparison c : list) {
            d.element("h2", null, c.title());
            d.open("div", "cards");
            card(d, "Base", c.base(), c.baseSetup());
            card(d, "Candidate", c.candidate(), c.candidateSetup());
            d.close();
            for (CompareWarning w : c.warnings()) {
                d.element("p", "cut", w.message());
            }
            d.open("p", null)
                    .element("span", "verdict " + c.verdict().jsonName(), "Verdict: " + c.verdictText())
                    .close();
            // how many trials per case would tell the sides apart, said under the verdict as on the Compare screen
            d.element("p", "trials-needed", c.trialsPlan().text());
            if (c.sharesNoCase()) {
                d.element(
                        "p",
                        "cut",
                        "The two sides share no case: their pass rates are of different cases, not a comparison.");
            }
            d.element("h3", null, "Cases");
            d.open("table", null).open("tr", null);
            d.element("th", null, "Case")
                    .element("th", null, "Base")
                    .element("th", null, "Candidate")
                    .element("th", null, "Change");
            d.close();
            for (CaseComparison row : c.cases()) {
                d.open("tr", null).element("td", null, row.caseId());
                d.element("td", null, tallyText(row.base()));
                d.element("td", null, tallyText(row.candidate()));
                d.open("td", null)
                        .element(
                                "span",
                                "chip " + changeClass(row.change()),
                                row.change().jsonName())
                        .close();
                d.close();
            }
            d.close();
            List<CaseComparison> changed = c.cases().stream()
                    .filter(row -> row.change() != CaseChange.UNCHANGED)
                    .toList();
            if (!changed.isEmpty()) {
                d.element("h3", null, "Changed cases, trial by trial");
            }
            for (CaseComparison row : changed) {
                d.open("section", "trial");
                d.open("h3", null)
                        .text(row.caseId() + " ")
                        .element(
                                "span",
                                "chip " + changeClass(row.change()),
                                row.change().jsonName())
                        .close();
                d.open("div", "side");
                sideTrials(
                        d,
                        "Base · " + c.base().variant(),
                        of(baseTrials, c.base().variant(), row.caseId()));
                sideTrials(
                        d,
                        "Candidate · " + c.candidate().variant(),
                        of(candidateTrials, c.candidate().variant(), row.caseId()));
                d.close();
                d.close();
            }
        }
        footer(d);
        return d.finish();
    }

    private void trialBody(HtmlDocument d, Transcript t, int level) {
        TrialRecord r = t.trial();
        String h = "h" + Math.min(6, level);
        d.open("p", null)
                .element("span", "chip " + statusClass(r.status()), r.status().jsonName());
        if (r.cause() != null) {
            d.element("span", "chip", r.cause());
        }
        if (r.durationMs() != null) {
            d.element("span", "chip", String.format(Locale.ROOT, "%.1f s", r.durationMs() / 1000.0));
        }
        d.close();
        Optional<dev.mstpanel.core.triage.TriageLabel> label = labels.labelOf(r);
        label.ifPresent(l -> {
            d.open("div", "label").element("strong", null, "Label: " + l.label());
            if (l.note() != null && !l.note().isBlank()) {
                d.element("p", null, l.note());
            }
            d.close();
        });
        if (r.message() != null) {
            d.element(h, null, "Why it did not pass");
            d.block(r.message(), PROMPT_CHARS, false, "the trial's files of the run");
        }
        TranscriptEvent failing = t.failingEvent();
        if (failing != null) {
            d.element(h, null, "The failing call");
            d.open("div", "failing-call");
            event(d, failing, where(r));
            d.close();
        }
        d.element(h, null, "Prompt");
        if (t.prompt() != null) {
            d.block(t.prompt(), PROMPT_CHARS, false, "the run's results.json");
        } else {
            d.element("p", "sub", t.promptNote() == null ? "No prompt was recorded." : t.promptNote());
        }
        d.element(h, null, "Transcript (" + t.events().size() + (t.events().size() == 1 ? " event)" : " events)"));
        if (t.redacted()) {
            d.element("p", "cut", Transcript.REDACTED_NOTICE);
        }
        int written = 0;
        for (TranscriptEvent e : t.events()) {
            if (written++ == MAX_EVENTS) {
                d.element(
                        "p",
                        "cut",
                        (t.events().size() - MAX_EVENTS) + " more events are in " + where(r)
                                + (t.failingEvent() == null ? "." : " (the failing call is shown above)."));
                break;
            }
            d.open("div", e.index() == t.failingIndex() ? "event failing" : "event");
            event(d, e, where(r));
            d.close();
        }
        if (t.finalText() != null) {
            d.element(h, null, "Final answer");
            d.block(t.finalText(), PROMPT_CHARS, false, where(r));
        }
        for (String p : t.problems()) {
            d.element("p", "cut", p);
        }
        diagnosis(d, r, h);
    }

    private static void event(HtmlDocument d, TranscriptEvent e, String where) {
        StringBuilder head = new StringBuilder("#" + (e.index() + 1) + " " + e.title());
        if (e.kind() != null && !"tool_call".equals(e.kind())) {
            head.append(" (").append(e.kind()).append(')');
        }
        if (e.durationMs() != null) {
            head.append(String.format(Locale.ROOT, " · %.1f s", e.durationMs() / 1000.0));
        }
        if (e.failed()) {
            head.append(" · failed");
        }
        if (e.simulated()) {
            head.append(" · simulated write");
        }
        d.element("div", "head", head.toString());
        if (e.arguments() != null && !e.arguments().isMissingNode()) {
            d.element("div", "sub", "Arguments");
            d.block(pretty(e.arguments()), EVENT_CHARS, false, where);
        }
        if (!e.resultNames().isEmpty()) {
            d.element("div", "sub", "Found: " + String.join(", ", e.resultNames()));
        }
        if (e.output() != null) {
            d.element("div", "sub", "Output");
            d.block(e.output(), e.outputCut(), EVENT_CHARS, false, where);
            if (e.outputCut()) {
                d.element(
                        "p", "cut", (e.outputChars() - e.output().length()) + " more characters are in " + where + ".");
            }
        }
        if (e.problem() != null) {
            d.element("p", "cut", e.problem());
        }
    }

    private static void diagnosis(HtmlDocument d, TrialRecord r, String h) {
        if (r.artifactsDir() == null) {
            return;
        }
        TrialDetails details = TrialDetails.load(r, null);
        if (details.diagnosis().screenshot() != null) {
            d.element(h, null, "Screenshot");
            if (details.screenshotProblem() != null) {
                d.element("p", "cut", details.screenshotProblem());
            } else {
                try {
                    d.image(
                            "image/jpeg",
                            ExportImages.jpeg(details.diagnosis().screenshot()),
                            "The screen when " + r.label() + " ended");
                } catch (IOException | RuntimeException e) {
                    d.element("p", "cut", "screen.png could not be read: " + e.getMessage());
                }
            }
        }
        if (details.accessibility() != null) {
            d.element(h, null, "Accessibility dump");
            d.block(
                    String.join("\n", details.accessibility().lines()),
                    DUMP_CHARS,
                    false,
                    "accessibility.txt of the trial's artifacts");
        } else if (details.accessibilityProblem() != null) {
            d.element("p", "cut", details.accessibilityProblem());
        }
        if (!details.logs().isEmpty()) {
            d.element(h, null, "Log tails");
            int shown = 0;
            for (TrialDetails.Log log : details.logs()) {
                if (shown++ == MAX_LOGS) {
                    d.element(
                            "p",
                            "cut",
                            (details.logs().size() - MAX_LOGS) + " more logs are in the trial's artifacts folder.");
                    break;
                }
                TrialDetails.Log loaded = TrialDetails.loadLog(log.file());
                d.element("div", "head", loaded.title());
                if (loaded.text() == null) {
                    d.element("p", "cut", loaded.problem());
                } else {
                    TextDocument doc = loaded.text();
                    d.block(String.join("\n", doc.lines()), LOG_TAIL_CHARS, true, loaded.title());
                }
            }
        }
        SystemState sys = details.system();
        if (sys != null) {
            d.element(h, null, "System state");
            if (sys.problem() != null) {
                d.element("p", "cut", sys.problem());
            }
            d.open("table", null);
            for (SystemState.Row row : sys.rows()) {
                d.open("tr", null).element("th", null, row.name()).element("td", null, row.value());
                d.element("td", null, row.note() == null ? "" : row.note());
                d.close();
            }
            d.close();
            for (String w : sys.warnings()) {
                d.element("p", "cut", w);
            }
        }
    }

    private void summaryTable(HtmlDocument d, RunInfo run, List<TrialRecord> trials) {
        Map<String, int[]> byVariant = new LinkedHashMap<>();
        for (String v : run.variants()) {
            byVariant.put(v, new int[TrialStatus.values().length]);
        }
        for (TrialRecord t : trials) {
            byVariant
                    .computeIfAbsent(t.variant(), k -> new int[TrialStatus.values().length])[
                    t.status().ordinal()]++;
        }
        d.open("table", null).open("tr", null).element("th", null, "Variant");
        for (TrialStatus s : TrialStatus.values()) {
            d.element("th", null, s.jsonName());
        }
        d.close();
        for (var e : byVariant.entrySet()) {
            d.open("tr", null).element("td", null, e.getKey());
            for (int n : e.getValue()) {
                d.element("td", null, String.valueOf(n));
            }
            d.close();
        }
        d.close();
        // the Results view's own figures: missing trials were never run, so they are not counted as not passing
        Map<TrialStatus, Integer> counts = GradedFigures.counts(trials);
        d.element("p", "sub", GradedFigures.text(counts));
        String partial = run.partialText(counts.getOrDefault(TrialStatus.MISSING, 0));
        if (partial != null) {
            d.element("p", "cut", partial + " (trials MST planned but did not collect, left out of the figures above)");
        }
    }

    private static void card(HtmlDocument d, String side, VariantFigures f, String setup) {
        d.open("div", "card");
        d.element("h3", null, side + ": " + f.variant());
        d.element("div", "sub", "run " + f.runId() + " · " + setup);
        d.element("div", null, "Trial pass rate " + f.rateWithIntervalText());
        d.element("div", null, f.gradedText() + " · " + f.trials() + " trials");
        d.element("div", null, "Cases passed " + f.casesPassed() + " of " + f.cases());
        d.element(
                "div",
                "sub",
                "Per trial: tool calls " + f.toolCallsText() + " · tokens " + f.tokensText() + " · cost " + f.costText()
                        + " · time " + f.secondsText());
        if (f.unreadableText() != null) {
            d.element("div", "cut", f.unreadableText());
        }
        d.close();
    }

    private static void sideTrials(HtmlDocument d, String title, List<TrialRecord> trials) {
        d.open("div", null).element("h4", null, title);
        if (trials.isEmpty()) {
            d.element("p", "sub", "No trial of this case on this side.");
        }
        for (TrialRecord t : trials) {
            d.open("div", "event");
            d.open("div", "head")
                    .text("#" + t.number() + " ")
                    .element(
                            "span",
                            "chip " + statusClass(t.status()),
                            t.status().jsonName());
            if (t.cause() != null) {
                d.text(" " + t.cause());
            }
            d.close();
            if (t.message() != null) {
                d.block(t.message(), SIDE_CHARS, false, where(t));
            }
            if (t.status().isFailure() && t.traceFile() != null) {
                TranscriptEvent failing = failingCall(t);
                if (failing != null) {
                    d.element("div", "sub", "Failing call: " + failing.title());
                    if (failing.output() != null) {
                        d.block(failing.output(), failing.outputCut(), SIDE_CHARS, false, where(t));
                    }
                }
            }
            d.close();
        }
        d.close();
    }

    private static TranscriptEvent failingCall(TrialRecord t) {
        try {
            return new TranscriptReader(SIDE_CHARS * 2).read(t, null).failingEvent();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static List<TrialRecord> of(List<TrialRecord> trials, String variant, String caseId) {
        return trials.stream()
                .filter(t -> variant.equals(t.variant()) && caseId.equals(t.caseId()))
                .sorted(java.util.Comparator.comparingInt(TrialRecord::trial))
                .toList();
    }

    /** The case's cell as the compare command and the Compare screen write it, or a dash for no side. */
    private static String tallyText(CaseTally t) {
        return t == null ? "–" : t.cellText();
    }

    private static String where(TrialRecord r) {
        return "the trial's trace, traces/" + r.key().file() + " of run " + r.runId();
    }

    private static String statusClass(TrialStatus s) {
        return switch (s) {
            case PASSED -> "passed";
            case FAILED, UNREADABLE -> "failed";
            case INFRA, MISSING, UNGRADED -> "infra";
        };
    }

    private static String changeClass(CaseChange c) {
        return switch (c) {
            case REGRESSED -> "regressed";
            case IMPROVED -> "improved";
            case FLAKY -> "flaky";
            default -> "neutral";
        };
    }

    private static String pretty(JsonNode n) {
        if (n.isTextual()) {
            return n.asText();
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(n);
        } catch (IOException e) {
            return n.toString();
        }
    }

    private static String orDash(String s) {
        return s == null || s.isBlank() ? "–" : s;
    }

    private static void footer(HtmlDocument d) {
        d.element(
                "footer",
                null,
                "Exported by mst-panel from the run's files. Secrets the panel knows of are shown as ***; a screenshot"
                        + " is shown as it was captured.");
    }
}
