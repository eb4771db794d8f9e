package dev.mstpanel.core.results.layout;

import dev.mstpanel.core.results.files.AccessHint;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.files.ResultsFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the runs a path given by the user holds (docs/dev/mst-format.md, Results): an eval project folder, a
 * results root ({@code .mcp-test-results}), an eval folder or one run folder. Lists folders only;
 * no file is read. Stateless.
 */
public final class RunLocator {
    /** A run id: UTC start, 6 hex digits, and {@code .g<n>} for a regrade (MST's {@code RUN_ID_PATTERN}). */
    public static final Pattern RUN_ID = Pattern.compile("^\\d{8}T\\d{6}Z-[0-9a-f]{6}(\\.g\\d+)?$");
    /** A folder named as MST names runs, its UTC start then {@code -} and the rest (group 1): MST's hex suffix or a person's. */
    public static final Pattern STAMPED = Pattern.compile("^\\d{8}T\\d{6}Z-(.+)$");

    /**
     * The run a regrade grades again ({@code <run id>.g<n>}, docs/dev/mst-format.md, Results): {@code 20260105T101500Z-a1b2c3.g1} →
     * {@code 20260105T101500Z-a1b2c3}; null for an id that is no regrade's.
     */
    public static String regradeOf(String runId) {
        java.util.regex.Matcher m = REGRADE.matcher(runId == null ? "" : runId);
        return m.matches() ? m.group(1) : null;
    }

    private static final Pattern REGRADE = Pattern.compile("^(.+)\\.g\\d+$");

    /** The folder MST writes its results to, inside the folder it runs in (docs/dev/mst-format.md, Results). */
    public static final String RESULTS_FOLDER = ".mcp-test-results";

    private RunLocator() {}

    /**
     * Finds the runs below a path.
     *
     * @see ResultsReader#locate(Path)
     * @throws ResultsException when the path is not a folder or cannot be listed
     */
    public static Location locate(Path path) throws ResultsException {
        Location found = locateIn(path);
        if (found.kind() == LocationKind.RESULTS_ROOT && Files.isDirectory(path.resolve(RESULTS_FOLDER))) {
            Location inner = locateIn(path.resolve(RESULTS_FOLDER));
            List<Path> runs = new ArrayList<>(found.runDirs());
            runs.addAll(inner.runDirs());
            List<String> unlisted = new ArrayList<>(found.unlisted());
            unlisted.addAll(inner.unlisted());
            return new Location(path, inner.kind(), runs, unlisted);
        }
        return found;
    }

    /**
     * The sentence for a folder that holds no runs: names the path given and every kind of folder
     * that is accepted, so the user knows what to choose instead.
     *
     * @param given the path as the user gave it
     */
    public static String noRunsMessage(Path given) {
        Path run = runFolderAbove(given);
        if (run != null) { // a folder inside a run (its traces/, scores/, a case folder): that run is what was meant
            return given + " is inside the run folder " + run + ": give that folder.";
        }
        return "No MST runs in " + given + ". " + acceptedFolders() + " Runs appear there once MST has started one.";
    }

    /**
     * The run folder a path is inside (its traces/, scores/, a case folder or a trace file), or null: the nearest folder
     * above it that {@link #isRunDir} takes for a run. Reads the disk: call off the FX thread.
     */
    public static Path runFolderAbove(Path given) {
        for (Path up = given.toAbsolutePath().normalize().getParent(); up != null; up = up.getParent()) {
            if (isRunDir(up)) {
                return up;
            }
        }
        return null;
    }

    /**
     * The sentence that lists every folder a results path may be (the seam for every "not that"
     * message about a results path): {@code Choose one of: the eval's project folder …, or one run
     * folder (.mcp-test-results/<eval>/runs/<runId>).}
     */
    public static String acceptedFolders() {
        return "Choose one of: the eval's project folder (the one holding " + RESULTS_FOLDER + "/), a " + RESULTS_FOLDER
                + " folder, an eval folder inside it (" + RESULTS_FOLDER
                + "/<eval>, holding runs/), or one run folder ("
                + RESULTS_FOLDER + "/<eval>/runs/<runId>).";
    }

