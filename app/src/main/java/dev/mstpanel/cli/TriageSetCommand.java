package dev.mstpanel.cli;

import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.triage.RunTriage;
import dev.mstpanel.core.triage.TriageRefused;
import dev.mstpanel.core.triage.TriageService;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel triage set TRACE (--label L [--note TEXT] | --clear)}: gives a failed or infra trial a label from the
 * label list (matched ignoring case) and a note, or clears them. The label goes to the panel's data folder; the run
 * folder is only read. Exits 0 when saved, 1 when TRACE is not a trial of a run folder, the trial did not fail or the
 * data folder cannot be written, 2 on a usage error (an unknown label: the message lists the labels).
 */
@Command(
        name = "set",
        mixinStandardHelpOptions = true,
        description = "Give a failed trial a label and a note (or clear them); the labels are listed by 'triage RUN'.")
public final class TriageSetCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "TRACE",
            description = "The trial's trace: <run>/traces/<variant>/<case>/<trial>.json.")
    Path trace;

    @ArgGroup(multiplicity = "1")
    What what;

    /** Set a label, or clear it: one of the two. */
    static final class What {
        @Option(
                names = "--label",
                paramLabel = "LABEL",
                description =
                        "The label, one of the list in Settings (by default: agent error, tool or server bug, grader or test bug, infrastructure, flaky, other).")
        String label;

        @Option(names = "--clear", description = "Clear the trial's label and note.")
        boolean clear;
    }

    @Option(names = "--note", paramLabel = "TEXT", description = "A note to keep with the label.")
    String note;

    @Mixin
    Streams streams = new Streams();

    @Override
    public Integer call() {
        PrintWriter out = streams.out();
        PrintWriter err = streams.err();
        if (what.clear && note != null) {
            throw new CommandLine.ParameterException(
                    streams.commandLine(), "--note goes with --label: --clear clears the label and its note.");
        }
        Path file = trace.toAbsolutePath().normalize();
        Matcher m = RunLayout.TRIAL_FILE.matcher(String.valueOf(file.getFileName()));
        Path caseDir = file.getParent();
        Path variantDir = caseDir == null ? null : caseDir.getParent();
        Path traces = variantDir == null ? null : variantDir.getParent();
        Path runDir = traces == null ? null : traces.getParent();
        if (!m.matches()
                || runDir == null
                || !RunLayout.TRACES.equals(String.valueOf(traces.getFileName()))
                || !ResultsReader.isRunDir(runDir)
                || !Files.isRegularFile(file)) {
            err.println("mst-panel triage set: " + TerminalText.escape(trace.toString())
                    + " is not a trial's trace in a run folder: give <run>/traces/<variant>/<case>/<trial>.json.");
            return 1;
        }
        ResultsReader reader = root().services().resultsReader();
        RunInfo run = reader.readRun(runDir);
        TrialRecord trial = reader.readTrial(
                run,
                new TrialKey(
                        variantDir.getFileName().toString(),
                        caseDir.getFileName().toString(),
                        Integer.parseInt(m.group(1))));
        TriageService triage = root().services().triage();
        try {
            RunTriage written;
            if (what.clear) {
                written = triage.clear(trial);
                out.println(TerminalText.escape(trial.variant() + " / " + trial.label()) + ": label cleared");
            } else {
                written = triage.set(trial, what.label, note);
                var l = written.labels().get(trial.key());
                out.println(TerminalText.escape(trial.variant() + " / " + trial.label()) + ": "
                        + TerminalText.escape(l.label())
                        + (l.note().isBlank() ? "" : " (" + TerminalText.escape(l.note()) + ")"));
            }
            written.problemIfAny().ifPresent(p -> err.println("warning: " + TerminalText.escape(p.sentence())));
            return 0;
        } catch (TriageRefused e) {
            err.println("mst-panel triage set: " + TerminalText.escape(e.getMessage()));
            // a label or note the person can retype is a usage error; a trial that did not fail is not
            return e.kind() == TriageRefused.Kind.UNKNOWN_LABEL || e.kind() == TriageRefused.Kind.NOTE_TOO_LONG ? 2 : 1;
        } catch (IOException e) {
            err.println("mst-panel triage set: the label could not be saved in "
                    + TerminalText.escape(String.valueOf(triage.fileOf(run).getParent())) + ": "
                    + TerminalText.escape(String.valueOf(e.getMessage())));
            return 1;
        }
    }

    private MstPanelCommand root() {
        return parent.root;
    }

    /** The triage command, whose root holds the services. */
    @CommandLine.ParentCommand
    TriageCommand parent;
}
