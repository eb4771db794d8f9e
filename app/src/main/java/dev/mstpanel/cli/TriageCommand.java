package dev.mstpanel.cli;

import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.Location;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.text.TextColumns;
import dev.mstpanel.core.triage.RunTriage;
import dev.mstpanel.core.triage.TriageLabel;
import dev.mstpanel.core.triage.TriageService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel triage RUN [--json]}: the failures of a run (failed and infra trials) with the label and note each
 * was given, and how many are labelled; the headless twin of triage in the Results view. The labels are the panel's,
 * kept in its data folder ({@code mst-panel triage set} gives them). With {@code --json} an array of {@code variant,
 * caseId, trial} (0-based), {@code status, label, note} ({@code label} and {@code note} null for a failure without a
 * label). Exits 0 when the run could be read, 1 when RUN is not one run folder, 2 on a usage error.
 */
@Command(
        name = "triage",
        mixinStandardHelpOptions = true,
        subcommands = {TriageSetCommand.class},
        description =
                "List a run's failures with the labels and notes given to them in the panel, and how many are labelled.")
public final class TriageCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "RUN",
            description = "A run folder (.mcp-test-results/<eval>/runs/<run id>).")
    Path run;

    @Mixin
    OutputOptions output = new OutputOptions();

    /** One failure in {@code --json}. */
    record FailureJson(String variant, String caseId, int trial, String status, String label, String note) {}

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        if (run == null || run.toString().isEmpty()) {
            throw new CommandLine.ParameterException(
                    output.commandLine(),
                    "RUN is missing: give a run folder (.mcp-test-results/<eval>/runs/<run id>).");
        }
        ResultsReader reader = root.services().resultsReader();
        Location location;
        try {
            location = reader.locate(run.toAbsolutePath().normalize());
        } catch (ResultsException e) {
            err.println("mst-panel triage: " + TerminalText.escape(e.getMessage()));
            return 1;
        }
        if (location.runDirs().size() != 1) {
            err.println("mst-panel triage: " + TerminalText.escape(run.toString())
                    + (location.runDirs().isEmpty()
                            ? " holds no run: give a run folder (.mcp-test-results/<eval>/runs/<run id>)."
                            : " holds " + location.runDirs().size() + " runs: give one run folder."));
            return 1;
        }
        RunInfo info = reader.readRun(location.runDirs().get(0));
        if (info.problem() != null) {
            err.println("warning: " + TerminalText.escape(info.problem()));
        }
        List<TrialRecord> trials = reader.readTrials(info);
        TriageService triage = root.services().triage();
        RunTriage labels = triage.read(info);
        labels.problemIfAny().ifPresent(p -> err.println("warning: " + TerminalText.escape(p.sentence())));
        List<TrialRecord> failures = trials.stream()
                .filter(t -> TriageService.needsLabel(t.status()))
                .toList();
        return output.print(
                () -> output.writeJson(failures.stream()
                        .map(t -> {
                            TriageLabel l = labels.labels().get(t.key());
                            return new FailureJson(
                                    t.variant(),
                                    t.caseId(),
                                    t.trial(),
                                    t.status().jsonName(),
                                    l == null ? null : l.label(),
                                    l == null ? null : l.note());
                        })
                        .toList()),
                () -> printText(out, info, trials, failures, labels));
    }

    private static void printText(
            PrintWriter out, RunInfo info, List<TrialRecord> trials, List<TrialRecord> failures, RunTriage labels)
            throws IOException {
        out.println(TerminalText.escape(info.evalName()) + " / " + TerminalText.escape(info.runId()));
        out.println(TriageService.progress(trials, labels.labels()).text());
        int variantWidth = TextColumns.width(
                1,
                TrialRows.MAX_VARIANT,
                failures.stream().map(t -> TerminalText.escape(t.variant())).toList());
        int caseWidth = TextColumns.width(
                1,
                TrialRows.MAX_CASE,
                failures.stream().map(t -> TerminalText.escape(t.label())).toList());
        for (TrialRecord t : failures) {
            StringBuilder b = new StringBuilder("  ");
            TextColumns.pad(b, t.status().jsonName(), 6).append("  ");
            TextColumns.pad(b, TextColumns.cut(TerminalText.escape(t.variant()), variantWidth), variantWidth)
                    .append("  ");
            TextColumns.pad(b, TextColumns.cut(TerminalText.escape(t.label()), caseWidth), caseWidth)
                    .append("  ");
            TriageLabel l = labels.labels().get(t.key());
            if (l == null) {
                b.append("(no label)");
            } else {
                b.append(TerminalText.escape(l.label()));
                if (!l.note().isBlank()) {
                    b.append(": ").append(TextColumns.cut(TerminalText.escape(l.note()), TrialRows.MAX_ERROR));
                }
            }
            out.println(b.toString().stripTrailing());
        }
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
