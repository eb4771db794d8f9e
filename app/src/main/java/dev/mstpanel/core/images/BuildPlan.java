package dev.mstpanel.core.images;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A build ready to start: what runs, where, and what the person should know first.
 *
 * @param title e.g. {@code grading on engine-1 → mst-grading:2.0.0}
 * @param argv program and arguments (never through a shell)
 * @param extraEnvironment variables added to the panel's environment, e.g. {@code DOCKER_BUILDKIT=0}
 * @param workingDir where it runs, or null
 * @param logFile where its full output goes
 * @param note a sentence shown before the output (e.g. why the legacy builder is used), or null
 */
public record BuildPlan(
        String title,
        List<String> argv,
        Map<String, String> extraEnvironment,
        Path workingDir,
        Path logFile,
        String note) {
    public BuildPlan {
        argv = List.copyOf(argv);
        extraEnvironment = Map.copyOf(extraEnvironment);
    }

    /** The command line as shown to people (arguments joined with spaces; it holds no secret). */
    public String shownCommand() {
        StringBuilder sb = new StringBuilder();
        extraEnvironment.forEach((k, v) -> sb.append(k).append('=').append(v).append(' '));
        for (int i = 0; i < argv.size(); i++) {
            String a = i == 0 ? Path.of(argv.get(0)).getFileName().toString() : argv.get(i);
            sb.append(i == 0 ? "" : " ")
                    .append(a.isEmpty() || a.matches(".*[\\s'\"$`\\\\].*") ? "'" + a.replace("'", "'\\''") + "'" : a);
        }
        return sb.toString();
    }
}
