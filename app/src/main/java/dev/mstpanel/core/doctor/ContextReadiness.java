package dev.mstpanel.core.doctor;

import java.util.List;

/**
 * The readiness checks of one Docker context.
 *
 * @param context the context's name
 * @param checks its checklist, in order: engine, architecture, memory, disk, devices
 * @param checkImage the image the device and disk check ran in, or null when none ran
 * @param millis how long its checks took, in ms
 */
public record ContextReadiness(String context, List<DoctorCheck> checks, String checkImage, long millis) {
    public ContextReadiness {
        checks = List.copyOf(checks);
    }

    /** The worst status of its checks. */
    public CheckStatus worst() {
        return DoctorReport.worst(checks);
    }
}
