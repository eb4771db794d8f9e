package dev.mstpanel.cli;

import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.export.ExportException;
import dev.mstpanel.core.export.ExportFiles;
import dev.mstpanel.core.export.HtmlExporter;
import dev.mstpanel.core.mst.SecretRedactor;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel export (RUN|TRACE) -o FILE.html} and {@code mst-panel export --compare RUN_A [RUN_B]
 * [--variants B,C] -o FILE.html}: one self-contained HTML page of a trial, a run or a comparison, the
 * headless twin of File → Export…. Never writes inside a results folder, never over a file without
 * {@code --force}. Exits 0 when written, 1 with a plain message when it could not be, 2 on a usage error.
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Export a trial (its trace file), a run (its folder) or a comparison (--compare) as one HTML file that opens"
                    + " offline in any browser: no script, nothing loaded from anywhere, screenshots scaled, long outputs cut,"
                    + " secrets of the environment and of --secrets-file masked.",
            "Exit codes: 0 written; 1 could not export or write (the message says why); 2 usage error."
        })
public final class ExportCommand implements Callable<Integer> {
    @Parameters(
            paramLabel = "RUN|TRACE",
            arity = "1..2",
            description = "A run folder (.mcp-test-results/<eval>/runs/<runId>) or a trial's trace"
                    + " (<run>/traces/<variant>/<case>/<trial>.json); with --compare RUN_A and optionally RUN_B.")
    List<Path> inputs;

    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "FILE.html",
            description = "The file to write (not inside a results folder).")
    Path target;

    @Option(
            names = "--compare",
            description =
                    "Export a comparison: RUN_A's variants (its baseline with each other one), or RUN_A (base) with RUN_B.")
    boolean compare;

    @Option(
            names = "--variants",
            paramLabel = "BASE,CANDIDATE",
            split = ",",
            hideParamSyntax = true,
            description = "With --compare: the pair to compare, as the compare command takes it.")
    List<String> variants;

    @Option(
            names = "--secrets-file",
            paramLabel = "FILE",
            description =
                    "A secrets file (as mst run --secrets-file takes it) whose values are masked; may be repeated.")
    List<Path> secretsFiles = List.of();

    @Option(names = "--force", description = "Replace FILE.html when it exists.")
    boolean force;

    @Mixin
    Streams output = new Streams();

    @CommandLine.ParentCommand
    MstPanelCommand root;

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        for (Path p : inputs) {
            if (p.toString().isEmpty()) {
                throw new CommandLine.ParameterException(
                        output.commandLine(), "RUN|TRACE is empty: give a run folder or a trace file.");
            }
        }
        if (!compare && inputs.size() > 1) {
            throw new CommandLine.ParameterException(
                    output.commandLine(), "Give one run folder or trace file; two runs are compared with --compare.");
        }
        if (variants != null && !compare) {
            throw new CommandLine.ParameterException(output.commandLine(), "--variants goes with --compare.");
        }
        if (variants != null && variants.size() != 2) {
            throw new CommandLine.ParameterException(
                    output.commandLine(), "--variants takes two names, BASE,CANDIDATE (got " + variants.size() + ").");
        }
        try {
            // refused before any reading: a target in a results folder costs the user no wait
            ExportFiles.check(target, force);
            SecretRedactor mask;
            try {
                mask = root.services().knownSecrets(secretsFiles);
            } catch (IOException e) {
                throw new ExportException(
                        ExportException.Kind.SECRETS_UNREADABLE,
                        e.getMessage() + " Nothing was exported: its values could not be masked.");
            }
            HtmlExporter exporter = root.services().exporter();
            Path first = inputs.get(0).toAbsolutePath().normalize();
            String html;
            if (compare) {
                Path second = inputs.size() > 1 ? inputs.get(1).toAbsolutePath().normalize() : null;
                requireRun(first);
                if (second != null) {
                    requireRun(second);
                }
                html = exporter.comparison(
                        first,
                        second,
                        variants == null ? null : variants.get(0).trim(),
                        variants == null ? null : variants.get(1).trim(),
                        mask);
            } else if (Files.isDirectory(first)) {
                requireRun(first);
                html = exporter.run(first, mask);
            } else {
                html = exporter.trial(first, mask);
            }
            long bytes = ExportFiles.write(target, html, force);
            out.println("Exported to "
                    + TerminalText.escape(target.toAbsolutePath().normalize().toString()) + " (" + ByteSize.human(bytes)
                    + ")");
            out.flush();
            return 0;
        } catch (ExportException e) {
            err.println("mst-panel export: " + TerminalText.escape(e.getMessage()));
            err.flush();
            return 1;
        }
    }

    private static void requireRun(Path p) throws ExportException {
        if (!Files.isDirectory(p)) {
            throw new ExportException(
                    ExportException.Kind.NOT_A_RUN,
                    (Files.exists(p) ? p + " is a file, not a run folder" : "There is no folder at " + p)
                            + ": give a run folder, .mcp-test-results/<eval>/runs/<runId>.");
        }
        if (!ResultsReader.isRunDir(p)) {
            // a folder inside a run (its traces/, a case folder): the message names that run
            throw new ExportException(
                    ExportException.Kind.NOT_A_RUN,
                    dev.mstpanel.core.results.layout.RunLocator.runFolderAbove(p) != null
                            ? ResultsReader.noRunsMessage(p)
                            : p + " is not a run folder: give .mcp-test-results/<eval>/runs/<runId>.");
        }
    }
}
