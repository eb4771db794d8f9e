package dev.mstpanel.core.shell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A long-lived command (an image build, {@code docker logs --follow}) whose output is read line
 * by line as it comes, stdout and stderr merged, decoded as UTF-8. Arguments go as a list, never
 * through a shell. {@link #cancel()} stops the process tree from the deepest child up, waits a
 * grace period, then forces. The panel's run supervisor (core/mst) supersedes this for MST runs
 * and builds; this stays for short docker-CLI streams.
 */
public final class StreamingProcess implements AutoCloseable {
    private final Process process;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private volatile boolean cancelled;

    private StreamingProcess(Process process) {
        this.process = process;
    }

    /**
     * Starts a command.
     *
     * @param argv program and arguments (the program is looked up on the environment's PATH)
     * @param environment the environment it gets
     * @param extraVariables added to the environment (e.g. {@code DOCKER_BUILDKIT=0}); never secrets shown elsewhere
     * @param workingDir its working folder, or null
     * @param onLine called on a reader thread for each line, without its line ending
     * @return the running process; {@link #exit()} completes with its exit code after the last line
     * @throws IOException when the program cannot start
     */
    public static StreamingProcess start(
            List<String> argv,
            HostEnvironment environment,
            Map<String, String> extraVariables,
            Path workingDir,
            Consumer<String> onLine)
            throws IOException {
        List<String> command = new java.util.ArrayList<>(argv);
        if (!command.get(0).contains("/") && !command.get(0).contains("\\")) {
            environment.findExecutable(command.get(0)).ifPresent(p -> command.set(0, p.toString()));
        }
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().putAll(environment.variables());
        pb.environment().putAll(extraVariables);
        pb.redirectErrorStream(true);
        if (workingDir != null) {
            pb.directory(workingDir.toFile());
        }
        StreamingProcess sp = new StreamingProcess(pb.start());
        try {
            sp.process.getOutputStream().close();
        } catch (IOException ignored) {
            // stdin already closed
        }
        Thread reader = new Thread(
                () -> {
                    try {
                        BoundedStreams.readLines(sp.process.getInputStream(), (line, more) -> onLine.accept(line));
                    } catch (IOException ignored) {
                        // the process was stopped; its exit code says the rest
                    }
                    try {
                        sp.exit.complete(sp.process.waitFor());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        sp.exit.complete(-1);
                    }
                },
                "stream-" + new java.io.File(command.get(0)).getName());
        reader.setDaemon(true);
        reader.start();
        return sp;
    }

    /** Completes with the exit code once the output is read to its end. */
    public CompletableFuture<Integer> exit() {
        return exit;
    }

    /** True after {@link #cancel()}. */
    public boolean cancelled() {
        return cancelled;
    }

    /** Stops the process tree: children first, then the process; forced after 3 s. */
    public void cancel() {
        cancelled = true;
        List<ProcessHandle> children = process.descendants().toList();
        for (int i = children.size() - 1; i >= 0; i--) {
            children.get(i).destroy();
        }
        process.destroy();
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                children.forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            cancel();
        }
    }
}
