package dev.mstpanel.core.triage;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Why a run's labels file could not be used as it was: a {@link Kind} code decides by and the sentence people read
 * (code never reads the sentence back).
 *
 * @param kind what happened
 * @param file the run's labels file
 * @param keptAs where the unreadable file was moved, for {@link Kind#SET_ASIDE}; null otherwise
 * @param sentence what happened and what the panel did, for people
 */
public record TriageProblem(Kind kind, Path file, Path keptAs, String sentence) {
    /** What happened to a labels file. */
    public enum Kind {
        /** The file could not be read (not the panel's JSON, too large, denied): no label of the run is shown. */
        UNREADABLE,
        /** An unreadable file was moved aside so a label could be saved; nothing of it was changed. */
        SET_ASIDE
    }

    public TriageProblem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sentence, "sentence");
    }

    @Override
    public String toString() {
        return sentence;
    }
}
