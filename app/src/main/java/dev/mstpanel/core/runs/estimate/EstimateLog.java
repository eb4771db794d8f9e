package dev.mstpanel.core.runs.estimate;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Each run's estimate and, once it ended, its actual wall-clock time, so the Run form can say how
 * close the last estimates were. Kept in the panel's data folder ({@code estimates.json}), never in
 * the run's results folder, which the panel only reads. The newest {@value #KEPT} are kept.
 * Thread-safe; reads and writes files, so call it off the UI thread.
 */
public final class EstimateLog {
    /** The file in the data folder. */
    public static final String FILE = "estimates.json";
    /** How many entries the file keeps. */
    static final int KEPT = 50;

    private static final Logger LOG = Logger.getLogger(EstimateLog.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    /** @param dataDir the panel's data folder */
    public EstimateLog(Path dataDir) {
        this.file = dataDir.resolve(FILE);
    }

    /**
     * One run's estimate and outcome.
     *
     * @param eval the eval's config file, as given
     * @param started when the run started (ISO-8601), its key in the file
     * @param expectedSeconds the estimate
     * @param lowSeconds its low end
     * @param highSeconds its high end
     * @param actualSeconds the run's wall-clock time once it finished, else null
     */
    public record Entry(
            String eval,
            String started,
            long expectedSeconds,
            long lowSeconds,
            long highSeconds,
            Double actualSeconds) {

        /** How far the estimate was from the actual time, as a fraction of the actual time (0.12 for 12 %). */
        public double error() {
            return Math.abs(expectedSeconds - actualSeconds) / Math.max(1.0, actualSeconds);
        }
    }

    /**
     * Notes a run's estimate when it starts. Nothing for an estimate without a time.
     *
     * @return the entry, to give {@link #finished} when the run ends; empty when nothing was noted
     */
    public synchronized Optional<Entry> started(String eval, RunEstimate estimate, Instant at) {
        if (!estimate.known()) {
            return Optional.empty();
        }
        RunEstimate.WallSeconds w = estimate.wallSeconds();
        Entry e = new Entry(eval, at.toString(), w.expected(), w.low(), w.high(), null);
        List<Entry> all = new ArrayList<>(read());
        all.add(e);
        write(all);
        return Optional.of(e);
    }

    /**
     * Notes the actual wall-clock time of a run that ended, when it finished: MST exited 0 (every case
     * passed) or 1 (a graded case failed). A run cancelled or failed says nothing of how long a run takes.
     */
    public void ended(Entry entry, Duration actual, int exitCode) {
        if (exitCode == 0 || exitCode == 1) {
            finished(entry, actual);
        }
    }

    /** Notes the actual wall-clock time of a run that finished. */
    public synchronized void finished(Entry entry, Duration actual) {
        List<Entry> all = new ArrayList<>(read());
        for (int i = all.size() - 1; i >= 0; i--) {
            Entry e = all.get(i);
            if (e.started().equals(entry.started()) && e.eval().equals(entry.eval())) {
                all.set(
                        i,
                        new Entry(
                                e.eval(),
                                e.started(),
                                e.expectedSeconds(),
                                e.lowSeconds(),
                                e.highSeconds(),
                                actual.toMillis() / 1000.0));
                write(all);
                return;
            }
        }
    }

    /** The newest {@code n} runs that finished, newest last. */
    public synchronized List<Entry> lastFinished(int n) {
        List<Entry> done =
                read().stream().filter(e -> e.actualSeconds() != null).toList();
        return done.subList(Math.max(0, done.size() - n), done.size());
    }

    /**
     * How close the last {@code n} estimates were, for the Run form: {@code last 3 estimates: within 12 %}
     * (the largest error of them); empty when no run with an estimate has finished.
     */
    public Optional<String> closeness(int n) {
        List<Entry> last = lastFinished(n);
        if (last.isEmpty()) {
            return Optional.empty();
        }
        double worst = last.stream().mapToDouble(Entry::error).max().orElse(0);
        String which = last.size() == 1 ? "last estimate" : "last " + last.size() + " estimates";
        return Optional.of(String.format(Locale.ROOT, "%s: within %.0f %%", which, worst * 100));
    }

    private List<Entry> read() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return JSON.readValue(file.toFile(), new TypeReference<List<Entry>>() {});
        } catch (IOException e) {
            // a damaged file is started again: it only holds the panel's own notes
            LOG.log(Level.INFO, "estimates file unreadable, starting a new one: " + e.getMessage());
            return List.of();
        }
    }

    private void write(List<Entry> all) {
        List<Entry> kept = all.subList(Math.max(0, all.size() - KEPT), all.size());
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling(FILE + ".tmp");
            JSON.writeValue(tmp.toFile(), kept);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // the notes are a convenience: a data folder that cannot be written must not stop a run
            LOG.log(Level.WARNING, "estimates file not written: " + e.getMessage());
        }
    }
}
