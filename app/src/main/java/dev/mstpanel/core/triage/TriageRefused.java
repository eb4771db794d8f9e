package dev.mstpanel.core.triage;

import java.util.List;
import java.util.Objects;

/**
 * A label that cannot be saved as asked: the {@link Kind} is for code, the message for people.
 */
public final class TriageRefused extends Exception {
    /** Why the label was refused. */
    public enum Kind {
        /** The name is not in the label list; {@link #labels()} holds the list. */
        UNKNOWN_LABEL,
        /** The trial did not fail: only failed and infra trials are labelled. */
        NOT_A_FAILURE,
        /** The note is longer than {@link TriageLabels#MAX_NOTE} characters. */
        NOTE_TOO_LONG,
        /** A note was given for a trial without a label. */
        NO_LABEL
    }

    private final Kind kind;
    private final List<String> labels;

    TriageRefused(Kind kind, String message, List<String> labels) {
        super(message);
        this.kind = Objects.requireNonNull(kind);
        this.labels = List.copyOf(labels);
    }

    /** Why. */
    public Kind kind() {
        return kind;
    }

    /** The label list at the time (for {@link Kind#UNKNOWN_LABEL}, to show the choices). */
    public List<String> labels() {
        return labels;
    }
}
