package dev.mstpanel.cli;

import dev.mstpanel.cli.output.CommandOutput;
import dev.mstpanel.cli.output.JsonOutput;
import dev.mstpanel.cli.output.JsonShapes;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.build.AppVersion;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.shell.LoginShellEnvironment;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The headless commands: every view of the panel has a scriptable twin here. Run with no
 * arguments, the jar opens the window instead.
 */
@Command(
        name = "mst-panel",
        mixinStandardHelpOptions = true,
        versionProvider = MstPanelCommand.Version.class,
        description =
                "A control panel for running MST evals in Docker containers. Without a command it opens the window.")
public final class MstPanelCommand implements Runnable {

    /**
     * The commands, by name, in the order {@code --help} lists them. Not in the {@code @Command}
     * annotation: picocli reads every command's annotations when it builds the command line (about
     * 170 classes and their reflection, a few hundred ms of a headless start), so a command line
     * that names one command builds only that one ({@link #commandLine(String...)}). The names are
     * written here rather than read from each class's {@code @Command} (reading them parses eleven
     * annotations and loads the classes their {@code subcommands} name, for one command); a test
     * checks that each is its class's own.
     */
    static final java.util.Map<String, Class<?>> COMMANDS = orderedCommands(
            "contexts",
            ContextsCommand.class,
            "run",
            RunCommand.class,
            "replay",
            ReplayCommand.class,
            "demo",
            DemoCommand.class,
            "trials",
            TrialsCommand.class,
            "transcript",
            TranscriptCommand.class,
            "compare",
            CompareCommand.class,
            "reliability",
            ReliabilityCommand.class,
            "diff",
            DiffCommand.class,
            "containers",
            ContainersCommand.class,
            "shell",
            ShellCommand.class,
            "doctor",
            DoctorCommand.class,
            "colima",
            ColimaCommand.class,
            "export",
            ExportCommand.class,
            "triage",
            TriageCommand.class);

