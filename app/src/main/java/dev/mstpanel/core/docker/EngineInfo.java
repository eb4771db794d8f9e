package dev.mstpanel.core.docker;

/**
 * What a Docker engine said about itself ({@code docker info} / {@code GET /info}).
 *
 * @param serverVersion the engine's version, e.g. {@code 28.2.2}
 * @param operatingSystem e.g. {@code Ubuntu 24.04 LTS}
 * @param osType {@code linux} or {@code windows}
 * @param architecture e.g. {@code aarch64}, {@code x86_64}
 * @param cpus NCPU
 * @param memoryBytes MemTotal in bytes (the VM's memory for Colima and Docker Desktop)
 * @param containersRunning running containers
 * @param dockerRootDir the engine's data root, e.g. {@code /var/lib/docker}
 * @param engineId the engine's own ID ({@code ID} in {@code docker info}), the same through every
 *     context that reaches it (a socket and an ssh path to one host, {@code default} and
 *     {@code colima}); empty when the engine gave none. Not unique on its own: daemons that share
 *     {@code /etc/docker/key.json} (several daemons on one host, Docker 20.10) report one ID.
 * @param hostName the daemon's host name ({@code Name} in {@code docker info}), may be empty
 */
public record EngineInfo(
        String serverVersion,
        String operatingSystem,
        String osType,
        String architecture,
        int cpus,
        long memoryBytes,
        int containersRunning,
        String dockerRootDir,
        String engineId,
        String hostName) {

    /** An engine whose host name is not known. */
    public EngineInfo(
            String serverVersion,
            String operatingSystem,
            String osType,
            String architecture,
            int cpus,
            long memoryBytes,
            int containersRunning,
            String dockerRootDir,
            String engineId) {
        this(
                serverVersion,
                operatingSystem,
                osType,
                architecture,
                cpus,
                memoryBytes,
                containersRunning,
                dockerRootDir,
                engineId,
                "");
    }

    /**
     * What tells one daemon from another, whatever path reaches it: its ID together with its
     * data root and its host's name (two daemons sharing a key file have one ID but never one data
     * root on one host; two hosts have two names). Empty when the engine gave no ID.
     */
    public String identity() {
        if (engineId == null || engineId.isEmpty()) {
            return "";
        }
        return engineId + "\n" + (dockerRootDir == null ? "" : dockerRootDir) + "\n"
                + (hostName == null ? "" : hostName);
    }
}
