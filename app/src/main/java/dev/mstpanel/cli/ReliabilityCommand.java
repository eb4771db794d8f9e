package dev.mstpanel.cli;

import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.RunReliability;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.Location;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel reliability RUN [--variant V] [--json]}: how reliable each case of a run is,
 * from its graded trials: pass@k (at least one of k trials passes) and pass^k (all k pass) per
 * case and variant, flaky cases first.
 */
@Command(
        name = "reliability",
        mixinStandardHelpOptions = true,
        description =
                "How reliable each case of a run is: pass@k (one of k trials passes) and pass^k (all k pass) per case and variant, from the graded trials, flaky cases first.")
public final class ReliabilityCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "A run folder (.mcp-test-results/<eval>/runs/<run id>).")
    Path run;

    @Option(names = "--variant", paramLabel = "NAME", description = "Only this variant.")
    String variant;

    @Mixin
    OutputOptions output = new OutputOptions();

    /** The JSON's root: the run, then its variants (a record, so the order is always this one). */
    record ReliabilityJson(String eval, String runId, List<RunReliability.VariantReliability> variants) {}

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        if (run.toString().isEmpty()) {
            throw new CommandLine.ParameterException(output.commandLine(), "RUN is empty: give a run folder.");
        }
        ResultsReader reader = root.services().resultsReader();
        try {
            Location location;
            try {
                location = reader.locate(run.toAbsolutePath().normalize());
            } catch (ResultsException e) {
                err.println("mst-panel reliability: " + TerminalText.escape(e.getMessage()));
                return 1;
            }
            if (location.runDirs().size() != 1) {
                err.println("mst-panel reliability: " + TerminalText.escape(run.toString())
                        + (location.runDirs().isEmpty()
                                ? " holds no run: give a run folder (.mcp-test-results/<eval>/runs/<run id>)."
                                : " holds " + location.runDirs().size() + " runs: give one run folder."));
                return 1;
            }
            RunReliability r = RunReliability.of(
                    RunTally.readStatuses(reader, location.runDirs().get(0), false, n -> {}));
            List<RunReliability.VariantReliability> variants = r.variants().stream()
                    .filter(v -> variant == null || v.variant().equals(variant))
                    .toList();
            if (variants.isEmpty()) {
                err.println("mst-panel reliability: the run has no variant "
                        + TerminalText.escape(String.valueOf(variant)) + "; its variants: "
                        + TerminalText.escape(String.join(
                                ", ",
                                r.variants().stream()
                                        .map(RunReliability.VariantReliability::variant)
                                        .toList()))
                        + ".");
                return 1;
            }
            if (output.json()) {
                output.writeJson(new ReliabilityJson(r.eval(), r.runId(), variants));
            } else {
                print(out, r, variants);
            }
            return 0;
        } catch (IOException e) {
            err.println("mst-panel reliability: cannot write the output: " + e.getMessage());
            return 1;
        }
    }

    private static void print(PrintWriter out, RunReliability r, List<RunReliability.VariantReliability> variants) {
        out.println(TerminalText.escape(r.eval()) + " / " + TerminalText.escape(r.runId()));
        for (RunReliability.VariantReliability v : variants) {
            int most = v.passAtK().size();
            out.println();
            out.println("variant " + TerminalText.escape(v.variant()) + ": "
                    + v.cases().size() + " cases with graded trials, "
                    + v.flakyCases() + " flaky"
                    + (v.ungradedCases() > 0 ? ", " + v.ungradedCases() + " without a graded trial (left out)" : "")
                    + (most == 0 ? "" : "; means: " + figures(v.passAtK(), v.passHatK(), most)));
            // the case ids and the counts in columns, as trials and compare print them
            List<String> ids =
                    v.cases().stream().map(c -> TerminalText.escape(c.caseId())).toList();
            List<String> counts =
                    v.cases().stream().map(c -> c.passed() + "/" + c.trials()).toList();
            int idWidth = dev.mstpanel.core.text.TextColumns.width(4, 60, ids);
            int countWidth = dev.mstpanel.core.text.TextColumns.width(3, 15, counts);
            for (int i = 0; i < v.cases().size(); i++) {
                RunReliability.CaseReliability c = v.cases().get(i);
                StringBuilder row = new StringBuilder("  ").append(c.flaky() ? "flaky  " : "       ");
                dev.mstpanel.core.text.TextColumns.pad(
                                row, dev.mstpanel.core.text.TextColumns.cut(ids.get(i), 60), idWidth)
                        .append("  ");
                dev.mstpanel.core.text.TextColumns.pad(row, counts.get(i), countWidth)
                        .append("  ")
                        .append(figures(c.passAtK(), c.passHatK(), c.trials()));
                out.println(row);
            }
        }
    }

    /** pass@1, and pass@k and pass^k at the largest k. */
    private static String figures(Map<Integer, Double> at, Map<Integer, Double> hat, int k) {
        String one = "pass@1 " + pct(at.get(1));
        return k == 1 ? one : one + ", pass@" + k + " " + pct(at.get(k)) + ", pass^" + k + " " + pct(hat.get(k));
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.0f %%", v * 100);
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
