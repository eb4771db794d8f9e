package dev.mstpanel.core.docker;

import dev.mstpanel.core.shell.CommandResult;
import java.time.Duration;

/**
 * Which shell to open in a container: {@code bash} (MST's Cowork-in-Docker document opens one), or
 * {@code sh} when the container's image has no bash (a kept container may run any image:
 * {@code image=} allows it), as Podman Desktop does (its issue #3758). Asked with one short
 * {@code docker exec … sh -c 'command -v bash || exit 42'}.
 *
 * @param program {@code bash} or {@code sh}
 * @param note what a person should be told, e.g. {@code mst-…-kept has no bash (image busybox): opening sh instead.}; null for bash
 */
public record ContainerShell(String program, String note) {
    /** bash, the default. */
    public static final ContainerShell BASH = new ContainerShell("bash", null);
    /** The exit code of the question when bash is missing (one docker never uses). */
    private static final int NO_BASH = 42;

    /**
     * Asks the container whether it has bash.
     *
     * @param docker runs the docker CLI
     * @param context the container's context
     * @param container the container's name or id (checked by the caller)
     * @param timeout how long the question may take
     * @return bash when it is there or the question could not be answered (the shell's own error then says
     *     why); sh with a note when the container has sh but no bash
     */
    public static ContainerShell choose(DockerCli docker, String context, String container, Duration timeout) {
        if (docker.executable().isEmpty()) {
            return BASH;
        }
        CommandResult r = docker.run(
                context,
                timeout,
                "exec",
                "-u",
                "mst",
                container,
                "sh",
                "-c",
                "command -v bash >/dev/null || exit " + NO_BASH);
        if (r.ok() || r.timedOut()) {
            return BASH;
        }
        // docker itself exits 1 (no engine, no container) or 126/127 (no sh either): only our own code means "no bash"
        if (r.exitCode() == NO_BASH) {
            return new ContainerShell("sh", container + " has no bash: opening sh instead.");
        }
        return BASH;
    }
}
