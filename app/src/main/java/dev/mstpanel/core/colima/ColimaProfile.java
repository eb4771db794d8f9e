package dev.mstpanel.core.colima;

/**
 * One Colima profile as {@code colima list --json} prints it (one JSON object per line).
 *
 * @param name the profile, e.g. {@code mst-kvm} ({@code default} for plain {@code colima start})
 * @param status {@code Running}, {@code Stopped}, or what Colima says
 * @param arch the VM's architecture, e.g. {@code aarch64}
 * @param cpus the VM's CPUs
 * @param memoryBytes the VM's memory in bytes
 * @param diskBytes the VM's disk in bytes
 * @param runtime {@code docker} or {@code containerd}
 */
public record ColimaProfile(String name, String status, String arch, int cpus, long memoryBytes, long diskBytes, String runtime) {

    /** True when Colima says it runs. */
    public boolean running() {
        return "running".equalsIgnoreCase(status);
    }

    /** The Docker context Colima creates for it: {@code colima} for {@code default}, else {@code colima-<name>}. */
    public String context() {
        return name.equals("default") ? "colima" : "colima-" + name;
    }
}
