package dev.mstpanel.core.doctor;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.runs.HostName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The doctor's short check containers, and making sure none outlives its doctor.
 *
 * <p>Each carries the labels {@code dev.mstpanel.probe=doctor}, {@code dev.mstpanel.probe.host}
 * (this machine, as MST writes {@code mst.owner.host}) and {@code dev.mstpanel.probe.pid} (the
 * panel's process). While one exists it is registered here; a JVM shutdown hook (Ctrl-C, SIGTERM,
 * the window closing) removes every registered one. One that still survives (SIGKILL, a crash, a
 * lost engine) is found by the next doctor on that context and removed when its panel process is
 * gone, or, from another machine or an older panel without the host and pid labels, when it is
 * more than {@value #STALE_MINUTES} minutes old (a check container lives a few seconds).
 * Containers without {@code dev.mstpanel.probe=doctor} are never touched.
 */
public final class ProbeContainers {
    private static final Logger LOG = LoggerFactory.getLogger(ProbeContainers.class);
    /** The label every check container carries, value {@code doctor}. */
    public static final String PROBE_LABEL = Doctor.PROBE_LABEL;
    /** The machine that made the check container. */
    public static final String HOST_LABEL = "dev.mstpanel.probe.host";
    /** The panel process that made it. */
    public static final String PID_LABEL = "dev.mstpanel.probe.pid";
    /** Age after which a check container of another machine (or without owner labels) counts as left behind. */
    static final long STALE_MINUTES = 10;

    private static final Map<String, Live> LIVE = new ConcurrentHashMap<>();
    private static volatile boolean hookInstalled;

    private ProbeContainers() {}

    /** The labels for a new check container of this process. */
    public static Map<String, String> labels() {
        return Map.of(
                PROBE_LABEL,
                "doctor",
                HOST_LABEL,
                HostName.current(),
                PID_LABEL,
                Long.toString(ProcessHandle.current().pid()));
    }

    /** A check container's context, and the clients that reach it. */
    private record Live(DockerContext context, DockerClientFactory clients) {}

    /** Registers a created check container, so an interrupt removes it. */
    static void created(DockerContext context, DockerClientFactory clients, String id) {
        installHook();
        LIVE.put(id, new Live(context, clients));
    }

    /** Unregisters a check container once it is removed. */
    static void removed(String id) {
        LIVE.remove(id);
    }

    private static synchronized void installHook() {
        if (hookInstalled) {
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(ProbeContainers::removeLive, "doctor-probe-cleanup"));
        hookInstalled = true;
    }

    /** Removes every registered check container (the shutdown hook), each bounded by 5 s. */
    static void removeLive() {
        List<Thread> removers = new ArrayList<>();
        for (Map.Entry<String, Live> e : LIVE.entrySet()) {
            Thread t = new Thread(
                    () -> {
                        try (DockerClient client =
                                e.getValue().clients().open(e.getValue().context(), Duration.ofSeconds(5))) {
                            client.removeContainerCmd(e.getKey())
                                    .withForce(true)
                                    .exec();
                            LIVE.remove(e.getKey());
                        } catch (Exception ex) {
                            System.err.println("mst-panel: could not remove the doctor's check container "
                                    + e.getKey()
                                            .substring(
                                                    0, Math.min(12, e.getKey().length())) + " on "
                                    + e.getValue().context().name() + "; remove it with: docker --context "
                                    + e.getValue().context().name() + " rm -f " + e.getKey());
                        }
                    },
                    "doctor-probe-remove");
            t.start();
            removers.add(t);
        }
        for (Thread t : removers) {
            try {
                t.join(6000);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Removes check containers on this context that an interrupted or killed doctor left behind.
     *
     * @param client an open client of the context
     * @return the names of the removed containers (empty when none); never throws
     */
    static List<String> removeLeftovers(DockerClient client, String contextName) {
        List<String> removed = new ArrayList<>();
        List<Container> list;
        try {
            list = client.listContainersCmd()
                    .withShowAll(true)
                    .withLabelFilter(Map.of(PROBE_LABEL, "doctor"))
                    .exec();
        } catch (RuntimeException e) {
            LOG.debug("listing check containers on {} failed: {}", contextName, e.getMessage());
            return removed;
        }
        String host = HostName.current();
        long now = System.currentTimeMillis() / 1000;
        for (Container c : list) {
            if (LIVE.containsKey(c.getId())
                    || !leftBehind(c.getLabels(), host, c.getCreated() == null ? now : c.getCreated(), now)) {
                continue;
            }
            try {
                client.removeContainerCmd(c.getId()).withForce(true).exec();
                String name = c.getNames() == null || c.getNames().length == 0
                        ? c.getId().substring(0, 12)
                        : c.getNames()[0].replaceFirst("^/", "");
                removed.add(name);
                LOG.info("removed the doctor's left-behind check container {} on {}", name, contextName);
            } catch (RuntimeException e) {
                LOG.warn(
                        "could not remove the left-behind check container {} on {}: {}",
                        c.getId(),
                        contextName,
                        e.getMessage());
            }
        }
        return removed;
    }

    /**
     * True for a check container no running doctor owns.
     *
     * @param labels its labels
     * @param thisHost this machine's name
     * @param createdSeconds its creation time, Unix seconds
     * @param nowSeconds now, Unix seconds
     */
    static boolean leftBehind(Map<String, String> labels, String thisHost, long createdSeconds, long nowSeconds) {
        String host = labels == null ? null : labels.get(HOST_LABEL);
        String pid = labels == null ? null : labels.get(PID_LABEL);
        if (thisHost.equals(host) && pid != null) {
            try {
                long p = Long.parseLong(pid.strip());
                return ProcessHandle.of(p).map(h -> !h.isAlive()).orElse(true);
            } catch (NumberFormatException e) {
                return true;
            }
        }
        return nowSeconds - createdSeconds > TimeUnit.MINUTES.toSeconds(STALE_MINUTES);
    }
}
