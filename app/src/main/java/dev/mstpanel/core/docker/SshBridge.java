package dev.mstpanel.core.docker;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One long-lived bridge from a local unix socket to the Docker engine behind an {@code ssh://}
 * endpoint, reached as the Docker CLI reaches it: {@code docker system dial-stdio} run on the host
 * through the user's own {@code ssh} (its config, keys and agent).
 *
 * <p>docker-java talks HTTP to {@link #socket()} as to any local engine. The bridge logs in once
 * (an ssh master connection, {@code ssh -M -S <control socket> -N}); every local connection then
 * becomes one more channel of that login running {@code docker system dial-stdio} on the host
 * (no new login: the Docker CLI's own helper would log in again for every connection, and
 * docker-java keeps several open for streams). When the login drops (ssh killed, host rebooted,
 * network gone) the next use logs in again and {@link #history()} says what happened; a bridge
 * that is closed leaves no process behind.
 *
 * <p>Files: a private folder (mode 0700) under the system temp folder holding {@code docker.sock}
 * and ssh's control socket. Unix-like systems only (Linux, macOS).
 */
public final class SshBridge implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SshBridge.class);
    private static final int STDERR_LIMIT = 8192;
    private static final int HISTORY_LIMIT = 20;

    private final String label;
    private final SshEndpoint endpoint;
    private final Path ssh;
    private final Map<String, String> environment;
    private final Path dir;
    private final Path socket;
    private final Path control;
    private final ExecutorService threads;
    private final Set<Process> dials = ConcurrentHashMap.newKeySet();
    private final Deque<String> history = new ArrayDeque<>();

    private ServerSocketChannel server;
    private Process master;
    private ByteArrayOutputStream masterErr;
    private int logins;
    private volatile ProbeFailure lastFailure;
    private volatile long lastFailureNanos;
    private volatile boolean closed;

    /**
     * Prepares a bridge; nothing runs until {@link #ensure}.
     *
     * @param label the context's name, for messages and thread names
     * @param endpoint the ssh endpoint
     * @param ssh the {@code ssh} executable (found on the login shell's PATH)
     * @param environment the variables ssh runs with (HOME, SSH_AUTH_SOCK, PATH…)
     * @throws IOException when the private folder cannot be made
     */
    SshBridge(String label, SshEndpoint endpoint, Path ssh, Map<String, String> environment) throws IOException {
        this.label = label;
        this.endpoint = endpoint;
        this.ssh = ssh;
        this.environment = Map.copyOf(environment);
        this.dir = Files.createTempDirectory(
                "mstp-ssh-", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        this.socket = dir.resolve("docker.sock");
        this.control = dir.resolve("cm");
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "ssh-bridge-" + label + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The local socket docker-java talks to ({@code unix://} + this path). */
    public Path socket() {
        return socket;
    }

    /** The endpoint it bridges to. */
    public SshEndpoint endpoint() {
        return endpoint;
    }

    /** How many times this bridge has logged in with ssh (1 after the first use; one more per reconnection). */
    public synchronized int logins() {
        return logins;
    }

    /** True while the ssh login is up. */
    public synchronized boolean connected() {
        return master != null && master.isAlive();
    }

    /** What happened to this bridge, oldest first: connections, drops, reconnections, failures (at most 20 lines). */
    public synchronized List<String> history() {
        return List.copyOf(history);
    }

    /** The last line of {@link #history()}, or null. */
    public synchronized String lastEvent() {
        return history.peekLast();
    }

    /** The process ids the bridge runs now (the ssh login and each connection's channel), for checks that none is left. */
    public synchronized List<Long> processIds() {
        List<Long> out = new ArrayList<>();
        if (master != null && master.isAlive()) {
            out.add(master.pid());
        }
        dials.stream().filter(Process::isAlive).forEach(p -> out.add(p.pid()));
        return out;
    }

    /**
     * The failure of a connection through the bridge in the last few seconds (no Docker on the
     * host, permission denied on its socket…), or null: docker-java only sees the connection end,
     * this says why.
     */
    ProbeFailure recentFailure() {
        ProbeFailure f = lastFailure;
        return f != null && System.nanoTime() - lastFailureNanos < TimeUnit.SECONDS.toNanos(10) ? f : null;
    }

    /**
     * Makes sure the bridge is up: logs in when it never has, or again when its login dropped.
     *
     * @param timeout how long the ssh login may take
     * @return the local socket
     * @throws EngineUnreachableException when ssh cannot log in; the failure says why in plain words
     */
    public synchronized Path ensure(Duration timeout) throws EngineUnreachableException {
        if (closed) {
            throw new EngineUnreachableException(
                    new ProbeFailure(
                            ProbeFailure.Kind.OTHER, "The ssh bridge to " + endpoint.shown() + " is closed.", null),
                    null);
        }
        if (master != null && master.isAlive() && Files.exists(control)) {
            return socket;
        }
        if (master != null) {
            String why = "ssh exited" + (master.isAlive() ? "" : " with code " + master.exitValue());
            String err = SshFailures.firstLine(masterErr.toString(StandardCharsets.UTF_8));
            note("The ssh connection to " + endpoint.shown() + " dropped (" + why + (err.isEmpty() ? "" : ": " + err)
                    + "); logging in again.");
            master.destroyForcibly();
            master = null;
        }
        login(timeout);
        if (server == null) {
            listen();
        }
        return socket;
    }

    private void login(Duration timeout) throws EngineUnreachableException {
        try {
            Files.deleteIfExists(control);
        } catch (IOException ignored) {
            // a stale control socket of a dead login; ssh replaces it or fails below
        }
        long seconds = Math.max(1, (timeout.toMillis() + 999) / 1000);
        List<String> argv = new ArrayList<>(List.of(
                ssh.toString(),
                "-M",
                "-S",
                control.toString(),
                "-o",
                "ControlPersist=no",
                "-o",
                "BatchMode=yes",
                "-o",
                "ConnectTimeout=" + seconds,
                "-o",
                "ServerAliveInterval=15",
                "-o",
                "ServerAliveCountMax=3",
                "-N",
                "-T"));
        argv.addAll(endpoint.loginOptions());
        argv.add("--");
        argv.add(endpoint.host());
        Process p;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            p = start(argv);
        } catch (IOException e) {
            throw unreachable(
                    new ProbeFailure(
                            ProbeFailure.Kind.UNSUPPORTED, "ssh could not start (" + e.getMessage() + ").", null),
                    e);
        }
        collect(p.getErrorStream(), err);
        long deadline = System.nanoTime() + timeout.toNanos() + TimeUnit.SECONDS.toNanos(1);
        while (!Files.exists(control)) {
            if (!p.isAlive()) {
                waitQuietly(p);
                ProbeFailure f = SshFailures.login(endpoint, p.exitValue(), settle(err));
                note("ssh login to " + endpoint.shown() + " failed: " + f.message());
                throw unreachable(f, null);
            }
            if (System.nanoTime() > deadline) {
                p.destroyForcibly();
                ProbeFailure f = new ProbeFailure(
                        ProbeFailure.Kind.TIMEOUT,
                        "ssh to " + endpoint.shown() + " did not log in within " + timeout.toMillis() / 1000.0
                                + " s: the host is slow, down or out of reach.",
                        settle(err));
                note(f.message());
                throw unreachable(f, null);
            }
            sleep(10);
        }
        master = p;
        masterErr = err;
        logins++;
        // the first connection's channel is opened now, while the caller builds its client and
        // connects: the remote `docker system dial-stdio` starts in parallel instead of after
        spare = startDialQuietly();
        note("Logged in to " + endpoint.shown() + " with ssh (login " + logins + " of this bridge).");
    }

    private void listen() throws EngineUnreachableException {
        try {
            Files.deleteIfExists(socket);
            server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            throw unreachable(
                    new ProbeFailure(
                            ProbeFailure.Kind.OTHER,
                            "The panel could not open its local socket " + socket + " for " + label + ": "
                                    + e.getMessage(),
                            null),
                    e);
        }
        ServerSocketChannel s = server;
        threads.execute(() -> {
            while (!closed) {
                try {
                    SocketChannel ch = s.accept();
                    threads.execute(() -> serve(ch));
                } catch (IOException e) {
                    if (!closed) {
                        LOG.warn("ssh bridge {} stopped accepting: {}", label, e.toString());
                    }
                    return;
                }
            }
        });
    }

    /**
     * One local connection: one channel of the login running {@code docker system dial-stdio}.
     * {@code ProxyCommand=false} makes sure that, should the login have dropped a moment ago, ssh
     * fails instead of quietly logging in again on its own.
     */
    private void serve(SocketChannel ch) {
        Process p = null;
        try {
            try {
                ensure(Duration.ofSeconds(10));
            } catch (EngineUnreachableException e) {
                fail(e.failure());
                return;
            }
            Dial d = takeSpare();
            if (d == null) {
                d = startDial();
            }
            p = d.process();
            ByteArrayOutputStream err = d.err();
            Process dial = p;
            threads.execute(() -> pumpToProcess(ch, dial.getOutputStream()));
            long sent = pumpFromProcess(dial.getInputStream(), ch);
            waitQuietly(dial);
            if (sent == 0 && !dial.isAlive() && dial.exitValue() != 0) {
                fail(SshFailures.dial(endpoint, dial.exitValue(), settle(err)));
            }
        } catch (IOException e) {
            LOG.debug("ssh bridge {}: a connection ended: {}", label, e.toString());
        } finally {
            closeQuietly(ch);
            if (p != null) {
                p.destroy();
                dials.remove(p);
            }
        }
    }

    /** A channel of the login running {@code docker system dial-stdio}, with its error output. */
    private record Dial(Process process, ByteArrayOutputStream err) {}

    private Dial spare;

    private synchronized Dial takeSpare() {
        Dial d = spare;
        spare = null;
        if (d != null && !d.process().isAlive()) {
            // it ended before use (the login dropped, or no Docker there): a fresh one says why
            dials.remove(d.process());
            return null;
        }
        return d;
    }

    private Dial startDial() throws IOException {
        List<String> argv = new ArrayList<>(List.of(
                ssh.toString(),
                "-S",
                control.toString(),
                "-o",
                "ControlMaster=no",
                "-o",
                "ProxyCommand=false",
                "-o",
                "BatchMode=yes",
                "-T"));
        argv.addAll(endpoint.loginOptions());
        argv.addAll(List.of("--", endpoint.host(), "docker", "system", "dial-stdio"));
        Process p = start(argv);
        dials.add(p);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        collect(p.getErrorStream(), err);
        return new Dial(p, err);
    }

    private Dial startDialQuietly() {
        try {
            return startDial();
        } catch (IOException e) {
            return null;
        }
    }

    private void fail(ProbeFailure f) {
        lastFailure = f;
        lastFailureNanos = System.nanoTime();
        LOG.info("ssh bridge {}: {}", label, f.message());
    }

    private static void pumpToProcess(SocketChannel ch, OutputStream out) {
        ByteBuffer buf = ByteBuffer.allocate(32 * 1024);
        try (out) {
            while (ch.read(buf) >= 0) {
                out.write(buf.array(), 0, buf.position());
                out.flush();
                buf.clear();
            }
        } catch (IOException e) {
            // the client or the process went away; the other pump ends the connection
        }
    }

    private static long pumpFromProcess(InputStream in, SocketChannel ch) {
        byte[] bytes = new byte[32 * 1024];
        long total = 0;
        try {
            int n;
            while ((n = in.read(bytes)) >= 0) {
                ByteBuffer buf = ByteBuffer.wrap(bytes, 0, n);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                total += n;
            }
        } catch (IOException e) {
            // the client closed; the connection ends
        }
        return total;
    }

    private Process start(List<String> argv) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().clear();
        pb.environment().putAll(environment);
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        return pb.start();
    }

    private void collect(InputStream in, ByteArrayOutputStream into) {
        threads.execute(() -> {
            byte[] b = new byte[1024];
            try (in) {
                int n;
                while ((n = in.read(b)) >= 0) {
                    synchronized (into) {
                        if (into.size() < STDERR_LIMIT) {
                            into.write(b, 0, Math.min(n, STDERR_LIMIT - into.size()));
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
    }

    /** What a process printed on stderr, after giving its reader a moment to finish. */
    private static String settle(ByteArrayOutputStream err) {
        sleep(30);
        synchronized (err) {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    private synchronized void note(String line) {
        history.addLast(LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + " " + line);
        while (history.size() > HISTORY_LIMIT) {
            history.removeFirst();
        }
        LOG.info("ssh bridge {}: {}", label, line);
    }

    private EngineUnreachableException unreachable(ProbeFailure f, Throwable cause) {
        lastFailure = f;
        lastFailureNanos = System.nanoTime();
        return new EngineUnreachableException(f, cause);
    }

    /** Stops the login and every connection, removes the sockets; waits up to 2 s for the processes to go. */
    @Override
    public void close() {
        List<Process> all;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            all = new ArrayList<>(dials);
            if (master != null) {
                all.add(master);
            }
            master = null;
        }
        closeQuietly(server);
        all.forEach(Process::destroy);
        for (Process p : all) {
            try {
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        threads.shutdownNow();
        try {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(control);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temp folder left behind holds no secret
        }
    }

    private static void waitQuietly(Process p) {
        try {
            p.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
