package dev.mstpanel.core.results;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import java.util.List;

/**
 * Receives a run's state as {@link RunFolderWatcher} reads it, on the watcher's threads (never the
 * UI thread): post to the UI through its executor.
 */
public interface RunListener {
    /** The run's {@code run.json} was read (at start and whenever it changes). */
    void runRead(RunInfo run);

    /**
     * Trials were added or changed; a record replaces any earlier one with the same {@link TrialKey}.
     * Batches arrive in folder order during the first read, then as files change.
     */
    void trials(List<TrialRecord> batch);

    /** The first full read ended; later changes still arrive through {@link #trials(List)}. */
    default void initialReadDone() {}

    /** Watching stopped working (the folder went away, the system ran out of watches); a sentence for people. */
    default void watchFailed(String message) {}
}
