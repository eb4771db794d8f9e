package dev.mstpanel.core.runs;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.CpuStatsConfig;
import com.github.dockerjava.api.model.MemoryStatsConfig;
import com.github.dockerjava.api.model.Statistics;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds a run's containers on its contexts and tells the {@link RunModel} what Docker says about
 * them ("Progress from three sources", Docker): containers labelled
 * {@code mst.owner.host} = this host and {@code mst.owner.pid} = MST's process or one of its
 * descendants (docs/dev/mst-format.md, Containers); their state (created, running, exited, {@code OOMKilled},
 * renamed {@code -kept}, removed); their memory and CPU from Docker's stats stream.
 *
 * <p>Every engine call ends at its deadline ({@link dev.mstpanel.core.docker.EngineCalls}: 5 s for
 * lists and inspects; 5 s to the first byte for stats streams), so an engine that trickles its
 * answers never holds up the run's end or MST's exit code; the contexts' lists
 * of one poll are asked in parallel.
 *
 * <p>Cost: one labelled container list per context per poll interval, one inspect per state
 * change, and one stats stream per running container (Docker sends a sample a second). Runs on
 * one daemon thread plus docker-java's stream threads. {@code ssh://} contexts are watched
 * through their bridge like any other; a context that cannot be reached gets a notice.
 */
