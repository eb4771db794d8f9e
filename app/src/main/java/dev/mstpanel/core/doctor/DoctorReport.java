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

    /**
     * The {@code doctor} command's exit code: 1 when a required tool on this machine is missing
     * (docker CLI, Node, MST) or a check fails on a context that answered; else 0. A context that
     * does not answer is only a warning: an unused one (often {@code default}) must not fail the command.
     */
    public int exitCode() {
        boolean fails =
                worst(host) == CheckStatus.FAIL || contexts.stream().anyMatch(c -> c.worst() == CheckStatus.FAIL);
        return fails ? 1 : 0;
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
