package dev.mstpanel.core.runs.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.runs.RunArguments;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The estimate from real files: an eval config, its dataset and an earlier run in MST's results folder. */
class RunEstimatesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path project;

    private Path config(String trials) throws Exception {
        Files.writeString(project.resolve("cases.json"), "[{\"id\":\"x\"},{\"id\":\"y\"},{\"id\":\"z\"}]");
        Path config = project.resolve("eval.json");
        Files.writeString(
                config,
                "{\"name\":\"shop\",\"datasets\":[\"cases.json\"],\"trials\":" + trials
                        + ",\"variants\":[{\"name\":\"a\"},{\"name\":\"b\"}]}");
        return config;
    }

    private static ObjectNode took(long ms, Double cost) {
        ObjectNode n = RunFixture.fields().put("durationMs", ms);
        if (cost != null) {
            n.putObject("clientUsage").put("totalCostUsd", cost);
        }
        return n;
    }

    @Test
    void anEvalWithoutRunsHasNoEstimate() throws Exception {
        Path config = config("2");
        try (ResultsReader reader = new ResultsReader()) {
            RunEstimate e = new RunEstimates(reader)
                    .estimate(
                            RunArguments.parse(List.of("--config", config.toString(), "--runner", "docker")),
                            c -> Optional.empty());

            assertThat(e.known()).isFalse();
            assertThat(e.trials()).isEqualTo(12);
            assertThat(e.reasons()).extracting(EstimateReason::text).containsExactly(RunEstimator.NO_HISTORY);
        }
    }

    @Test
    void theEarlierRunsTimesAndCostsGiveTheEstimateOfTheRunsArguments() throws Exception {
        Path config = config("2");
        RunFixture f = RunFixture.create(project.resolve(".mcp-test-results"), "shop", "20260105T101500Z-a1b2c3")
                .runJson("shop", "a", "b");
        for (String c : List.of("x", "y", "z")) {
            f.trace("a", c, 0, took(30_000, 0.5));
            f.trace("b", c, 0, took(60_000, null));
        }
        // a regrade ran no trial: it is no history of times
        RunFixture.create(project.resolve(".mcp-test-results"), "shop", "20260105T101500Z-a1b2c3.g1")
                .runJson("shop", "a", "b")
                .trace("a", "x", 0, took(999_000, null));

        try (ResultsReader reader = new ResultsReader()) {
            RunEstimate e = new RunEstimates(reader)
                    .estimate(
                            RunArguments.parse(List.of(
                                    "--config",
                                    config.toString(),
                                    "--runner",
                                    "docker",
                                    "--runner-option",
                                    "contexts=one",
                                    "--runner-option",
                                    "shards=1",
                                    "--variant",
                                    "a",
                                    "--trials",
                                    "4")),
                            c -> Optional.empty());

            // 3 cases × 4 trials × 30 s, one Cowork context
            assertThat(e.trials()).isEqualTo(12);
            assertThat(e.basedOnRuns()).isEqualTo(1);
            assertThat(e.wallSeconds().expected()).isGreaterThanOrEqualTo(360);
            assertThat(e.costUsd()).isEqualTo(6.0);
        }
    }

    @Test
    void onlyTheNewestRunsAreRead() throws Exception {
        Path config = config("1");
        for (int r = 0; r < RunEstimates.NEWEST_RUNS + 2; r++) {
            // the two oldest runs took ten times as long: left out, they do not pull the estimate up
            long ms = r < 2 ? 100_000 : 10_000;
            RunFixture.create(
                            project.resolve(".mcp-test-results"),
                            "shop",
                            String.format("202601%02dT101500Z-a1b2c3", r + 1))
                    .runJson("shop", "a", "b")
                    .trace("a", "x", 0, took(ms, null))
                    .trace("b", "x", 0, took(ms, null));
        }
        try (ResultsReader reader = new ResultsReader()) {
            RunEstimate e = new RunEstimates(reader)
                    .estimate(
                            RunArguments.parse(List.of("--config", config.toString(), "--runner", "docker")),
                            c -> Optional.empty());

            assertThat(e.basedOnRuns()).isEqualTo(RunEstimates.NEWEST_RUNS);
            assertThat(e.reasons()).extracting(EstimateReason::text).contains("a: 10 s per trial (10 trials)");
        }
    }
}
