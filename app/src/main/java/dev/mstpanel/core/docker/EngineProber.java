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
 * <p>Every context is probed on its own thread, in parallel, and each probe is bounded by the
 * timeout: a silent engine costs the timeout once, not once per context. Every endpoint is asked
 * through docker-java ({@code GET /info}); {@code ssh://} ones through their {@link SshBridge}, whose
 * ssh login is made once and reused by later probes.
 */
public final class EngineProber implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EngineProber.class);
    /** The default per-context probe timeout: 3 s. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private final ExecutorService executor;

    /** A prober with its own daemon threads; close it to stop them. */
    public EngineProber() {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory tf = r -> {
            Thread t = new Thread(r, "engine-probe-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.executor = Executors.newCachedThreadPool(tf);
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
    public CompletableFuture<List<ProbeResult>> probeAll(List<DockerContext> contexts, Duration timeout,
                                                         Consumer<ProbeResult> onEach) {
        List<CompletableFuture<ProbeResult>> futures = new ArrayList<>();
        for (DockerContext c : contexts) {
            long start = System.nanoTime();
            CompletableFuture<ProbeResult> f = CompletableFuture
                    .supplyAsync(() -> probe(c, timeout), executor)
                    .completeOnTimeout(null, timeout.toMillis() + 250, TimeUnit.MILLISECONDS)
                    .thenApply(r -> r != null ? r
                            : new ProbeResult(c, null, DockerClients.timeout(c, timeout), (System.nanoTime() - start) / 1_000_000));
            f.thenAccept(r -> {
                try {
                    onEach.accept(r);
                } catch (RuntimeException e) {
                    LOG.warn("A probe listener failed for {}", c.name(), e);
                }
            });
            futures.add(f);
        }
        return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new))
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
            result = failed(context, new ProbeFailure(ProbeFailure.Kind.BROKEN_CONTEXT, context.problem(), null), start);
        } else if (!DockerClients.supportedByDockerJava(context)) {
            result = failed(context, new ProbeFailure(ProbeFailure.Kind.UNSUPPORTED,
                    "The panel cannot reach " + context.scheme() + ":// endpoints on this system.", null), start);
        } else {
            result = probeThroughApi(context, timeout, start);
        }
        LOG.debug("probed {} in {} ms: {}", context.name(), result.probeMillis(),
                result.reachable() ? "reachable" : result.failure().kind());
        return result;
    }

    private ProbeResult probeThroughApi(DockerContext context, Duration timeout, long start) {
        DockerClient client = null;
        try {
            client = DockerClients.open(context, timeout);
            Info info = client.infoCmd().exec();
            EngineInfo engine = new EngineInfo(nz(info.getServerVersion()), nz(info.getOperatingSystem()), nz(info.getOsType()),
                    nz(info.getArchitecture()), info.getNCPU() == null ? 0 : info.getNCPU(),
                    info.getMemTotal() == null ? 0 : info.getMemTotal(),
                    info.getContainersRunning() == null ? 0 : info.getContainersRunning(), nz(info.getDockerRootDir()),
                    nz(info.getId()));
            return new ProbeResult(context, engine, null, ms(start));
        } catch (EngineUnreachableException e) {
            return failed(context, e.failure(), start);
        } catch (RuntimeException e) {
            return failed(context, DockerClients.describe(context, e, timeout), start);
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
        executor.shutdownNow();
    }
}
