package dev.mstpanel.core.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs short commands (a {@code docker info}, an {@code mst --version}) to completion with a
 * timeout, in a given environment. Arguments are passed as a list, never through a shell, so no
 * name can break out of them. Long-lived processes (runs, builds) go through the run supervisor.
 */
public final class CommandRunner {
    /** The most of a command's stdout (and of its stderr) kept: 4 MiB; the rest is read and dropped. */
    public static final int MAX_OUTPUT_BYTES = 4 << 20;

    private final HostEnvironment environment;

    /** @param environment the environment the commands get (PATH included) */
    public CommandRunner(HostEnvironment environment) {
        this.environment = environment;
    }

    /** The environment commands run in. */
    public HostEnvironment environment() {
        return environment;
    }

    /**
     * Runs a command and waits for it.
     *
     * @param command program and arguments; the program is looked up on the environment's PATH
     *     when it has no folder
     * @param workingDir the working folder, or null for the JVM's
     * @param timeout how long it may run; past that its process tree is destroyed
     * @return its result; a program that cannot start gives exit code -1 and the reason in stderr
     */
    public CommandResult run(List<String> command, Path workingDir, Duration timeout) {
        long start = System.nanoTime();
        List<String> argv = new java.util.ArrayList<>(command);
        String program = argv.get(0);
        if (!program.contains("/") && !program.contains("\\")) {
            environment.findExecutable(program).ifPresent(p -> argv.set(0, p.toString()));
        }
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().clear();
        pb.environment().putAll(environment.variables());
        if (workingDir != null) {
            pb.directory(workingDir.toFile());
        }
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            return new CommandResult(-1, "", "could not start " + program + ": " + e.getMessage(), false, ms(start));
        }
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // stdin closed already
        }
        CompletableFuture<String> out = drainAsync(process.getInputStream(), program + "-stdout");
        CompletableFuture<String> err = drainAsync(process.getErrorStream(), program + "-stderr");
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            return new CommandResult(-1, out.getNow(""), err.getNow(""), true, ms(start));
        }
        return new CommandResult(process.exitValue(), out.join(), err.join(), false, ms(start));
    }

    private static CompletableFuture<String> drainAsync(InputStream in, String name) {
        CompletableFuture<String> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                result.complete(drain(in));
            } catch (RuntimeException e) {
                result.complete("");
            }
        }, "drain-" + name);
        t.setDaemon(true);
        t.start();
        return result;
    }

    private static String drain(InputStream in) {
        try (in) {
            return BoundedStreams.readText(in, MAX_OUTPUT_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
