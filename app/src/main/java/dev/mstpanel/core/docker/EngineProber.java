package dev.mstpanel.core.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Info;
import dev.mstpanel.core.shell.CommandResult;
import java.io.IOException;
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
 * timeout: a silent engine costs the timeout once, not once per context. {@code unix://} and
 * {@code tcp://} endpoints are asked through docker-java; {@code ssh://} endpoints through the
 * installed {@code docker} CLI ({@code docker --context NAME info --format '{{json .}}'}).
 */
public final class EngineProber implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EngineProber.class);
    /** The default per-context probe timeout: 3 s. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private final DockerCli dockerCli;
    private final ExecutorService executor;
    private final ObjectMapper json = new ObjectMapper();

    /** @param dockerCli the CLI used for {@code ssh://} contexts */
    public EngineProber(DockerCli dockerCli) {
        this.dockerCli = dockerCli;
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
        } else if (context.scheme().equals("ssh")) {
            result = probeThroughCli(context, timeout, start);
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
                    info.getContainersRunning() == null ? 0 : info.getContainersRunning(), nz(info.getDockerRootDir()));
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

    private ProbeResult probeThroughCli(DockerContext context, Duration timeout, long start) {
        if (dockerCli.executable().isEmpty()) {
            return failed(context, new ProbeFailure(ProbeFailure.Kind.UNSUPPORTED,
                    "This is an ssh:// context, which the panel reaches through the docker CLI, and no `docker` is on PATH. Install the Docker CLI.", null), start);
        }
        CommandResult r = dockerCli.run(context.name(), timeout, "info", "--format", "{{json .}}");
        if (r.timedOut()) {
            return failed(context, DockerClients.timeout(context, timeout), start);
        }
        try {
            JsonNode n = json.readTree(r.stdout().isBlank() ? "{}" : r.stdout());
            if (!r.ok() || n.path("ServerVersion").asText("").isEmpty()) {
                String why = firstMeaningfulLine(r.stderr().isBlank() ? n.path("ServerErrors").toString() : r.stderr());
                return failed(context, new ProbeFailure(ProbeFailure.Kind.OTHER,
                        "docker --context " + context.name() + " info failed: " + why, r.stderr()), start);
            }
            EngineInfo engine = new EngineInfo(n.path("ServerVersion").asText(""), n.path("OperatingSystem").asText(""),
                    n.path("OSType").asText(""), n.path("Architecture").asText(""), n.path("NCPU").asInt(0),
                    n.path("MemTotal").asLong(0), n.path("ContainersRunning").asInt(0), n.path("DockerRootDir").asText(""));
            return new ProbeResult(context, engine, null, ms(start));
        } catch (IOException e) {
            return failed(context, new ProbeFailure(ProbeFailure.Kind.OTHER,
                    "docker --context " + context.name() + " info printed something the panel cannot read.", r.stdout()), start);
        }
    }

    private static String firstMeaningfulLine(String s) {
        return s.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("no reason given");
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
