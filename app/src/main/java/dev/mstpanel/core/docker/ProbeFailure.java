package dev.mstpanel.core.docker;

/**
 * Why a context did not answer, in words a person can act on.
 *
 * @param kind the class of failure
 * @param message what is wrong and how to fix it, one or two sentences, no stack trace
 * @param detail the underlying error text for a "Details" button, or null
 */
public record ProbeFailure(Kind kind, String message, String detail) {
    /** Classes of failure the panel tells apart. */
    public enum Kind {
        /** The socket file does not exist (Colima or Docker Desktop stopped). */
        MISSING_SOCKET,
        /** The socket or endpoint refused this user. */
        PERMISSION_DENIED,
        /** Nothing listens at the endpoint. */
        CONNECTION_REFUSED,
        /** The TLS handshake or certificates failed. */
        TLS,
        /** No answer within the probe timeout. */
        TIMEOUT,
        /** The panel cannot reach this kind of endpoint (ssh without a docker CLI, npipe off Windows). */
        UNSUPPORTED,
        /** The context itself is broken (its meta file). */
        BROKEN_CONTEXT,
        /** Anything else; the message carries the engine's words. */
        OTHER
    }
}
