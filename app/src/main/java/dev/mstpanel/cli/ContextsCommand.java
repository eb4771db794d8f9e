package dev.mstpanel.cli;

import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.docker.Capacity;
import dev.mstpanel.core.docker.CapacityPlanner;
import dev.mstpanel.core.docker.ContextCapacity;
import dev.mstpanel.core.docker.ContextList;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineGroups;
import dev.mstpanel.core.docker.EngineInfo;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.ProbeFailure;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.docker.RunSizing;
import dev.mstpanel.core.text.ByteSize;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mst-panel contexts}: every Docker context, whether it answers, and how many eval
 * containers fit on it. Exits 0 even when some contexts are down; 2 on a usage error.
 */
@Command(
        name = "contexts",
        mixinStandardHelpOptions = true,
        description = "List Docker contexts, probe them in parallel, and show how many MST containers fit on each.",
        subcommands = {ContextsAddCommand.class})
public final class ContextsCommand implements Callable<Integer> {

    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(names = "--memory", paramLabel = "SIZE", description = "The run's memory option (Docker syntax, e.g. 8g).")
    String memory;

    @Option(names = "--cpus", paramLabel = "N", description = "The run's cpus option (e.g. 2 or 1.5).")
    String cpus;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "3",
            converter = TimeoutSeconds.class,
            description = "Per-context probe timeout in seconds (default: ${DEFAULT-VALUE}).")
    Duration probeTimeout;

    @Option(
            names = "--repeat",
            hidden = true,
            defaultValue = "1",
            description =
                    "Benchmarks: probe this many rounds in one JVM (with MST_PANEL_TIMING set, each round's ms goes to stderr).")
    int repeat;

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
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
                results =
                        prober.probeAll(list.contexts(), probeTimeout, r -> {}).join();
                if (System.getenv("MST_PANEL_TIMING") != null) {
                    err.println("probe-all-ms " + (System.nanoTime() - probeStart) / 1_000_000);
                }
            }
        }
        CapacityPlanner planner = new CapacityPlanner();
        EngineGroups groups = EngineGroups.of(results);
        List<ProbeResult> probed = results;
        return output.print(
                () -> output.writeJson(probed.stream()
                        .map(r -> ContextJson.of(r, planner, sizing, groups))
                        .toList()),
                () -> printTable(out, list, probed, planner, sizing));
    }

    /** One context in {@code --json}: a field for each column and line of the table, null where the engine did not answer. */
    record ContextJson(
            String name,
            boolean current,
            String endpoint,
            String source,
            String description,
            boolean reachable,
            String error,
            String errorKind,
            String hint,
            String serverVersion,
            String os,
            String osType,
            String arch,
            Integer cpus,
            Long memoryBytes,
            Integer containersRunning,
            long probeMillis,
            String engineId,
            List<String> sameEngineAs,
            String countedUnder,
            CapacityJson capacity) {
        static ContextJson of(ProbeResult r, CapacityPlanner planner, RunSizing sizing, EngineGroups groups) {
            DockerContext c = r.context();
            EngineInfo e = r.engine();
            ProbeFailure f = r.failure();
            CapacityJson capacity = null;
            if (e != null && e.memoryBytes() > 0 && e.cpus() > 0) {
                ContextCapacity cap = planner.plan(e.memoryBytes(), e.cpus(), sizing);
                capacity = new CapacityJson(
                        cap.spareBytes(),
                        cap.error(),
                        cap.coworkLine(c.name()),
                        cap.cowork(),
                        cap.grade(),
                        cap.chatgpt());
            }
            return new ContextJson(
                    c.name(),
                    c.current(),
                    c.endpoint(),
                    c.source().jsonName(),
                    c.description(),
                    r.reachable(),
                    f == null ? null : f.message(),
                    f == null ? null : f.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    c.hint(),
                    e == null ? null : e.serverVersion(),
                    e == null ? null : e.operatingSystem(),
                    e == null ? null : e.osType(),
                    e == null ? null : e.architecture(),
                    e == null ? null : e.cpus(),
                    e == null ? null : e.memoryBytes(),
                    e == null ? null : e.containersRunning(),
                    r.probeMillis(),
                    e == null || e.engineId().isEmpty() ? null : e.engineId(),
                    groups.sameEngineAs(c.name()),
                    groups.isAlias(c.name()) ? groups.primary(c.name()) : null,
                    capacity);
        }
    }

    /** How many containers of each kind fit on a context that answered, and the sentence the table prints for it. */
    record CapacityJson(
            long spareBytes, String error, String line, Capacity cowork, Capacity grade, Capacity chatgpt) {}

    private static void printTable(
            PrintWriter out, ContextList list, List<ProbeResult> results, CapacityPlanner planner, RunSizing sizing) {
        EngineGroups groups = EngineGroups.of(results);
        int nameWidth = Math.max(
                7,
                results.stream()
                        .mapToInt(r -> r.context().name().length())
                        .max()
                        .orElse(7));
        int engineWidth = Math.max(
                6,
                results.stream()
                        .filter(ProbeResult::reachable)
                        .mapToInt(r -> r.engine().serverVersion().length())
                        .max()
                        .orElse(6));
        String fmt = "%-1s %-" + nameWidth + "s  %-11s  %-" + engineWidth + "s  %4s  %9s  %-14s  %-15s  %-15s%n";
        out.printf(
                Locale.ROOT,
                fmt,
                "",
                "CONTEXT",
                "STATE",
                "ENGINE",
                "CPUS",
                "MEMORY",
                "COWORK",
                "GRADE/HEADLESS",
                "CHATGPT (EST.)");
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
            out.printf(
                    Locale.ROOT,
                    fmt,
                    mark,
                    c.name(),
                    "reachable",
                    e.serverVersion(),
                    e.cpus(),
                    ByteSize.gib(e.memoryBytes()),
                    cell(cap.cowork(), cap),
                    cell(cap.grade(), cap),
                    chat);
        }
        out.println();
        for (ProbeResult r : results) {
            DockerContext c = r.context();
            EngineInfo e = r.engine();
            if (e != null) {
                out.println(
                        "  " + planner.plan(e.memoryBytes(), e.cpus(), sizing).coworkLine(c.name()));
            } else {
                String where = c.endpoint().isEmpty() ? "" : " (" + c.endpoint() + ")";
                out.println("  " + c.name() + where + ": " + r.failure().message());
            }
            if (c.hint() != null) {
                out.println("    " + c.hint());
            }
            if (groups.isAlias(c.name())) {
                out.println("    same engine as " + groups.primary(c.name())
                        + " (one engine ID): its containers and capacity are counted there");
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
