package dev.mstpanel.core.results.layout;

import dev.mstpanel.core.results.files.AccessHint;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.model.TrialKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Where a run's trials are on disk: the keys of {@code traces/<variant>/<case>/<trial>.json} and of
 * the score files {@code scores/<grader>/<variant>/<case>/<trial>.json} (docs/dev/mst-format.md, Results).
 * Lists folders only; no file is read. Stateless.
 */
public final class TraceKeys {
    /**
     * Said after a name Java could not decode when it reads file names as ASCII (a C or POSIX locale, or
     * one not installed): then a valid UTF-8 name is not decoded either.
     */
    private static final String LOCALE_HINT = namesInUtf8()
            ? ""
            : " The panel reads file names as " + System.getProperty("sun.jnu.encoding")
                    + " here (a C or POSIX locale): start it with LC_ALL=C.UTF-8 to read UTF-8 names.";

    private static boolean namesInUtf8() {
        try {
            return java.nio.charset.Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"))
                    .equals(java.nio.charset.StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            return true; // an encoding Java does not know: nothing to say
        }
    }

    private TraceKeys() {}

    /**
     * A folder's entry names, sorted, as {@link ResultsFiles#list(Path)} lists its entries; a cache may
     * answer instead ({@link TrialCache#names(Path)}). Names, not paths: the listing of a 10,000-trial
     * run handles 40,000 of them, and a path made and taken apart again for each cost a fifth of its CPU.
     */
    @FunctionalInterface
    public interface Folders {
        List<String> names(Path dir) throws ResultsException;
    }

    /** Every folder listed from the disk. */
    public static final Folders PLAIN = TraceKeys::namesOnDisk;

    /**
     * A folder's entry names as listed from the disk, sorted as {@link ResultsFiles#list(Path)} sorts
     * them. Read with {@link java.io.File#list()}, which makes 5 system calls for a folder where a
     * {@link java.nio.file.DirectoryStream} makes 8 (no second descriptor) and no path per entry: the
     * 10,000 case folders of two runs the Compare screen reads. When it gives nothing (the folder cannot
     * be listed, or its path cannot be named as a string) the folder is listed again by {@link ResultsFiles#list(Path)},
     * which says why or keeps the name's own bytes.
     *
     * @throws ResultsException when the folder cannot be listed
     */
    static List<String> namesOnDisk(Path dir) throws ResultsException {
        String[] quick = dir.getFileSystem() == java.nio.file.FileSystems.getDefault()
                ? dir.toFile().list()
                : null;
        if (quick != null) {
            Arrays.sort(quick);
            return Arrays.asList(quick);
        }
        List<Path> entries = ResultsFiles.list(dir);
        List<String> names = new ArrayList<>(entries.size());
        for (Path p : entries) {
            names.add(p.getFileName().toString());
        }
        return names;
    }

    private static List<String> namesQuietly(Folders folders, Path dir) {
        try {
            return folders.names(dir);
        } catch (ResultsException e) {
            return List.of();
        }
    }

    /** Hands the trace keys of a run to {@code keys} in folder order (variant, case, trial number). */
    public static void forEach(Path runDir, Consumer<TrialKey> keys) {
        forEach(runDir, keys, (k, why) -> {});
    }

    /**
     * Hands the trace keys of a run to {@code keys} in folder order (variant, case, trial number),
     * and what cannot be listed as MST writes it to {@code problems}, before the
     * keys of its case folder:
     * <ul>
     *   <li>a case folder that cannot be listed, or is a file, or whose name is not valid UTF-8 (the
     *       name Java gives it does not lead back to it): its key is {@code (variant, case, 0)} and
     *       it is not handed to {@code keys};</li>
     *   <li>{@code 01.json} beside {@code 1.json}: a note on trial 1, which is handed to {@code keys}
     *       once; {@code 01.json} alone: a problem of trial 1, not handed to {@code keys} (the panel
     *       reads {@code <trial>.json}).</li>
     * </ul>
     */
    public static void forEach(Path runDir, Consumer<TrialKey> keys, BiConsumer<TrialKey, String> problems) {
        forEach(runDir, keys, problems, PLAIN);
    }

    /** As {@link #forEach(Path, Consumer, BiConsumer)}, with the case folders listed by {@code folders}. */
    public static void forEach(
            Path runDir, Consumer<TrialKey> keys, BiConsumer<TrialKey, String> problems, Folders folders) {
        forEach(runDir, keys, problems, folders, k -> {});
    }

    /**
     * As {@link #forEach(Path, Consumer, BiConsumer, Folders)}, and hands {@code unlisted} the key
     * {@code (variant, case, 0)} of each case folder whose trials could not be listed (it could not be read,
     * or its name is not valid UTF-8), after its problem: its trials are not known from the folder, and a
     * listing takes them from elsewhere ({@link ExpectedTrials}) so that they stay in the counts.
     */
    public static void forEach(
            Path runDir,
            Consumer<TrialKey> keys,
            BiConsumer<TrialKey, String> problems,
            Folders folders,
            Consumer<TrialKey> unlisted) {
        Path traces = runDir.resolve(RunLayout.TRACES);
        List<Path> variants = List.of();
        if (Files.exists(traces, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try {
                variants = ResultsFiles.list(traces);
            } catch (ResultsException e) {
                problems.accept(folderKey(""), folderProblem("traces folder", runDir, traces, e));
                return;
            }
        }
        for (Path v : variants) {
            if (!Files.isDirectory(v)) {
                continue;
            }
            String vs = v.getFileName().toString();
            List<String> cases;
            try {
                cases = folders.names(v);
            } catch (ResultsException e) {
                problems.accept(folderKey(vs), folderProblem("variant folder", runDir, v, e));
                continue;
            }
            for (String cs : cases) {
                caseFolder(v, vs, cs, keys, problems, folders, unlisted);
            }
        }
    }

    /**
     * One case folder's keys and problems (a method of its own so the JIT compiles it after a few hundred
     * folders: inside {@link #forEach} the loop over 10,000 folders ran interpreted).
     */
    private static void caseFolder(
            Path v,
            String vs,
            String cs,
            Consumer<TrialKey> keys,
            BiConsumer<TrialKey, String> problems,
            Folders folders,
            Consumer<TrialKey> unlisted) {
        String where = null; // made only for a problem's words
        // a name Java could not decode (not valid UTF-8, or any non-ASCII name in a C locale) holds U+FFFD in
        // its place, and the path made from it is not the folder's (in a C locale none can be made at all):
        // then the folder as listed is looked for
        Path c = cs.indexOf('\uFFFD') >= 0 ? null : child(v, cs);
        boolean nameLeadsBack = true;
        if (c == null) {
            Path listed = undecodable(v, cs);
            if (listed != null) {
                nameLeadsBack = false;
                c = listed;
            } else {
                c = child(v, cs);
                if (c == null) {
                    return; // no such entry any more (it went while the folder was listed)
                }
            }
        }
        // no look at each folder first (10,000 cases: 10,000 calls): a file shows when it cannot be listed
        if (!nameLeadsBack && Files.isDirectory(c)) {
            where = "traces/" + vs + "/" + cs;
            problems.accept(
                    new TrialKey(vs, cs, 0),
                    "The case folder " + where + " has a name that is not valid UTF-8, so the panel "
                            + "cannot open it (MST writes percent-encoded UTF-8 names). Rename the folder to list its trials."
                            + LOCALE_HINT);
            unlisted.accept(new TrialKey(vs, cs, 0));
            return;
        }
        List<String> files;
        try {
            files = nameLeadsBack ? folders.names(c) : null;
        } catch (ResultsException e) {
            files = null;
            if (Files.isDirectory(c)) {
                problems.accept(
                        new TrialKey(vs, cs, 0),
                        folderProblem("case folder", v.getParent().getParent(), c, e));
                unlisted.accept(new TrialKey(vs, cs, 0));
                return;
            }
        }
        if (files == null) {
            where = "traces/" + vs + "/" + cs;
            problems.accept(
                    new TrialKey(vs, cs, 0),
                    where + " is a file, not a case folder: MST writes traces/<variant>/<case>/<trial>.json.");
            return;
        }
        if (allCanonical(files, vs, cs, keys)) {
            return; // the common case: every trial file named as MST names it, nothing to sort or report
        }
        where = "traces/" + vs + "/" + cs;
        java.util.Map<Integer, List<String>> names = new java.util.TreeMap<>();
        for (String name : files) {
            var m = RunLayout.TRIAL_FILE.matcher(name);
            if (m.matches()) {
                names.computeIfAbsent(Integer.parseInt(m.group(1)), n -> new ArrayList<>())
                        .add(name);
            }
        }
        for (var e : names.entrySet()) {
            int n = e.getKey();
            String canonical = n + ".json";
            TrialKey k = new TrialKey(vs, cs, n);
            List<String> others = e.getValue().size() == 1
                            && e.getValue().get(0).equals(canonical)
                    ? List.of()
                    : e.getValue().stream().filter(x -> !x.equals(canonical)).toList();
            boolean hasCanonical = e.getValue().contains(canonical);
            if (!others.isEmpty()) {
                problems.accept(
                        k,
                        hasCanonical
                                ? String.join(", ", others) + " beside " + canonical + " is a second file for trial #"
                                        + (n + 1) + " and was not read: MST names trial files without leading zeros."
                                : "The trace is named " + String.join(", ", others) + " in " + where + "; MST names it "
                                        + canonical + ". Rename it to list this trial.");
            }
            if (hasCanonical) {
                keys.accept(k);
            }
        }
    }

    /**
     * The trial number of a file named as MST names trial files ({@code <n>.json}, {@code n} without
     * leading zeros, at most 9 digits), or -1 for any other name. The same names as {@link RunLayout#TRIAL_FILE}
     * with {@code Integer.parseInt(group(1)) + ".json"} equal to the name, without a regex.
     */
    static int canonicalTrial(String name) {
        int digits = name.length() - 5;
        if (digits < 1 || digits > 9 || !name.endsWith(".json") || (digits > 1 && name.charAt(0) == '0')) {
            return -1;
        }
        int n = 0;
        for (int i = 0; i < digits; i++) {
            char ch = name.charAt(i);
            if (ch < '0' || ch > '9') {
                return -1;
            }
            n = n * 10 + (ch - '0');
        }
        return n;
    }

    /**
     * Hands a case folder's keys over when each of its trial files has its canonical name (the
     * folder MST writes): true then; false, with nothing handed over, when a file needs the notes of
     * the full rule. Files that are not trial files at all are left out either way.
     */
    private static boolean allCanonical(List<String> files, String vs, String cs, Consumer<TrialKey> keys) {
        int[] trials = new int[files.size()];
        int count = 0;
        for (String name : files) {
            int n = canonicalTrial(name);
            if (n >= 0) {
                trials[count++] = n;
            } else if (RunLayout.TRIAL_FILE.matcher(name).matches()) {
                return false;
            }
        }
        java.util.Arrays.sort(trials, 0, count); // "10.json" sorts before "2.json" by name
        for (int i = 0; i < count; i++) {
            keys.accept(new TrialKey(vs, cs, trials[i]));
        }
        return true;
    }

    /**
     * The entry of {@code dir} whose name Java decodes as {@code name} but which the path made from that
     * name does not lead to (a name that is not valid UTF-8), or null when the name leads back.
     */
    private static Path undecodable(Path dir, String name) {
        Path made = child(dir, name);
        for (Path p : ResultsFiles.listQuietly(dir)) {
            if (p.getFileName().toString().equals(name) && !p.equals(made)) {
                return p;
            }
        }
        return null;
    }

    /**
     * {@code dir.resolve(name)}, or null when the name cannot be a path here: in a C locale Java encodes
     * names as ASCII, and a name it decoded with U+FFFD in it (or any other non-ASCII character) has no
     * path ({@link java.nio.file.InvalidPathException}).
     */
    public static Path child(Path dir, String name) {
        try {
            return dir.resolve(name);
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /**
     * The key under which {@link #forEach} reports a folder above the case folders that could not be read:
     * trial -1, the variant's segment ({@code ""} for {@code traces/} itself), no case. Its trials' keys are
     * not known; the scores beside them are listed with its problem ({@link #coveredBy}).
     */
    static TrialKey folderKey(String variantSegment) {
        return new TrialKey(variantSegment, "", -1);
    }

    /** Whether a trial is below the folder a {@link #folderKey} names. */
    public static boolean coveredBy(TrialKey folder, TrialKey trial) {
        return folder.trial() == -1
                && (folder.variantSegment().isEmpty() || folder.variantSegment().equals(trial.variantSegment()));
    }

    /**
     * Why a folder of {@code traces/} could not be listed, in one line with the fix: for permission denied the
     * first folder on the way that stops this user, and how to give access as fits its owner ({@link AccessHint}).
     */
    private static String folderProblem(String kind, Path runDir, Path dir, ResultsException e) {
        if (e.getCause() instanceof java.nio.file.AccessDeniedException) {
            return AccessHint.denied(
                    kind,
                    dir,
                    p -> p.equals(runDir.resolve(RunLayout.TRACES))
                            ? "traces/"
                            : p.startsWith(runDir) && !p.equals(runDir) ? ResultsFiles.rel(runDir, p) : p.toString(),
                    "to list its trials");
        }
        String shown = dir.equals(runDir.resolve(RunLayout.TRACES)) ? "traces/" : ResultsFiles.rel(runDir, dir);
        return "The " + kind + " " + shown + " could not be read: " + reason(e) + ".";
    }

    private static String reason(ResultsException e) {
        return e.getCause() instanceof IOException io ? ResultsFiles.why(io) : e.getMessage();
    }

    /** The keys that have a score file in one of {@code graders} but are not in {@code seen}, sorted. */
    static Set<TrialKey> scoredOnly(List<Path> graders, Set<TrialKey> seen) {
        return without(scored(graders, PLAIN), seen);
    }

    /** The keys of {@code scored} not in {@code seen}, sorted. */
    public static Set<TrialKey> without(Set<TrialKey> scored, Set<TrialKey> seen) {
        Set<TrialKey> orphans = new TreeSet<>();
        for (TrialKey k : scored) {
            if (!seen.contains(k)) {
                orphans.add(k);
            }
        }
        return orphans;
    }

    /**
     * The keys of every score file {@code scores/<grader>/<variant>/<case>/<trial>.json} in one of
     * {@code graders}, in no order, with the folders listed by {@code folders}.
     */
    public static Set<TrialKey> scored(List<Path> graders, Folders folders) {
        Set<TrialKey> keys = new java.util.HashSet<>();
        for (Path g : graders) {
            for (Path v : ResultsFiles.listQuietly(g)) {
                String vs = v.getFileName().toString();
                for (String cs : namesQuietly(folders, v)) {
                    Path c = child(v, cs);
                    for (String name : c == null ? List.<String>of() : namesQuietly(folders, c)) {
                        int n = canonicalTrial(name);
                        if (n < 0) {
                            var m = RunLayout.TRIAL_FILE.matcher(name);
                            n = m.matches() ? Integer.parseInt(m.group(1)) : -1;
                        }
                        if (n >= 0) {
                            keys.add(new TrialKey(vs, cs, n));
                        }
                    }
                }
            }
        }
        return keys;
    }
}
