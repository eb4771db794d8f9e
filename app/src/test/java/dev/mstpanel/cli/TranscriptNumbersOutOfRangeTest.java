package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A number out of its range anywhere in a trial file (an event's duration, the usage's tokens or cost: valid JSON of any
 * size) leaves out that one field: every event, the final answer and the other figures are still shown, the trial is
 * still listed with its status, and nothing prints a figure hundreds of digits long.
 */
class TranscriptNumbersOutOfRangeTest {
    @TempDir
    Path root;

    private static final String[] HUGE = {
        "1e19", "9223372036854775808", "1e300", "-1e300", "-5", "123456789012345678901234567890"
    };

    private Path trial(RunFixture f, String caseId, String eventDuration, String usage) throws Exception {
        Path file = f.tracePath("v", caseId, 0);
        Files.createDirectories(file.getParent());
        Files.writeString(
                file,
                "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"v\",\"caseId\":\"" + caseId
                        + "\",\"trial\":0,\"durationMs\":" + eventDuration
                        + ",\"infrastructureError\":false,\"trace\":{\"events\":["
                        + "{\"kind\":\"tool_call\",\"source\":\"mcp\",\"name\":\"first_tool\",\"durationMs\":"
                        + eventDuration + "},"
                        + "{\"kind\":\"tool_call\",\"source\":\"mcp\",\"name\":\"second_tool\",\"durationMs\":12}],"
                        + "\"finalText\":\"THE FINAL ANSWER\",\"usage\":" + usage + "}}");
        f.score("judge", "v", caseId, 0, false, "no");
        return file;
    }

    @Test
    void anEventsHugeDurationLeavesOutThatFieldOnly() throws Exception {
        RunFixture f =
                RunFixture.create(root, "numbers", "20261201T100000Z-cccccc").runJson("numbers", "v");
        int i = 0;
        for (String n : HUGE) {
            Path file = trial(f, "d" + i++, n, "{\"inputTokens\":5,\"outputTokens\":7}");
            Result text = run("transcript", file.toString());
            assertThat(text.code()).as(n + ": " + text.err()).isZero();
            assertThat(text.out())
                    .as(n)
                    .contains("first_tool")
                    .contains("second_tool")
                    .contains("THE FINAL ANSWER")
                    .contains("5 in")
                    .contains("7 out")
                    .doesNotContain("Final answer: (none)");
            Result json = run("transcript", file.toString(), "--json");
            JsonNode t = new ObjectMapper().readTree(json.out());
            assertThat(t.path("events")).as(n).hasSize(2);
            assertThat(t.path("status").asText()).as(n).isEqualTo("failed");
        }
        Result listed = run("trials", f.runDir().toString(), "--json");
        assertThat(listed.code()).as(listed.err()).isZero();
        for (JsonNode t : new ObjectMapper().readTree(listed.out())) {
            assertThat(t.path("status").asText()).as(t.path("caseId").asText()).isEqualTo("failed");
        }
    }

    @Test
    void hugeTokensAndCostAreLeftOutAndSaidNotPrinted() throws Exception {
        RunFixture f =
                RunFixture.create(root, "numbers", "20261201T100000Z-dddddd").runJson("numbers", "v");
        Path tokens = trial(
                f,
                "tok",
                "10",
                "{\"inputTokens\":1e30,\"outputTokens\":12345678901234567890,\"reasoningOutputTokens\":3}");
        Path cost = trial(f, "cost", "10", "{\"inputTokens\":5,\"estimatedCostUsd\":1e300}");
        Path fine = trial(f, "fine", "10", "{\"inputTokens\":5,\"totalCostUsd\":0.0123}");

        Result t = run("transcript", tokens.toString());
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out())
                .contains("first_tool")
                .contains("THE FINAL ANSWER")
                .contains("3 reasoning")
                .contains("inputTokens, outputTokens out of range, left out")
                .doesNotContain("9,223,372,036,854,775,807");
        Result c = run("transcript", cost.toString());
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out())
                .contains("5 in")
                .contains("estimatedCostUsd out of range, left out")
                .doesNotContainPattern("\\$\\d{8,}");
        assertThat(run("transcript", fine.toString()).out()).contains("$0.0123");
        Result listed = run("trials", f.runDir().toString(), "--json");
        assertThat(listed.code()).as(listed.err()).isZero();
        assertThat(new ObjectMapper().readTree(listed.out())).hasSize(3);
        assertThat(listed.out()).doesNotContain("unreadable");
    }
}
