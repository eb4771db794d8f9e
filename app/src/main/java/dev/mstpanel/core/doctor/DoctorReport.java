package dev.mstpanel.core.doctor;

import java.util.List;

/**
 * The whole readiness checklist.
 *
 * @param host checks of this machine: docker CLI, BuildKit, Node, MST
 * @param contexts one entry per context checked
 * @param millis how long it took, in ms
 */
public record DoctorReport(List<DoctorCheck> host, List<ContextReadiness> contexts, long millis) {
    public DoctorReport {
        host = List.copyOf(host);
        contexts = List.copyOf(contexts);
    }

    /** The worst status among checks: fail before warn before skipped before pass. */
    public static CheckStatus worst(List<DoctorCheck> checks) {
        CheckStatus w = CheckStatus.PASS;
        for (DoctorCheck c : checks) {
            if (c.status() == CheckStatus.FAIL) {
                return CheckStatus.FAIL;
            }
            if (c.status() == CheckStatus.WARN || c.status() == CheckStatus.SKIPPED && w == CheckStatus.PASS) {
                w = c.status();
            }
        }
        return w;
    }
}
