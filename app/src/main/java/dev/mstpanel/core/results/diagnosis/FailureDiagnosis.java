package dev.mstpanel.core.results.diagnosis;

import dev.mstpanel.core.results.files.AccessHint;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.files.SpecialFile;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's failure diagnosis as found on disk (MST's Cowork-in-Docker document, "When something
 * fails"; the panel's docs/dev/mst-format.md, Results): {@code screen.png}, {@code accessibility.txt},
 * {@code logs/} and {@code system.json}, in the trial's artifacts folder or, for a trial that kept a
 * session of its own, in that session copy's {@code mst-diagnosis/} below it. Finding them lists
 * folders only; no file is read. The files hold what the session showed: private user data.
 *
 * @param artifactsDir the trial's artifacts folder
 * @param sources each folder that holds diagnosis files: the artifacts folder first, then each
 *     {@code mst-diagnosis/} found below it (at most 4 levels down)
 * @param notice why there is nothing to show (no artifacts folder, an empty one, a run that redacts
 *     stored responses), or null
 * @param readProblem why the diagnosis, or part of it, could not be read (a folder on the way that could not
 *     be listed: permission denied), with how to fix it; null when every folder looked into could be read,
 *     so that "none kept" and "could not be read" differ. Then {@code notice} says the same.
 */
public record FailureDiagnosis(Path artifactsDir, List<Source> sources, String notice, String readProblem) {
    /** The name of a session copy's diagnosis folder. */
    public static final String SESSION_FOLDER = "mst-diagnosis";

    private static final int SEARCH_DEPTH = 4;
    /** The diagnosis files by name, besides the logs. */
    private static final java.util.Set<String> DIAGNOSIS_FILES =
            java.util.Set.of("screen.png", "accessibility.txt", "system.json");

    /**
     * One folder's diagnosis files; each null (or empty) when absent.
     *
     * @param folder the folder
     * @param sessionCopy true for a session copy's {@code mst-diagnosis/}
     * @param screenshot {@code screen.png}
     * @param accessibility {@code accessibility.txt}
     * @param logs the files in {@code logs/}, by name
     * @param system {@code system.json}
     */
    public record Source(
            Path folder, boolean sessionCopy, Path screenshot, Path accessibility, List<Path> logs, Path system) {
        boolean isEmpty() {
            return screenshot == null && accessibility == null && logs.isEmpty() && system == null;
        }
    }

    public FailureDiagnosis {
        sources = List.copyOf(sources);
    }

    /** A diagnosis whose folders could all be read ({@code readProblem} null). */
    public FailureDiagnosis(Path artifactsDir, List<Source> sources, String notice) {
        this(artifactsDir, sources, notice, null);
    }

    /** One that could not be read: the problem is its notice too. */
    private static FailureDiagnosis unreadable(Path artifactsDir, List<Source> sources, String problem) {
        return new FailureDiagnosis(artifactsDir, sources, problem, problem);
    }

    /** The first screenshot found, or null. */
    public Path screenshot() {
        for (Source src : sources) {
            if (src.screenshot() != null) {
                return src.screenshot();
            }
        }
        return null;
    }

    /** The first accessibility dump found, or null. */
    public Path accessibility() {
        for (Source src : sources) {
            if (src.accessibility() != null) {
                return src.accessibility();
            }
        }
        return null;
    }

    /** Every log file found, in source order. */
    public List<Path> logs() {
        if (sources.size() == 1) {
            return java.util.Collections.unmodifiableList(sources.get(0).logs());
        }
        List<Path> all = new ArrayList<>();
        for (Source src : sources) {
            all.addAll(src.logs());
        }
        return java.util.Collections.unmodifiableList(all);
    }

    /** The first {@code system.json} found, or null. */
    public Path system() {
        for (Source src : sources) {
            if (src.system() != null) {
                return src.system();
            }
        }
        return null;
    }

    // loops, not streams: the listing of 10,000 trials asks each of these once per trial, and a fresh JVM
    // runs a stream pipeline's dozen classes interpreted

    /** True when no diagnosis file was found. */
    public boolean isEmpty() {
        return sources.isEmpty();
    }

    /**
     * Looks for a trial's failure diagnosis.
     *
     * @param artifactsDir the trial's artifacts folder ({@link TrialRecord#artifactsDir()})
     * @param redactedRun true when the run's {@code redactStoredResponses} is true (then MST keeps none), null when unknown
     */
    public static FailureDiagnosis find(Path artifactsDir, Boolean redactedRun) {
        Path runDir = runDirOf(artifactsDir);
        String outside = runDir == null ? null : linkOutside(runDir, artifactsDir);
        if (outside != null) {
            return unreadable(artifactsDir, List.of(), outside);
        }
        return find(artifactsDir, redactedRun, null);
    }

