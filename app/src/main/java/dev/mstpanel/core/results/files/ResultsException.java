package dev.mstpanel.core.results.files;

/** A results folder that cannot be read at all; the message is for people and names the path. */
public final class ResultsException extends Exception {
    public ResultsException(String message) {
        super(message);
    }

    public ResultsException(String message, Throwable cause) {
        super(message, cause);
    }
}
