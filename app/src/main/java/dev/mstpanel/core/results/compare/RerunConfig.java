package dev.mstpanel.core.results.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which eval config a re-run of a run's cases uses. {@code run.json} does not record the config's
 * path (docs/dev/mst-format.md, Results), so the config is the one, among those the person used, that lives
 * in the project folder the run's results are in ({@code <project>/.mcp-test-results/<eval>/runs/<runId>}).
 * Path arithmetic only: no disk access.
 */
public final class RerunConfig {
    private RerunConfig() {}

    /**
     * @param runDir the run folder
     * @param current the config in the Runs form now, or null/blank
     * @param recent the recently used configs, newest first
     * @return the config to use, or null when none of them is in the run's project folder
     */
    public static String pick(Path runDir, String current, List<String> recent) {
        Path project = projectFolder(runDir);
        if (project == null) {
            return null;
        }
        List<String> candidates = new ArrayList<>();
        if (current != null && !current.isBlank()) {
            candidates.add(current.strip());
        }
        candidates.addAll(recent);
        for (String c : candidates) {
            try {
                Path p = Path.of(c).toAbsolutePath().normalize();
                if (project.equals(p.getParent())) {
                    return c;
                }
            } catch (java.nio.file.InvalidPathException e) {
                // not a path: skip it
            }
        }
        return null;
    }

    /**
     * What the Runs form says beside an empty eval config when {@link #pick} found none for a re-run or a
     * grade of {@code runDir} (the field was empty without a word). Path arithmetic only.
     *
     * @return e.g. {@code run.json does not record the eval config of run 20260110T080000Z-aaaaaa, and none of your
     *         recent eval configs is in its project folder /work/shop: choose it with Browse…}
     */
    public static String notFoundHint(Path runDir) {
        Path project = projectFolder(runDir);
        String run = runDir.getFileName() == null
                ? String.valueOf(runDir)
                : runDir.getFileName().toString();
        return "run.json does not record the eval config of run " + run
                + (project != null
                        ? ", and none of your recent eval configs is in its project folder " + project
                        : ", and the run is not in a project's .mcp-test-results folder (written with --output-dir?)")
                + ": choose it with Browse…";
    }

    /** The project folder of a run under {@code .mcp-test-results}, or null when the run is elsewhere ({@code --output-dir}). */
    public static Path projectFolder(Path runDir) {
        Path abs = runDir.toAbsolutePath().normalize();
        Path runs = abs.getParent();
        Path eval = runs == null ? null : runs.getParent();
        Path root = eval == null ? null : eval.getParent();
        if (root == null
                || root.getFileName() == null
                || !root.getFileName().toString().equals(".mcp-test-results")) {
            return null;
        }
        return root.getParent();
    }
}
