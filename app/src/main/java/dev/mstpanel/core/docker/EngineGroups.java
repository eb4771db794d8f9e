package dev.mstpanel.core.docker;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Contexts that reach the same engine: the same {@link EngineInfo#identity()} (engine ID, data
 * root and host name in {@code docker info}: a socket and an ssh path to one host, {@code default}
 * and {@code colima} on a Mac; never two daemons that share a key file and so an ID). Such contexts are one engine
 * with several names: its containers are listed once and its capacity counted once, under its
 * primary context: the one with the most direct transport (a unix socket, then tcp, then ssh),
 * the first in the Docker CLI's order among equals.
 */
public final class EngineGroups {
    private final Map<String, List<String>> namesByEngine = new LinkedHashMap<>();
    private final Map<String, String> engineByContext = new LinkedHashMap<>();
    private final Map<String, String> primaryByEngine = new LinkedHashMap<>();
    private final Map<String, Integer> primaryRank = new LinkedHashMap<>();

    private EngineGroups() {}

    /**
     * Groups probe results by engine identity; unreachable contexts and engines without an ID stand alone.
     *
     * @param results probe results in the Docker CLI's order
     */
    public static EngineGroups of(List<ProbeResult> results) {
        EngineGroups g = new EngineGroups();
        for (ProbeResult r : results) {
            if (r == null || !r.reachable() || r.engine().identity().isEmpty()) {
                continue;
            }
            String id = r.engine().identity();
            g.namesByEngine
                    .computeIfAbsent(id, k -> new ArrayList<>())
                    .add(r.context().name());
            g.engineByContext.put(r.context().name(), id);
            Integer best = g.primaryRank.get(id);
            int rank = transportRank(r.context());
            if (best == null || rank < best) {
                g.primaryRank.put(id, rank);
                g.primaryByEngine.put(id, r.context().name());
            }
        }
        return g;
    }

    /** How direct a context's transport is: 0 unix, 1 tcp, 2 ssh, 3 anything else (lower is preferred). */
    public static int transportRank(DockerContext c) {
        return switch (c.scheme()) {
            case "unix" -> 0;
            case "tcp" -> 1;
            case "ssh" -> 2;
            default -> 3;
        };
    }

    /** The other names of the engine a context reaches (empty when it is the only one, or unreachable). */
    public List<String> sameEngineAs(String context) {
        String id = engineByContext.get(context);
        if (id == null) {
            return List.of();
        }
        return namesByEngine.get(id).stream().filter(n -> !n.equals(context)).toList();
    }

    /** The engine's primary context; the context itself when it stands alone. */
    public String primary(String context) {
        String id = engineByContext.get(context);
        return id == null ? context : primaryByEngine.get(id);
    }

    /** True when the context is another name of an engine whose capacity is counted under another context. */
    public boolean isAlias(String context) {
        return !primary(context).equals(context);
    }
}
