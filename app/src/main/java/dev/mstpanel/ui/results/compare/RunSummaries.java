package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.RunSummary;
import dev.mstpanel.core.results.compare.SummaryReader;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runs' {@code summary.json} files for their headers' cards (contract, section 9), each read
 * once in the background and kept until {@link #forget()}. FX thread.
 */
final class RunSummaries {
    /** The Compare model's logger: a summary that cannot be read is logged there, as before. */
    private static final Logger LOG = LoggerFactory.getLogger(CompareViewModel.class);
    private final Map<Path, Optional<RunSummary>> summaries = new HashMap<>();
    private final Set<Path> reading = new HashSet<>();
    private final UiExecutor ui;
    private final Executor background;

    RunSummaries(UiExecutor ui, Executor background) {
        this.ui = ui;
        this.background = background;
    }

    /** Forgets the files read so far, so they are read again. */
    void forget() {
        summaries.clear();
    }

    /**
     * A run's summary, read once in the background.
     *
     * @param onRead called on the FX thread once the file has been read, when it was not yet
     * @return the summary; empty when the run has none; null while it is being read
     */
    Optional<RunSummary> summary(Path runDir, Runnable onRead) {
        Optional<RunSummary> s = summaries.get(runDir);
        if (s != null) {
            return s;
        }
        if (reading.add(runDir)) {
            background.execute(() -> {
                RunSummary read;
                try {
                    read = SummaryReader.read(runDir);
                } catch (Throwable t) { // the header's cards then show the figures computed from the trials
                    LOG.warn("could not read the summary.json of {}", runDir, t);
                    read = null;
                }
                RunSummary got = read;
                ui.execute(() -> {
                    summaries.put(runDir, Optional.ofNullable(got));
                    reading.remove(runDir);
                    onRead.run();
                });
            });
        }
        return null;
    }
}