    private static Location locateIn(Path path) throws ResultsException {
        if (!Files.isDirectory(path)) {
            String unreachable = AccessHint.unreachable(path);
            if (unreachable != null) {
                throw new ResultsException(unreachable);
            }
            throw new ResultsException((Files.exists(path)
                            ? path + " is a file, not a results folder. "
                            : "There is no folder at " + path + ". ")
                    + acceptedFolders());
        }
        switch (RunLayout.kindOf(path)) {
            case RUN:
                return new Location(path, LocationKind.RUN, List.of(path));
            case EVAL:
                return new Location(path, LocationKind.EVAL, runsIn(RunLayout.runsOf(path)));
            case RUNS_LIST:
                return new Location(path, LocationKind.EVAL, runsIn(path));
            default:
                break;
        }
        List<Path> runs = new ArrayList<>();
        List<String> unlisted = new ArrayList<>();
        for (Path evalDir : ResultsFiles.list(path)) {
            try {
                if (RunLayout.isEval(evalDir)) {
                    runs.addAll(runsIn(RunLayout.runsOf(evalDir)));
                } else if (Files.isDirectory(evalDir) && !(Files.isReadable(evalDir) && Files.isExecutable(evalDir))) {
                    // an eval folder this user may not enter: its runs/ cannot even be seen, so it is said, not skipped
                    ResultsFiles.list(evalDir);
                }
            } catch (ResultsException e) {
                unlisted.add(e.getMessage()); // the other evals are still listed
            }
        }
        return new Location(path, LocationKind.RESULTS_ROOT, runs, unlisted);
    }

    /** True when the folder is one run by MST's layout ({@link RunLayout#isRun}). */
    public static boolean isRunDir(Path dir) {
        return RunLayout.isRun(dir);
    }

    private static List<Path> runsIn(Path runs) throws ResultsException {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        return ResultsFiles.list(runs).stream().filter(Files::isDirectory).toList();
    }

    /**
     * When a run folder last changed: the newest modification time of the folder, its
     * {@code run.json} and every folder and file under {@code traces/}, in ms since the epoch (0
     * when none can be read). A trace is written as soon as its trial ends (docs/dev/mst-format.md, Results),
     * so this tells a run MST is writing from an old copied folder. Costs one stat per trace.
     */
    public static long lastChangeMillis(Path runDir) {
        long newest = ResultsFiles.modified(runDir);
        newest = Math.max(newest, ResultsFiles.modified(runDir.resolve(RunLayout.RUN_JSON)));
        Path traces = runDir.resolve(RunLayout.TRACES);
        if (Files.isDirectory(traces)) {
            try (var walk = Files.walk(traces)) {
                newest = Math.max(
                        newest, walk.mapToLong(ResultsFiles::modified).max().orElse(0));
            } catch (IOException | java.io.UncheckedIOException e) {
                // a folder vanished while walking: what was seen is enough
            }
        }
        return newest;
    }

    /**
     * Why a run folder cannot be read, or null when it can be listed: {@code The run folder DIR cannot be
     * read: permission denied. …} with how to fix it. Looked at only when its {@code run.json} could not be
     * read (a folder of mode 000 hides both), so a run that reads costs nothing more.
     *
     * @param runDir the run folder
     */
    public static String folderProblem(Path runDir) {
        try (java.nio.file.DirectoryStream<Path> s = java.nio.file.Files.newDirectoryStream(runDir)) {
            return null;
        } catch (java.nio.file.AccessDeniedException e) {
            Path blocked = AccessHint.firstBlocked(runDir);
            return (blocked.equals(runDir) ? "The run folder " : "The folder ") + blocked
                    + " cannot be read: permission denied. " + AccessHint.giveAccess(blocked) + ".";
        } catch (java.io.IOException e) {
            return "The run folder " + runDir + " cannot be read: " + ResultsFiles.why(e) + ".";
        }
    }
}
