package dev.mstpanel.core.triage;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.mstpanel.core.files.SmallFiles;
import dev.mstpanel.core.results.model.TrialKey;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The labels of failed trials, kept in the panel's data folder, one JSON file per run:
 * {@code <data>/triage/<eval>/<run id>.json} (names with characters outside {@code A-Z a-z 0-9 . _ -} escaped as
 * {@code %XX}). A run folder is never written: MST owns it and it may be read-only or shared.
 *
 * <p>A change re-reads the file under a lock (a lock file beside it, so the window and a command line can write at the
 * same moment), changes the one trial and writes the whole file to a temporary file that then replaces it: the last
 * writer wins for that trial and no other trial's label is lost; a reader sees the old file or the new one, never half
 * of one. A file that cannot be read is reported ({@link TriageProblem.Kind#UNREADABLE}) and left untouched; the next
 * change moves it aside ({@code <run id>.json.corrupt-<time>}) before writing, so nothing in it is lost.
 */
public final class TriageStore {
    private static final Logger LOG = LoggerFactory.getLogger(TriageStore.class);

    /** The format's name in each file; a file with another is not read (a later panel's). */
    static final String FORMAT = "mst-panel.triage/v1";

    /** The largest labels file read: 16 MiB (a run of 10,000 labelled trials with notes is a few MiB). */
    static final int MAX_BYTES = 16 * 1024 * 1024;

    /*
     * A process holds a file lock once: two stores of one process (the window's and a test's) would fail on each
     * other's lock rather than wait for it, so they first agree here.
     */
    private static final Map<Path, Object> IN_PROCESS = new ConcurrentHashMap<>();

    private final Path folder;
    private final ObjectMapper json = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** @param dataDir the panel's data folder; the labels go to its {@code triage} folder */
    public TriageStore(Path dataDir) {
        this.folder = dataDir.resolve("triage");
    }

    /** The file that holds a run's labels (it may not exist). */
    public Path fileOf(String eval, String runId) {
        return folder.resolve(segment(eval)).resolve(segment(runId) + ".json");
    }

    /**
     * Reads a run's labels; never throws. A missing file is a run without labels.
     *
     * @return the labels, with a {@link TriageProblem.Kind#UNREADABLE} problem (and no labels) when the file could not
     *     be read
     */
    public RunTriage read(String eval, String runId) {
        Path file = fileOf(eval, runId);
        try {
            return new RunTriage(labelsOf(parse(file)), null);
        } catch (NoSuchFileException e) {
            return RunTriage.NONE;
        } catch (IOException | RuntimeException e) {
            LOG.warn("labels file {} unreadable: {}", file, e.getMessage());
            return new RunTriage(
                    Map.of(),
                    new TriageProblem(
                            TriageProblem.Kind.UNREADABLE,
                            file,
                            null,
                            "The labels of this run could not be read (" + why(e) + "): none are shown. The file "
                                    + file
                                    + " is kept as it is; the next label saved starts a new file and keeps the old one beside it."));
        }
    }

    /**
     * Sets or clears one trial's label, keeping every other trial's.
     *
     * @param trial the trial: where it lives, and its variant and case as people read them
     * @param label the label and note, or null to clear the trial's label
     * @return the run's labels as written (other writers' labels included)
     * @throws IOException when the data folder cannot be written (the file is then as it was)
     */
    public RunTriage write(String eval, String runId, TrialRef trial, TriageLabel label) throws IOException {
        Path file = fileOf(eval, runId);
        Files.createDirectories(file.getParent());
        Object inProcess = IN_PROCESS.computeIfAbsent(file.toAbsolutePath().normalize(), f -> new Object());
        synchronized (inProcess) {
            Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock lock = ch.lock()) {
                TriageProblem problem = null;
                StoredRun current;
                try {
                    current = parse(file);
                } catch (NoSuchFileException e) {
                    current = null;
                } catch (IOException | RuntimeException e) {
                    Path aside = file.resolveSibling(file.getFileName() + ".corrupt-"
                            + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")));
                    Files.move(file, aside);
                    LOG.warn("labels file {} unreadable ({}), moved to {}", file, e.getMessage(), aside);
                    problem = new TriageProblem(
                            TriageProblem.Kind.SET_ASIDE,
                            file,
                            aside,
                            "The labels of this run could not be read (" + why(e)
                                    + "), so a new file was started; the old one is kept as " + aside + ".");
                    current = null;
                }
                TreeMap<TrialKey, StoredTrial> trials = new TreeMap<>();
                if (current != null) {
                    for (StoredTrial t : current.trials()) {
                        trials.put(t.key(), t);
                    }
                }
                if (label == null) {
                    trials.remove(trial.key());
                } else {
                    trials.put(
                            trial.key(),
                            new StoredTrial(
                                    trial.key().variantSegment(),
                                    trial.key().caseSegment(),
                                    trial.key().trial(),
                                    trial.variant(),
                                    trial.caseId(),
                                    label.label(),
                                    label.note()));
                }
                StoredRun next = new StoredRun(FORMAT, eval, runId, new ArrayList<>(trials.values()));
                Path tmp = Files.createTempFile(file.getParent(), file.getFileName() + ".", ".tmp");
                try {
                    Files.write(tmp, json.writeValueAsBytes(next));
                    try {
                        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } catch (AtomicMoveNotSupportedException e) {
                        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                } finally {
                    Files.deleteIfExists(tmp);
                }
                return new RunTriage(labelsOf(next), problem);
            }
        }
    }

    /** A trial as the store keeps it: where it lives in its run, and its names as people read them. */
    public record TrialRef(TrialKey key, String variant, String caseId) {}

    private StoredRun parse(Path file) throws IOException {
        byte[] bytes = SmallFiles.read(file, MAX_BYTES);
        StoredRun run = json.readValue(bytes, StoredRun.class);
        if (run == null) {
            throw new IOException("it is empty");
        }
        if (!FORMAT.equals(run.format())) {
            throw new IOException(
                    "its format is \"" + run.format() + "\", not " + FORMAT + ": a later panel may have written it");
        }
        for (StoredTrial t : run.trials() == null ? List.<StoredTrial>of() : run.trials()) {
            if (t == null
                    || t.variantSegment() == null
                    || t.caseSegment() == null
                    || t.trial() < 0
                    || t.label() == null
                    || t.label().isBlank()) {
                throw new IOException("a trial in it has no variant, case, trial number or label");
            }
        }
        return run.trials() == null ? new StoredRun(run.format(), run.eval(), run.runId(), List.of()) : run;
    }

    private static Map<TrialKey, TriageLabel> labelsOf(StoredRun run) {
        Map<TrialKey, TriageLabel> labels = new HashMap<>();
        for (StoredTrial t : run.trials()) {
            labels.put(t.key(), new TriageLabel(t.label(), t.note()));
        }
        return labels;
    }

    private static String why(Exception e) {
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException) {
            return "it is not the panel's labels JSON";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return String.valueOf(e.getMessage());
    }

    /**
     * A file name for an eval name or run id: kept when it is plain, else each byte outside {@code A-Z a-z 0-9 . _ -}
     * (and a leading dot) written {@code %XX}; a name that would be over 120 characters is cut and ends with a hash of
     * the whole, so two long names never share a file.
     */
    static String segment(String name) {
        byte[] bytes = (name == null || name.isEmpty() ? "(none)" : name).getBytes(StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            boolean plain = (b >= 'a' && b <= 'z')
                    || (b >= 'A' && b <= 'Z')
                    || (b >= '0' && b <= '9')
                    || b == '_'
                    || b == '-'
                    || (b == '.' && i > 0);
            if (plain) {
                sb.append((char) b);
            } else {
                sb.append('%').append(HexFormat.of().withUpperCase().toHexDigits((byte) b));
            }
        }
        if (sb.length() <= 120) {
            return sb.toString();
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes);
            return sb.substring(0, 100) + "-" + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The file's root. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record StoredRun(String format, String eval, String runId, List<StoredTrial> trials) {}

    /** One labelled trial in the file. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record StoredTrial(
            String variantSegment,
            String caseSegment,
            int trial,
            String variant,
            String caseId,
            String label,
            String note) {
        TrialKey key() {
            return new TrialKey(variantSegment, caseSegment, trial);
        }
    }
}
