package dev.mstpanel.cli;

import dev.mstpanel.cli.output.OutputOptions;
import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.colima.Colima;
import dev.mstpanel.core.colima.ColimaProfile;
import dev.mstpanel.core.colima.ColimaSizes;
import dev.mstpanel.core.colima.HostMemory;
import dev.mstpanel.core.colima.MemoryBudget;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.StreamingProcess;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel colima [--json]}: Colima's profiles and this machine's memory budget;
 * {@code colima start|stop PROFILE}: run Colima with its output streamed, exiting with its code.
 * Colima is found on the login shell's PATH, as MST is. Exits 0 for the listing (also without
 * Colima: the listing says how to install it), 2 on a usage error.
 */
@Command(
        name = "colima",
        mixinStandardHelpOptions = true,
        description = "List Colima VMs with this machine's memory budget; start or stop them.",
        subcommands = {ColimaCommand.Start.class, ColimaCommand.Stop.class})
public final class ColimaCommand implements Callable<Integer> {

    @Mixin
    OutputOptions output = new OutputOptions();

    /** Runs Colima with the login shell's environment, as the window does. */
    PanelServices services() {
        return root.loginShellServices();
    }

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
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
        String listProblem = problem;
        List<ColimaProfile> listed = profiles;
        int code = output.print(
                () -> output.writeJson(new ColimaJson(
                        host,
                        budget.runningVmBytes(),
                        budget.reserve(),
                        budget.warning(),
                        listProblem,
                        listed.stream().map(ProfileJson::of).toList())),
                () -> {
                    if (listProblem != null) {
                        out.println(listProblem);
                    }
                    String fmt = "%-16s %-8s %-8s %4s %9s %9s  %s%n";
                    if (!listed.isEmpty()) {
                        out.printf(Locale.ROOT, fmt, "PROFILE", "STATUS", "ARCH", "CPUS", "MEMORY", "DISK", "CONTEXT");
                        for (ColimaProfile p : listed) {
                            if (p.problem() != null) {
                                out.printf(
                                        Locale.ROOT, fmt, p.name(), p.status(), p.arch(), "?", "?", "?", p.context());
                                out.println("  " + p.problem() + " Left out of the memory count.");
                                continue;
                            }
                            out.printf(
                                    Locale.ROOT,
                                    fmt,
                                    p.name(),
                                    p.status(),
                                    p.arch(),
                                    p.cpus(),
                                    ByteSize.gib(p.memoryBytes()),
                                    ByteSize.gib(p.diskBytes()),
                                    p.context());
                        }
                    }
                    out.println("memory: running VMs " + ByteSize.gib(budget.runningVmBytes()) + " of this machine's "
                            + (host > 0 ? ByteSize.gib(host) : "(unknown)") + "; " + MemoryBudget.RULE);
                    if (budget.warning() != null) {
                        out.println("warning: " + budget.warning());
                    }
                });
        out.flush();
        err.flush();
        return code;
    }

    /** The listing in {@code --json}: this machine's memory budget, why there is no list (no Colima), and the profiles. */
    record ColimaJson(
            long hostMemoryBytes,
            long runningVmMemoryBytes,
            long reserveBytes,
            String warning,
            String problem,
            List<ProfileJson> profiles) {}

    /** One profile, with the Docker context Colima made for it. */
    record ProfileJson(
            String name,
            String status,
            String arch,
            int cpus,
            long memoryBytes,
            long diskBytes,
            String runtime,
            String context,
            String problem) {
        static ProfileJson of(ColimaProfile p) {
            return new ProfileJson(
                    p.name(),
                    p.status(),
                    p.arch(),
                    p.cpus(),
                    p.memoryBytes(),
                    p.diskBytes(),
                    p.runtime(),
                    p.context(),
                    p.problem());
        }
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

    @Command(
            name = "start",
            mixinStandardHelpOptions = true,
            description = "Start (or create) a Colima VM, streaming Colima's output; exits with Colima's code.")
    static final class Start implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "PROFILE")
        String profile;

        @Option(
                names = "--cpu",
                paramLabel = "N",
                description = "CPUs of the VM (1 to 1024; Colima's default when left out).")
        Long cpuOption;

        @Option(
                names = "--memory",
                paramLabel = "GIB",
                description = "Memory of the VM in GiB (1 to 4096; Colima's default when left out).")
        Long memoryOption;

        @Option(
                names = "--disk",
                paramLabel = "GIB",
                description = "Disk of the VM in GiB (1 to 65536; Colima's default when left out).")
        Long diskOption;

        @Option(names = "--nested", description = "Nested virtualization (vz VM type), for Cowork.")
        boolean nested;

        @Mixin
        Streams output = new Streams();

        @Override
        public Integer call() {
            PrintWriter out = output.out();
            PrintWriter err = output.err();
            CommandRunner runner = parent.services().commandRunner();
            Colima colima = parent.services().colima();
            try {
                // a value given is checked by the one range rule, 0 included (0 would mean "Colima's default" below)
                int cpus = cpuOption == null ? 0 : ColimaSizes.CPUS.require(cpuOption);
                int memoryGib = memoryOption == null ? 0 : ColimaSizes.MEMORY.require(memoryOption);
                int diskGib = diskOption == null ? 0 : ColimaSizes.DISK.require(diskOption);
                List<ColimaProfile> profiles = colima.list(Duration.ofSeconds(20));
                ColimaProfile planned = new ColimaProfile(
                        profile,
                        profiles.stream()
                                .filter(p -> p.name().equals(profile))
                                .map(ColimaProfile::status)
                                .findFirst()
                                .orElse("Stopped"),
                        "",
                        cpus,
                        (long) memoryGib * ByteSize.GIB,
                        0,
                        "docker");
                if (memoryGib == 0) {
                    planned = profiles.stream()
                            .filter(p -> p.name().equals(profile))
                            .findFirst()
                            .orElse(planned);
                }
                MemoryBudget budget = MemoryBudget.of(HostMemory.physicalBytes(runner), profiles, planned);
                if (budget.warning() != null) {
                    err.println("warning: " + budget.warning());
                    err.flush();
                }
                StreamingProcess p = colima.start(
                        profile,
                        new Colima.StartOptions(cpus, memoryGib, diskGib, nested ? "vz" : null, nested),
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

    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description = "Stop a Colima VM, streaming Colima's output; exits with Colima's code.")
    static final class Stop implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "PROFILE")
        String profile;

        @Mixin
        Streams output = new Streams();

        @Override
        public Integer call() {
            PrintWriter out = output.out();
            PrintWriter err = output.err();
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
