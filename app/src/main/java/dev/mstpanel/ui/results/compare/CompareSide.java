package dev.mstpanel.ui.results.compare;

import java.nio.file.Path;

/**
 * One side a comparison can take: a variant of a run.
 *
 * @param runDir the run folder
 * @param runId the run's id
 * @param createdAt when the run started ({@link dev.mstpanel.core.results.model.RunInfo#startedAt()}: run.json's createdAt, else its run id's time), ISO-8601 in UTC, or null
 * @param variant the variant's name
 */
public record CompareSide(Path runDir, String runId, String createdAt, String variant) {
    /** How the pickers show it: {@code with-search · run 7f3c2a (2026-01-05 10:15)}. */
    public String label() {
        return variantText() + " · " + runText();
    }

    /** The variant's name, its control characters escaped. */
    public String variantText() {
        return dev.mstpanel.core.text.ControlCharacters.escape(variant);
    }

    /** The run: {@code run 7f3c2a (2026-01-05 10:15)}, its control characters escaped. */
    public String runText() {
        int dash = runId.lastIndexOf('-');
        String shortId = dash < 0 ? runId : runId.substring(dash + 1);
        String when = createdAt == null || createdAt.length() < 16
                ? ""
                : " (" + createdAt.substring(0, 10) + " " + createdAt.substring(11, 16) + ")";
        return dev.mstpanel.core.text.ControlCharacters.escape("run " + shortId + when);
    }

    @Override
    public String toString() {
        return label();
    }
}
