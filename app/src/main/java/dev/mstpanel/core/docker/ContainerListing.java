package dev.mstpanel.core.docker;

import java.util.List;

/**
 * MST's containers on several contexts.
 *
 * @param containers every labelled container found, by context in the order asked, then by creation (newest first)
 * @param failures one line per context that could not be listed, e.g. {@code dead: No socket at …}
 * @param elapsedMillis how long the listing took, in ms
 */
public record ContainerListing(List<MstContainer> containers, List<ContextFailure> failures, long elapsedMillis) {
    public ContainerListing {
        containers = List.copyOf(containers);
        failures = List.copyOf(failures);
    }

    /**
     * A context that could not be listed.
     *
     * @param context its name
     * @param message why, in words a person can act on
     * @param kind the class of failure, which code decides by (the message is for people)
     */
    public record ContextFailure(String context, String message, ProbeFailure.Kind kind) {
        /** A failure of no particular class ({@link ProbeFailure.Kind#OTHER}). */
        public ContextFailure(String context, String message) {
            this(context, message, ProbeFailure.Kind.OTHER);
        }
    }
}
