package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.PanelWindow;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A headless {@code run} keeps its estimate and, once MST finished, its actual wall-clock time in the
 * panel's data folder, never in the eval's results folder: a real panel process, the stand-in MST
 * starting a real container on engine-1.
 */
@DisabledOnOs(OS.WINDOWS)
class RunEstimateKeptTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aFinishedRunKeepsItsEstimateAndActualTimeInTheDataFolderOnly() throws Exception {
        TestEngines.require();
        Path eval = Files.createDirectories(dir.resolve("eval"));
        Files.writeString(eval.resolve("cases.json"), "[{\"id\":\"refund-order\"},{\"id\":\"gift-card\"}]");
        Path config = Files.writeString(
                eval.resolve("eval.json"), "{\n \"name\": \"shop\",\n \"datasets\": [\"cases.json\"]\n}\n");
        RunFixture.create(eval.resolve(".mcp-test-results"), "shop", "20260105T101500Z-a1b2c3")
                .runJson("shop", "default")
                .trace("default", "refund-order", 0, RunFixture.fields().put("durationMs", 1_000))
                .trace("default", "gift-card", 0, RunFixture.fields().put("durationMs", 1_000));
        Map<String, String> env =
                new HashMap<>(TestEngines.environment(dir.resolve("home")).variables());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        env.put("MST_STANDIN_CASES", "refund-order gift-card");
        env.put("MST_STANDIN_TRIALS", "1");
        env.put("MST_STANDIN_TRIAL_DELAY", "0.5");
        env.put("MST_STANDIN_OOM_SHARD", "0");
        env.put("MST_STANDIN_FAIL_CASES", "none");

        PanelProcess.Result r = PanelProcess.run(
                dir,
                env,
                180,
                "run",
                "--mst",
                PanelWindow.STANDIN_MST.toString(),
                "--",
                "--config",
                config.toString(),
                "--runner",
                "docker",
                "--runner-option",
                "contexts=engine-1");

        assertThat(r.exit()).as(r.err()).isZero();
        Path kept = dir.resolve("panel-home/data/estimates.json");
        assertThat(kept).exists();
        JsonNode entries = JSON.readTree(kept.toFile());
        assertThat(entries).hasSize(1);
        JsonNode e = entries.get(0);
        assertThat(e.get("eval").asText()).isEqualTo(config.toString());
        assertThat(e.get("expectedSeconds").asLong()).isPositive();
        assertThat(e.get("actualSeconds").asDouble()).isGreaterThanOrEqualTo(1.0);
        // the run folder holds MST's files only
        try (var files = Files.walk(eval.resolve(".mcp-test-results"))) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).doesNotContain("estimates.json");
        }
        assertThat(List.of(r.err())).noneMatch(s -> s.contains("Exception"));
    }
}
