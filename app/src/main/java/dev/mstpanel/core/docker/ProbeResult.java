package dev.mstpanel.core.docker;

/**
 * The outcome of probing one context.
 *
 * @param context the context probed
 * @param engine what the engine said, or null when it did not answer
 * @param failure why it did not answer, or null when it did
 * @param probeMillis how long the probe took, in ms
 */
public record ProbeResult(DockerContext context, EngineInfo engine, ProbeFailure failure, long probeMillis) {
    /** True when the engine answered. */
    public boolean reachable() {
        return engine != null;
    }
}
