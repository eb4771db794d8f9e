package dev.mstpanel.cli;

import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.core.app.PanelServices;
import dev.mstpanel.core.docker.ContainerActionException;
import dev.mstpanel.core.docker.ContainerListing;
import dev.mstpanel.core.docker.ContainerShell;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.DockerNames;
import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.docker.MstContainers;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.docker.TerminalLauncher;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel shell CONTAINER [--context NAME] [--print] [--new-window]}: runs
 * {@code docker --context CTX exec -it -u mst CONTAINER bash}. From a terminal (stdin and stdout
 * are one: {@link System#console()} is not null, an SSH session included) it runs right there and
 * exits with its exit code; with {@code --new-window}, or without a terminal, it opens the
 * terminal from settings on it; with {@code --print} it prints the command.
 *
 * <p>Without {@code --context}, the context is the one where an MST container of that name is
 * found. With {@code --context}, the container is looked up there first; when that context does not
 * answer, the command goes ahead with a warning on stderr.
 *
 * <p>When the container has no bash (its image may be any: {@code image=}), it opens {@code sh} and says so
 * on stderr ({@link ContainerShell}).
 *
 * <p>Exit codes: the shell's own when run in place; 0 when printed or a window opened; 2 for a
 * name outside Docker's rule or a container that cannot be found; 1 when docker or the terminal fails.
 */
@Command(
        name = "shell",
        mixinStandardHelpOptions = true,
        description = {
            "Open a shell (as user mst) in an MST container: right here when run from a terminal,"
                    + " in a new terminal window with --new-window (or when there is no terminal); --print prints the command instead.",
            "Exit codes: the shell's own when run here; 0 printed or window opened; 2 bad name or no such container; 1 docker or terminal failed."
        })
public final class ShellCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CONTAINER", description = "The container's name (or id).")
    String container;

    @Option(
            names = "--context",
            paramLabel = "NAME",
            description = "The Docker context it runs on (default: where it is found).")
    String context;

    @Option(names = "--print", description = "Print the command instead of running it.")
    boolean print;

    @Option(
            names = "--new-window",
            description = "Open the terminal from settings in a new window even when run from a terminal.")
    boolean newWindow;

    @Mixin
    Streams output = new Streams();

    @Override
    public Integer call() {
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        try {
            DockerNames.requireContainer(container);
            if (context != null) {
                DockerNames.requireContext(context);
            }
        } catch (IllegalArgumentException e) {
            err.println("mst-panel shell: " + e.getMessage());
            return 2;
        }
        PanelServices services = root.services();
        String ctx = context;
        List<DockerContext> contexts = ContainersCommand.contexts(services);
        {
            MstContainers containers = services.containers();
            if (ctx == null) {
                // a lookup, not a probe: a busy engine may take a while, and the list returns as soon as every context
                // answered
                ContainerListing l = containers.list(contexts, Duration.ofSeconds(10));
                List<MstContainer> hits = l.containers().stream()
                        .filter(k -> k.name().equals(container) || k.id().startsWith(container))
                        .toList();
                if (hits.isEmpty()) {
                    l.failures().forEach(f -> err.println("not looked up: " + f.context() + ": " + f.message()));
                    err.println("mst-panel shell: no MST container named " + container
                            + " on a reachable context. Pass --context NAME if it is there.");
                    return 2;
                }
                if (hits.size() > 1) {
                    err.println("mst-panel shell: " + container + " is on several contexts ("
                            + String.join(
                                    ", ",
                                    hits.stream().map(MstContainer::context).toList()) + "): pass --context NAME.");
                    return 2;
                }
                ctx = hits.get(0).context();
            } else {
                Integer refused = checkOnContext(containers, contexts, err);
                if (refused != null) {
                    return refused;
                }
            }
        }
        ContainerShell shell = ContainerShell.choose(services.dockerCli(), ctx, container, Duration.ofSeconds(5));
        if (shell.note() != null) {
            err.println("note: " + shell.note());
            err.flush();
        }
        if (print) {
            out.println(String.join(" ", TerminalLauncher.shellArguments("docker", ctx, container, shell.program())));
            out.flush();
            return 0;
        }
        if (!newWindow && System.console() != null) {
            out.flush();
            try {
                return services.terminals().withShell(shell.program()).runHere(ctx, container);
            } catch (IOException e) {
                err.println("mst-panel shell: " + e.getMessage());
                return 1;
            }
        }
        String terminal = services.settings().terminalApp;
        try {
            List<String> started =
                    services.terminals().withShell(shell.program()).open(terminal, ctx, container);
            out.println("opened " + started.get(0) + " on: "
                    + String.join(" ", TerminalLauncher.shellArguments("docker", ctx, container, shell.program())));
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("mst-panel shell: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Looks the container up on the context given with {@code --context}.
     *
     * @return null to go ahead (found, or the context did not answer: a warning is printed), or the exit code (2) after saying why
     */
    private Integer checkOnContext(MstContainers containers, List<DockerContext> contexts, PrintWriter err) {
        DockerContext c = contexts.stream()
                .filter(k -> k.name().equals(context))
                .findFirst()
                .orElse(null);
        if (c == null) {
            err.println("mst-panel shell: warning: no context named " + context + " on this machine, so " + container
                    + " was not looked up there.");
            return null;
        }
        Duration timeout = Duration.ofSeconds(3);
        {
            ProbeResult probe = root.services().prober().probe(c, timeout);
            if (!probe.reachable()) {
                err.println("mst-panel shell: warning: context " + context + " does not answer ("
                        + probe.failure().message() + "), so " + container + " was not looked up there.");
                return null;
            }
        }
        try {
            containers.inspect(c, container, timeout);
            return null;
        } catch (ContainerActionException e) {
            err.println("mst-panel shell: " + e.getMessage());
            return 2;
        }
    }

    /** The command line's root: its services. */
    @CommandLine.ParentCommand
    MstPanelCommand root;
}
