package dev.mstpanel.core.mst;

/** A supervised process could not start; the message names the program and the reason, for people. */
public final class ProcessStartException extends Exception {
    private final boolean refused;

    /**
     * @param message what failed and why, secrets masked
     * @param cause the underlying error, or null
     */
    public ProcessStartException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private ProcessStartException(String message, Throwable cause, boolean refused) {
        super(message, cause);
        this.refused = refused;
    }

    /**
     * The panel would not start the process because of what it was given (e.g. a secrets file it
     * cannot read, so it could not mask its values): the caller's input to mend, not the program.
     *
     * @param message what is wrong with the input and that nothing was started
     * @param cause the underlying error, or null
     */
    public static ProcessStartException refused(String message, Throwable cause) {
        return new ProcessStartException(message, cause, true);
    }

    /** True when the process was not started because of its input ({@link #refused}). */
    public boolean refused() {
        return refused;
    }
}
