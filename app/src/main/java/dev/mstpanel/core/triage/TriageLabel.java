package dev.mstpanel.core.triage;

import java.util.Objects;

/**
 * What a person said about one failed trial: a label from the label list (or one since removed from it, kept as it
 * was written) and a free note.
 *
 * @param label the label's name, as chosen (never blank)
 * @param note the note, "" when none
 */
public record TriageLabel(String label, String note) {
    public TriageLabel {
        Objects.requireNonNull(label, "label");
        note = note == null ? "" : note;
    }
}
