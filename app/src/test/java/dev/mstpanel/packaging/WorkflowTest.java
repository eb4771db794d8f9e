package dev.mstpanel.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The GitHub workflow, which cannot run here: it parses as YAML; on an Apple Silicon runner it
 * builds the .app and .dmg with the README's command, verifies the signature strictly and runs the
 * unit and window tests; on Linux it runs .ci/run; it uses GitHub's own actions only.
 */
class WorkflowTest {
    private static final Path ROOT = TestEngines.projectRoot();

    private static JsonNode workflow() throws Exception {
        return new ObjectMapper(new YAMLFactory())
                .readTree(ROOT.resolve(".github/workflows/build.yml").toFile());
    }

    private static List<JsonNode> steps(JsonNode job) {
        return StreamSupport.stream(job.path("steps").spliterator(), false).toList();
    }

    private static JsonNode step(JsonNode job, String name) {
        return steps(job).stream()
                .filter(s -> name.equals(s.path("name").asText()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(
                        "no step named " + name + " in " + job.path("name").asText()));
    }

    @Test
    void theMacJobBuildsWithTheReadmesCommandVerifiesTheSignatureAndRunsTheTests() throws Exception {
        JsonNode mac = workflow().path("jobs").path("macos");
        assertThat(mac.path("runs-on").asText()).isEqualTo("macos-14");
        assertThat(steps(mac))
                .extracting(s -> s.path("name").asText())
                .containsSubsequence(
                        "Set up Temurin 17",
                        "Build the .app and .dmg",
                        "codesign --verify --deep --strict",
                        "Unit and window tests");
        String readme = Files.readString(ROOT.resolve("README.md"));
        String build = step(mac, "Build the .app and .dmg").path("run").asText().strip();
        assertThat(readme).as("the README's build command").containsAnyOf("    " + build + "\n", "`" + build + "`");
        assertThat(step(mac, "codesign --verify --deep --strict").path("run").asText())
                .contains("codesign --verify --deep --strict")
                .contains("app/target/dist/mst-panel.app");
        assertThat(step(mac, "Unit and window tests").path("run").asText()).startsWith("./mvnw -B verify");
        JsonNode java = step(mac, "Set up Temurin 17").path("with");
        assertThat(java.path("distribution").asText()).isEqualTo("temurin");
        assertThat(java.path("java-version").asText()).isEqualTo("17");
    }

    @Test
    void theLinuxJobRunsCiRunOnAFreshDebian() throws Exception {
        JsonNode linux = workflow().path("jobs").path("linux");
        assertThat(linux.path("runs-on").asText()).startsWith("ubuntu-");
        assertThat(linux.path("container").path("image").asText()).startsWith("debian:");
        assertThat(step(linux, ".ci/run").path("run").asText().strip()).isEqualTo(".ci/run");
    }

    @Test
    void onlyGithubsOwnActionsArePinnedToAMajorVersion() throws Exception {
        List<String> uses = new ArrayList<>();
        workflow()
                .path("jobs")
                .forEach(job -> steps(job).forEach(s -> {
                    if (s.has("uses")) {
                        uses.add(s.path("uses").asText());
                    }
                }));
        assertThat(uses).isNotEmpty().allSatisfy(u -> assertThat(u).matches("actions/[a-z-]+@v[0-9]+"));
        assertThat(uses).contains("actions/setup-java@v4", "actions/checkout@v4");
    }
}
