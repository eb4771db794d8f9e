package dev.mstpanel.core.doctor;

/**
 * One line of the readiness checklist.
 *
 * @param id a stable id, e.g. {@code device:/dev/kvm}, {@code memory}, {@code mst}
 * @param title what is checked, e.g. {@code /dev/kvm in the engine's VM}
 * @param status pass, warn, fail or skipped
 * @param detail what was found, one sentence (e.g. {@code 11.7 GiB spare of 12.7 GiB})
 * @param fix what to do when it is not a pass, one or two sentences; null on a pass
 * @param fixCommand a command to copy for the fix, or null
 */
public record DoctorCheck(String id, String title, CheckStatus status, String detail, String fix, String fixCommand) {
    static DoctorCheck pass(String id, String title, String detail) {
        return new DoctorCheck(id, title, CheckStatus.PASS, detail, null, null);
    }
}
