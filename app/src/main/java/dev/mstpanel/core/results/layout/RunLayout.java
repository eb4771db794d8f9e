package dev.mstpanel.core.results.layout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What each folder of MST's results layout is, told by the layout as a whole, not by one child's name:
 * {@code <project>/.mcp-test-results/<eval>/runs/<runId>/} holding {@code run.json}, {@code traces/},
 * {@code scores/}. An eval may be called {@code scores}, {@code traces} or {@code runs}, and an eval's project folder
 * may have a {@code traces/} of its own: a folder is a run only when its place in the layout or its own files say so.
 * Only asks whether files and folders exist; reads none. Stateless: the one place every reader of results asks.
 */
public final class RunLayout {
    /** The folder of an eval that lists its runs. */
    public static final String RUNS = "runs";
    /** The file MST writes first in a run folder. */
    public static final String RUN_JSON = "run.json";
    /** The file in an eval folder naming its newest complete run. */
    public static final String LATEST_JSON = "latest.json";
    /** A run's folder of trial traces: {@code traces/<variant>/<case>/<trial>.json}. */
    public static final String TRACES = "traces";
    /** A run's folder of graders' scores: {@code scores/<grader>/<variant>/<case>/<trial>.json}. */
    public static final String SCORES = "scores";
    /** The run's figures, written when it finishes. */
    public static final String SUMMARY_JSON = "summary.json";
    /** The run's cases and their prompts, written when it finishes. */
    public static final String RESULTS_JSON = "results.json";
    /** A trial's file in its case folder: its number (group 1), up to 9 digits, then {@code .json}. */
    public static final Pattern TRIAL_FILE = Pattern.compile("^(\\d{1,9})\\.json$");

    /** What a folder is in MST's results layout. */
    public enum Kind {
        /** One run: {@code <eval>/runs/<runId>}. */
        RUN,
        /** An eval: it holds {@code runs/} (or {@code latest.json}). */
        EVAL,
        /** An eval's {@code runs/} folder: every folder in it is a run. */
        RUNS_LIST,
        /** Anything else: a results root, or a project folder holding one. */
        OTHER
    }

    private RunLayout() {}

    /** What {@code dir} is; {@link Kind#OTHER} for a results root, a project folder or a folder of none of these. */
    public static Kind kindOf(Path dir) {
        if (isRun(dir)) {
            return Kind.RUN;
        }
        if (isEval(dir)) {
            return Kind.EVAL;
        }
        if (RUNS.equals(name(dir)) && !holdsEval(dir)) {
            return Kind.RUNS_LIST;
        }
        return Kind.OTHER;
    }

    /**
     * True when the folder is one run: it holds a {@code run.json} file, or it is named as MST names runs, or it sits in an
     * eval's {@code runs/} with a {@code traces/} or {@code scores/} of a run's shape (a run still starting has no run.json
     * yet). A project folder (it holds {@code .mcp-test-results/}), an eval or a results root is never a run, whatever
     * children it has.
     */
    public static boolean isRun(Path dir) {
        if (Files.isDirectory(dir.resolve(RunLocator.RESULTS_FOLDER)) || Files.isDirectory(dir.resolve(RUNS))) {
            return false;
        }
        if (RunLocator.RUN_ID.matcher(name(dir)).matches()) {
            return true;
        }
        if (Files.isRegularFile(dir.resolve(RUN_JSON))) {
            return true;
        }
        Path parent = dir.getParent();
        return parent != null
                && RUNS.equals(name(parent))
                && (runPart(dir.resolve(TRACES)) || runPart(dir.resolve(SCORES)));
    }

    /**
     * True when the folder is an eval: it holds a {@code latest.json} file, or a {@code runs/} folder that is not itself an
     * eval (a results root holding an eval named {@code runs} is no eval).
     */
    public static boolean isEval(Path dir) {
        if (isRun(dir)) {
            return false;
        }
        Path runs = dir.resolve(RUNS);
        return Files.isDirectory(runs) && !holdsEval(dir) || Files.isRegularFile(dir.resolve(LATEST_JSON));
    }

    /** The {@code runs/} folder of an eval, for listing its runs. */
    public static Path runsOf(Path eval) {
        return eval.resolve(RUNS);
    }

    /** True when {@code dir}'s child {@code runs/} is an eval of its own (an eval named {@code runs}), not a list of runs. */
    private static boolean holdsEval(Path dir) {
        Path runs = dir.resolve(RUNS);
        return Files.isDirectory(runs.resolve(RUNS)) || Files.isRegularFile(runs.resolve(LATEST_JSON));
    }

    /** A run's {@code traces/} or {@code scores/}: a folder that is not itself an eval (an eval named so holds runs/). */
    private static boolean runPart(Path child) {
        return Files.isDirectory(child)
                && !Files.isDirectory(child.resolve(RUNS))
                && !Files.isRegularFile(child.resolve(LATEST_JSON));
    }

    private static String name(Path p) {
        return p.getFileName() == null ? "" : p.getFileName().toString();
    }
}
