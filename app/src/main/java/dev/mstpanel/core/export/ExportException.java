package dev.mstpanel.core.export;

/** Why an export could not be made or written; the message is for people, the kind for code. */
public final class ExportException extends Exception {
    /** What went wrong. */
    public enum Kind {
        /** The file given is not a trial's trace. */
        NOT_A_TRIAL,
        /** The folder given is not a run. */
        NOT_A_RUN,
        /** The runs cannot be compared (not one eval, no shared variant, …). */
        CANNOT_COMPARE,
        /** The target is inside a results folder, which the panel only reads. */
        INSIDE_RESULTS,
        /** The target exists and overwriting was not asked for. */
        EXISTS,
        /** The target is a folder, or cannot be written. */
        CANNOT_WRITE,
        /** A secrets file cannot be read, so its values could not be masked. */
        SECRETS_UNREADABLE
    }

    private final Kind kind;

    public ExportException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public ExportException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** What went wrong. */
    public Kind kind() {
        return kind;
    }
}
