package dev.mstpanel.cli;

import dev.mstpanel.cli.output.Streams;
import dev.mstpanel.core.docker.RemoteHosts;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mst-panel contexts add NAME --host ssh://user@host[:port]}: creates the Docker context (as
 * {@code docker context create} does) and probes it. Exits 0 when it answers, 1 when the context
 * was created but does not answer (the message says why), 2 on bad input or when it could not be
 * created.
 */
@Command(
        name = "add",
        mixinStandardHelpOptions = true,
        description = "Add a remote Docker host over ssh as a context, and probe it.")
public final class ContextsAddCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "NAME", description = "The new context's name, e.g. build-1.")
    String name;

    @Option(
            names = "--host",
            required = true,
            paramLabel = "ssh://user@host[:port]",
            description = "The host, reached with your ssh.")
    String host;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "15",
            converter = TimeoutSeconds.class,
            description = "How long the probe may take, the ssh login included (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Mixin
    Streams output = new Streams();

    @Override
    public Integer call() {
        // NAME and --host come from the user's terminal and are echoed in messages: escaped like every other command's
        // text
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        RemoteHosts.Added added = parent.root.services().remoteHosts().add(name, host, timeout);
        if (added.ok()) {
            out.println(added.message());
            out.flush();
            return 0;
        }
        err.println("mst-panel contexts add: " + added.message());
        err.flush();
        return added.context() == null ? 2 : 1;
    }

    /** The contexts command, whose root holds the services. */
    @CommandLine.ParentCommand
    ContextsCommand parent;
}
