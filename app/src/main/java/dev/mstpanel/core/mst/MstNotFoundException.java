package dev.mstpanel.core.mst;

import java.util.List;

/**
 * No usable MST was found. The message says what was tried and the command that installs it
 * ({@link MstLocator#INSTALL_COMMAND}); {@link #tried()} lists each candidate with its reason.
 */
public final class MstNotFoundException extends Exception {
    private final List<String> tried;

    /**
     * @param message for people, with the install command
     * @param tried each candidate and why it was not used
     */
    public MstNotFoundException(String message, List<String> tried) {
        super(message);
        this.tried = List.copyOf(tried);
    }

    /** Each candidate and why it was not used. */
    public List<String> tried() {
        return tried;
    }
}
