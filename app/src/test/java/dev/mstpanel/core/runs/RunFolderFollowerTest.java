package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's traces reach the model through the Results view's reader and watcher: a new run
 * folder is found, each trace counts once (infra as infra, a half-written one once it is whole,
 * a missing trial not at all), and a resumed run counts only the traces MST writes again.
 */
class RunFolderFollowerTest {
    @TempDir
    Path evalDir;

    private final ResultsReader reader = new ResultsReader();
    private RunFolderFollower follower;

    @AfterEach
    void close() {
        if (follower != null) {
            follower.close();
        }
        reader.close();
    }

    private static Path runDir(Path evalDir, String runId) {
        return evalDir.resolve(".mcp-test-results")
                .resolve("checkout-flow")
                .resolve("runs")
                .resolve(runId);
    }

    /** Writes a trace as MST does: a temporary file renamed into place. */
    private static void trace(Path runDir, String caseSegment, int trial, String extra) throws Exception {
        Path dir = runDir.resolve("traces").resolve("default").resolve(caseSegment);
        Files.createDirectories(dir);
        Path tmp = dir.resolve(trial + ".json.tmp");
        Files.writeString(
                tmp,
                "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\""
                        + java.net.URLDecoder.decode(caseSegment, StandardCharsets.UTF_8) + "\",\"trial\":" + trial
                        + ",\"infrastructureError\":false" + extra + ",\"trace\":{\"events\":[]}}");
        Files.move(tmp, dir.resolve(trial + ".json"), StandardCopyOption.ATOMIC_MOVE);
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void newRunFolderIsFoundAndEachTraceCountsOnce() throws Exception {
        Files.createDirectories(runDir(evalDir, "20261001T100000Z-aaaaaa").resolve("traces"));
        RunModel model = new RunModel();
        model.setShardCount(1);
        follower = new RunFolderFollower(reader, evalDir, false, null, model, Duration.ofSeconds(1));
        follower.start();

        Path run = runDir(evalDir, "20261007T182504Z-7f3c2a");
        Files.createDirectories(run);
        trace(run, "refund-order", 0, "");
        trace(run, "caf%C3%A9-%C3%BC", 0, "");
        trace(
                run,
                "gift-card",
                0,
                ",\"infrastructureError\":true,\"error\":\"the client exited\",\"clientDiagnostics\":{\"failureKind\":\"process\"}");
        trace(run, "gift-card", 1, ",\"clientDiagnostics\":{\"failureKind\":\"missing\"}");
        // a trace still being written, completed a moment later
        Path half = run.resolve("traces/default/change-address/0.json");
        Files.createDirectories(half.getParent());
        Files.writeString(half, "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"def");
        waitUntil(() -> model.snapshot().collected() + model.snapshot().infra() >= 3);
        trace(run, "change-address", 0, "");
        trace(run, "refund-order", 0, ""); // written again: still one trial
        waitUntil(() -> model.snapshot().collected() >= 3);
        follower.finalLook();

        RunState s = model.snapshot();
        assertThat(s.runDir()).isEqualTo(run.toString());
        assertThat(s.collected()).isEqualTo(3);
        assertThat(s.infra()).isEqualTo(1);
        assertThat(s.tracesSeen()).isEqualTo(4);
        assertThat(s.events())
                .filteredOn(e -> e.type().equals("trial"))
                .extracting(e -> e.fields().get("caseId"))
                .containsExactlyInAnyOrder("refund-order", "café-ü", "gift-card", "change-address");
    }

    @Test
    void resumedRunCountsOnlyTracesWrittenAgain() throws Exception {
        Path run = runDir(evalDir, "20261007T182504Z-7f3c2a");
        trace(run, "refund-order", 0, "");
        trace(run, "gift-card", 0, ",\"clientDiagnostics\":{\"failureKind\":\"missing\"}");
        RunModel model = new RunModel();
        model.setShardCount(1);
        follower = new RunFolderFollower(reader, evalDir, false, "7f3c2a", model, Duration.ofSeconds(1));
        follower.start();
        assertThat(follower.runDir()).isEqualTo(run);

        Thread.sleep(1100); // a later modification time than the one noted at the start, on coarse file systems too
        trace(run, "gift-card", 0, "");
        waitUntil(() -> model.snapshot().collected() >= 1);
        follower.finalLook();

        RunState s = model.snapshot();
        assertThat(s.collected()).isEqualTo(1);
        assertThat(s.events())
                .filteredOn(e -> e.type().equals("trial"))
                .extracting(e -> e.fields().get("caseId"))
                .containsExactly("gift-card");
    }

    @Test
    void outputDirRunsAreFoundUnderItsRunsFolder() throws Exception {
        Path out = evalDir.resolve("out");
        RunModel model = new RunModel();
        follower = new RunFolderFollower(reader, out, true, null, model, Duration.ofSeconds(1));
        follower.start();
        Path run = out.resolve("runs").resolve("20261007T182504Z-7f3c2a");
        trace(run, "refund-order", 1, "");
        waitUntil(() -> model.snapshot().collected() >= 1);
        follower.finalLook();
        assertThat(model.snapshot().runDir()).isEqualTo(run.toString());
        assertThat(model.snapshot().collected()).isEqualTo(1);
    }
}
