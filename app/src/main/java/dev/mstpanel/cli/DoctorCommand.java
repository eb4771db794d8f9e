package dev.mstpanel.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import picocli.CommandLine.Option;

/**
 * {@code mst-panel doctor [--json]}: host readiness, this machine's tools and each context's
 * devices, memory and disk, with a fix for each failing line. Exit codes: {@link DoctorReport#exitCode()}
 * (0 ready or only warnings, unreachable contexts included; 1 a required tool missing or a check failing
 * on a reachable context).
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Check this machine (docker CLI, Node, MST) and every context (KVM and VM devices, memory, disk) for Cowork runs.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:Nothing fails (warnings, such as a context that does not answer, do not count).",
                "1:A required tool (docker CLI, Node, MST) is missing, or a check fails on a context that answered.",
                "2:Bad command-line usage."})
public final class DoctorCommand implements Callable<Integer> {
    @Option(names = "--json", description = "Print JSON: {host: [checks], contexts: [{context, checks}]}.")
    boolean json;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "3", converter = TimeoutSeconds.class,
            description = "Per-context probe timeout in seconds (default: ${DEFAULT-VALUE}).")
    java.time.Duration timeout;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = TerminalText.guard(spec.commandLine().getOut());
        // the environment `run` gives MST (login shell's variables, the JVM's PATH first), so both find the same MST
        PanelServices services = root.loginShellServices();
        DoctorReport report = services.doctor().run(ContainersCommand.contexts(services), timeout);
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode root = mapper.createObjectNode();
            put(root.putArray("host"), report.host());
            ArrayNode contexts = root.putArray("contexts");
            for (ContextReadiness c : report.contexts()) {
                ObjectNode o = contexts.addObject();
                o.put("context", c.context());
                o.put("status", c.worst().jsonName());
                o.put("checkImage", c.checkImage());
                o.put("millis", c.millis());
                put(o.putArray("checks"), c.checks());
            }
            root.put("millis", report.millis());
            out.println(root.toPrettyString());
        } else {
            out.println("This machine");
            print(out, report.host());
            for (ContextReadiness c : report.contexts()) {
                out.println();
                out.println("Context " + c.context() + (c.checkImage() == null ? "" : "  (checked in a container of " + c.checkImage() + ")"));
                print(out, c.checks());
            }
            out.printf(Locale.ROOT, "%nChecked in %.1f s.%n", report.millis() / 1000.0);
        }
        out.flush();
        return report.exitCode();
    }

    private static void put(ArrayNode array, List<DoctorCheck> checks) {
        for (DoctorCheck c : checks) {
            ObjectNode o = array.addObject();
            o.put("id", c.id());
            o.put("title", c.title());
            o.put("status", c.status().jsonName());
            o.put("detail", c.detail());
            o.put("fix", c.fix());
            o.put("fixCommand", c.fixCommand());
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
