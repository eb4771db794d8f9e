package dev.mstpanel.core.results.cache;

import dev.mstpanel.core.results.diagnosis.DiagnosisStore;
import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The failure diagnoses a listing found, kept in the cache of listed trials ({@link TrialCache}) with
 * the modification and status-change times of every folder their walk entered. Finding a diagnosis
 * lists folders only, no file is read ({@link FailureDiagnosis}), and a folder's times change
 * whenever an entry is added, removed or renamed in it: while every folder's times are the same, the
 * walk would find the same files. So a run listed before looks at each kept trial's few folders
 * (one {@code stat} each) instead of walking them (a 10,000-trial run with 1,000 failed
 * trials walked 1,000 folder trees at every listing, about a sixth of the whole process's time).
 *
 * <p>Not kept: a walk that met a link (what a link leads to can change while the folder's times do
 * not), a folder it could not list or did not enter, and a walk whose folders changed within
 * {@link TrialCache#SETTLE_NANOS} (the same times could hide a second change). Thread-safe.
 */
final class KeptDiagnoses implements DiagnosisStore {
    /**
     * One trial's diagnosis: the folders its walk entered, relative to the artifacts folder ("" for
     * itself), their times (two per folder, ns), and what was found, relative to the artifacts folder.
     */
    private record Kept(String[] folders, long[] times, String notice, List<KeptSource> sources) {}

    /** A {@link FailureDiagnosis.Source} relative to the artifacts folder: log files by name in its {@code logs/}. */
    private record KeptSource(
            String folder,
            boolean session,
            boolean screenshot,
            boolean accessibility,
            boolean system,
            List<String> logs) {}

    /** The artifacts folder of a trial as the run's relative text ({@link TrialCache}'s paths). */
    private final Function<Path, String> relative;

    private final Map<String, Kept> kept = new ConcurrentHashMap<>();
    private final java.util.Set<String> looked = ConcurrentHashMap.newKeySet();
    private volatile boolean changed;

    KeptDiagnoses(Function<Path, String> relative) {
        this.relative = relative;
    }

    /**
     * The diagnosis kept for this artifacts folder, when each folder its walk entered has the times it had.
     *
     * @return the diagnosis, with paths made from {@code artifactsDir}, or null when it must be walked again
     */
    @Override
    public FailureDiagnosis get(Path artifactsDir) {
        String key = relative.apply(artifactsDir);
        looked.add(key);
        Kept k = kept.get(key);
        if (k == null) {
            return null;
        }
        for (int i = 0; i < k.folders.length; i++) {
            long[] now = FileStamp.folderTimes(folder(artifactsDir, k.folders[i]));
            if (now[0] == FileStamp.ABSENT || now[0] != k.times[2 * i] || now[1] != k.times[2 * i + 1]) {
                return null;
            }
        }
        List<FailureDiagnosis.Source> sources = new ArrayList<>(k.sources.size());
        for (KeptSource s : k.sources) {
            Path dir = folder(artifactsDir, s.folder);
            List<Path> logs = new ArrayList<>(s.logs.size());
            if (!s.logs.isEmpty()) {
                Path logsDir = dir.resolve("logs");
                for (String name : s.logs) {
                    logs.add(logsDir.resolve(name));
                }
            }
            sources.add(new FailureDiagnosis.Source(
                    dir,
                    s.session,
                    s.screenshot ? dir.resolve("screen.png") : null,
                    s.accessibility ? dir.resolve("accessibility.txt") : null,
                    logs,
                    s.system ? dir.resolve("system.json") : null));
        }
        return new FailureDiagnosis(artifactsDir, sources, k.notice);
    }

    /**
     * Keeps a diagnosis just found by walking these folders (not when one of them changed within
     * {@link TrialCache#SETTLE_NANOS}, is gone, or a file found is not where this class would put it back).
     *
     * @param entered the folders the walk entered, the artifacts folder first
     */
    @Override
    public void put(Path artifactsDir, List<Path> entered, FailureDiagnosis found) {
        put(artifactsDir, entered, found, TrialCache.nowNanos());
    }

    /** {@link #put(Path, List, FailureDiagnosis)} at a given time (ns since the epoch). */
    void put(Path artifactsDir, List<Path> entered, FailureDiagnosis d, long nowNanos) {
        String[] folders = new String[entered.size()];
        long[] times = new long[2 * entered.size()];
        for (int i = 0; i < folders.length; i++) {
            String rel = below(artifactsDir, entered.get(i));
            long[] t = FileStamp.folderTimes(entered.get(i));
            if (rel == null || t[0] == FileStamp.ABSENT || nowNanos - t[0] < TrialCache.SETTLE_NANOS) {
                return;
            }
            folders[i] = rel;
            times[2 * i] = t[0];
            times[2 * i + 1] = t[1];
        }
        List<KeptSource> sources = new ArrayList<>(d.sources().size());
        for (FailureDiagnosis.Source s : d.sources()) {
            String rel = below(artifactsDir, s.folder());
            List<String> logs = new ArrayList<>(s.logs().size());
            Path logsDir = s.folder().resolve("logs");
            for (Path log : s.logs()) {
                if (!logsDir.equals(log.getParent())) {
                    return;
                }
                logs.add(log.getFileName().toString());
            }
            if (rel == null
                    || !at(s.screenshot(), s.folder(), "screen.png")
                    || !at(s.accessibility(), s.folder(), "accessibility.txt")
                    || !at(s.system(), s.folder(), "system.json")) {
                return;
            }
            sources.add(new KeptSource(
                    rel,
                    s.sessionCopy(),
                    s.screenshot() != null,
                    s.accessibility() != null,
                    s.system() != null,
                    List.copyOf(logs)));
        }
        Kept k = new Kept(folders, times, d.notice(), List.copyOf(sources));
        Kept old = kept.put(relative.apply(artifactsDir), k);
        if (old == null
                || !java.util.Arrays.equals(old.times, times)
                || !java.util.Arrays.equals(old.folders, folders)
                || !old.sources.equals(k.sources)
                || !java.util.Objects.equals(old.notice, k.notice)) {
            changed = true;
        }
    }

    /** True when a diagnosis was kept or dropped since the cache file was read. */
    boolean changed() {
        return changed;
    }

    void saved() {
        changed = false;
    }

    /**
     * After a whole listing: when it looked at diagnoses, forgets those it did not look at (trials
     * deleted, or no longer failed); a listing that looked at none (the window's) keeps them all.
     */
    void retainLooked() {
        if (!looked.isEmpty() && kept.keySet().retainAll(looked)) {
            changed = true;
        }
    }

    void write(DataOutputStream out) throws IOException {
        List<Map.Entry<String, Kept>> all = new ArrayList<>(kept.entrySet());
        all.sort(Map.Entry.comparingByKey());
        out.writeInt(all.size());
        for (Map.Entry<String, Kept> e : all) {
            Kept k = e.getValue();
            CacheBytes.writeString(out, e.getKey());
            out.writeInt(k.folders.length);
            for (int i = 0; i < k.folders.length; i++) {
                CacheBytes.writeString(out, k.folders[i]);
                out.writeLong(k.times[2 * i]);
                out.writeLong(k.times[2 * i + 1]);
            }
            CacheBytes.writeString(out, k.notice);
            out.writeInt(k.sources.size());
            for (KeptSource s : k.sources) {
                CacheBytes.writeString(out, s.folder);
                out.writeByte(
                        (s.session ? 1 : 0) | (s.screenshot ? 2 : 0) | (s.accessibility ? 4 : 0) | (s.system ? 8 : 0));
                out.writeInt(s.logs.size());
                for (String log : s.logs) {
                    CacheBytes.writeString(out, log);
                }
            }
        }
    }

    /** Reads the part {@link #write} wrote; a short or wrong part throws (the cache file is then not used). */
    void read(CacheBytes.Input in) throws IOException {
        Map<String, Kept> read = new java.util.HashMap<>();
        int n = in.getInt();
        for (int i = 0; i < n; i++) {
            String key = in.string();
            int f = count(in.getInt());
            String[] folders = new String[f];
            long[] times = new long[2 * f];
            for (int j = 0; j < f; j++) {
                folders[j] = present(in.string());
                times[2 * j] = in.getLong();
                times[2 * j + 1] = in.getLong();
            }
            String notice = in.string();
            int s = count(in.getInt());
            List<KeptSource> sources = new ArrayList<>(s);
            for (int j = 0; j < s; j++) {
                String folder = present(in.string());
                byte flags = in.getByte();
                int l = count(in.getInt());
                List<String> logs = new ArrayList<>(l);
                for (int m = 0; m < l; m++) {
                    logs.add(in.string());
                }
                sources.add(new KeptSource(
                        folder,
                        (flags & 1) != 0,
                        (flags & 2) != 0,
                        (flags & 4) != 0,
                        (flags & 8) != 0,
                        List.copyOf(logs)));
            }
            read.put(present(key), new Kept(folders, times, notice, List.copyOf(sources)));
        }
        kept.putAll(read); // all or nothing
    }

    private static String present(String s) throws IOException {
        if (s == null) {
            throw new IOException("a kept failure diagnosis without its folder: not a cache file of this panel");
        }
        return s;
    }

    private static int count(int n) throws IOException {
        if (n < 0 || n > 1 << 20) {
            throw new IOException("a count of " + n + ": not a cache file of this panel");
        }
        return n;
    }

    private static Path folder(Path artifactsDir, String rel) {
        return rel.isEmpty() ? artifactsDir : artifactsDir.resolve(rel);
    }

    /** {@code p} relative to the artifacts folder as text ("" for itself), or null when it is not below it. */
    private static String below(Path artifactsDir, Path p) {
        if (p.equals(artifactsDir)) {
            return "";
        }
        if (!p.startsWith(artifactsDir)) {
            return null;
        }
        String rel = artifactsDir.relativize(p).toString();
        return folder(artifactsDir, rel).equals(p) ? rel : null;
    }

    /** Whether a found file is absent, or the file of that name in its folder (as {@link #get} makes it again). */
    private static boolean at(Path file, Path folder, String name) {
        return file == null || file.equals(folder.resolve(name));
    }
}