public final class RunContainerWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunContainerWatcher.class);

    /** Label MST puts on its containers: the machine that ran {@code mst run}. */
    public static final String LABEL_HOST = "mst.owner.host";
    /** Label MST puts on its containers: that process's id. */
    public static final String LABEL_PID = "mst.owner.pid";

    /** Runs the per-context container lists of a poll in parallel (daemon threads, idle ones end after 60 s). */
    private static final ExecutorService LISTERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "run-containers-list");
        t.setDaemon(true);
        return t;
    });

    private final List<DockerContext> contexts;
    private final DockerClientFactory dockerClients;
    private final String host;
    private final Supplier<List<Long>> processTree;
    private final RunModel model;
    private final Duration interval;
    private final Set<Long> ownerPids = ConcurrentHashMap.newKeySet();
    private final Map<String, DockerClient> clients = new HashMap<>();
    private final Map<String, DockerClient> streamClients = new HashMap<>();
    private final Map<String, ContainerObservation> known = new HashMap<>();
    private final Map<String, Closeable> statsStreams = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private Thread thread;

    /**
     * @param contexts the run's contexts
     * @param dockerClients opens the clients of each context's engine
     * @param host this machine's name as MST writes it in {@code mst.owner.host} ({@link HostName#current()})
     * @param processTree MST's process id and its descendants' (called each poll; pids once seen are remembered)
     * @param model where observations go
     * @param interval how often to list containers, e.g. 1 s
     */
    public RunContainerWatcher(
            List<DockerContext> contexts,
            DockerClientFactory dockerClients,
            String host,
            Supplier<List<Long>> processTree,
            RunModel model,
            Duration interval) {
        this.contexts = List.copyOf(contexts);
        this.dockerClients = dockerClients;
        this.host = host;
        this.processTree = processTree;
        this.model = model;
        this.interval = interval;
    }

    /** Starts watching on a daemon thread. */
    public synchronized void start() {
        for (DockerContext c : contexts) {
            try {
                clients.put(c.name(), dockerClients.open(c, Duration.ofSeconds(5)));
                streamClients.put(c.name(), dockerClients.openForStreams(c, Duration.ofSeconds(5)));
            } catch (Exception e) {
                model.notice("Cannot follow containers on " + c.name() + ": " + e.getMessage());
            }
        }
        thread = new Thread(this::loop, "run-containers");
        thread.setDaemon(true);
        thread.start();
    }

    /** Polls once now (also used at the end of a run to see the final states). */
    public synchronized void pollOnce() {
        ownerPids.addAll(processTree.get());
        Set<String> seen = new HashSet<>();
        // every context is asked at once: each call ends at its deadline (EngineCalls), so a silent
        // context costs one deadline per poll, however many there are
        Map<String, CompletableFuture<List<Container>>> lists = new HashMap<>();
        for (Map.Entry<String, DockerClient> e : clients.entrySet()) {
            lists.put(
                    e.getKey(),
                    CompletableFuture.supplyAsync(
                            () -> e.getValue()
                                    .listContainersCmd()
                                    .withShowAll(true)
                                    .withLabelFilter(Map.of(LABEL_HOST, host))
                                    .exec(),
                            LISTERS));
        }
        for (Map.Entry<String, DockerClient> e : clients.entrySet()) {
            String context = e.getKey();
            List<Container> list;
            try {
                list = lists.get(context).join();
            } catch (RuntimeException ex) {
                LOG.debug("listing containers on {} failed: {}", context, ex.getMessage());
                continue;
            }
            for (Container c : list) {
                String pidLabel = c.getLabels() == null ? null : c.getLabels().get(LABEL_PID);
                if (pidLabel == null || !ownerPids.contains(parsePid(pidLabel))) {
                    continue;
                }
                seen.add(c.getId());
                String name = c.getNames() == null || c.getNames().length == 0
                        ? c.getId()
                        : c.getNames()[0].replaceFirst("^/", "");
                ContainerObservation before = known.get(c.getId());
                if (before != null
                        && before.state().equals(c.getState())
                        && before.name().equals(name)) {
                    continue;
                }
                ContainerObservation obs = inspect(e.getValue(), context, c.getId(), name, c.getState());
                known.put(c.getId(), obs);
                model.containerSeen(obs);
                if ("running".equals(obs.state())) {
                    followStats(context, obs);
                } else {
                    stopStats(obs.id());
                }
            }
        }
        for (ContainerObservation gone : new ArrayList<>(known.values())) {
            if (!seen.contains(gone.id()) && !gone.state().equals("removed") && clients.containsKey(gone.context())) {
                ContainerObservation removed = new ContainerObservation(
                        gone.context(),
                        gone.id(),
                        gone.name(),
                        "removed",
                        gone.oomKilled(),
                        gone.exitCode(),
                        gone.memoryLimitBytes());
                known.put(gone.id(), removed);
                stopStats(gone.id());
                model.containerSeen(removed);
            }
        }
    }

    /** Names of the run's containers that are not removed, as last seen. */
    public synchronized List<ContainerObservation> containers() {
        return known.values().stream().filter(c -> !c.state().equals("removed")).toList();
    }

    private ContainerObservation inspect(
            DockerClient client, String context, String id, String name, String listState) {
        try {
            InspectContainerResponse r = client.inspectContainerCmd(id).exec();
            InspectContainerResponse.ContainerState s = r.getState();
            Long mem = r.getHostConfig() == null ? null : r.getHostConfig().getMemory();
            String state = s == null || s.getStatus() == null ? listState : s.getStatus();
            boolean oom = s != null && Boolean.TRUE.equals(s.getOOMKilled());
            Integer exit =
                    s == null || s.getExitCodeLong() == null || "running".equals(state) || "created".equals(state)
                            ? null
                            : s.getExitCodeLong().intValue();
            String n = r.getName() == null ? name : r.getName().replaceFirst("^/", "");
            return new ContainerObservation(context, id, n, state, oom, exit, mem == null || mem <= 0 ? -1 : mem);
        } catch (RuntimeException ex) {
            return new ContainerObservation(context, id, name, listState, false, null, -1);
        }
    }

    private void followStats(String context, ContainerObservation c) {
        if (statsStreams.containsKey(c.id()) || streamClients.get(context) == null) {
            return;
        }
        ResultCallback.Adapter<Statistics> cb = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Statistics s) {
                long usage = memoryUsage(s.getMemoryStats());
                long limit = s.getMemoryStats() == null || s.getMemoryStats().getLimit() == null
                        ? -1
                        : s.getMemoryStats().getLimit();
                if (usage >= 0) {
                    String name = known.get(c.id()) == null
                            ? c.name()
                            : known.get(c.id()).name();
                    model.statsSample(
                            name,
                            usage,
                            c.memoryLimitBytes() > 0 ? c.memoryLimitBytes() : limit,
                            cpuPercent(s.getCpuStats(), s.getPreCpuStats()));
                }
            }

            @Override
            public void onError(Throwable error) {
                // the container exited or was removed while streaming: expected, not the user's problem
                LOG.debug("stats stream of {} ended: {}", c.name(), error.toString());
                statsStreams.remove(c.id());
                try {
                    close();
                } catch (IOException ignored) {
                    // closing a failed stream
                }
            }
        };
        statsStreams.put(c.id(), cb);
        try {
            streamClients.get(context).statsCmd(c.id()).exec(cb);
        } catch (RuntimeException ex) {
            statsStreams.remove(c.id());
        }
    }

    private void stopStats(String id) {
        Closeable s = statsStreams.remove(id);
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // the stream ends with the container anyway
            }
        }
    }

    /** Memory use as {@code docker stats} shows it: usage less inactive file cache (cgroup v2) or total cache (v1). */
    static long memoryUsage(MemoryStatsConfig m) {
        if (m == null || m.getUsage() == null) {
            return -1;
        }
        long usage = m.getUsage();
        if (m.getStats() != null) {
            Long inactive = m.getStats().getInactiveFile();
            Long totalInactive = m.getStats().getTotalInactiveFile();
            if (totalInactive != null && totalInactive < usage) {
                return usage - totalInactive;
            }
            if (inactive != null && inactive < usage) {
                return usage - inactive;
            }
        }
        return usage;
    }

    /** CPU use in percent of one CPU, as {@code docker stats} computes it; -1 without a previous sample. */
    static double cpuPercent(CpuStatsConfig cpu, CpuStatsConfig pre) {
        if (cpu == null
                || pre == null
                || cpu.getCpuUsage() == null
                || pre.getCpuUsage() == null
                || cpu.getSystemCpuUsage() == null
                || pre.getSystemCpuUsage() == null
                || cpu.getCpuUsage().getTotalUsage() == null
                || pre.getCpuUsage().getTotalUsage() == null) {
            return -1;
        }
        double cpuDelta = cpu.getCpuUsage().getTotalUsage() - pre.getCpuUsage().getTotalUsage();
        double sysDelta = cpu.getSystemCpuUsage() - pre.getSystemCpuUsage();
        long online = cpu.getOnlineCpus() != null
                ? cpu.getOnlineCpus()
                : cpu.getCpuUsage().getPercpuUsage() != null
                        ? cpu.getCpuUsage().getPercpuUsage().size()
                        : 1;
        return sysDelta > 0 && cpuDelta >= 0 ? cpuDelta / sysDelta * online * 100.0 : 0;
    }

    private static long parsePid(String label) {
        try {
            return Long.parseLong(label.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void loop() {
        while (!closed) {
            try {
                pollOnce();
            } catch (RuntimeException e) {
                LOG.warn("container poll failed", e);
            }
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops polling and closes every stream and client. */
    @Override
    public synchronized void close() {
        closed = true;
        if (thread != null) {
            thread.interrupt();
        }
        for (String id : new ArrayList<>(statsStreams.keySet())) {
            stopStats(id);
        }
        for (DockerClient c : clients.values()) {
            closeQuietly(c);
        }
        for (DockerClient c : streamClients.values()) {
            closeQuietly(c);
        }
        clients.clear();
        streamClients.clear();
    }

    private static void closeQuietly(DockerClient c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
