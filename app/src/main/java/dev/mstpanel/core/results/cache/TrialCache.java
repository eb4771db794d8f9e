package dev.mstpanel.core.results.cache;

import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.layout.TraceKeys;
import dev.mstpanel.core.results.model.Problem;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.model.TrialUsage;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The trials of one run as the listing last read them, kept in the panel's cache folder
 * ({@code <cache>/trials/<hash of the run folder>.bin}), so a run is parsed once and listed again
 * from its files' sizes and times alone (the listing of 10,000 trials; the
 * compare screen). Nothing of the user's is written: the run folder is only read, and deleting the
 * cache folder loses nothing.
 *
 * <p>A trial is taken from the cache only when its trace and each of its score files (one per grader
 * folder, or its absence) have the size and modification time they had when it was read; otherwise
 * it is read again. A file changed within {@link #SETTLE_NANOS} of the read is not kept (the same
 * size and time could hide a second write, as with git's "racily clean" files). A cache file that is
 * unreadable, damaged (its last 8 bytes are the CRC-32 of the bytes before them), of another format or
 * of another folder is ignored and written anew.
 *
 * <p>Thread-safe: the listing's reading threads look up and put trials at once.
 */
public final class TrialCache {
    private static final Logger LOG = LoggerFactory.getLogger(TrialCache.class);
    /** The cache files found to be folders, said once per process each. */
    private static final java.util.Set<Path> SAID_FOLDERS = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The first bytes of a cache file; a new layout gets a new number. */
    private static final byte[] MAGIC = "mst-panel trials 5\n".getBytes(StandardCharsets.US_ASCII);
    /**
     * The panel's code that read the trials ({@link TrialCacheFolder#codeStamp()}). A cache written by another build
     * is not used, so a trial is never shown as an older panel read it.
     */
    private static final String CODE = TrialCacheFolder.codeStamp();
    /** A file changed less than 2 s before it was read is not kept. */
    static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** How many runs' cache files are kept; the least recently used go first. */
    static final int KEPT_RUNS = 200;
    /** How many bytes of cache files are kept in all (a 10,000-trial run takes about 4.5 MB). */
    static final long KEPT_BYTES = 256L * 1024 * 1024;

    private static final long ABSENT = FileStamp.ABSENT;
    /** Numbers per file in {@link Stamps}: size, modification time, status-change time, identity. */
    private static final int PER_FILE = 4;

    /**
     * What a trial's files are now: for the trace, then for each grader folder's score file, four
     * numbers ({@link #PER_FILE}): size in bytes (-1: no file), modification time and status-change
     * time (ns since the epoch), and the file's identity (its inode, as a hash). The status-change time
     * cannot be set back by a tool (as {@code touch -r} or {@code rsync -a} set the modification time),
     * and a file saved through a temporary one (as {@code sed -i}) gets a new inode, so a file that
     * kept its size and modification time is still seen to have changed.
     */
    public record Stamps(long[] values) {
        boolean sameAs(Stamps o) {
            return Arrays.equals(values, o.values);
        }

        /** True when no file changed within {@link #SETTLE_NANOS} before {@code nowNanos}. */
        boolean settled(long nowNanos) {
            for (int i = 0; i < values.length; i += PER_FILE) {
                if (values[i] != ABSENT && nowNanos - values[i + 1] < SETTLE_NANOS) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * One trial: read from files, or still as bytes of the cache file ({@code bytes} from
     * {@code offset}, {@code length} long), decoded when the listing first asks for it.
     */
    private static final class Entry {
        public final Stamps stamps;
        /** Whether the trace parsed whole (not cut short, not broken): a search's no-match is then a no-match, with no record decoded. */
        public final boolean traceWhole;

        final byte[] bytes;
        final int offset;
        final int length;
        volatile TrialRecord trial;

        Entry(Stamps stamps, TrialRecord trial) {
            this(stamps, !trial.traceUnreadable(), trial, null, 0, 0);
        }

        Entry(Stamps stamps, boolean traceWhole, TrialRecord trial, byte[] bytes, int offset, int length) {
            this.stamps = stamps;
            this.traceWhole = traceWhole;
            this.trial = trial;
            this.bytes = bytes;
            this.offset = offset;
            this.length = length;
        }
    }

    /** A folder's entry names, sorted, as listed when the folder had this modification time (ns). */
    private record Listing(long modified, long changed, List<String> names) {}

    private final Path file;
    /** The run folder as the reader was given it: the trials' paths are made from it. */
    private final Path base;

    private final String baseText;
    /** The run folder, absolute: what the cache file is of. */
    private final Path runDir;

    private final List<String> graders;
    /*
     * Not final: load() makes them anew at the size the cache file gives (a 10,000-trial run has 10,000
     * trials and 20,000 folders; growing a map from a small size copies it over and over), before the
     * cache is handed to the listing's threads (ResultsReader submits its work after open()).
     */
    private Map<TrialKey, Entry> entries = new ConcurrentHashMap<>(1024);
    private Map<String, Listing> folders = new ConcurrentHashMap<>(1024);
    private final java.util.Set<String> listed = ConcurrentHashMap.newKeySet(4096);
    private volatile boolean changed;
    /** The failure diagnoses the listing found in the run's artifacts folders. */
    private final KeptDiagnoses diagnoses = new KeptDiagnoses(this::relative);

    private TrialCache(Path file, Path base, List<String> graders) {
        this.file = file;
        this.base = base;
        this.baseText = base.toString();
        this.runDir = base.toAbsolutePath().normalize();
        this.graders = graders;
    }

    /**
     * The cache of a run, read from the cache folder when it has one for this run and these grader
     * folders; empty otherwise. Never throws: a cache that cannot be read is ignored (and logged).
     *
     * @param cacheDir the panel's cache folder ({@code AppPaths.cacheDir()})
     * @param run the run, from {@code run.json}
     * @param graderDirs the run's grader folders, sorted ({@link ScoreReader#graderDirs(Path)})
     */
    public static TrialCache open(Path cacheDir, RunInfo run, List<Path> graderDirs) {
        return open(cacheDir, run.dir(), graderDirs);
    }

    /** {@link #open(Path, RunInfo, List)} of a run folder ({@link RunInfo#dir()}), before its {@code run.json} is read. */
    public static TrialCache open(Path cacheDir, Path given, List<Path> graderDirs) {
        Path runDir = given.toAbsolutePath().normalize();
        List<String> graders = names(graderDirs);
        TrialCache cache =
                new TrialCache(cacheDir.resolve("trials").resolve(TrialCacheFolder.fileName(runDir)), given, graders);
        try {
            // never opened unless a regular file of at most the folder's whole size: a FIFO would block the
            // listing for ever, a link to /dev/zero or a huge file would fill the heap
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(
                    cache.file,
                    java.nio.file.attribute.BasicFileAttributes.class,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS);
            if (a.isDirectory()) {
                // not made by the panel, so never deleted by it: said once, with the fix
                if (SAID_FOLDERS.add(cache.file)) {
                    LOG.error(
                            "The cache of listed trials {} is a folder, not the panel's file, so this run is read from its files at every"
                                    + " listing (the panel does not delete a folder it did not make): remove it (rm -r {}) to let the panel cache the run again.",
                            cache.file,
                            cache.file);
                }
                return cache;
            }
            if (!a.isRegularFile() || a.size() > KEPT_BYTES) {
                throw new IOException(
                        a.isRegularFile()
                                ? "it is " + a.size() + " bytes, more than the whole cache folder keeps"
                                : "it is not a regular file");
            }
            cache.load(CacheBytes.Input.checked(Files.readAllBytes(cache.file)));
            TrialCacheFolder.touch(cache.file); // used: the last to be pruned
        } catch (NoSuchFileException e) {
            // the first listing of this run
        } catch (IOException | RuntimeException e) {
            cache.entries.clear();
            LOG.info(
                    "The cache of listed trials {} is not used ({}); the run is read from its files",
                    cache.file,
                    e.toString());
        }
        return cache;
    }

    /** Whether this cache was opened for these grader folders (the folder names, in order). */
    public boolean isOf(List<Path> graderDirs) {
        return graders.equals(names(graderDirs));
    }

    private static List<String> names(List<Path> graderDirs) {
        List<String> names = new ArrayList<>(graderDirs.size());
        for (Path g : graderDirs) {
            names.add(g.getFileName().toString());
        }
        return names;
    }

    /** The stamps of a trial's trace and score files now. */
    public Stamps stamps(Path trace, TrialKey key, List<Path> graderDirs) {
        long[] v = new long[PER_FILE * (1 + graderDirs.size())];
        FileStamp.stamp(trace, v, 0);
        for (int i = 0; i < graderDirs.size(); i++) {
            FileStamp.stamp(key.fileIn(graderDirs.get(i)), v, PER_FILE * (1 + i));
        }
        return new Stamps(v);
    }

    /**
     * The trial as last read, when its files are unchanged, made to carry the run's current names.
     *
     * @return the trial, or null when it must be read again
     */
    public TrialRecord get(RunInfo run, TrialKey key, Stamps now) {
        Entry e = entries.get(key);
        if (e == null || !e.stamps.sameAs(now)) {
            return null;
        }
        TrialRecord t = e.trial;
        if (t == null) {
            try {
                t = readTrial(new CacheBytes.Input(e.bytes, e.offset, e.length), run, key);
            } catch (IOException | RuntimeException x) {
                entries.remove(key, e);
                changed = true;
                LOG.info(
                        "A trial in the cache {} could not be read ({}); it is read from its files",
                        file,
                        x.toString());
                return null;
            }
            e.trial = t;
        }
        if (!t.evalName().equals(run.evalName()) || !t.runId().equals(run.runId())) {
            t = t.withNames(run.evalName(), run.runId());
        }
        return t;
    }

    /**
     * Whether a trial's trace parsed whole when it was listed, if it is unchanged since (one look at the
     * trace alone, no record decoded): what a search needs for a trace whose bytes do not hold its text.
     *
     * @return true or false when the cache knows, null when it does not (not listed, or the trace changed)
     */
    public Boolean traceWhole(TrialKey key, Path trace) {
        Entry e = entries.get(key);
        if (e == null) {
            return null;
        }
        long[] now = new long[PER_FILE];
        FileStamp.stamp(trace, now, 0);
        for (int i = 0; i < PER_FILE; i++) {
            if (now[i] != e.stamps.values[i]) {
                return null;
            }
        }
        return e.traceWhole;
    }

    /** Keeps a trial just read from files with these stamps (not when a file is still settling, or the trial has no trace). */
    public void put(TrialKey key, Stamps stamps, TrialRecord trial) {
        if (trial.traceFile() == null || stamps.values[0] == ABSENT || !stamps.settled(nowNanos())) {
            return;
        }
        Entry old = entries.put(key, new Entry(stamps, trial));
        if (old == null || !old.stamps.sameAs(stamps)) {
            changed = true;
        }
    }

    /**
     * A folder's entry names as {@link TraceKeys#namesOnDisk(Path)} gives them, taken from the cache
     * when the folder's modification and status-change times are unchanged: a folder's times change
     * whenever an entry is added, removed or renamed in it, so its names are known without listing it.
     * A folder with a name that does not lead back to its entry (not valid UTF-8) is always listed.
     *
     * @throws ResultsException as {@link ResultsFiles#list(Path)}, when the folder cannot be listed
     */
    public List<String> names(Path dir) throws ResultsException {
        String rel = relative(dir);
        listed.add(rel);
        long[] time = FileStamp.folderTimes(dir);
        long modified = time[0];
        Listing kept = folders.get(rel);
        if (modified != ABSENT && kept != null && kept.modified == modified && kept.changed == time[1]) {
            return kept.names;
        }
        List<Path> out = ResultsFiles.list(dir);
        List<String> names = new ArrayList<>(out.size());
        boolean leadBack = true;
        for (Path p : out) {
            String n = p.getFileName().toString();
            names.add(n);
            leadBack = leadBack && p.equals(TraceKeys.child(dir, n));
        }
        if (leadBack && modified != ABSENT && nowNanos() - modified >= SETTLE_NANOS) {
            folders.put(rel, new Listing(modified, time[1], List.copyOf(names)));
            changed = true;
        } else if (kept != null) {
            folders.remove(rel);
            changed = true;
        }
        return names;
    }

    /**
     * Forgets the trials that are no longer in the run, and the folders this listing did not look
     * at, so the file does not grow with deleted cases. Call it after a whole listing only.
     */
    public void retain(java.util.Set<TrialKey> keys) {
        if (entries.keySet().retainAll(keys)) {
            changed = true;
        }
        diagnoses.retainLooked();
        if (folders.keySet().retainAll(listed)) {
            changed = true;
        }
    }

    /**
     * Writes the cache file when a trial was added or changed: to a temporary file, then moved over the
     * old one. Never throws: a cache folder that cannot be written only costs the next listing its speed.
     */
    public void save() {
        if (!changed && !diagnoses.changed()) {
            return;
        }
        Path dir = file.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            try (OutputStream raw = Files.newOutputStream(tmp);
                    DataOutputStream out = new DataOutputStream(
                            new java.util.zip.CheckedOutputStream(new BufferedOutputStream(raw, 1 << 16), crc))) {
                write(out);
                out.writeLong(crc.getValue()); // the bytes before it, checked when the file is read
                // (CacheBytes.Input.checked)
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
            changed = false;
            diagnoses.saved();
            TrialCacheFolder.prune(dir);
        } catch (IOException | RuntimeException e) {
            LOG.info(
                    "The cache of listed trials {} could not be written ({}); the next listing reads the run's files again",
                    file,
                    e.toString());
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a temporary file in the cache folder
                }
            }
        }
    }

    /** The failure diagnoses kept with the run's trials ({@link FailureDiagnosis.Finder#keepIn}). */
    public KeptDiagnoses diagnoses() {
        return diagnoses;
    }

    /** The number of trials kept (for tests). */
    public int size() {
        return entries.size();
    }

    private void load(CacheBytes.Input in) throws IOException {
        if (!in.startsWith(MAGIC)
                || !CODE.equals(in.string())
                || !runDir.toString().equals(in.string())) {
            return; // another layout, or a hash shared with another folder: written anew
        }
        int n = in.getInt();
        List<String> stored = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            stored.add(in.string());
        }
        if (!stored.equals(graders)) {
            changed = true;
            return; // a grader folder came or went: every trial's scores are read again
        }
        int count = in.getInt();
        entries = new ConcurrentHashMap<>(capacityFor(count));
        for (int i = 0; i < count; i++) {
            TrialKey key = new TrialKey(in.repeated(0), in.string(), in.getInt());
            long[] v = new long[PER_FILE * (1 + graders.size())];
            for (int j = 0; j < v.length; j++) {
                v[j] = in.getLong();
            }
            boolean whole = in.bool();
            int length = in.getInt();
            int offset = in.skip(length);
            entries.put(key, new Entry(new Stamps(v), whole, null, in.array(), offset, length));
        }
        int dirs = in.getInt();
        folders = new ConcurrentHashMap<>(capacityFor(dirs));
        for (int i = 0; i < dirs; i++) {
            String rel = in.string();
            long modified = in.getLong();
            long changedAt = in.getLong();
            int count2 = in.getInt();
            List<String> names;
            if (count2 == 1) {
                names = List.of(
                        in.repeated(1)); // a case folder with one trial: its file's name, the same in most folders
            } else {
                List<String> read = new ArrayList<>(Math.min(count2, 1 << 16));
                for (int j = 0; j < count2; j++) {
                    read.add(in.repeated(1));
                }
                names = List.copyOf(read);
            }
            folders.put(rel, new Listing(modified, changedAt, names));
        }
        diagnoses.read(in);
    }

    /** A map's first size for this many entries and room for a tenth more (a count from a file: at most 4 M). */
    private static int capacityFor(int count) {
        return Math.max(1024, Math.min(count, 1 << 22) + count / 10);
    }

    private void write(DataOutputStream out) throws IOException {
        out.write(MAGIC);
        CacheBytes.writeString(out, CODE);
        CacheBytes.writeString(out, runDir.toString());
        out.writeInt(graders.size());
        for (String g : graders) {
            CacheBytes.writeString(out, g);
        }
        java.io.ByteArrayOutputStream record = new java.io.ByteArrayOutputStream(512);
        List<Map.Entry<TrialKey, Entry>> all = new ArrayList<>(entries.entrySet());
        all.sort(Map.Entry.comparingByKey());
        out.writeInt(all.size());
        for (Map.Entry<TrialKey, Entry> e : all) {
            TrialKey k = e.getKey();
            CacheBytes.writeString(out, k.variantSegment());
            CacheBytes.writeString(out, k.caseSegment());
            out.writeInt(k.trial());
            Entry entry = e.getValue();
            for (long x : entry.stamps.values) {
                out.writeLong(x);
            }
            out.writeBoolean(entry.traceWhole);
            if (entry.bytes != null) {
                out.writeInt(entry.length); // as read: not decoded and written again
                out.write(entry.bytes, entry.offset, entry.length);
            } else {
                record.reset();
                writeTrial(new DataOutputStream(record), entry.trial);
                out.writeInt(record.size());
                record.writeTo(out);
            }
        }
        List<Map.Entry<String, Listing>> dirs = new ArrayList<>(folders.entrySet());
        dirs.sort(Map.Entry.comparingByKey());
        out.writeInt(dirs.size());
        for (Map.Entry<String, Listing> e : dirs) {
            CacheBytes.writeString(out, e.getKey());
            out.writeLong(e.getValue().modified);
            out.writeLong(e.getValue().changed);
            out.writeInt(e.getValue().names.size());
            for (String n : e.getValue().names) {
                CacheBytes.writeString(out, n);
            }
        }
        diagnoses.write(out);
    }

    private void writeTrial(DataOutputStream out, TrialRecord t) throws IOException {
        CacheBytes.writeString(out, t.variant());
        CacheBytes.writeString(out, t.caseId());
        out.writeBoolean(t.caseIdCut());
        CacheBytes.writeString(out, t.datasetName());
        CacheBytes.writeLong(out, t.durationMs());
        CacheBytes.writeString(out, t.status().name());
        CacheBytes.writeString(out, t.error());
        CacheBytes.writeString(out, t.gradingError());
        CacheBytes.writeString(out, t.failureKind());
        out.writeInt(t.scores().size());
        for (ScoreRecord s : t.scores()) {
            CacheBytes.writeString(out, s.grader());
            out.writeByte(s.pass() == null ? 2 : s.pass() ? 1 : 0);
            CacheBytes.writeString(out, s.reasoning());
            CacheBytes.writeString(out, s.details());
            CacheBytes.writeString(out, relative(s.file()));
            CacheBytes.writeString(out, s.problem());
        }
        CacheBytes.writeString(out, relative(t.traceFile()));
        CacheBytes.writeString(out, relative(t.artifactsDir()));
        CacheBytes.writeString(out, t.problem());
        CacheBytes.writeString(out, t.why() == null ? null : t.why().kind().name());
        CacheBytes.writeString(out, t.why() == null ? null : t.why().detail());
        out.writeInt(t.toolCalls());
        out.writeInt(t.toolErrors());
        CacheBytes.writeString(out, t.failedTool());
        TrialUsage u = t.usage();
        CacheBytes.writeLong(out, u.inputTokens());
        CacheBytes.writeLong(out, u.outputTokens());
        out.writeBoolean(u.costUsd() != null);
        if (u.costUsd() != null) {
            out.writeDouble(u.costUsd());
        }
        out.writeInt(u.mcpCalls());
    }

    private TrialRecord readTrial(CacheBytes.Input in, RunInfo run, TrialKey key) throws IOException {
        String variant = in.string();
        String caseId = in.string();
        boolean cut = in.bool();
        String dataset = in.string();
        Long duration = in.nullableLong();
        TrialStatus status = TrialStatus.valueOf(in.string());
        String error = in.string();
        String gradingError = in.string();
        String failureKind = in.string();
        int n = in.getInt();
        List<ScoreRecord> scores = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String grader = in.string();
            byte pass = in.getByte();
            scores.add(new ScoreRecord(
                    grader, pass == 2 ? null : pass == 1, in.string(), in.string(), resolve(in.string()), in.string()));
        }
        Path trace = resolve(in.string());
        Path artifacts = resolve(in.string());
        String problem = in.string();
        String problemKind = in.string();
        String problemDetail = in.string();
        Problem why = problem == null || problemKind == null
                ? null
                : new Problem(Problem.Kind.valueOf(problemKind), problemDetail, problem);
        int calls = in.getInt();
        int errors = in.getInt();
        String failedTool = in.string();
        Long inTokens = in.nullableLong();
        Long outTokens = in.nullableLong();
        Double cost = in.bool() ? in.getDouble() : null;
        int mcp = in.getInt();
        TrialUsage usage = inTokens == null && outTokens == null && cost == null && mcp == 0
                ? TrialUsage.NONE
                : new TrialUsage(inTokens, outTokens, cost, mcp);
        return new TrialRecord(
                key,
                run.evalName(),
                run.runId(),
                run.dir(),
                variant,
                caseId,
                cut,
                dataset,
                duration,
                status,
                error,
                gradingError,
                failureKind,
                scores,
                trace,
                artifacts,
                problem,
                calls,
                errors,
                failedTool,
                usage,
                why);
    }

    /** A path inside the run folder as a relative string; one outside it stays absolute. */
    private String relative(Path p) {
        if (p == null) {
            return null;
        }
        // the paths the listing makes all start with the run folder as it was given: cut it off as text
        String text = p.toString();
        if (text.length() > baseText.length()
                && text.startsWith(baseText)
                && text.charAt(baseText.length()) == java.io.File.separatorChar) {
            return text.substring(baseText.length() + 1);
        }
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(runDir) ? runDir.relativize(abs).toString() : abs.toString();
    }

    private Path resolve(String s) {
        return s == null ? null : base.resolve(s);
    }

    /** Now, in ns since the epoch (the files' times are compared with it). */
    static long nowNanos() {
        java.time.Instant now = java.time.Instant.now();
        return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
    }
}
