package dev.mstpanel.core.docker;

/** A context's engine cannot be reached; {@link #failure()} says why and what to do. */
public final class EngineUnreachableException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient ProbeFailure failure;

    /** @param failure the reason, with a message for people */
    public EngineUnreachableException(ProbeFailure failure, Throwable cause) {
        super(failure.message(), cause);
        this.failure = failure;
    }

    /** Why, and what to do. */
    public ProbeFailure failure() {
        return failure;
    }
}