    /** The run folder above {@code <run>/artifacts/...}: the parent of the nearest folder named {@code artifacts}, or null. */
    private static Path runDirOf(Path artifactsDir) {
        for (Path p = artifactsDir; p != null; p = p.getParent()) {
            Path n = p.getFileName();
            if (n != null && "artifacts".equals(n.toString())) {
                return p.getParent();
            }
        }
        return null;
    }

    /**
     * Why a folder of a run is not looked into: it is, or lies below, a link to a folder outside the run folder
     * (a variant folder linked to {@code /}, say), so that the panel never walks outside the run.
     *
     * @param runDir the run folder
     * @param dir a folder below it (an artifacts folder, a variant's)
     * @return the message, with the fix, or null when {@code dir} resolves inside the run or does not resolve
     */
    static String linkOutside(Path runDir, Path dir) {
        if (runDir == null) {
            return null;
        }
        Path real;
        Path runReal;
        try {
            real = dir.toRealPath();
            runReal = runDir.toRealPath();
        } catch (IOException | RuntimeException e) {
            return null; // not there, or not to be resolved: the walk says so as before
        }
        if (real.startsWith(runReal)) {
            return null;
        }
        Path shown;
        try {
            shown = runDir.relativize(dir);
        } catch (IllegalArgumentException e) {
            shown = dir;
        }
        return shown + " leads through a link to " + real
                + ", outside the run folder: skipped, the panel does not look outside the run."
                + " Copy the files into the run folder instead of linking them to see them.";
    }

    /** {@link #find(Path, Boolean)}, taken from {@code kept} while its folders are unchanged and kept there when found (null: none). */
    private static FailureDiagnosis find(Path artifactsDir, Boolean redactedRun, DiagnosisStore kept) {
        if (artifactsDir == null) {
            return absent(null, redactedRun);
        }
        if (kept != null) {
            FailureDiagnosis d = kept.get(artifactsDir);
            if (d != null) {
                return d;
            }
        }
        Walk walk = new Walk(artifactsDir);
        if (!walk.isFolder) {
            if (walk.rootFailure != null && !(walk.rootFailure instanceof java.nio.file.NoSuchFileException)) {
                // there, but not to be listed (permission denied): not "no artifacts folder"
                // the first folder on the way that stops this user, not always the trial's own
                return unreadable(
                        artifactsDir,
                        List.of(),
                        walk.rootFailure instanceof java.nio.file.AccessDeniedException
                                ? AccessHint.denied(
                                        "artifacts folder",
                                        artifactsDir,
                                        Path::toString,
                                        "to see the trial's failure diagnosis")
                                : "The artifacts folder " + artifactsDir + " could not be read ("
                                        + ResultsFiles.why(walk.rootFailure)
                                        + "): the trial's failure diagnosis cannot be shown.");
            }
            return absent(artifactsDir, redactedRun);
        }
        List<Source> sources = new ArrayList<>();
        Source own = walk.source(artifactsDir, false);
        if (!own.isEmpty()) {
            sources.add(own);
        }
        walk.sessions.sort(null);
        for (Path d : walk.sessions) {
            Source src = walk.source(d, true);
            if (!src.isEmpty()) {
                sources.add(src);
            }
        }
        String notice = null;
        String readProblem = null;
        if (!walk.specials.isEmpty()) {
            // there, but not opened: each named by its kind, never "no failure diagnosis"
            readProblem = String.join("; ", walk.specials.size() > 6 ? walk.specials.subList(0, 6) : walk.specials)
                    + (walk.specials.size() > 6 ? "; and " + (walk.specials.size() - 6) + " more" : "")
                    + ": not opened. Replace " + (walk.specials.size() == 1 ? "it" : "them") + " with the regular file"
                    + (walk.specials.size() == 1 ? "" : "s")
                    + " MST writes to see " + (walk.specials.size() == 1 ? "it" : "them") + ".";
            notice = sources.isEmpty() ? readProblem : null;
        }
        if (!walk.unreadable.isEmpty()) {
            // a folder below it that could not be listed (its logs/, a session copy): said, not dropped without a word
            StringBuilder folders = new StringBuilder();
            for (Map.Entry<Path, IOException> p : walk.unreadable) {
                folders.append(folders.length() == 0 ? "" : ", ").append(artifactsDir.relativize(p.getKey()));
                if (folders.length() > 300) {
                    folders.append(", …");
                    break;
                }
            }
            notice = "Part of the artifacts folder could not be read ("
                    + ResultsFiles.why(walk.unreadable.get(0).getValue()) + "): " + folders + ". "
                    + AccessHint.giveAccess(artifactsDir, "to see every file of the failure diagnosis") + ".";
            readProblem = notice;
        } else if (sources.isEmpty() && notice == null) {
            Map<String, Entry> top = walk.children.get(artifactsDir);
            boolean empty = top != null
                    ? top.isEmpty()
                    : ResultsFiles.listQuietly(artifactsDir).isEmpty();
            notice = empty
                    ? "The artifacts folder is empty: MST kept no failure diagnosis for this trial."
                    : "No failure diagnosis in the artifacts folder (no screen.png, accessibility.txt, logs/ or system.json, and no "
                            + SESSION_FOLDER + "/).";
        }
        FailureDiagnosis found = new FailureDiagnosis(artifactsDir, sources, notice, readProblem);
        if (kept != null && walk.keepable) {
            kept.put(artifactsDir, walk.entered, found);
        }
        return found;
    }

