package dev.mstpanel.core.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Info;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes Docker contexts: server version, OS/architecture, CPUs, memory, running containers.
 *
 * <p>Contexts are probed in parallel, in one lane per transport (local sockets, tcp, ssh), and
 * each probe is bounded by the timeout from when it starts: a silent engine costs the timeout once
 * in its lane, not once per context. Every endpoint is asked
 * through docker-java ({@code GET /info}); {@code ssh://} ones through their {@link SshBridge}, whose
 * ssh login is made once and reused by later probes.
 */
public final class EngineProber implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EngineProber.class);
    /** The default per-context probe timeout: 3 s. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    /** Probes of local sockets (and anything not tcp or ssh) at once, at most. */
    static final int LOCAL_LANE = 4;
    /** TLS/tcp probes at once, at most (each handshake costs CPU in a fresh process). */
    static final int TCP_LANE = 2;
    /** ssh probes at once, at most (each login starts an ssh process and its key exchange). */
    static final int SSH_LANE = 2;

    private final DockerClientFactory clients;
    private final ExecutorService local;
    private final ExecutorService tcp;
    private final ExecutorService ssh;

    /**
     * A prober with its own daemon threads; close it to stop them. Probes run in one lane per
     * transport, each with a few threads: on a busy machine ten probes at once each got a tenth
     * of the CPU and all missed their deadlines, ssh logins and TLS handshakes starving the local
     * sockets. A probe waiting for its lane is not on its clock (its deadline starts when it does).
     *
     * @param clients opens the client of each context's engine
     */
    public EngineProber(DockerClientFactory clients) {
        this.clients = clients;
        this.local = lane("engine-probe-local-", LOCAL_LANE);
        this.tcp = lane("engine-probe-tcp-", TCP_LANE);
        this.ssh = lane("engine-probe-ssh-", SSH_LANE);
    }

    /** The clients this prober opens (for the checks that follow a probe on the same engines). */
    public DockerClientFactory clients() {
        return clients;
    }

    private static ExecutorService lane(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, name + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return Executors.newFixedThreadPool(threads, tf);
    }

    private ExecutorService laneFor(DockerContext c) {
        return switch (c.scheme()) {
            case "ssh" -> ssh;
            case "tcp" -> tcp;
            default -> local;
        };
    }

    /**
     * Probes every context in parallel.
     *
     * @param contexts the contexts; broken ones and Colima profiles are probed too (a profile's
     *     socket is real) and broken ones fail at once with their problem
     * @param timeout each probe's bound
     * @param onEach called on a probe thread as each result arrives, in arrival order
     * @return all results, in the order of {@code contexts}, once the slowest is in or timed out
     */
    public CompletableFuture<List<ProbeResult>> probeAll(
            List<DockerContext> contexts, Duration timeout, Consumer<ProbeResult> onEach) {
        List<CompletableFuture<ProbeResult>> futures = new ArrayList<>();
        List<CompletableFuture<Void>> reported = new ArrayList<>();
        // the client machinery is loaded once, before any context's clock starts: in a fresh
        // process on a busy machine, loading it costs seconds that belong to no engine, and ten
        // probes loading it at once made every engine, local sockets included, look dead
        clients.warmUp();
        for (DockerContext c : contexts) {
            CompletableFuture<ProbeResult> f = new CompletableFuture<>();
            Runnable probeOne = () -> {
                // the context's deadline starts with its own probe, not when it was queued
                long start = System.nanoTime();
                CompletableFuture.delayedExecutor(timeout.toMillis() + 250, TimeUnit.MILLISECONDS)
                        .execute(() -> f.complete(new ProbeResult(
                                c, null, DockerClients.timeout(c, timeout), (System.nanoTime() - start) / 1_000_000)));
                try {
                    f.complete(probe(c, timeout));
                } catch (RuntimeException | Error e) {
                    f.complete(failed(c, clients.describe(c, e, timeout), start));
                }
            };
            try {
                laneFor(c).execute(probeOne);
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                // the prober was closed (the window closing) while a refresh was still asking: an answer, not an
                // exception
                f.complete(failed(
                        c,
                        new ProbeFailure(ProbeFailure.Kind.OTHER, "The panel is shutting down.", null),
                        System.nanoTime()));
            }
            // the whole completes after every result was reported, not only after it arrived: a caller
            // that joins sees each onEach done (it ran on the thread that completed f, maybe after allOf)
            reported.add(f.thenAccept(r -> {
                try {
                    onEach.accept(r);
                } catch (RuntimeException e) {
                    LOG.warn("A probe listener failed for {}", c.name(), e);
                }
            }));
            futures.add(f);
        }
        return CompletableFuture.allOf(reported.toArray(CompletableFuture[]::new))
                .thenApply(v -> futures.stream().map(CompletableFuture::join).toList());
    }

    /**
     * Probes one context, blocking up to about the timeout.
     *
     * @param context the context
     * @param timeout the bound for connecting and answering
     * @return the result; never throws
     */
    public ProbeResult probe(DockerContext context, Duration timeout) {
        long start = System.nanoTime();
        ProbeResult result;
        if (context.problem() != null) {
            result =
                    failed(context, new ProbeFailure(ProbeFailure.Kind.BROKEN_CONTEXT, context.problem(), null), start);
        } else if (!clients.supports(context)) {
            result = failed(
                    context,
                    new ProbeFailure(
                            ProbeFailure.Kind.UNSUPPORTED,
                            "The panel cannot reach " + context.scheme() + ":// endpoints on this system.",
                            null),
                    start);
        } else {
            result = probeThroughApi(context, timeout, start);
        }
        LOG.debug(
                "probed {} in {} ms: {}",
                context.name(),
                result.probeMillis(),
                result.reachable() ? "reachable" : result.failure().kind());
        return result;
    }

    private ProbeResult probeThroughApi(DockerContext context, Duration timeout, long start) {
        DockerClient client = null;
        try {
            client = clients.open(context, timeout);
            Info info = client.infoCmd().exec();
            EngineInfo engine = new EngineInfo(
                    nz(info.getServerVersion()),
                    nz(info.getOperatingSystem()),
                    nz(info.getOsType()),
                    nz(info.getArchitecture()),
                    info.getNCPU() == null ? 0 : info.getNCPU(),
                    info.getMemTotal() == null ? 0 : info.getMemTotal(),
                    info.getContainersRunning() == null ? 0 : info.getContainersRunning(),
                    nz(info.getDockerRootDir()),
                    nz(info.getId()),
                    nz(info.getName()));
            return new ProbeResult(context, engine, null, ms(start));
        } catch (EngineUnreachableException e) {
            return failed(context, e.failure(), start);
        } catch (RuntimeException e) {
            return failed(context, clients.describe(context, e, timeout), start);
        } finally {
            if (client != null) {
                DockerClients.closeQuietly(client);
            }
        }
    }

    private static ProbeResult failed(DockerContext c, ProbeFailure f, long start) {
        return new ProbeResult(c, null, f, ms(start));
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    @Override
    public void close() {
        local.shutdownNow();
        tcp.shutdownNow();
        ssh.shutdownNow();
    }
}
