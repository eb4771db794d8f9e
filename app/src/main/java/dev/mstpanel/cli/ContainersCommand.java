package dev.mstpanel.cli;

import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.docker.ContainerListing;
import dev.mstpanel.core.docker.ContextSource;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.docker.MstContainers;
import dev.mstpanel.core.text.ByteSize;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mst-panel containers}: MST's containers on every context, by their labels, as
 * running, kept, orphaned or another machine's. {@code containers remove-orphans} removes this
 * machine's orphans. Exits 0 even when some contexts are down.
 */
@Command(
        name = "containers",
        mixinStandardHelpOptions = true,
        description = "List MST's containers on every Docker context (found by MST's owner labels).",
        subcommands = {ContainersCommand.RemoveOrphans.class})
public final class ContainersCommand implements Callable<Integer> {

    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "3",
            converter = TimeoutSeconds.class,
            description = "Per-context timeout in seconds (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--timing", description = "Print how long the listing took on stderr.")
    boolean timing;

    @Option(
            names = "--repeat",
            hidden = true,
            defaultValue = "1",
            description = "List this many times in one JVM (benchmarks); prints the last.")
    int repeat;

    /** The contexts a command line can name (Colima profiles without a context left out). */
    static List<DockerContext> contexts(PanelServices services) {
        return services.contextStore().load().contexts().stream()
                .filter(c -> c.source() != ContextSource.COLIMA_PROFILE)
                .toList();
    }

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        PanelServices services = root.services();
        ContainerListing listing;
        {
            MstContainers containers = services.containers();
            List<DockerContext> contexts = contexts(services);
            listing = containers.list(contexts, timeout);
            for (int i = 1; i < repeat; i++) {
                if (timing) {
                    err.println("listed " + listing.containers().size() + " containers on " + contexts.size()
                            + " contexts in " + listing.elapsedMillis() + " ms");
                }
                listing = containers.list(contexts, timeout);
            }
        }
        List<MstContainer> listed = listing.containers();
        int code = output.print(
                () -> output.writeJson(listed.stream().map(ContainerJson::of).toList()), () -> {
                    List<String[]> rows = new java.util.ArrayList<>();
                    rows.add(new String[] {"KIND", "CONTEXT", "ID", "NAME", "IMAGE", "STATE", "MEMORY"});
                    for (MstContainer k : listed) {
                        rows.add(new String[] {
                            k.kind().jsonName(),
                            k.context(),
                            k.shortId(),
                            k.name(),
                            k.image(),
                            k.state(),
                            k.memoryBytes() < 0 ? "-" : ByteSize.human(k.memoryBytes())
                        });
                    }
                    printTable(out, rows);
                    if (listed.isEmpty()) {
                        out.println("(no MST containers)");
                    }
                });
        out.flush();
        listing.failures().forEach(f -> err.println("not listed: " + f.context() + ": " + f.message()));
        if (timing) {
            err.println("listed " + listing.containers().size() + " containers on "
                    + contexts(services).size() + " contexts in " + listing.elapsedMillis() + " ms");
        }
        return code;
    }

    /** One container in {@code --json}; null for what its engine did not say (its memory, its owner's pid). */
    record ContainerJson(
            String context,
            String id,
            String name,
            String image,
            String state,
            String status,
            String kind,
            String ownerHost,
            Long ownerPid,
            String createdAt,
            Long memoryBytes) {
        static ContainerJson of(MstContainer k) {
            return new ContainerJson(
                    k.context(),
                    k.id(),
                    k.name(),
                    k.image(),
                    k.state(),
                    k.status(),
                    k.kind().jsonName(),
                    k.ownerHost(),
                    k.ownerPid(),
                    k.createdEpochSeconds() > 0
                            ? Instant.ofEpochSecond(k.createdEpochSeconds()).toString()
                            : null,
                    k.memoryBytes() < 0 ? null : k.memoryBytes());
        }
    }

    /**
     * Prints rows as columns two spaces apart, each as wide as its longest cell (the last one
     * right-aligned), so a long name never pushes the columns after it out of line.
     */
    static void printTable(PrintWriter out, List<String[]> rows) {
        int n = rows.get(0).length;
        int[] width = new int[n];
        for (String[] r : rows) {
            for (int i = 0; i < n; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) {
                if (i == n - 1) {
                    sb.append(" ".repeat(width[i] - r[i].length())).append(r[i]);
                } else {
                    sb.append(r[i]).append(" ".repeat(width[i] - r[i].length() + 2));
                }
            }
            out.println(sb);
        }
    }

    /** {@code containers remove-orphans [--context NAME]}: removes this machine's orphaned containers. */
    @Command(
            name = "remove-orphans",
            mixinStandardHelpOptions = true,
            description =
                    "Remove this machine's orphaned MST containers (their mst process is gone). Kept containers and other machines' are left alone.")
    static final class RemoveOrphans implements Callable<Integer> {
        @Option(names = "--context", paramLabel = "NAME", description = "Only this context.")
        String context;

        @Option(
                names = "--timeout",
                paramLabel = "SECONDS",
                defaultValue = "3",
                converter = TimeoutSeconds.class,
                description = "Per-context timeout in seconds (default: ${DEFAULT-VALUE}).")
        Duration timeout;

        @Mixin
        Streams output = new Streams();

        @Override
        public Integer call() {
            PrintWriter out = output.out();
            PrintWriter err = output.err();
            PanelServices services = parent.root.services();
            List<DockerContext> contexts = contexts(services);
            if (context != null) {
                contexts =
                        contexts.stream().filter(c -> c.name().equals(context)).toList();
                if (contexts.isEmpty()) {
                    err.println("mst-panel containers remove-orphans: no context named \"" + context + "\".");
                    return 2;
                }
            }
            MstContainers.RemovalReport report;
            report = services.containers().removeOrphans(contexts, timeout);
            for (MstContainer k : report.removed()) {
                out.println("removed " + k.context() + " " + k.name() + " (" + k.shortId() + ")");
            }
            if (report.removed().isEmpty()) {
                out.println("no orphaned containers");
            }
            out.flush();
            report.problems().forEach(p -> err.println("not removed: " + p));
            return 0;
        }

        /** The containers command, whose root holds the services. */
        @CommandLine.ParentCommand
        ContainersCommand parent;
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