    /** One entry of a folder as the walk saw it (its link not followed). */
    private record Entry(Path path, BasicFileAttributes attributes) {}

    /**
     * One walk of a trial's artifacts folder, {@link #SEARCH_DEPTH} levels down, links not followed:
     * the session copies' {@code mst-diagnosis/} folders it holds, and the entries of the folders a
     * diagnosis is read from (the artifacts folder, each {@code mst-diagnosis/}, and their {@code logs/}),
     * so each file is looked at once. A folder the walk did not enter (below its depth, or a link) is
     * listed when asked for.
     */
    private static final class Walk {
        final List<Path> sessions = new ArrayList<>();
        /** Diagnosis files that are there but not opened, each said by its kind ({@link SpecialFile}). */
        final List<String> specials = new ArrayList<>();
        /** The entries of each folder a diagnosis may be read from, by name. */
        final Map<Path, Map<String, Entry>> children = new HashMap<>();
        /** Every folder the walk entered, the artifacts folder first ({@link DiagnosisStore}). */
        final List<Path> entered = new ArrayList<>();
        /**
         * False when what was found depends on more than the entered folders' entries: a link met, a
         * folder that could not be listed or was looked into outside the walk.
         */
        boolean keepable = true;

        boolean isFolder;
        /** Why the artifacts folder itself could not be listed, or null. */
        IOException rootFailure;
        /** The folders below it that could not be listed, with why, in the walk's order. */
        final List<Map.Entry<Path, IOException>> unreadable = new ArrayList<>();

        /** The artifacts folder walked. */
        final Path root;

