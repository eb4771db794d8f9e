package dev.mstpanel.cli;

import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.doctor.CheckStatus;
import dev.mstpanel.core.doctor.ContextReadiness;
import dev.mstpanel.core.doctor.DoctorCheck;
import dev.mstpanel.core.doctor.DoctorReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mst-panel doctor [--json]}: host readiness, this machine's tools and each context's
 * devices, memory and disk, with a fix for each failing line. Exit codes: {@link DoctorReport#exitCode()}
 * (0 ready or only warnings, unreachable contexts included; 1 a required tool missing or a check failing
 * on a reachable context).
 */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description =
                "Check this machine (docker CLI, Node, MST) and every context (KVM and VM devices, memory, disk) for Cowork runs.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:Nothing fails (warnings, such as a context that does not answer, do not count).",
            "1:A required tool (docker CLI, Node, MST) is missing, or a check fails on a context that answered.",
            "2:Bad command-line usage."
        })
public final class DoctorCommand implements Callable<Integer> {
    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "3",
            converter = TimeoutSeconds.class,
            description = "Per-context probe timeout in seconds (default: ${DEFAULT-VALUE}).")
    java.time.Duration timeout;

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        // the environment `run` gives MST (login shell's variables, the JVM's PATH first), so both find the same MST
        PanelServices services = root.loginShellServices();
        DoctorReport report = services.doctor().run(ContainersCommand.contexts(services), timeout);
        int written = output.print(() -> output.writeJson(DoctorJson.of(report)), () -> {
            out.println("This machine");
            print(out, report.host());
            for (ContextReadiness c : report.contexts()) {
                out.println();
                out.println("Context " + c.context()
                        + (c.checkImage() == null ? "" : "  (checked in a container of " + c.checkImage() + ")"));
                print(out, c.checks());
            }
            out.printf(Locale.ROOT, "%nChecked in %.1f s.%n", report.millis() / 1000.0);
        });
        out.flush();
        return report.exitCode() != 0 ? report.exitCode() : written;
    }

    /** The report in {@code --json}: this machine's checks, each context's, and how long it took. */
    record DoctorJson(List<CheckJson> host, List<ContextJson> contexts, long millis) {
        static DoctorJson of(DoctorReport report) {
            return new DoctorJson(
                    CheckJson.of(report.host()),
                    report.contexts().stream()
                            .map(c -> new ContextJson(
                                    c.context(),
                                    c.worst().jsonName(),
                                    c.checkImage(),
                                    c.millis(),
                                    CheckJson.of(c.checks())))
                            .toList(),
                    report.millis());
        }
    }

    /** One context's checks, its worst status first. */
    record ContextJson(String context, String status, String checkImage, long millis, List<CheckJson> checks) {}

    /** One check, with the fix (and the command that does it) when there is one. */
    record CheckJson(String id, String title, String status, String detail, String fix, String fixCommand) {
        static List<CheckJson> of(List<DoctorCheck> checks) {
            return checks.stream()
                    .map(c -> new CheckJson(
                            c.id(), c.title(), c.status().jsonName(), c.detail(), c.fix(), c.fixCommand()))
                    .toList();
        }
    }

    private static void print(PrintWriter out, List<DoctorCheck> checks) {
        for (DoctorCheck c : checks) {
            String mark = switch (c.status()) {
                case PASS -> "[ok]  ";
                case WARN -> "[warn]";
                case FAIL -> "[FAIL]";
                case SKIPPED -> "[--]  ";
            };
            out.println("  " + mark + " " + c.title() + ": " + c.detail());
            if (c.status() != CheckStatus.PASS && c.fix() != null) {
                out.println("         fix: " + c.fix());
            }
            if (c.status() != CheckStatus.PASS && c.fixCommand() != null) {
                out.println("         $ " + c.fixCommand());
            }
        }
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
