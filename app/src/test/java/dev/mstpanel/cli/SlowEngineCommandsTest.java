package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.SlowEngine;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code doctor} and {@code run} as a user runs them, against a context whose engine answers one
 * header line every 0.5 s: both end, doctor reports the engine as not
 * answering, and run reports MST's exit code.
 */
@DisabledOnOs(OS.WINDOWS)
class SlowEngineCommandsTest {
    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {}

    /** A Docker CLI config whose only context, current, is {@code name} at {@code endpoint}. */
    static Path dockerConfigWith(Path dir, String name, String endpoint) throws Exception {
        Path config = dir.resolve("docker-config");
        String hash = HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8)));
        Path meta = config.resolve("contexts/meta/" + hash);
        Files.createDirectories(meta);
        Files.writeString(
                meta.resolve("meta.json"),
                "{\"Name\":\"" + name + "\",\"Metadata\":{},\"Endpoints\":{\"docker\":{\"Host\":\"" + endpoint
                        + "\",\"SkipTLSVerify\":false}}}");
        Files.writeString(config.resolve("config.json"), "{\"currentContext\":\"" + name + "\"}");
        return config;
    }

    static Run panel(Path dir, Path dockerConfig, long waitSeconds, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("DOCKER_CONFIG", dockerConfig.toString());
        pb.environment().remove("DOCKER_HOST");
        pb.environment().remove("DOCKER_CONTEXT");
        pb.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        pb.environment().put("HOME", dir.toString());
        File out = dir.resolve("out-" + System.nanoTime() + ".txt").toFile();
        File err = dir.resolve("err-" + System.nanoTime() + ".txt").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        boolean ended = p.waitFor(waitSeconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(ended)
                .as("mst-panel " + String.join(" ", args) + " ended; stderr: " + Files.readString(err.toPath()))
                .isTrue();
        return new Run(
                p.exitValue(),
                Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    @Test
    void doctorEndsAndSaysTheTricklingEngineDidNotAnswer() throws Exception {
        try (SlowEngine slow = new SlowEngine()) {
            Path config = dockerConfigWith(dir, "slow", slow.endpoint());
            Run r = panel(dir, config, 90, "doctor", "--json", "--timeout", "2");
            JsonNode report = new ObjectMapper().readTree(r.out());
            JsonNode engine = null;
            for (JsonNode c : report.path("contexts")) {
                if (c.path("context").asText().equals("slow")) {
                    engine = c.path("checks").get(0);
                }
            }
            assertThat(engine).as(r.out()).isNotNull();
            assertThat(engine.path("status").asText()).as(r.out()).isEqualTo("warn");
            assertThat(engine.path("detail").asText())
                    .startsWith("Not reachable: No answer from " + slow.endpoint() + " within 2.0 s");
        }
    }

    @Test
    void sigtermEndsRunOnATricklingContextAndMstsExitIsReported() throws Exception {
        Path mst = dir.resolve("mst");
        // a test double of MST that runs for a minute unless stopped
        Files.writeString(mst, """
                #!/bin/sh
                case "$1" in
                  --version) echo 2.0.0-beta.7; exit 0 ;;
                esac
                if [ "$2" = "--help" ]; then echo "  --runner NAME  --runner-option K=V"; exit 0; fi
                echo "[mst] shard 1/1: starting on slow" >&2
                sleep 60
                """);
        mst.toFile().setExecutable(true);
        Files.writeString(dir.resolve("eval.json"), "{\"name\": \"slow-engine\", \"client\": \"cowork\"}");
        try (SlowEngine slow = new SlowEngine()) {
            Path config = dockerConfigWith(dir, "slow", slow.endpoint());
            List<String> cmd = new ArrayList<>(List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-cp",
                    System.getProperty("java.class.path"),
                    "dev.mstpanel.Main",
                    "run",
                    "--mst",
                    mst.toString(),
                    "--",
                    "--config",
                    dir.resolve("eval.json").toString(),
                    "--runner",
                    "docker",
                    "--runner-option",
                    "contexts=slow"));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
            pb.environment().put("DOCKER_CONFIG", config.toString());
            pb.environment().remove("DOCKER_HOST");
            pb.environment().remove("DOCKER_CONTEXT");
            pb.environment().put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
            pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
            File out = dir.resolve("run-out.txt").toFile();
            pb.redirectOutput(out).redirectErrorStream(true);
            Process p = pb.start();
            for (int i = 0; i < 120 && !Files.readString(out.toPath()).contains("starting on slow"); i++) {
                Thread.sleep(250);
            }
            Thread.sleep(2000); // the watcher is now in a call to the trickling engine
            p.destroy(); // SIGTERM
            boolean ended = p.waitFor(60, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            String said = Files.readString(out.toPath());
            assertThat(ended).as("run ended after SIGTERM: " + said).isTrue();
            assertThat(said).contains("MST exited with code");
        }
    }

    @Test
    void runReportsMstsExitCodeWhenTheRunsContextTrickles() throws Exception {
        Path mst = dir.resolve("mst");
        // a test double of MST: answers --version and run --help, then runs for a second and fails with 3
        Files.writeString(mst, """
                #!/bin/sh
                case "$1" in
                  --version) echo 2.0.0-beta.7; exit 0 ;;
                esac
                if [ "$2" = "--help" ]; then echo "  --runner NAME  --runner-option K=V"; exit 0; fi
                echo "[mst] shard 1/1: starting on slow" >&2
                sleep 1
                echo "[mst] shard 1/1: stopped: the test double fails on purpose" >&2
                exit 3
                """);
        mst.toFile().setExecutable(true);
        Files.writeString(dir.resolve("eval.json"), "{\"name\": \"slow-engine\", \"client\": \"cowork\"}");
        try (SlowEngine slow = new SlowEngine()) {
            Path config = dockerConfigWith(dir, "slow", slow.endpoint());
            Run r = panel(
                    dir,
                    config,
                    90,
                    "run",
                    "--mst",
                    mst.toString(),
                    "--",
                    "--config",
                    dir.resolve("eval.json").toString(),
                    "--runner",
                    "docker",
                    "--runner-option",
                    "contexts=slow");
            assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(3);
            assertThat(r.out() + r.err()).contains("MST exited with code 3");
        }
    }
}
