package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code trials} on a project whose evals or own folders are named like the parts of a run lists every eval's trials. */
class TrialsEvalNamedLikeARunPartTest {
    @TempDir
    Path project;

    @ParameterizedTest
    @ValueSource(strings = {"scores", "traces", "runs"})
    void everyEvalsTrialsAreListedWhateverAnEvalIsCalled(String name) throws Exception {
        Path root = project.resolve(".mcp-test-results");
        RunFixture.create(root, "checkout", "20261201T100000Z-aaaaaa")
                .runJson("checkout", "v")
                .trace("v", "c1", 0, null)
                .score("judge", "v", "c1", 0, true, "ok")
                .trace("v", "c1", 1, null)
                .score("judge", "v", "c1", 1, false, "no");
        RunFixture.create(root, name, "20261202T100000Z-bbbbbb")
                .runJson(name, "v")
                .trace("v", "c2", 0, null)
                .score("judge", "v", "c2", 0, true, "ok");
        Files.createDirectories(project.resolve("traces").resolve("recorded-mcp-sessions"));

        for (Path given : List.of(project, root)) {
            Result r = run("trials", given.toString(), "--json");
            assertThat(r.code()).as(r.err()).isZero();
            List<String> seen = new ArrayList<>();
            for (JsonNode t : new ObjectMapper().readTree(r.out())) {
                seen.add(t.path("eval").asText() + "/" + t.path("caseId").asText() + "#"
                        + t.path("trial").asInt() + "=" + t.path("status").asText());
            }
            assertThat(seen)
                    .as(given.toString())
                    .containsExactlyInAnyOrder("checkout/c1#0=passed", "checkout/c1#1=failed", name + "/c2#0=passed");
        }
    }
}
