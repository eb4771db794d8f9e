package dev.mstpanel.core.results.diagnosis;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the diagnoses a walk found are kept between listings, so an unchanged artifacts folder is not walked again.
 * The diagnosis names only this; the cache of listed trials holds the one kept with its trials.
 */
public interface DiagnosisStore {
    /**
     * The diagnosis kept for this artifacts folder, when each folder its walk entered is as it was.
     *
     * @return the diagnosis, or null when it must be walked again
     */
    FailureDiagnosis get(Path artifactsDir);

    /**
     * Keeps a diagnosis just found by walking these folders.
     *
     * @param entered the folders the walk entered, the artifacts folder first
     */
    void put(Path artifactsDir, List<Path> entered, FailureDiagnosis found);
}
