package dev.mstpanel.core.results.compare;

/** Why two sides cannot be compared, in a sentence that says what to do instead; its {@link Kind} is for code. */
public final class CompareException extends Exception {

    /** What stops the comparison, for code to decide by (the message is for people and is never read back). */
    public enum Kind {
        /** A run has no trial at all: the message gives its run.json's problem, if any, itself. */
        NO_TRIALS,
        /** A run folder cannot be read: the message names it and the fix. */
        FOLDER_UNREADABLE,
        /** Anything else: variants that do not pair, two sides that are one run, runs of other evals. */
        OTHER
    }

    private final Kind kind;

    public CompareException(String message) {
        this(Kind.OTHER, message);
    }

    public CompareException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
