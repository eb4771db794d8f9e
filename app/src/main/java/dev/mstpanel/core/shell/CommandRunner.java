package dev.mstpanel.core.shell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs short commands (a {@code docker info}, an {@code mst --version}) to completion with a
 * timeout, in a given environment. Arguments are passed as a list, never through a shell, so no
 * name can break out of them. Long-lived processes (runs, builds) go through the run supervisor.
 *
 * <p>The timeout bounds the whole call: a command that exits while a background job it started
 * keeps stdout or stderr open (a profile's {@code ssh-agent &}) gives what was read by then, at
 * most {@value #DRAIN_AFTER_EXIT_MS} ms after its exit. Past the timeout the command first gets
 * SIGHUP (on Linux and macOS), so an interactive shell gives the terminal's foreground back to
 * the panel's process group before it ends, then {@value #HANGUP_GRACE_MS} ms later it and its
 * descendants (taken before it ends, while they are still its children) are killed.
 */
public final class CommandRunner {
    /** The most of a command's stdout (and of its stderr) kept: 4 MiB; the rest is read and dropped. */
    public static final int MAX_OUTPUT_BYTES = 4 << 20;
    /** How long output is still read after the command exited, in ms. */
    static final long DRAIN_AFTER_EXIT_MS = 500;
    /** How long a timed-out command has after SIGHUP before it is killed, in ms. */
    static final long HANGUP_GRACE_MS = 300;

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
        Drain out = new Drain(process.getInputStream(), program + "-stdout");
        Drain err = new Drain(process.getErrorStream(), program + "-stderr");
        long deadline = start + timeout.toNanos();
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            stop(process);
            return new CommandResult(-1, out.text(), err.text(), true, ms(start));
        }
        long drainUntil = Math.min(deadline, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_AFTER_EXIT_MS));
        out.awaitUntil(drainUntil);
        err.awaitUntil(drainUntil);
        return new CommandResult(process.exitValue(), out.text(), err.text(), false, ms(start));
    }

    /** SIGHUP first (an interactive shell then restores the terminal's foreground group), then kill. */
    private void stop(Process process) {
        java.util.List<ProcessHandle> tree = process.descendants().toList();
        if (environment.os() != HostEnvironment.OsFamily.WINDOWS) {
            try {
                Process hup = new ProcessBuilder("kill", "-HUP", Long.toString(process.pid()))
                        .redirectErrorStream(true)
                        .start();
                hup.getInputStream().readAllBytes();
                hup.waitFor(HANGUP_GRACE_MS, TimeUnit.MILLISECONDS);
                process.waitFor(HANGUP_GRACE_MS, TimeUnit.MILLISECONDS);
            } catch (IOException e) {
                // no kill(1): go straight to the kill below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Reads a stream to its end on a daemon thread; what was read so far is available at any time. */
    private static final class Drain {
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        private final java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        private long dropped; // guarded by bytes

        Drain(InputStream in, String name) {
            Thread t = new Thread(
                    () -> {
                        byte[] buf = new byte[8192];
                        try (in) {
                            int n;
                            while ((n = in.read(buf)) > 0) {
                                synchronized (bytes) {
                                    // bounded: the rest is read and dropped, so the command never blocks on a full pipe
                                    int keep = Math.min(n, MAX_OUTPUT_BYTES - bytes.size());
                                    if (keep > 0) {
                                        bytes.write(buf, 0, keep);
                                    }
                                    dropped += n - Math.max(keep, 0);
                                }
                            }
                        } catch (IOException e) {
                            // the stream closed under us: keep what was read
                        } finally {
                            done.countDown();
                        }
                    },
                    "drain-" + name);
            t.setDaemon(true);
            t.start();
        }

        void awaitUntil(long deadlineNanos) {
            try {
                done.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        String text() {
            synchronized (bytes) {
                String text = bytes.toString(StandardCharsets.UTF_8);
                return dropped > 0 ? text + "\n… [" + dropped + " more bytes dropped]" : text;
            }
        }
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
