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
 *     {@code colima}); empty when the engine gave none
 */
public record EngineInfo(String serverVersion, String operatingSystem, String osType, String architecture,
                         int cpus, long memoryBytes, int containersRunning, String dockerRootDir,
                         String engineId) {}
