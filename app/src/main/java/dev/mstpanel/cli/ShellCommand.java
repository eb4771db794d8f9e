package dev.mstpanel.cli;

import dev.mstpanel.core.docker.ContainerListing;
import dev.mstpanel.core.docker.DockerCli;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.DockerNames;
import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.docker.MstContainers;
import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.core.settings.AppPaths;
import dev.mstpanel.core.settings.SettingsStore;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.shell.TerminalLauncher;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel shell CONTAINER [--context NAME] [--print]}: opens the terminal from settings
 * on {@code docker --context CTX exec -it -u mst CONTAINER bash}, or prints that command. Without
 * {@code --context}, the context is the one where an MST container of that name is found.
 * Exit 2 for a name outside Docker's rule or a container that cannot be found; 1 when the terminal fails.
 */
@Command(name = "shell", mixinStandardHelpOptions = true,
        description = "Open a shell (as user mst) in an MST container, in your terminal; --print prints the command instead.")
public final class ShellCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CONTAINER", description = "The container's name (or id).")
    String container;

    @Option(names = "--context", paramLabel = "NAME", description = "The Docker context it runs on (default: where it is found).")
    String context;

    @Option(names = "--print", description = "Print the command instead of opening a terminal.")
    boolean print;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            DockerNames.requireContainer(container);
            if (context != null) {
                DockerNames.requireContext(context);
            }
        } catch (IllegalArgumentException e) {
            err.println("mst-panel shell: " + e.getMessage());
            return 2;
        }
        HostEnvironment env = HostEnvironment.fromSystem();
        String ctx = context;
        if (ctx == null) {
            List<DockerContext> contexts = ContainersCommand.contexts(env);
            try (MstContainers containers = new MstContainers(new DockerCli(new CommandRunner(env)), OwnerIdentity.current())) {
                ContainerListing l = containers.list(contexts, Duration.ofSeconds(3));
                List<MstContainer> hits = l.containers().stream().filter(k -> k.name().equals(container) || k.id().startsWith(container)).toList();
                if (hits.isEmpty()) {
                    err.println("mst-panel shell: no MST container named " + container + " on a reachable context. Pass --context NAME if it is there.");
                    return 2;
                }
                if (hits.size() > 1) {
                    err.println("mst-panel shell: " + container + " is on several contexts (" + String.join(", ", hits.stream().map(MstContainer::context).toList())
                            + "): pass --context NAME.");
                    return 2;
                }
                ctx = hits.get(0).context();
            }
        }
        if (print) {
            out.println(TerminalLauncher.copyCommand(ctx, container));
            out.flush();
            return 0;
        }
        String terminal = new SettingsStore(AppPaths.of(env).configDir()).load().terminalApp;
        try {
            List<String> started = new TerminalLauncher(env).open(terminal, ctx, container);
            out.println("opened " + started.get(0) + " on: " + TerminalLauncher.copyCommand(ctx, container));
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("mst-panel shell: " + e.getMessage());
            return 1;
        }
    }

}
