package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code mst run}'s grading flags and {@code mst grade <run>} (docs/dev/mst-format.md, Commands and Run flags; seed
 * "Cowork in Docker": grade shards run in containers, 2 GiB each unless {@code memory} is set).
 */
class GradeCommandLineTest {
    private static final Path CONFIG = Path.of("/evals/refund-desk/eval.json");
    private static final RunSelection TWO_CASES =
            RunSelection.parse(List.of("--case", "refund-order", "gift-card", "--variant", "default"));

    private static RunRequest request(Grading grading, String gradeRun) {
        return new RunRequest(
                CONFIG,
                List.of("engine-1", "engine-2"),
                "2",
                KeepPolicy.FAILED,
                "4g",
                "1.5",
                "my/judges:1",
                "900",
                "",
                Path.of("/evals/refund-desk/secrets.json"),
                null,
                TWO_CASES,
                grading,
                gradeRun);
    }

    @Test
    void aRunGradedInContainersEndsWithTheGradeRunnerBeforeItsSelection() {
        List<String> a = new RunCommandLine(request(Grading.IN_CONTAINERS, ""), FlagVocabulary.RUNNER).arguments();
        assertThat(a).startsWith("run", "--config", CONFIG.toString(), "--runner", "docker");
        assertThat(String.join(" ", a))
                .endsWith("--grade-runner docker --case refund-order gift-card --variant default");
    }

    @Test
    void aRunThatIsNotGradedSaysNoGradeAndTheDefaultSaysNothing() {
        assertThat(new RunCommandLine(request(Grading.NONE, ""), FlagVocabulary.RUNNER).arguments())
                .contains("--no-grade")
                .doesNotContain("--grade-runner");
        assertThat(new RunCommandLine(request(Grading.HERE, ""), FlagVocabulary.RUNNER).arguments())
                .doesNotContain("--no-grade", "--grade-runner");
        // resuming keeps where the run grades
        assertThat(request(Grading.NONE, "").withResume("a1b2c3").grading()).isEqualTo(Grading.NONE);
    }

    @Test
    void gradingARunGivesMstGradeWithTheRunnerOptionsThatApplyToGradeContainers() {
        RunCommandLine line =
                new RunCommandLine(request(Grading.NONE, "20260105T101500Z-a1b2c3"), FlagVocabulary.RUNNER);
        assertThat(line.arguments())
                .containsExactly(
                        "grade",
                        "20260105T101500Z-a1b2c3",
                        "--config",
                        CONFIG.toString(),
                        "--runner",
                        "docker",
                        "--runner-option",
                        "contexts=engine-1,engine-2",
                        "--runner-option",
                        "shards=2",
                        "--runner-option",
                        "memory=4g",
                        "--runner-option",
                        "cpus=1.5",
                        "--runner-option",
                        "image=my/judges:1",
                        "--secrets-file",
                        "/evals/refund-desk/secrets.json");
        // keep, readyTimeout, the selection and the grading flags are mst run's, not mst grade's
        assertThat(line.display(List.of("npx", "mst")))
                .startsWith("npx mst grade 20260105T101500Z-a1b2c3 --config ")
                .doesNotContain("keep=", "readyTimeout", "--case", "--no-grade");
    }

    @Test
    void gradingWithTheOlderVocabularyUsesEnvFlags() {
        List<String> a =
                new RunCommandLine(request(Grading.HERE, "20260105T101500Z-a1b2c3.g1"), FlagVocabulary.ENV).arguments();
        assertThat(a)
                .startsWith(
                        "grade",
                        "20260105T101500Z-a1b2c3.g1",
                        "--config",
                        CONFIG.toString(),
                        "--env",
                        "docker",
                        "--env-option");
    }
}
