package dev.mstpanel.core.docker;

/**
 * One container MST created, as listed on a context.
 *
 * @param context the Docker context it is on
 * @param id the full container id
 * @param name its name, without a leading {@code /}
 * @param image the image it runs, as the engine reports it
 * @param state the engine's state word: {@code running}, {@code exited}, {@code created}, …
 * @param status the engine's status text, e.g. {@code Up 3 minutes}
 * @param createdEpochSeconds when it was created, seconds since the epoch
 * @param ownerHost its {@code mst.owner.host} label
 * @param ownerPid its {@code mst.owner.pid} label as a number, or null when it is not one
 * @param kind running, kept, orphaned or another host's
 * @param memoryBytes its memory use in bytes from a one-shot stats read, or -1 when unknown
 *     (not running, or the read did not answer in time)
 */
public record MstContainer(
        String context,
        String id,
        String name,
        String image,
        String state,
        String status,
        long createdEpochSeconds,
        String ownerHost,
        Long ownerPid,
        ContainerKind kind,
        long memoryBytes) {

    /** The label holding the machine that ran {@code mst run}. */
    public static final String OWNER_HOST_LABEL = "mst.owner.host";
    /** The label holding the process id of {@code mst run}. */
    public static final String OWNER_PID_LABEL = "mst.owner.pid";

    /** The first 12 characters of the id, as {@code docker ps} shows it. */
    public String shortId() {
        return id.length() > 12 ? id.substring(0, 12) : id;
    }

    /** A copy with the memory figure. */
    public MstContainer withMemory(long bytes) {
        return new MstContainer(
                context, id, name, image, state, status, createdEpochSeconds, ownerHost, ownerPid, kind, bytes);
    }

    /** Parses a pid label; null when it is not a positive number. */
    public static Long parsePid(String label) {
        if (label == null) {
            return null;
        }
        try {
            long pid = Long.parseLong(label.strip());
            return pid > 0 ? pid : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