        Walk(Path root) {
            this.root = root;
            try {
                Files.walkFileTree(
                        root,
                        java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class),
                        SEARCH_DEPTH,
                        new SimpleFileVisitor<>() {
                            @Override
                            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                                entered.add(dir);
                                if (dir.equals(root)) {
                                    isFolder = true;
                                } else {
                                    entry(dir, a);
                                    if (SESSION_FOLDER.equals(name(dir))) {
                                        sessions.add(dir);
                                    }
                                }
                                if (kept(dir, root)) {
                                    children.put(dir, new HashMap<>());
                                }
                                return FileVisitResult.CONTINUE;
                            }

                            @Override
                            public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
                                if (file.equals(root)) {
                                    isFolder = a.isDirectory()
                                            || Files.isDirectory(root); // a link to a folder is followed, as before
                                    keepable = false;
                                    return FileVisitResult.TERMINATE;
                                }
                                entry(file, a);
                                if (a.isDirectory() && SESSION_FOLDER.equals(name(file))) {
                                    sessions.add(file); // at the walk's last level: found, not entered
                                }
                                return FileVisitResult.CONTINUE;
                            }

                            @Override
                            public FileVisitResult visitFileFailed(Path file, IOException e) {
                                keepable = false;
                                if (file.equals(root)) {
                                    rootFailure = e;
                                } else {
                                    unreadable.add(Map.entry(file, e));
                                }
                                return FileVisitResult.CONTINUE; // a folder we cannot list holds nothing we can show
                            }
                        });
            } catch (IOException | RuntimeException e) {
                // the artifacts folder cannot be walked: nothing found in it
                keepable = false;
            }
            if (!isFolder) {
                children.clear();
            }
        }

        /** Whether a folder's entries are kept: the artifacts folder, a {@code mst-diagnosis/}, and the {@code logs/} of either. */
        private static boolean kept(Path dir, Path root) {
            if (dir.equals(root) || SESSION_FOLDER.equals(name(dir))) {
                return true;
            }
            Path parent = dir.getParent();
            return "logs".equals(name(dir))
                    && parent != null
                    && (parent.equals(root) || SESSION_FOLDER.equals(name(parent)));
        }

        private void entry(Path p, BasicFileAttributes a) {
            if (a.isSymbolicLink() || a.isOther()) {
                keepable = false;
            }
            Map<String, Entry> in = children.get(p.getParent());
            if (in != null) {
                in.put(name(p), new Entry(p, a));
            }
        }

        /** The diagnosis files of a folder, from the walk's entries when it entered the folder, else by looking. */
        Source source(Path dir, boolean session) {
            Map<String, Entry> in = children.get(dir);
            if (in == null) {
                keepable = false;
                return sourceIn(dir, session, this);
            }
            Path logsDir = dir.resolve("logs");
            List<Path> logs;
            Map<String, Entry> logEntries = children.get(logsDir);
            if (logEntries != null) {
                List<String> names = new ArrayList<>(logEntries.keySet());
                names.sort(null);
                logs = new ArrayList<>(names.size());
                for (String n : names) {
                    Entry e = logEntries.get(n);
                    if (regular(e)) {
                        logs.add(e.path());
                    } else {
                        special(e.path());
                    }
                }
            } else {
                Entry e = in.get("logs");
                if (e != null && !e.attributes().isRegularFile()) {
                    keepable = false;
                }
                logs = e == null || e.attributes().isRegularFile()
                        ? List.of()
                        : logs(e.path(), this); // a link, or below the walk's depth
            }
            return new Source(
                    dir, session, file(in, "screen.png"), file(in, "accessibility.txt"), logs, file(in, "system.json"));
        }

        private Path file(Map<String, Entry> in, String name) {
            Entry e = in.get(name);
            if (e != null && !regular(e)) {
                special(e.path());
            }
            return e != null && regular(e) ? e.path() : null;
        }

        /** Notes a diagnosis file that is there but not to be opened (a named pipe, a device, a loop of links), by its kind. */
        void special(Path p) {
            keepable = false; // the cache of diagnoses keeps what was found, not why a file was not opened: looked at
            // again
            SpecialFile kind = SpecialFile.of(p);
            // a folder is special only where a diagnosis file belongs (a folder in logs/ is not a log, and not wrong)
            if (kind != null && (kind != SpecialFile.FOLDER || DIAGNOSIS_FILES.contains(name(p)))) {
                Path shown;
                try {
                    shown = root.relativize(p);
                } catch (IllegalArgumentException e) {
                    shown = p;
                }
                specials.add((kind == null ? SpecialFile.OTHER : kind).about(shown.toString()));
            }
        }

        /** A regular file, or a link to one (links are followed for files, as a viewer opens them). */
        private static boolean regular(Entry e) {
            return e.attributes().isRegularFile() || e.attributes().isSymbolicLink() && Files.isRegularFile(e.path());
        }

        private static String name(Path p) {
            Path n = p.getFileName();
            return n == null ? "" : n.toString();
        }
    }

    private static FailureDiagnosis absent(Path artifactsDir, Boolean redactedRun) {
        String why = Boolean.TRUE.equals(redactedRun)
                ? "No failure diagnosis: this run redacts stored responses, so MST kept no artifacts (set \"redactStoredResponses\": false in the eval config to keep them)."
                : "No failure diagnosis: this trial has no artifacts folder.";
        return new FailureDiagnosis(artifactsDir, List.of(), why);
    }

    /**
     * Finds the diagnoses of many trials of one run (a listing): {@code artifacts/<variant>/} is
     * listed once, so a trial without an artifacts folder (most of them: MST keeps artifacts for
     * failed trials) costs no disk access, and only the trials that have one are looked into,
     * as {@link #find(Path, Boolean)} does. Safe to use from several threads at once.
     *
     * @param runDir the run folder
     * @param redactedRun the run's {@code redactStoredResponses}, or null when unknown
     */
    public static Finder finder(Path runDir, Boolean redactedRun) {
        return new Finder(runDir.resolve("artifacts"), redactedRun);
    }

    /** See {@link #finder(Path, Boolean)}. */
    public static final class Finder {
        private final Path artifactsRoot;
        /** {@code artifactsRoot} as text with a separator at its end: what a trial's default artifacts folder starts with. */
        private final String rootPrefix;

        private final Boolean redactedRun;
        private final java.util.Map<String, Listed> casesByVariant = new java.util.concurrent.ConcurrentHashMap<>();
        /** Where the diagnoses found are kept between listings (the cache of listed trials), or null. */
        private volatile DiagnosisStore kept;

        private Finder(Path artifactsRoot, Boolean redactedRun) {
            this.artifactsRoot = artifactsRoot;
            this.rootPrefix =
                    artifactsRoot.toString() + artifactsRoot.getFileSystem().getSeparator();
            this.redactedRun = redactedRun;
        }

        /** The diagnosis of a trial: {@link #find(Path, Boolean)}, with a listed variant folder to skip absent ones. */
        public FailureDiagnosis find(Path artifactsDir) {
            // <artifacts>/<variant>/<case>/<trial> taken apart as text (a listing asks 10,000 times: a path's
            // parents are a new path each, with its offsets worked out anew)
            String text = artifactsDir == null ? null : artifactsDir.toString();
            if (text != null && text.startsWith(rootPrefix)) {
                String sep = artifactsRoot.getFileSystem().getSeparator();
                int v = text.indexOf(sep, rootPrefix.length());
                int c = v < 0 ? -1 : text.indexOf(sep, v + sep.length());
                if (v > rootPrefix.length()
                        && c > v + sep.length()
                        && c + sep.length() < text.length()
                        && text.indexOf(sep, c + sep.length()) < 0) {
                    String variant = text.substring(rootPrefix.length(), v);
                    Listed cases = casesByVariant.computeIfAbsent(variant, this::listed);
                    if (cases.problem() != null) {
                        // there, but not to be listed: not "no artifacts folder"
                        return unreadable(
                                artifactsDir,
                                List.of(),
                                "The failure diagnosis could not be looked for. " + cases.problem());
                    }
                    if (!cases.names().contains(text.substring(v + sep.length(), c))) {
                        return absent(artifactsDir, redactedRun);
                    }
                }
            }
            return FailureDiagnosis.find(artifactsDir, redactedRun, kept);
        }

        /** A variant's artifacts folder as listed: its case folders' names, or why it could not be listed. */
        private record Listed(java.util.Set<String> names, String problem) {}

        private Listed listed(String variant) {
            Path dir = artifactsRoot.resolve(variant);
            // a link is looked at once per variant (two lstat calls), its target only when it is one
            if (Files.isSymbolicLink(dir) || Files.isSymbolicLink(artifactsRoot)) {
                String outside = linkOutside(artifactsRoot.getParent(), dir);
                if (outside != null) {
                    return new Listed(java.util.Set.of(), outside);
                }
            }
            try {
                java.util.Set<String> names = new java.util.HashSet<>();
                for (Path folder : ResultsFiles.list(dir)) {
                    names.add(folder.getFileName().toString());
                }
                return new Listed(names, null);
            } catch (ResultsException e) {
                if (e.getCause() instanceof java.nio.file.NoSuchFileException
                        || e.getCause() instanceof java.nio.file.NotDirectoryException) {
                    return new Listed(java.util.Set.of(), null); // no artifacts kept for this variant
                }
                try {
                    ResultsFiles.list(artifactsRoot);
                } catch (ResultsException above) {
                    return new Listed(
                            java.util.Set.of(), above.getMessage()); // artifacts/ itself: named, as that is what to fix
                }
                return new Listed(java.util.Set.of(), e.getMessage());
            }
        }

        /** Keeps the diagnoses found from now on in the cache of listed trials ({@link ResultsReader}), and takes them from it. */
        public void keepIn(DiagnosisStore kept) {
            this.kept = kept;
        }
    }

    private static Source sourceIn(Path dir, boolean session, Walk walk) {
        Path png = dir.resolve("screen.png");
        Path ax = dir.resolve("accessibility.txt");
        Path sys = dir.resolve("system.json");
        return new Source(
                dir,
                session,
                regular(png, walk),
                regular(ax, walk),
                logs(dir.resolve("logs"), walk),
                regular(sys, walk));
    }

    /** The file when it is a regular one; else null, and one that is there but special is noted on the walk. */
    private static Path regular(Path p, Walk walk) {
        if (Files.isRegularFile(p)) {
            return p;
        }
        if (Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            walk.special(p);
        }
        return null;
    }

    private static List<Path> logs(Path logsDir, Walk walk) {
        List<Path> out = new ArrayList<>();
        for (Path p : ResultsFiles.listQuietly(logsDir)) {
            if (Files.isRegularFile(p)) {
                out.add(p);
            } else {
                walk.special(p);
            }
        }
        return out;
    }
}
