package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.CompareFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare shows each side's runner and client, and warns above the verdict when the two sides differ in either. */
class CompareRunnersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    private Path runDir(String id) {
        return root.resolve(CompareFixture.EVAL).resolve("runs").resolve(id);
    }

    /** Rewrites run B's runner ({@code environment.name}) and the client of its {@code default} variant. */
    private void runB(String runner, String client) throws Exception {
        Path file = runDir(CompareFixture.RUN_B).resolve("run.json");
        ObjectNode n = (ObjectNode) JSON.readTree(file.toFile());
        ((ObjectNode) n.path("environment")).put("name", runner);
        ((ObjectNode) n.path("variants").get(0)).put("client", client);
        JSON.writeValue(file.toFile(), n);
    }

    @Test
    void aDesktopRunAgainstADockerRunIsWarnedAboveTheVerdictInTextAndJson() throws Exception {
        CompareFixture.write(root);
        runB("local", "chatgpt");
        Result text = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString());
        assertThat(text.code()).as(text.err()).isZero();
        String first = text.out().substring(0, text.out().indexOf("verdict"));
        assertThat(first)
                .contains("  setup      base runner docker · client cowork; candidate runner local · client chatgpt");
        assertThat(first)
                .contains("  warning    The two sides ran on different runners (base: docker, candidate: local)");
        assertThat(first)
                .contains("  warning    The two sides ran different clients (base: cowork, candidate: chatgpt)");

        Result json = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString(),
                "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode c = JSON.readTree(json.out()).path("comparisons").get(0);
        assertThat(c.path("warnings"))
                .extracting(w -> w.path("kind").asText())
                .containsExactly("different-runners", "different-clients");
        assertThat(c.path("setup").path("candidate").asText()).isEqualTo("runner local · client chatgpt");
        // the second comparison (with-search) has the same client on both sides: only the runner differs
        JsonNode second = JSON.readTree(json.out()).path("comparisons").get(1);
        assertThat(second.path("warnings"))
                .extracting(w -> w.path("kind").asText())
                .containsExactly("different-runners");
    }

    @Test
    void twoRunsOfOneRunnerAndClientHaveNoWarning() throws Exception {
        CompareFixture.write(root);
        Result json = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString(),
                "--json");
        assertThat(json.code()).as(json.err()).isZero();
        for (JsonNode c : JSON.readTree(json.out()).path("comparisons")) {
            assertThat(c.path("warnings").isArray()).isTrue();
            assertThat(c.path("warnings")).isEmpty();
        }
        Result text = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString());
        assertThat(text.out())
                .contains("  setup      base runner docker · client cowork; candidate runner docker · client cowork")
                .doesNotContain("  warning    ");
    }
}
