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
public record ColimaProfile(
        String name,
        String status,
        String arch,
        int cpus,
        long memoryBytes,
        long diskBytes,
        String runtime,
        String problem) {

    /**
     * A profile whose values are in range.
     *
     * @param problem (the other constructor) why its values cannot be trusted ({@link ColimaSizes}),
     *     or null; a profile with a problem is shown with it and left out of the memory budget
     */
    public ColimaProfile(
            String name, String status, String arch, int cpus, long memoryBytes, long diskBytes, String runtime) {
        this(name, status, arch, cpus, memoryBytes, diskBytes, runtime, null);
    }

    /** True when Colima says it runs. */
    public boolean running() {
        return "running".equalsIgnoreCase(status);
    }

    /** The Docker context Colima creates for it: {@code colima} for {@code default}, else {@code colima-<name>}. */
    public String context() {
        return name.equals("default") ? "colima" : "colima-" + name;
    }
}
