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
 * The runs' {@code summary.json} files for their headers' cards (docs/dev/mst-format.md, Compare), each read
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

    private final Map<Path, Boolean> folders = new HashMap<>();
    private final Set<Path> looking = new HashSet<>();

    private final Map<Path, java.util.List<dev.mstpanel.core.results.model.RunInfo>> siblings = new HashMap<>();
    private final Set<Path> listing = new HashSet<>();
    /** The most run folders beside a run whose run.json is read for "the previous run" (each a small file). */
    private static final int MAX_SIBLINGS = 500;

    /** Forgets the files read so far, so they are read again. */
    void forget() {
        summaries.clear();
        folders.clear();
        siblings.clear();
    }

    /**
     * The runs in the folder beside a run ({@code runs/} of its eval), their run.json read once in the background:
     * for "Compare with the previous run" on a run folder opened on its own, whose earlier runs
     * the Results view has not read. At most {@value #MAX_SIBLINGS}, the newest by folder name.
     *
     * @param onRead called on the FX thread once they have been read, when they were not yet
     * @return the runs (the run itself among them); empty when the folder cannot be listed; null while it is being read
     */
    java.util.List<dev.mstpanel.core.results.model.RunInfo> siblingRuns(
            dev.mstpanel.core.results.ResultsReader reader, Path runDir, Runnable onRead) {
        Path runs = runDir.toAbsolutePath().normalize().getParent();
        if (runs == null) {
            return java.util.List.of();
        }
        java.util.List<dev.mstpanel.core.results.model.RunInfo> known = siblings.get(runs);
        if (known != null) {
            return known;
        }
        if (listing.add(runs)) {
            background.execute(() -> {
                java.util.List<dev.mstpanel.core.results.model.RunInfo> read = new java.util.ArrayList<>();
                try {
                    java.util.List<Path> dirs = reader.locate(runs).runDirs();
                    for (Path d : dirs.subList(Math.max(0, dirs.size() - MAX_SIBLINGS), dirs.size())) {
                        read.add(reader.readRun(d));
                    }
                } catch (dev.mstpanel.core.results.files.ResultsException | RuntimeException e) {
                    LOG.debug(
                            "could not list the runs beside {}: {}",
                            runDir,
                            e.getMessage()); // no previous run offered then
                }
                ui.execute(() -> {
                    siblings.put(runs, java.util.List.copyOf(read));
                    listing.remove(runs);
                    onRead.run();
                });
            });
        }
        return null;
    }

    /**
     * Whether a path is a folder, looked at once in the background (a regrade's run that it grades
     * again, for the run header's Compare action): the FX thread never waits on the disk.
     *
     * @param onLooked called on the FX thread once it has been looked at, when it was not yet
     * @return true or false; null while it is being looked at
     */
    Boolean isFolder(Path dir, Runnable onLooked) {
        Boolean known = folders.get(dir);
        if (known != null) {
            return known;
        }
        if (looking.add(dir)) {
            background.execute(() -> {
                boolean there = java.nio.file.Files.isDirectory(dir);
                ui.execute(() -> {
                    folders.put(dir, there);
                    looking.remove(dir);
                    onLooked.run();
                });
            });
        }
        return null;
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
