package dev.mstpanel.ui.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.MstLine;
import dev.mstpanel.core.mst.MstOutputParser;
import dev.mstpanel.core.runs.ShardPhase;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shard stopped because its worker's image holds another plugin version ("This worker has plugin …;
 * the run uses …") offers to rebuild that context's image with this eval's plugins, beside Resume, as
 * a stale MST version offers its rebuild; the MST stand-in stops a shard that way on a real engine.
 */
@DisabledOnOs(OS.WINDOWS)
class PluginImageOfferTest {
    @TempDir
    Path dir;

    private static ShardSnapshot shard(int i, String context, String message) {
        return new ShardSnapshot(
                i, 2, context, "mst-x-" + i, ShardPhase.STOPPED, 0, 0, null, 0, 0, 0, -1, false, false, message);
    }

    private static RunSnapshot ended(List<ShardSnapshot> shards) {
        return new RunSnapshot(
                RunSnapshot.State.FINISHED,
                Instant.EPOCH,
                Instant.EPOCH,
                4,
                0,
                4,
                shards,
                "Results: 2/4 passed",
                Path.of("/r/.mcp-test-results/e/runs/20260105T101500Z-a1b2c3"),
                List.of(),
                1,
                null);
    }

    /** Runs the stand-in with its plugin-mismatch shard on engine-1 and returns the reason its shard stopped with. */
    private String standinStopReason() throws Exception {
        Files.writeString(
                dir.resolve("eval.json"), "{\"name\": \"plugin-eval\", \"plugins\": [\"@acme/mst-plugin-tickets\"]}");
        Path standin = TestEngines.projectRoot().resolve("app/src/test/resources/mst-standin/mst");
        ProcessBuilder pb = new ProcessBuilder(
                        standin.toString(),
                        "run",
                        "--config",
                        "eval.json",
                        "--runner",
                        "docker",
                        "--runner-option",
                        "contexts=engine-1",
                        "--runner-option",
                        "shards=1")
                .directory(dir.toFile());
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        pb.environment().put("MST_STANDIN_PLUGIN_MISMATCH_SHARD", "1");
        pb.environment().put("MST_STANDIN_OOM_SHARD", "0");
        pb.environment().put("MST_STANDIN_TRIAL_DELAY", "0.1");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        MstOutputParser parser = new MstOutputParser();
        for (String line : err.split("\\R")) {
            if (parser.parse(line) instanceof MstLine.ShardStopped stopped) {
                return stopped.reason();
            }
        }
        throw new AssertionError("the stand-in stopped no shard:\n" + err);
    }

    @Test
    void theStandinsPluginStopIsReadAndOffersTheRebuildOnThatContextBesideResume() throws Exception {
        String reason = standinStopReason();
        assertThat(MstOutputParser.pluginMismatch(reason))
                .containsExactly("@acme/mst-plugin-tickets 1.2.0", "@acme/mst-plugin-tickets 1.3.0");
        assertThat(MstOutputParser.staleWorker(reason)).isNull();

        FinishedRun f = new FinishedRun();
        f.ended(ended(List.of(shard(1, "engine-1", reason), shard(2, "engine-2", null))));
        assertThat(f.pluginImageContextProperty().get()).isEqualTo("engine-1");
        assertThat(f.staleImageContextProperty().get()).isNull(); // not the MST-version offer
        assertThat(f.canResumeProperty().get()).isTrue();
    }

    @Test
    void otherStopReasonsOfferNoPluginRebuild() {
        assertThat(MstOutputParser.pluginMismatch(
                        "The worker runs MST 2.0.0-beta.6, but this run uses 2.0.0-beta.7: install the same"
                                + " version in the worker's image."))
                .isNull();
        assertThat(MstOutputParser.pluginMismatch("The shard was cancelled.")).isNull();
        FinishedRun f = new FinishedRun();
        f.ended(ended(List.of(shard(1, "engine-1", "The worker sent nothing for 60 s; its channel may be gone."))));
        assertThat(f.pluginImageContextProperty().get()).isNull();
    }
}
