package dev.mstpanel.core.mst;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The Run form's values, as typed (trimmed; blank means "not given", so MST's default applies).
 * {@link RunChecks} says what is wrong with them; {@link RunCommandLine} turns them into
 * {@code mst run}'s arguments.
 *
 * @param config the eval config's path, or null when none is chosen
 * @param contexts Docker contexts in the order chosen (empty: MST uses the current context)
 * @param shards the {@code shards} option as typed (a positive integer), or blank
 * @param keep the {@code keep} option
 * @param memory each container's memory in Docker's syntax ({@code 8g}), or blank
 * @param cpus each container's CPUs ({@code 1.5}), or blank
 * @param image another image reference, or blank
 * @param readyTimeout seconds a container's desktop has to come up, or blank (MST: 1200)
 * @param resume a run id ({@code YYYYMMDDTHHMMSSZ-<6 hex>}) or its 6-hex short id to resume, or blank
 * @param secretsFile the secrets file's path (JSON object of strings or {@code KEY=VALUE} lines), or null
 * @param outputDir the results folder ({@code --output-dir}), or null for MST's default
 * @param selection the cases and variants to run ({@code --case}, {@code --variant}; docs/dev/mst-format.md, Run flags), all when empty
 * @param grading where {@code mst run} grades ({@code --grade-runner docker}, {@code --no-grade}; docs/dev/mst-format.md, Commands and Run flags)
 * @param gradeRun a run id to grade again with {@code mst grade <run>} instead of running the eval (docs/dev/mst-format.md, Commands;
 *     Results → Grade…), or blank for {@code mst run}
 */
public record RunRequest(
        Path config,
        List<String> contexts,
        String shards,
        KeepPolicy keep,
        String memory,
        String cpus,
        String image,
        String readyTimeout,
        String resume,
        Path secretsFile,
        Path outputDir,
        RunSelection selection,
        Grading grading,
        String gradeRun) {

    /** A request that grades as MST does by default ({@link Grading#HERE}) and runs the eval. */
    public RunRequest(
            Path config,
            List<String> contexts,
            String shards,
            KeepPolicy keep,
            String memory,
            String cpus,
            String image,
            String readyTimeout,
            String resume,
            Path secretsFile,
            Path outputDir,
            RunSelection selection) {
        this(
                config,
                contexts,
                shards,
                keep,
                memory,
                cpus,
                image,
                readyTimeout,
                resume,
                secretsFile,
                outputDir,
                selection,
                Grading.HERE,
                "");
    }

    /** A request for every case and variant (no {@code --case}/{@code --variant}). */
    public RunRequest(
            Path config,
            List<String> contexts,
            String shards,
            KeepPolicy keep,
            String memory,
            String cpus,
            String image,
            String readyTimeout,
            String resume,
            Path secretsFile,
            Path outputDir) {
        this(
                config,
                contexts,
                shards,
                keep,
                memory,
                cpus,
                image,
                readyTimeout,
                resume,
                secretsFile,
                outputDir,
                RunSelection.ALL);
    }

    public RunRequest {
        contexts = contexts == null
                ? List.of()
                : contexts.stream()
                        .filter(Objects::nonNull)
                        .map(String::strip)
                        .filter(s -> !s.isEmpty())
                        .toList();
        shards = clean(shards);
        keep = keep == null ? KeepPolicy.NEVER : keep;
        memory = clean(memory);
        cpus = clean(cpus);
        image = clean(image);
        readyTimeout = clean(readyTimeout);
        resume = clean(resume);
        selection = selection == null ? RunSelection.ALL : selection;
        grading = grading == null ? Grading.HERE : grading;
        gradeRun = clean(gradeRun);
    }

    /** True when this request grades a run ({@code mst grade}) rather than running the eval. */
    public boolean isGrade() {
        return !gradeRun.isEmpty();
    }

    /** A request for a config with every option at MST's default. */
    public static RunRequest of(Path config) {
        return new RunRequest(config, List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", null, null);
    }

    /** A copy that resumes the given run (the "Resume missing trials" action). */
    public RunRequest withResume(String runId) {
        return new RunRequest(
                config,
                contexts,
                shards,
                keep,
                memory,
                cpus,
                image,
                readyTimeout,
                runId,
                secretsFile,
                outputDir,
                selection,
                grading,
                "");
    }

    private static String clean(String s) {
        return s == null ? "" : s.strip();
    }
}
