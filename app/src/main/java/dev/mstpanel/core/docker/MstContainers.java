package dev.mstpanel.core.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.transport.DockerHttpClient;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MST's containers on Docker contexts: listing by label, classifying, removing this machine's
 * kept and orphaned ones.
 *
 * <p>Only containers with both labels {@code mst.owner.host} and {@code mst.owner.pid} are
 * listed (source: MST's Cowork-in-Docker document, "What happens"): a container MST did not label
 * is never listed nor touched. Contexts are listed in parallel, each bounded by the timeout, so a
 * dead context costs its timeout once and never delays the others. Every context goes through
 * docker-java ({@link DockerClientFactory}; {@code ssh://} ones through their bridge); names are
 * checked by {@link DockerNames} first.
 */
public final class MstContainers implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MstContainers.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OwnerIdentity owner;
    private final DockerClientFactory clients;
    private final ExecutorService executor;

    /**
     * @param owner this machine's host name and process table
     * @param clients opens the clients of each context's engine
     */
    public MstContainers(OwnerIdentity owner, DockerClientFactory clients) {
        this.owner = owner;
        this.clients = clients;
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "mst-containers-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The clients of the engines, as this reads them (for readers of the same containers). */
    public DockerClientFactory clients() {
        return clients;
    }

    /** This machine's identity, as the classification uses it. */
    public OwnerIdentity owner() {
        return owner;
    }

    /**
     * Lists MST's containers on every context, in parallel.
     *
     * @param contexts the contexts; broken ones and names outside Docker's rule are reported as failures
     * @param timeout each context's bound; memory reads share what is left of it (a memory read
     *     that does not answer in time leaves the figure unknown, the container is listed anyway)
     * @return the containers (each once, also when two contexts reach its engine: under the one
     *     with the most direct transport) and the contexts that failed; returns within about the timeout plus 0.25 s
     */
    public ContainerListing list(List<DockerContext> contexts, Duration timeout) {
        clients.warmUp(); // each context's clock covers its engine, not loading the client's code
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos() + 250_000_000L;
        List<CompletableFuture<PerContext>> futures = new ArrayList<>();
        for (DockerContext c : contexts) {
            futures.add(CompletableFuture.supplyAsync(() -> listOne(c, timeout), executor)
                    .completeOnTimeout(
                            PerContext.failed(c.name(), DockerClients.timeout(c, timeout)),
                            timeout.toMillis() + 250,
                            TimeUnit.MILLISECONDS));
        }
        Map<String, DockerContext> byName = new HashMap<>();
        contexts.forEach(c -> byName.put(c.name(), c));
        List<CompletableFuture<MstContainer>> withMemory = new ArrayList<>();
        List<ContainerListing.ContextFailure> failures = new ArrayList<>();
        for (CompletableFuture<PerContext> f : futures) {
            PerContext p = f.join();
            for (MstContainer k : p.containers) {
                DockerContext c = byName.get(k.context());
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (!"running".equals(k.state()) || c == null || left <= 0) {
                    withMemory.add(CompletableFuture.completedFuture(k));
                } else {
                    withMemory.add(CompletableFuture.supplyAsync(
                                    () -> k.withMemory(memoryOf(c, k.id(), Duration.ofMillis(left))), executor)
                            .completeOnTimeout(k, left, TimeUnit.MILLISECONDS));
                }
            }
            if (p.failure != null) {
                failures.add(p.failure);
            }
        }
        // Two contexts that reach one engine (an ssh path and a socket to one host) list the same
        // containers: container IDs are unique per engine, so each is kept once, under the context
        // with the most direct transport (EngineGroups.transportRank), the first among equals.
        Map<String, MstContainer> byId = new java.util.LinkedHashMap<>();
        withMemory.stream()
                .map(CompletableFuture::join)
                .forEach(k -> byId.merge(
                        k.id(),
                        k,
                        (a, b) -> EngineGroups.transportRank(byName.get(b.context()))
                                        < EngineGroups.transportRank(byName.get(a.context()))
                                ? b
                                : a));
        List<MstContainer> all = List.copyOf(byId.values());
        return new ContainerListing(all, failures, (System.nanoTime() - start) / 1_000_000);
    }

    /** As {@link #list} on a background thread. */
    public CompletableFuture<ContainerListing> listAsync(List<DockerContext> contexts, Duration timeout) {
        return CompletableFuture.supplyAsync(() -> list(contexts, timeout), executor);
    }

    private record PerContext(List<MstContainer> containers, ContainerListing.ContextFailure failure) {
        static PerContext failed(String context, ProbeFailure failure) {
            return new PerContext(
                    List.of(), new ContainerListing.ContextFailure(context, failure.message(), failure.kind()));
        }

        static PerContext failed(String context, ProbeFailure.Kind kind, String message) {
            return new PerContext(List.of(), new ContainerListing.ContextFailure(context, message, kind));
        }
    }

    private PerContext listOne(DockerContext c, Duration timeout) {
        if (c.problem() != null) {
            return PerContext.failed(c.name(), ProbeFailure.Kind.BROKEN_CONTEXT, c.problem());
        }
        if (!DockerNames.valid(c.name())) {
            return PerContext.failed(
                    c.name(),
                    ProbeFailure.Kind.BROKEN_CONTEXT,
                    "The context name " + DockerNames.shown(c.name())
                            + " is not a Docker name: the panel does not use it. Rename the context (docker context create with another name).");
        }
        try {
            List<MstContainer> found = listThroughApi(c, timeout);
            found.sort(
                    Comparator.comparingLong(MstContainer::createdEpochSeconds).reversed());
            return new PerContext(found, null);
        } catch (EngineUnreachableException e) {
            return PerContext.failed(c.name(), e.failure());
        } catch (RuntimeException e) {
            LOG.debug("listing containers on {} failed", c.name(), e);
            return PerContext.failed(c.name(), clients.describe(c, e, timeout));
        }
    }

    private List<MstContainer> listThroughApi(DockerContext c, Duration timeout) throws EngineUnreachableException {
        DockerClient client = clients.open(c, timeout);
        try {
            List<Container> raw = client.listContainersCmd()
                    .withShowAll(true)
                    .withLabelFilter(List.of(MstContainer.OWNER_HOST_LABEL, MstContainer.OWNER_PID_LABEL))
                    .exec();
            List<MstContainer> out = new ArrayList<>();
            for (Container k : raw) {
                Map<String, String> labels = k.getLabels() == null ? Map.of() : k.getLabels();
                String name = k.getNames() == null || k.getNames().length == 0 ? k.getId() : strip(k.getNames()[0]);
                out.add(toContainer(
                        c.name(),
                        k.getId(),
                        name,
                        k.getImage(),
                        k.getState(),
                        k.getStatus(),
                        k.getCreated() == null ? 0 : k.getCreated(),
                        labels));
            }
            return out;
        } finally {
            DockerClients.closeQuietly(client);
        }
    }

    private MstContainer toContainer(
            String context,
            String id,
            String name,
            String image,
            String state,
            String status,
            long created,
            Map<String, String> labels) {
        String host = labels.getOrDefault(MstContainer.OWNER_HOST_LABEL, "");
        Long pid = MstContainer.parsePid(labels.get(MstContainer.OWNER_PID_LABEL));
        return new MstContainer(
                context,
                id,
                name,
                nz(image),
                nz(state),
                nz(status),
                created,
                host,
                pid,
                ContainerKind.classify(host, pid, name, owner),
                -1);
    }

    /**
     * One memory read of a running container ({@code GET /containers/ID/stats?stream=false&one-shot=true}):
     * usage less inactive file cache, as {@code docker stats} shows it.
     *
     * @return bytes, or -1 when the engine gave no figure
     */
    long memoryOf(DockerContext c, String id, Duration timeout) {
        try {
            try (DockerHttpClient http = clients.openHttp(c, timeout)) {
                DockerHttpClient.Request req = DockerHttpClient.Request.builder()
                        .method(DockerHttpClient.Request.Method.GET)
                        .path("/containers/" + DockerNames.requireContainer(id) + "/stats?stream=false&one-shot=true")
                        .build();
                try (DockerHttpClient.Response resp = http.execute(req);
                        InputStream body = resp.getBody()) {
                    if (resp.getStatusCode() != 200) {
                        return -1;
                    }
                    JsonNode mem = JSON.readTree(body).path("memory_stats");
                    long usage = mem.path("usage").asLong(-1);
                    if (usage < 0) {
                        return -1;
                    }
                    JsonNode stats = mem.path("stats");
                    long inactive = stats.has("inactive_file")
                            ? stats.path("inactive_file").asLong(0)
                            : stats.path("total_inactive_file").asLong(0);
                    return inactive < usage ? usage - inactive : usage;
                }
            }
        } catch (IOException | EngineUnreachableException | RuntimeException e) {
            LOG.debug("memory read of {} on {} failed", id, c.name(), e);
            return -1;
        }
    }

    /**
     * Removes one of this machine's kept or orphaned containers. Its labels are read again just
     * before: a container without MST's labels, another machine's, or one whose process came
     * back is refused.
     *
     * @param context the context it is on
     * @param container its id or name
     * @param timeout bound for each engine call
     * @return the container as it was just before removal
     * @throws ContainerActionException when it is refused or the engine fails; the message says why
     */
    public MstContainer remove(DockerContext context, String container, Duration timeout)
            throws ContainerActionException {
        DockerNames.requireContext(context.name());
        String ref = DockerNames.requireContainer(container);
        MstContainer current = inspect(context, ref, timeout);
        if (!current.kind().removable()) {
            throw new ContainerActionException(refusal(current));
        }
        DockerClient client = openOrThrow(context, timeout);
        try {
            client.removeContainerCmd(current.id()).withForce(true).exec();
            return current;
        } catch (NotFoundException e) {
            throw new ContainerActionException(
                    "The container " + current.name() + " is gone from " + context.name() + " already.");
        } catch (RuntimeException e) {
            throw new ContainerActionException(
                    "Removing " + current.name() + " on " + context.name() + " failed: "
                            + clients.describe(context, e, timeout).message(),
                    e);
        } finally {
            DockerClients.closeQuietly(client);
        }
    }

    private static String refusal(MstContainer k) {
        if (k.ownerHost() == null || k.ownerHost().isBlank()) {
            return "The panel will not remove " + k.name() + ": it has no MST labels, so MST did not create it.";
        }
        return switch (k.kind()) {
            case OTHER_HOST ->
                "The panel will not remove " + k.name() + ": another machine (" + k.ownerHost() + ") started it.";
            case RUNNING ->
                "The panel will not remove " + k.name() + ": its run (process " + k.ownerPid()
                        + ") is still going. Stop the run instead.";
            default -> "The panel will not remove " + k.name() + ".";
        };
    }

    /**
     * Reads one container's labels and state now.
     *
     * @throws ContainerActionException when it does not exist, has no MST labels, or the engine fails
     */
    public MstContainer inspect(DockerContext context, String container, Duration timeout)
            throws ContainerActionException {
        String ref = DockerNames.requireContainer(container);
        DockerClient client = openOrThrow(context, timeout);
        try {
            InspectContainerResponse i = client.inspectContainerCmd(ref).exec();
            Map<String, String> labels = i.getConfig() == null || i.getConfig().getLabels() == null
                    ? Map.of()
                    : i.getConfig().getLabels();
            return labelled(
                    context,
                    i.getId(),
                    strip(i.getName()),
                    i.getConfig() == null ? "" : i.getConfig().getImage(),
                    i.getState() == null ? "" : i.getState().getStatus(),
                    labels);
        } catch (NotFoundException e) {
            throw new ContainerActionException("No container " + ref + " on " + context.name() + ".");
        } catch (RuntimeException e) {
            throw new ContainerActionException(
                    "Reading " + ref + " on " + context.name() + " failed: "
                            + clients.describe(context, e, timeout).message(),
                    e);
        } finally {
            DockerClients.closeQuietly(client);
        }
    }

    private MstContainer labelled(
            DockerContext context, String id, String name, String image, String state, Map<String, String> labels)
            throws ContainerActionException {
        if (!labels.containsKey(MstContainer.OWNER_HOST_LABEL) || !labels.containsKey(MstContainer.OWNER_PID_LABEL)) {
            throw new ContainerActionException(
                    "The panel will not touch " + name + ": it has no MST labels (" + MstContainer.OWNER_HOST_LABEL
                            + ", " + MstContainer.OWNER_PID_LABEL + "), so MST did not create it.");
        }
        return toContainer(context.name(), id, name, image, state, state, 0, labels);
    }

    /**
     * Removes this machine's orphaned containers (not kept ones, not running ones, not another
     * machine's), re-checking each one's labels first.
     *
     * @param contexts where to look
     * @param timeout per context and per engine call
     * @return what was removed and what failed
     */
    public RemovalReport removeOrphans(List<DockerContext> contexts, Duration timeout) {
        ContainerListing listing = list(contexts, timeout);
        Map<String, DockerContext> byName = new HashMap<>();
        contexts.forEach(c -> byName.put(c.name(), c));
        List<MstContainer> removed = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        listing.failures().forEach(f -> problems.add(f.context() + ": " + f.message()));
        for (MstContainer k : listing.containers()) {
            if (k.kind() != ContainerKind.ORPHANED) {
                continue;
            }
            try {
                MstContainer now = remove(byName.get(k.context()), k.id(), timeout);
                if (now.kind() != ContainerKind.ORPHANED) {
                    problems.add(k.context() + "/" + k.name() + " changed kind to "
                            + now.kind().jsonName());
                }
                removed.add(now);
            } catch (ContainerActionException e) {
                problems.add(k.context() + "/" + k.name() + ": " + e.getMessage());
            }
        }
        return new RemovalReport(removed, problems);
    }

    /**
     * What a clean-up removed.
     *
     * @param removed the containers removed
     * @param problems one sentence per context or container that could not be handled
     */
    public record RemovalReport(List<MstContainer> removed, List<String> problems) {
        public RemovalReport {
            removed = List.copyOf(removed);
            problems = List.copyOf(problems);
        }
    }

    private DockerClient openOrThrow(DockerContext context, Duration timeout) throws ContainerActionException {
        try {
            return clients.open(context, timeout);
        } catch (EngineUnreachableException e) {
            throw new ContainerActionException(
                    context.name() + ": " + e.failure().message(), e);
        }
    }

    static String strip(String name) {
        return name != null && name.startsWith("/") ? name.substring(1) : nz(name);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    static String firstLine(String s) {
        return s == null
                ? ""
                : s.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .findFirst()
                        .orElse("no reason given");
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
