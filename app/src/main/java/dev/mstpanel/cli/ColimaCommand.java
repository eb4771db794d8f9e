package dev.mstpanel.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.colima.Colima;
import dev.mstpanel.core.colima.ColimaSizes;
import dev.mstpanel.core.colima.ColimaProfile;
import dev.mstpanel.core.colima.HostMemory;
import dev.mstpanel.core.colima.MemoryBudget;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.StreamingProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel colima [--json]}: Colima's profiles and this machine's memory budget;
 * {@code colima start|stop PROFILE}: run Colima with its output streamed, exiting with its code.
 * Colima is found on the login shell's PATH, as MST is. Exits 0 for the listing (also without
 * Colima: the listing says how to install it), 2 on a usage error.
 */
@Command(name = "colima", mixinStandardHelpOptions = true,
        description = "List Colima VMs with this machine's memory budget; start or stop them.",
        subcommands = {ColimaCommand.Start.class, ColimaCommand.Stop.class})
public final class ColimaCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print a JSON object: hostMemoryBytes, runningVmMemoryBytes, warning, profiles.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs Colima with the login shell's environment, as the window does. */
    PanelServices services() {
        return root.loginShellServices();
    }

    @Override
    public Integer call() {
        PrintWriter out = TerminalText.guard(spec.commandLine().getOut());
        PrintWriter err = TerminalText.guard(spec.commandLine().getErr());
        CommandRunner runner = services().commandRunner();
        Colima colima = services().colima();
        long host = HostMemory.physicalBytes(runner);
        List<ColimaProfile> profiles = List.of();
        String problem = null;
        if (colima.executable().isEmpty()) {
            problem = colima.installHint();
        } else {
            try {
                profiles = colima.list(Duration.ofSeconds(20));
            } catch (IOException e) {
                problem = e.getMessage();
            }
        }
        MemoryBudget budget = MemoryBudget.of(host, profiles, null);
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode o = mapper.createObjectNode();
            o.put("hostMemoryBytes", host);
            o.put("runningVmMemoryBytes", budget.runningVmBytes());
            o.put("reserveBytes", budget.reserve());
            o.put("warning", budget.warning());
            o.put("problem", problem);
            ArrayNode array = o.putArray("profiles");
            for (ColimaProfile p : profiles) {
                ObjectNode n = array.addObject();
                n.put("name", p.name());
                n.put("status", p.status());
                n.put("arch", p.arch());
                n.put("cpus", p.cpus());
                n.put("memoryBytes", p.memoryBytes());
                n.put("diskBytes", p.diskBytes());
                n.put("runtime", p.runtime());
                n.put("context", p.context());
                n.put("problem", p.problem());
            }
            out.println(o.toPrettyString());
        } else {
            if (problem != null) {
                out.println(problem);
            }
            String fmt = "%-16s %-8s %-8s %4s %9s %9s  %s%n";
            if (!profiles.isEmpty()) {
                out.printf(Locale.ROOT, fmt, "PROFILE", "STATUS", "ARCH", "CPUS", "MEMORY", "DISK", "CONTEXT");
                for (ColimaProfile p : profiles) {
                    if (p.problem() != null) {
                        out.printf(Locale.ROOT, fmt, p.name(), p.status(), p.arch(), "?", "?", "?", p.context());
                        out.println("  " + p.problem() + " Left out of the memory count.");
                        continue;
                    }
                    out.printf(Locale.ROOT, fmt, p.name(), p.status(), p.arch(), p.cpus(), ByteSize.gib(p.memoryBytes()),
                            ByteSize.gib(p.diskBytes()), p.context());
                }
            }
            out.println("memory: running VMs " + ByteSize.gib(budget.runningVmBytes()) + " of this machine's "
                    + (host > 0 ? ByteSize.gib(host) : "(unknown)") + "; " + MemoryBudget.RULE);
            if (budget.warning() != null) {
                out.println("warning: " + budget.warning());
            }
        }
        out.flush();
        err.flush();
        return 0;
    }

    /** Streams a colima process's output and returns its exit code. */
    static int stream(StreamingProcess p, PrintWriter out) {
        Thread hook = new Thread(p::cancel, "colima-cancel");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return p.exit().join();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // shutting down: the hook cancels colima
            }
            out.flush();
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Start (or create) a Colima VM, streaming Colima's output; exits with Colima's code.")
    static final class Start implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "PROFILE")
        String profile;

        @Option(names = "--cpu", paramLabel = "N", description = "CPUs of the VM (1 to 1024; Colima's default when left out).")
        Long cpuOption;

        @Option(names = "--memory", paramLabel = "GIB", description = "Memory of the VM in GiB (1 to 4096; Colima's default when left out).")
        Long memoryOption;

        @Option(names = "--disk", paramLabel = "GIB", description = "Disk of the VM in GiB (1 to 65536; Colima's default when left out).")
        Long diskOption;

        @Option(names = "--nested", description = "Nested virtualization (vz VM type), for Cowork.")
        boolean nested;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = TerminalText.guard(spec.commandLine().getOut());
            PrintWriter err = TerminalText.guard(spec.commandLine().getErr());
            CommandRunner runner = parent.services().commandRunner();
            Colima colima = parent.services().colima();
            try {
                // a value given is checked by the one range rule, 0 included (0 would mean "Colima's default" below)
                int cpus = cpuOption == null ? 0 : ColimaSizes.CPUS.require(cpuOption);
                int memoryGib = memoryOption == null ? 0 : ColimaSizes.MEMORY.require(memoryOption);
                int diskGib = diskOption == null ? 0 : ColimaSizes.DISK.require(diskOption);
                List<ColimaProfile> profiles = colima.list(Duration.ofSeconds(20));
                ColimaProfile planned = new ColimaProfile(profile, profiles.stream().filter(p -> p.name().equals(profile))
                        .map(ColimaProfile::status).findFirst().orElse("Stopped"), "", cpus, (long) memoryGib * ByteSize.GIB, 0, "docker");
                if (memoryGib == 0) {
                    planned = profiles.stream().filter(p -> p.name().equals(profile)).findFirst().orElse(planned);
                }
                MemoryBudget budget = MemoryBudget.of(HostMemory.physicalBytes(runner), profiles, planned);
                if (budget.warning() != null) {
                    err.println("warning: " + budget.warning());
                    err.flush();
                }
                StreamingProcess p = colima.start(profile, new Colima.StartOptions(cpus, memoryGib, diskGib, nested ? "vz" : null, nested),
                        linesTo(out));
                return stream(p, out);
            } catch (IllegalArgumentException e) {
                err.println("mst-panel colima start: " + e.getMessage());
                return 2;
            } catch (IOException e) {
                err.println("mst-panel colima start: " + e.getMessage());
                return 1;
            }
        }

        /** The colima command, whose root holds the services. */
        @CommandLine.ParentCommand
        ColimaCommand parent;
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop a Colima VM, streaming Colima's output; exits with Colima's code.")
    static final class Stop implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "PROFILE")
        String profile;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = TerminalText.guard(spec.commandLine().getOut());
            PrintWriter err = TerminalText.guard(spec.commandLine().getErr());
            try {
                StreamingProcess p = parent.services().colima().stop(Colima.requireProfile(profile), linesTo(out));
                return stream(p, out);
            } catch (IllegalArgumentException e) {
                err.println("mst-panel colima stop: " + e.getMessage());
                return 2;
            } catch (IOException e) {
                err.println("mst-panel colima stop: " + e.getMessage());
                return 1;
            }
        }

        /** The colima command, whose root holds the services. */
        @CommandLine.ParentCommand
        ColimaCommand parent;
    }

    /** Prints each of Colima's lines as it comes (its progress, for start and stop), whole lines only. */
    static java.util.function.Consumer<String> linesTo(PrintWriter out) {
        return line -> {
            synchronized (out) {
                out.println(line);
                out.flush();
            }
        };
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
