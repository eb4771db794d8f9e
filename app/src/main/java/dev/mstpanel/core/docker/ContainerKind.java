package dev.mstpanel.core.docker;

/**
 * What an MST container is to this machine, from its labels {@code mst.owner.host} and
 * {@code mst.owner.pid} and its name (source: MST's Cowork-in-Docker document, section "What
 * happens", and docs/dev/mst-format.md, Containers).
 */
public enum ContainerKind {
    /** Started by this machine, and its {@code mst} process is alive. */
    RUNNING("running"),
    /** Started by this machine and kept ({@code keep=failed|always}: its name ends {@code -kept}). */
    KEPT("kept"),
    /** Started by this machine, and its {@code mst} process is gone. */
    ORPHANED("orphaned"),
    /** Started by another machine: shown read-only, never touched. */
    OTHER_HOST("other-host");

    private final String jsonName;

    ContainerKind(String jsonName) {
        this.jsonName = jsonName;
    }

    /** The name in JSON and on the command line: {@code running}, {@code kept}, {@code orphaned}, {@code other-host}. */
    public String jsonName() {
        return jsonName;
    }

    /** True for the kinds the panel may remove (this machine's kept and orphaned containers). */
    public boolean removable() {
        return this == KEPT || this == ORPHANED;
    }

    /**
     * Classifies a container.
     *
     * @param ownerHost the {@code mst.owner.host} label
     * @param ownerPid the {@code mst.owner.pid} label parsed, or null when it is not a number
     * @param name the container's name (without a leading {@code /})
     * @param owner this machine's identity and process table
     * @return another host's when the label names another host; else kept when the name ends
     *     {@code -kept}; else running when the pid is alive (or not a number: never treated as gone);
     *     else orphaned
     */
    public static ContainerKind classify(String ownerHost, Long ownerPid, String name, OwnerIdentity owner) {
        if (!owner.isThisHost(ownerHost)) {
            return OTHER_HOST;
        }
        if (name != null && name.endsWith("-kept")) {
            return KEPT;
        }
        if (ownerPid == null || owner.isAlive(ownerPid)) {
            return RUNNING;
        }
        return ORPHANED;
    }
}
