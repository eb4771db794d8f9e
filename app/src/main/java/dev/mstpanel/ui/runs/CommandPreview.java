package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.EvalConfig;
import dev.mstpanel.core.mst.RunCommandLine;
import dev.mstpanel.core.mst.RunRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The command a form's request gives: shown (shell-quoted, secrets masked) in the preview, and
 * the {@link RunSession.Launch} Start runs. Both come from the one {@link RunCommandLine}, so the
 * preview is exactly what runs.
 */
final class CommandPreview {
    private CommandPreview() {}

    /** The command line for people; blank when no eval config is chosen. */
    static String shown(RunRequest req, RunSession.Mst mst) {
        return req.config() == null ? "" : new RunCommandLine(req, mst.vocabulary()).display(mst.command());
    }

    /**
     * What Start runs.
     *
     * @param config the eval config as read (for the expected number of trials), or null
     */
    static RunSession.Launch launch(RunRequest req, RunSession.Mst mst, EvalConfig config) {
        RunCommandLine line = new RunCommandLine(req, mst.vocabulary());
        Path dir = req.config().toAbsolutePath().getParent();
        // a regrade collects no trials: its count is not the eval's
        OptionalInt expected = config == null || req.isGrade() ? OptionalInt.empty() : config.expectedTrials();
        List<String> args = line.arguments();
        return new RunSession.Launch(
                mst.command(),
                args.subList(1, args.size()),
                line.display(mst.command()),
                dir,
                req.contexts(),
                expected,
                args.get(0));
    }
}
