package dev.mstpanel.core.results.compare;

/** Why two sides cannot be compared, in a sentence that says what to do instead. */
public final class CompareException extends Exception {
    public CompareException(String message) {
        super(message);
    }
}
