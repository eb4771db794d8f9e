package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunCommandLineTest {
    private static final Path CONFIG = Path.of("/home/me/evals/eval.json");

    @Test
    void everyOptionIsItsOwnRunnerOptionInTheDocumentsVocabulary() {
        RunRequest r = new RunRequest(
                CONFIG,
                List.of("engine-1", "engine-2"),
                "3",
                KeepPolicy.FAILED,
                "8g",
                "2",
                "my/image:1",
                "600",
                "a1b2c3",
                Path.of("/home/me/secrets.env"),
                Path.of("/home/me/out"));
        RunCommandLine line = new RunCommandLine(r, FlagVocabulary.RUNNER);
        assertThat(line.argv(List.of("mst")))
                .containsExactly(
                        "mst",
                        "run",
                        "--config",
                        "/home/me/evals/eval.json",
                        "--runner",
                        "docker",
                        "--runner-option",
                        "contexts=engine-1,engine-2",
                        "--runner-option",
                        "shards=3",
                        "--runner-option",
                        "keep=failed",
                        "--runner-option",
                        "memory=8g",
                        "--runner-option",
                        "cpus=2",
                        "--runner-option",
                        "image=my/image:1",
                        "--runner-option",
                        "readyTimeout=600",
                        "--resume",
                        "a1b2c3",
                        "--secrets-file",
                        "/home/me/secrets.env",
                        "--output-dir",
                        "/home/me/out");
    }

    @Test
    void olderVocabularyUsesEnvFlags() {
        RunRequest r =
                new RunRequest(CONFIG, List.of("engine-1"), "2", KeepPolicy.ALWAYS, "", "", "", "", "", null, null);
        assertThat(new RunCommandLine(r, FlagVocabulary.ENV).arguments())
                .containsExactly(
                        "run",
                        "--config",
                        "/home/me/evals/eval.json",
                        "--env",
                        "docker",
                        "--env-option",
                        "contexts=engine-1",
                        "--env-option",
                        "shards=2",
                        "--env-option",
                        "keep=always");
    }

    @Test
    void blankOptionsAndKeepNeverAreLeftToMstsDefaults() {
        RunRequest r = new RunRequest(CONFIG, List.of(), "  ", KeepPolicy.NEVER, " ", null, "", "", "", null, null);
        assertThat(new RunCommandLine(r, FlagVocabulary.RUNNER).arguments())
                .containsExactly("run", "--config", "/home/me/evals/eval.json", "--runner", "docker");
    }

    @Test
    void displayQuotesWordsWithSpacesAndQuotes() {
        RunRequest r = new RunRequest(
                Path.of("/home/me/my evals/it's.json"),
                List.of("engine-1"),
                "",
                KeepPolicy.NEVER,
                "",
                "",
                "",
                "",
                "",
                Path.of("/home/me/secrets.json"),
                null);
        String shown = new RunCommandLine(r, FlagVocabulary.RUNNER).display(List.of("npx", "--no-install", "mst"));
        assertThat(shown)
                .isEqualTo("npx --no-install mst run --config '/home/me/my evals/it'\"'\"'s.json' --runner docker "
                        + "--runner-option contexts=engine-1 --secrets-file /home/me/secrets.json");
    }

    @Test
    void displayNamesTheSecretsFileNeverItsValues() throws Exception {
        Path dir = java.nio.file.Files.createTempDirectory("rcl");
        Path secrets = dir.resolve("secrets.json");
        java.nio.file.Files.writeString(secrets, "{\"OPENAI_API_KEY\": \"sk-very-secret-123\"}");
        RunRequest r = new RunRequest(CONFIG, List.of(), "", KeepPolicy.NEVER, "", "", "", "", "", secrets, null);
        String shown = new RunCommandLine(r, FlagVocabulary.RUNNER).display(List.of("mst"));
        assertThat(shown)
                .contains(secrets.toString())
                .doesNotContain("sk-very-secret-123")
                .doesNotContain("OPENAI_API_KEY");
    }

    @Test
    void noConfigIsRefused() {
        assertThatThrownBy(() -> new RunCommandLine(RunRequest.of(null), FlagVocabulary.RUNNER))
                .hasMessage("Choose an eval config first.");
    }

    @Test
    void aWordWithAControlCharacterIsQuotedAsDollarQuoteWithNoRawControlCharacter() {
        // the Runs form's preview and compare's re-run line: a case id's ESC, tab or newline
        String q = RunCommandLine.quote("tab\there\nnewline\u001b[31m");
        org.assertj.core.api.Assertions.assertThat(q).isEqualTo("$'tab\\x09here\\x0anewline\\x1b[31m'");
        org.assertj.core.api.Assertions.assertThat(q.chars().noneMatch(Character::isISOControl))
                .isTrue();
        org.assertj.core.api.Assertions.assertThat(RunCommandLine.quote("it's")).isEqualTo("'it'\"'\"'s'");
        org.assertj.core.api.Assertions.assertThat(RunCommandLine.quote("refund-order"))
                .isEqualTo("refund-order");
    }
}
