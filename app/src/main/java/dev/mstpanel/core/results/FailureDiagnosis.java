package dev.mstpanel.core.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A trial's failure diagnosis as found on disk (MST's Cowork-in-Docker document, "When something
 * fails"; the panel's contract, section 6): {@code screen.png}, {@code accessibility.txt},
 * {@code logs/} and {@code system.json}, in the trial's artifacts folder or, for a trial that kept a
 * session of its own, in that session copy's {@code mst-diagnosis/} below it. Finding them lists
 * folders only; no file is read. The files hold what the session showed: private user data.
 *
 * @param artifactsDir the trial's artifacts folder
 * @param sources each folder that holds diagnosis files: the artifacts folder first, then each
 *     {@code mst-diagnosis/} found below it (at most 4 levels down)
 * @param notice why there is nothing to show (no artifacts folder, an empty one, a run that redacts
 *     stored responses), or null
 */
public record FailureDiagnosis(Path artifactsDir, List<Source> sources, String notice) {
    /** The name of a session copy's diagnosis folder. */
    public static final String SESSION_FOLDER = "mst-diagnosis";
    private static final int SEARCH_DEPTH = 4;

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
    public record Source(Path folder, boolean sessionCopy, Path screenshot, Path accessibility, List<Path> logs, Path system) {
        boolean isEmpty() {
            return screenshot == null && accessibility == null && logs.isEmpty() && system == null;
        }
    }

    public FailureDiagnosis {
        sources = List.copyOf(sources);
    }

    /** The first screenshot found, or null. */
    public Path screenshot() {
        return sources.stream().map(Source::screenshot).filter(p -> p != null).findFirst().orElse(null);
    }

    /** The first accessibility dump found, or null. */
    public Path accessibility() {
        return sources.stream().map(Source::accessibility).filter(p -> p != null).findFirst().orElse(null);
    }

    /** Every log file found, in source order. */
    public List<Path> logs() {
        return sources.stream().flatMap(s -> s.logs().stream()).toList();
    }

    /** The first {@code system.json} found, or null. */
    public Path system() {
        return sources.stream().map(Source::system).filter(p -> p != null).findFirst().orElse(null);
    }

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
        if (artifactsDir == null || !Files.isDirectory(artifactsDir)) {
            return absent(artifactsDir, redactedRun);
        }
        List<Source> sources = new ArrayList<>();
        Source own = sourceIn(artifactsDir, false);
        if (!own.isEmpty()) {
            sources.add(own);
        }
        try (Stream<Path> s = Files.find(artifactsDir, SEARCH_DEPTH,
                (p, a) -> a.isDirectory() && p.getFileName() != null && p.getFileName().toString().equals(SESSION_FOLDER))) {
            s.sorted().forEach(d -> {
                Source src = sourceIn(d, true);
                if (!src.isEmpty()) {
                    sources.add(src);
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            // a folder we cannot list holds nothing we can show
        }
        String notice = null;
        if (sources.isEmpty()) {
            boolean empty = ResultsFiles.listQuietly(artifactsDir).isEmpty();
            notice = empty ? "The artifacts folder is empty: MST kept no failure diagnosis for this trial."
                    : "No failure diagnosis in the artifacts folder (no screen.png, accessibility.txt, logs/ or system.json, and no " + SESSION_FOLDER + "/).";
        }
        return new FailureDiagnosis(artifactsDir, sources, notice);
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
        private final Boolean redactedRun;
        private final java.util.Map<Path, java.util.Set<String>> casesByVariant = new java.util.concurrent.ConcurrentHashMap<>();

        private Finder(Path artifactsRoot, Boolean redactedRun) {
            this.artifactsRoot = artifactsRoot;
            this.redactedRun = redactedRun;
        }

        /** The diagnosis of a trial: {@link #find(Path, Boolean)}, with a listed variant folder to skip absent ones. */
        public FailureDiagnosis find(Path artifactsDir) {
            Path caseDir = artifactsDir == null ? null : artifactsDir.getParent();
            Path variantDir = caseDir == null ? null : caseDir.getParent();
            if (variantDir != null && artifactsRoot.equals(variantDir.getParent())) {
                java.util.Set<String> cases = casesByVariant.computeIfAbsent(variantDir, d -> {
                    java.util.Set<String> names = new java.util.HashSet<>();
                    for (Path c : ResultsFiles.listQuietly(d)) {
                        names.add(c.getFileName().toString());
                    }
                    return names;
                });
                if (!cases.contains(caseDir.getFileName().toString())) {
                    return absent(artifactsDir, redactedRun);
                }
            }
            return FailureDiagnosis.find(artifactsDir, redactedRun);
        }
    }

    private static Source sourceIn(Path dir, boolean session) {
        Path png = dir.resolve("screen.png");
        Path ax = dir.resolve("accessibility.txt");
        Path sys = dir.resolve("system.json");
        List<Path> logs = ResultsFiles.listQuietly(dir.resolve("logs")).stream().filter(Files::isRegularFile).toList();
        return new Source(dir, session, Files.isRegularFile(png) ? png : null, Files.isRegularFile(ax) ? ax : null, logs,
                Files.isRegularFile(sys) ? sys : null);
    }
}