    private static java.util.Map<String, Class<?>> orderedCommands(Object... namesAndCommands) {
        java.util.Map<String, Class<?>> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < namesAndCommands.length; i += 2) {
            m.put((String) namesAndCommands[i], (Class<?>) namesAndCommands[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The command line for these arguments: when the first one names a command, the top command
     * with only that one (its usage, errors and exit codes are the same); otherwise (no command,
     * {@code --help}, {@code --version}, a misspelt command) with every command, so the help lists
     * them all and a misspelt name gets picocli's suggestions; for {@code --version} alone, with none.
     */
    static CommandLine commandLine(String... args) {
        // picocli looks for Groovy's Closure class once; a class on no jar is looked for in every
        // jar on the class path, which opens all 44 (~40 ms): the panel has no Groovy
        if (System.getProperty("picocli.disable.closures") == null) {
            System.setProperty("picocli.disable.closures", "true");
        }
        CommandLine cl = new CommandLine(new MstPanelCommand());
        if (isVersionOnly(args)) {
            return cl; // the version lines are the top command's alone
        }
        Class<?> named = args.length > 0 ? COMMANDS.get(args[0]) : null;
        for (var e : COMMANDS.entrySet()) {
            if (named == null || named == e.getValue()) {
                cl.addSubcommand(e.getKey(), e.getValue());
            }
        }
        cl.setResourceBundle(new JsonShapes()); // each command's --json help line
        return cl;
    }

    /** {@code --version} or {@code -V} and nothing else: printed by the top command, whatever its commands. */
    private static boolean isVersionOnly(String... args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private PanelServices services;
    private LoginShellEnvironment.Result loginShell;
    private PanelServices loginShellServices;

    /**
     * The core services every command uses (they reach them through {@code @ParentCommand}),
     * with this process's environment; built on the first use, closed when the command ends.
     */
    synchronized PanelServices services() {
        if (services == null) {
            services = PanelServices.forCommand(HostEnvironment.fromSystem());
        }
        return services;
    }

    /**
     * The login shell's environment, read once: what the window gives MST and the tools it
     * starts, so a command that starts them finds the same ones.
     */
    synchronized LoginShellEnvironment.Result loginShell() {
        if (loginShell == null) {
            loginShell = LoginShellEnvironment.read(HostEnvironment.fromSystem());
        }
        return loginShell;
    }

    /** As {@link #services()}, with the {@link #loginShell()}'s environment (for commands that start MST, Colima or node). */
    synchronized PanelServices loginShellServices() {
        if (loginShellServices == null) {
            loginShellServices = PanelServices.forCommand(loginShell().environment());
        }
        return loginShellServices;
    }

    /** Closes the services the command used. */
    synchronized void closeServices() {
        if (loginShellServices != null) {
            loginShellServices.close();
        }
        if (services != null) {
            services.close();
        }
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * Runs a command line and returns its exit code.
     *
     * @param args the arguments after the jar
     * @return 0 on success, 2 for a usage error, otherwise the command's own code; 1 when its output could not be
     *     written (a full disk, said on stderr), 141 when the reader closed the pipe ({@link CommandOutput#ended})
     */
    public static int execute(String... args) {
        System.out.flush();
        JsonOutput.ProcessStdout out =
                new JsonOutput.ProcessStdout(System.out, new java.io.FileOutputStream(java.io.FileDescriptor.out));
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, JsonOutput.textCharset()), true);
        String undecoded = ArgumentEncoding.problem(args, System.getProperty("sun.jnu.encoding"));
        if (undecoded != null) { // a usage error: what was typed never reached the panel
            err.println("mst-panel: " + undecoded);
            return 2;
        }
        int code = execute(out, err, args);
        // text that could not be written (a full disk, a closed pipe) ends the command as JSON that could not does
        return CommandOutput.ended(out, err, args.length > 0 && COMMANDS.containsKey(args[0]) ? args[0] : null, code);
    }

    /** As {@link #execute(String...)}, printing to the given writers (tests). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler(new UsageErrors());
        cl.setExecutionExceptionHandler((ex, cmd, parse) -> {
            // a person reads this line: the exception's own words (escaped for the terminal), never a bare class name
            org.slf4j.LoggerFactory.getLogger(MstPanelCommand.class)
                    .warn("mst-panel {} failed", cmd.getCommandName(), ex);
            String why = dev.mstpanel.core.docker.DockerClients.plainMessageIfAny(ex)
                    .orElseGet(() -> "an unexpected error stopped it; the details are in the panel's log ("
                            + System.getProperty("mstpanel.logDir", System.getProperty("java.io.tmpdir"))
                            + "/mst-panel.log).");
            cmd.getErr().println("mst-panel " + cmd.getCommandName() + ": " + TerminalText.escape(why));
            return 1;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // what held the memory is unreachable once the command's frames are gone: the message can be made
            err.println(outOfMemory(
                    args.length > 0 && COMMANDS.containsKey(args[0]) ? args[0] : null,
                    Runtime.getRuntime().maxMemory()));
            err.flush();
            return 1;
        } finally {
            cl.<MstPanelCommand>getCommand().closeServices();
        }
    }

    /**
     * What a person is told when a command ran out of Java heap: never a stack trace, and how to
     * give it more (the heap is the JVM's, set on the java command line).
     */
    static String outOfMemory(String command, long maxHeapBytes) {
        long mib = maxHeapBytes / (1024 * 1024);
        long more = Math.max(1024, Long.highestOneBit(Math.max(1, mib)) * 4);
        return "mst-panel" + (command == null ? "" : " " + command) + ": out of memory: this needs more than the " + mib
                + " MiB of Java heap it was given. Give it more with java's -Xmx, e.g. java -Xmx"
                + (more >= 1024 ? more / 1024 + "g" : more + "m")
                + " -jar mst-panel.jar …";
    }

    /** Prints the panel's version and the Java it runs on. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "mst-panel " + AppVersion.get(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
            };
        }
    }
}
