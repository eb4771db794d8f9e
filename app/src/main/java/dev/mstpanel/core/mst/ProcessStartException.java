package dev.mstpanel.core.mst;

/** A supervised process could not start; the message names the program and the reason, for people. */
public final class ProcessStartException extends Exception {
    /** Why the process did not start. */
    public enum Kind {
        /** The program could not be started (missing, not executable, its folder gone). */
        NOT_STARTED,
        /** The panel refused what it was given ({@link #refused}). */
        REFUSED,
        /** The panel's data folder cannot be written, so the run's log and recording could not be made. */
        DATA_FOLDER
    }

    private final Kind kind;

    /**
     * @param message what failed and why, secrets masked
     * @param cause the underlying error, or null
     */
    public ProcessStartException(String message, Throwable cause) {
        this(message, cause, Kind.NOT_STARTED);
    }

    private ProcessStartException(String message, Throwable cause, Kind kind) {
        super(message, cause);
        this.kind = kind;
    }

    /**
     * The panel would not start the process because of what it was given (e.g. a secrets file it
     * cannot read, so it could not mask its values): the caller's input to mend, not the program.
     *
     * @param message what is wrong with the input and that nothing was started
     * @param cause the underlying error, or null
     */
    public static ProcessStartException refused(String message, Throwable cause) {
        return new ProcessStartException(message, cause, Kind.REFUSED);
    }

    /**
     * The panel's data folder cannot be written: nothing was started.
     *
     * @param message the folder, why (e.g. permission denied) and the fix
     * @param cause the underlying error, or null
     */
    public static ProcessStartException dataFolder(String message, Throwable cause) {
        return new ProcessStartException(message, cause, Kind.DATA_FOLDER);
    }

    /** True when the process was not started because of its input ({@link #refused}). */
    public boolean refused() {
        return kind == Kind.REFUSED;
    }

    /** Why the process did not start. */
    public Kind kind() {
        return kind;
    }
}
