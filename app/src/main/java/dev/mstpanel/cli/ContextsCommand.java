package dev.mstpanel.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.core.docker.Capacity;
import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.ContextList;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineGroups;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.docker.RunSizing;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code mst-panel contexts}: every Docker context, whether it answers, and how many eval
 * containers fit on it. Exits 0 even when some contexts are down; 2 on a usage error.
 */
@Command(name = "contexts", mixinStandardHelpOptions = true,
        description = "List Docker contexts, probe them in parallel, and show how many MST containers fit on each.",
        subcommands = {ContextsAddCommand.class})
public final class ContextsCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print a JSON array, one object per context.")
    boolean json;

    @Option(names = "--memory", paramLabel = "SIZE", description = "The run's memory option (Docker syntax, e.g. 8g).")
    String memory;

    @Option(names = "--cpus", paramLabel = "N", description = "The run's cpus option (e.g. 2 or 1.5).")
    String cpus;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "3", converter = TimeoutSeconds.class,
            description = "Per-context probe timeout in seconds (default: ${DEFAULT-VALUE}).")
    Duration probeTimeout;

    @Option(names = "--repeat", hidden = true, defaultValue = "1",
            description = "Benchmarks: probe this many rounds in one JVM (with MST_PANEL_TIMING set, each round's ms goes to stderr).")
    int repeat;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = TerminalText.guard(spec.commandLine().getOut());
        PrintWriter err = TerminalText.guard(spec.commandLine().getErr());
        RunSizing sizing;
        try {
            sizing = RunSizing.parse(memory, cpus);
        } catch (IllegalArgumentException e) {
            err.println("mst-panel contexts: " + e.getMessage());
            return 2;
        }
        PanelServices services = root.services();
        ContextList list = services.contextStore().load();
        list.warnings().forEach(w -> err.println("warning: " + w));
        err.flush();
        List<ProbeResult> results = List.of();
        {
            EngineProber prober = services.prober();
            for (int round = 0; round < Math.max(1, repeat); round++) {
                long probeStart = System.nanoTime();
                results = prober.probeAll(list.contexts(), probeTimeout, r -> { }).join();
                if (System.getenv("MST_PANEL_TIMING") != null) {
                    err.println("probe-all-ms " + (System.nanoTime() - probeStart) / 1_000_000);
                }
            }
        }
        CapacityPlanner planner = new CapacityPlanner();
        if (json) {
            printJson(out, results, planner, sizing, EngineGroups.of(results));
        } else {
            printTable(out, list, results, planner, sizing);
        }
        return 0;
    }

    private static void printJson(PrintWriter out, List<ProbeResult> results, CapacityPlanner planner, RunSizing sizing,
                                  EngineGroups groups) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ArrayNode array = mapper.createArrayNode();
        for (ProbeResult r : results) {
            DockerContext c = r.context();
            ObjectNode o = array.addObject();
            o.put("name", c.name());
            o.put("current", c.current());
            o.put("endpoint", c.endpoint());
            o.put("source", c.source().jsonName());
            o.put("description", c.description());
            o.put("reachable", r.reachable());
            o.put("error", r.failure() == null ? null : r.failure().message());
            o.put("errorKind", r.failure() == null ? null : r.failure().kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            o.put("hint", c.hint());
            EngineInfo e = r.engine();
            o.put("serverVersion", e == null ? null : e.serverVersion());
            o.put("os", e == null ? null : e.operatingSystem());
            o.put("osType", e == null ? null : e.osType());
            o.put("arch", e == null ? null : e.architecture());
            if (e == null) {
                o.putNull("cpus");
                o.putNull("memoryBytes");
                o.putNull("containersRunning");
            } else {
                o.put("cpus", e.cpus());
                o.put("memoryBytes", e.memoryBytes());
                o.put("containersRunning", e.containersRunning());
            }
            o.put("probeMillis", r.probeMillis());
            o.put("engineId", e == null || e.engineId().isEmpty() ? null : e.engineId());
            groups.sameEngineAs(c.name()).forEach(o.putArray("sameEngineAs")::add);
            o.put("countedUnder", groups.isAlias(c.name()) ? groups.primary(c.name()) : null);
            if (e == null || e.memoryBytes() <= 0 || e.cpus() <= 0) {
                o.putNull("capacity");
            } else {
                ContextCapacity cap = planner.plan(e.memoryBytes(), e.cpus(), sizing);
                ObjectNode capacity = o.putObject("capacity");
                capacity.put("spareBytes", cap.spareBytes());
                capacity.put("error", cap.error());
                capacity.put("line", cap.coworkLine(c.name()));
                put(capacity.putObject("cowork"), cap.cowork());
                put(capacity.putObject("grade"), cap.grade());
                put(capacity.putObject("chatgpt"), cap.chatgpt());
            }
        }
        out.println(array.toPrettyString());
        out.flush();
    }

    private static void put(ObjectNode node, Capacity c) {
        node.put("containers", c.containers());
        node.put("memoryBytes", c.memoryBytes());
        node.put("estimate", c.estimate());
        node.put("note", c.note());
    }

    private static void printTable(PrintWriter out, ContextList list, List<ProbeResult> results, CapacityPlanner planner, RunSizing sizing) {
        EngineGroups groups = EngineGroups.of(results);
        int nameWidth = Math.max(7, results.stream().mapToInt(r -> r.context().name().length()).max().orElse(7));
        int engineWidth = Math.max(6, results.stream().filter(ProbeResult::reachable)
                .mapToInt(r -> r.engine().serverVersion().length()).max().orElse(6));
        String fmt = "%-1s %-" + nameWidth + "s  %-11s  %-" + engineWidth + "s  %4s  %9s  %-14s  %-15s  %-15s%n";
        out.printf(Locale.ROOT, fmt, "", "CONTEXT", "STATE", "ENGINE", "CPUS", "MEMORY", "COWORK", "GRADE/HEADLESS", "CHATGPT (EST.)");
        for (ProbeResult r : results) {
            DockerContext c = r.context();
            EngineInfo e = r.engine();
            String mark = c.current() ? "*" : "";
            if (e == null) {
                out.printf(Locale.ROOT, fmt, mark, c.name(), "unreachable", "-", "-", "-", "-", "-", "-");
                continue;
            }
            ContextCapacity cap = planner.plan(e.memoryBytes(), e.cpus(), sizing);
            String chat = cap.error() != null ? cell(cap.chatgpt(), cap) : "~" + cell(cap.chatgpt(), cap);
            out.printf(Locale.ROOT, fmt, mark, c.name(), "reachable", e.serverVersion(), e.cpus(), ByteSize.gib(e.memoryBytes()),
                    cell(cap.cowork(), cap), cell(cap.grade(), cap), chat);
        }
        out.println();
        for (ProbeResult r : results) {
            DockerContext c = r.context();
            EngineInfo e = r.engine();
            if (e != null) {
                out.println("  " + planner.plan(e.memoryBytes(), e.cpus(), sizing).coworkLine(c.name()));
            } else {
                String where = c.endpoint().isEmpty() ? "" : " (" + c.endpoint() + ")";
                out.println("  " + c.name() + where + ": " + r.failure().message());
            }
            if (c.hint() != null) {
                out.println("    " + c.hint());
            }
            if (groups.isAlias(c.name())) {
                out.println("    same engine as " + groups.primary(c.name()) + " (one engine ID): its containers and capacity are counted there");
            }
        }
        out.flush();
    }

    private static String cell(Capacity c, ContextCapacity cap) {
        if (cap.error() != null) {
            return "cpus too high";
        }
        return c.containers() + " x " + ByteSize.gib(c.memoryBytes());
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
