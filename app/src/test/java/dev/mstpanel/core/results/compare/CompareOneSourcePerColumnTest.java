package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A comparison never shows one column from summary.json on one side and from the trials on the other: when a side's
 * figure is set aside (no figure a run can have, of the wrong type, or absent), both sides' figures come from the trials.
 */
class CompareOneSourcePerColumnTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private static final String GOOD =
            "{\"tool_count_mean\": 2.0, \"input_tokens_mean\": 100, \"output_tokens_mean\": 10, \"cost_usd_mean\": 0.5, \"duration_s_mean\": 3.0}";

    private RunFixture run(String id, long tokensPerTrial, String... metricsPerVariant) throws Exception {
        RunFixture f = RunFixture.create(root, "ev", id).runJson("ev", "base", "cand");
        for (String v : new String[] {"base", "cand"}) {
            for (int i = 0; i < 2; i++) {
                var events = RunFixture.events();
                RunFixture.event(events, "tool_call", "mcp", "shop", "find", 0, 10);
                ObjectNode traceFields = RunFixture.fields();
                traceFields
                        .putObject("usage")
                        .put("inputTokens", tokensPerTrial)
                        .put("outputTokens", 0);
                f.transcript(v, "c" + i, 0, events, traceFields, RunFixture.fields());
                f.score("judge", v, "c" + i, 0, i == 0, "graded");
            }
        }
        StringBuilder s = new StringBuilder("{\"format\": \"mst.run/v1\", \"kind\": \"summary\", \"variants\": [");
        s.append("{\"name\": \"base\", \"metrics\": ")
                .append(metricsPerVariant[0])
                .append("},");
        s.append("{\"name\": \"cand\", \"metrics\": ")
                .append(metricsPerVariant[1])
                .append("}]}");
        Files.writeString(f.runDir().resolve("summary.json"), s.toString());
        return f;
    }

    @Test
    void oneSidesFigureSetAsideTakesBothSidesFromTheTrials() throws Exception {
        RunFixture a = run("20261201T100000Z-b00001", 1100, GOOD, GOOD);
        RunFixture b = run(
                "20261202T100000Z-b00002",
                1100,
                GOOD,
                "{\"tool_count_mean\": 2.0, \"input_tokens_mean\": 1e13, \"output_tokens_mean\": 10, \"cost_usd_mean\": 0.5, \"duration_s_mean\": 3.0}");
        Comparison c = Comparisons.ofRuns(
                        RunTally.read(reader, a.runDir(), false),
                        RunTally.read(reader, b.runDir(), false),
                        "cand",
                        null)
                .get(0);
        assertThat(c.base().fromSummary()).isFalse();
        assertThat(c.candidate().fromSummary()).isFalse();
        assertThat(c.base().tokensMean()).isEqualTo(1100.0);
        assertThat(c.candidate().tokensMean()).isEqualTo(1100.0);
        assertThat(c.base().toolCallsMean())
                .isEqualTo(c.candidate().toolCallsMean())
                .isEqualTo(1.0);
    }

    @Test
    void aBaseFigureOfTheWrongTypeBetweenVariantsTakesBothFromTheTrials() throws Exception {
        RunFixture a = run(
                "20261201T100000Z-b00003",
                700,
                "{\"tool_count_mean\": [1], \"input_tokens_mean\": 100, \"output_tokens_mean\": 10, \"cost_usd_mean\": 0.5, \"duration_s_mean\": 3.0}",
                GOOD);
        Comparison c = Comparisons.ofVariants(RunTally.read(reader, a.runDir(), false), "base", "cand")
                .get(0);
        assertThat(c.base().fromSummary()).isFalse();
        assertThat(c.candidate().fromSummary()).isFalse();
        assertThat(c.base().toolCallsMean())
                .isEqualTo(c.candidate().toolCallsMean())
                .isEqualTo(1.0);
        assertThat(c.candidate().tokensMean()).isEqualTo(700.0);
    }

    @Test
    void bothSidesWholeKeepSummaryJson() throws Exception {
        RunFixture a = run("20261201T100000Z-b00004", 1100, GOOD, GOOD);
        RunFixture b = run("20261202T100000Z-b00005", 1100, GOOD, GOOD);
        Comparison c = Comparisons.ofRuns(
                        RunTally.read(reader, a.runDir(), false),
                        RunTally.read(reader, b.runDir(), false),
                        "cand",
                        null)
                .get(0);
        assertThat(c.base().fromSummary()).isTrue();
        assertThat(c.candidate().fromSummary()).isTrue();
        assertThat(c.base().tokensMean()).isEqualTo(c.candidate().tokensMean()).isEqualTo(110.0);
    }
}
