package dev.mstpanel.core.docker;

/** An action on a container (remove, exec, logs) that could not be done; the message says why and what to do. */
public final class ContainerActionException extends Exception {
    public ContainerActionException(String message) {
        super(message);
    }

    public ContainerActionException(String message, Throwable cause) {
        super(message, cause);
    }
}
