package dev.mstpanel.core.mst;

/** A supervised process could not start; the message names the program and the reason, for people. */
public final class ProcessStartException extends Exception {
    /**
     * @param message what failed and why, secrets masked
     * @param cause the underlying error, or null
     */
    public ProcessStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
