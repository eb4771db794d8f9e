package dev.mstpanel.core.results.listing;

import java.util.List;
import java.util.Locale;

/**
 * Whether a trial failed on infrastructure (its trials are left out of pass rates), as MST decides it
 * (docs/mst-results.md, "Infrastructure failures"). MST writes its verdict in the trial file's
 * {@code infrastructureError}: a boolean there is trusted as it is. When it is absent (older files) or not a boolean,
 * MST's own rule is applied: an {@code error} is present, and either a failure kind is set (a non-empty string in
 * {@code clientDiagnostics.failureKind}) or the error's text is one MST counts as an infrastructure error. A failure
 * kind alone, or a kind that is no text ({@code ""}, a number), never makes a trial infra: a failure the judge graded
 * stays in the pass rate.
 */
public final class InfraRule {
    /**
     * The phrases MST's rule looks for in an error's text, lower case (its {@code isInfrastructureError}): connection
     * failures, rate limits, unavailable services, a desktop that could not take the prompt, a prompt over the model's
     * context. MST matches them anywhere in the text, so the panel does too: it must agree with MST's pass rates.
     */
    static final List<String> INFRASTRUCTURE_ERROR_PHRASES = List.of(
            "econnreset",
            "etimedout",
            "econnrefused",
            "rate limit",
            "429",
            "503",
            "network",
            "automation permission",
            "automation/accessibility",
            "failed to submit prompt to claude",
            "failed to submit prompt to desktop host",
            "prompt is too long",
            "context length exceeded",
            "maximum context length",
            "context_length_exceeded",
            "tokens > ");

    private InfraRule() {}

    /**
     * The rule above.
     *
     * @param infrastructureError the file's {@code infrastructureError}: TRUE/FALSE when it holds a boolean, null when it
     *                            is absent or holds anything else
     * @param errorPresent        true when the file has an {@code error} that is not null
     * @param errorText           the error when it is a string (MST's rule reads only a string's text), else null
     * @param failureKind         {@code clientDiagnostics.failureKind} when it is a string, else null
     */
    public static boolean isInfra(
            Boolean infrastructureError, boolean errorPresent, String errorText, String failureKind) {
        if (infrastructureError != null) {
            return infrastructureError;
        }
        return errorPresent && (failureKind != null && !failureKind.isEmpty() || isInfrastructureError(errorText));
    }

    /** True when an error's text is one MST counts as an infrastructure error (case does not matter). */
    public static boolean isInfrastructureError(String errorText) {
        if (errorText == null) {
            return false;
        }
        String t = errorText.toLowerCase(Locale.ROOT);
        for (String phrase : INFRASTRUCTURE_ERROR_PHRASES) {
            if (t.contains(phrase)) {
                return true;
            }
        }
        return false;
    }
}
