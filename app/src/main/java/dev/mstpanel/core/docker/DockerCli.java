package dev.mstpanel.core.docker;

import dev.mstpanel.core.shell.CommandResult;
import dev.mstpanel.core.shell.CommandRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The installed {@code docker} CLI, for what docker-java cannot do: {@code ssh://} contexts,
 * BuildKit builds, interactive shells. Arguments go as a list, never through a shell.
 */
public final class DockerCli {
    private final CommandRunner runner;

    /** @param runner runs commands in the panel's environment (its PATH finds {@code docker}) */
    public DockerCli(CommandRunner runner) {
        this.runner = runner;
    }

    /** The {@code docker} executable on the environment's PATH, if any. */
    public Optional<Path> executable() {
        return runner.environment().findExecutable("docker");
    }

    /**
     * Runs {@code docker --context NAME ARGS…}.
     *
     * @param context the context name
     * @param timeout how long it may run
     * @param args the rest of the command line
     * @return its result (exit -1 with a reason when {@code docker} is not installed)
     */
    public CommandResult run(String context, Duration timeout, String... args) {
        Optional<Path> docker = executable();
        if (docker.isEmpty()) {
            return new CommandResult(-1, "", "The docker CLI is not installed (no `docker` on PATH).", false, 0);
        }
        List<String> argv = new ArrayList<>();
        argv.add(docker.get().toString());
        argv.add("--context");
        argv.add(context);
        argv.addAll(List.of(args));
        return runner.run(argv, null, timeout);
    }
}
