package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.TestEngines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless {@code run} as a user runs it: a real JVM running the panel's main class, the
 * {@code mst} stand-in (a test double) starting real containers on the two test engines.
 */
@DisabledOnOs(OS.WINDOWS)
class RunCommandEndToEndTest {
    private static final String ENV_SECRET = "sk-ant-e2e-env-secret-7731";
    private static final String FILE_SECRET = "shop-file-secret-5519";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<String> stdout = new CopyOnWriteArrayList<>();
    private final StringBuilder stderr = new StringBuilder();

    @AfterEach
    void removeTheRunsContainers() throws Exception {
        // every container the stand-in made in this test carries our JVM's child's labels; kept ones stay after it
        for (String ctx : List.of("engine-1", "engine-2")) {
            Process p =
                    docker("--context", ctx, "ps", "-aq", "--filter", "label=mst.owner.pid", "--filter", "name=mst-");
            String ids = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            p.waitFor(30, TimeUnit.SECONDS);
            if (!ids.isEmpty()) {
                List<String> rm = new ArrayList<>(List.of("--context", ctx, "rm", "-f"));
                rm.addAll(List.of(ids.split("\\s+")));
                docker(rm.toArray(String[]::new)).waitFor(60, TimeUnit.SECONDS);
            }
        }
    }

    private Process docker(String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add("docker");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        return pb.start();
    }

    private String inspect(String context, String format, String container) throws IOException, InterruptedException {
        Process p = docker("--context", context, "inspect", "-f", format, container);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    private Process startPanelRun(Map<String, String> standinEnv, String... runArgs) throws IOException {
        Path standin = TestEngines.projectRoot().resolve("app/src/test/resources/mst-standin/mst");
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main",
                "run",
                "--mst",
                standin.toString(),
                "--events",
                "jsonl",
                "--grace",
                "15",
                "--"));
        cmd.addAll(List.of(runArgs));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.putAll(TestEngines.environment(dir.resolve("home")).variables());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        env.put("MST_PANEL_LOGIN_SHELL", "off");
        env.put("ANTHROPIC_API_KEY", ENV_SECRET);
        env.putAll(standinEnv);
        Process p = pb.start();
        Thread out = new Thread(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                r.lines().forEach(stdout::add);
            } catch (IOException ignored) {
                // ended
            }
        });
        out.setDaemon(true);
        out.start();
        Thread err = new Thread(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                r.lines().forEach(l -> {
                    synchronized (stderr) {
                        stderr.append(l).append('\n');
                    }
                });
            } catch (IOException ignored) {
                // ended
            }
        });
        err.setDaemon(true);
        err.start();
        return p;
    }

    private Path evalFolder() throws IOException {
        Path eval = dir.resolve("evals");
        Files.createDirectories(eval);
        Files.writeString(eval.resolve("eval.json"), "{\"name\": \"checkout-flow\", \"client\": \"cowork\"}");
        Files.writeString(eval.resolve("secrets.json"), "{\"SHOP_PASSWORD\": \"" + FILE_SECRET + "\"}");
        return eval;
    }

    private List<JsonNode> events() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String l : stdout) {
            out.add(JSON.readTree(l));
        }
        return out;
    }

    @Test
    void headlessRunReportsShardsContainersTheOomShardAndTheKeptContainerWithoutLeakingSecrets() throws Exception {
        TestEngines.require();
        Path eval = evalFolder();
        Process p = startPanelRun(
                Map.of("MST_STANDIN_TRIAL_DELAY", "0.5", "MST_STANDIN_OOM_SHARD", "2"),
                "--config",
                eval.resolve("eval.json").toString(),
                "--runner",
                "docker",
                "--runner-option",
                "contexts=engine-1,engine-2",
                "--runner-option",
                "shards=3",
                "--runner-option",
                "keep=failed",
                "--runner-option",
                "memory=32m",
                "--secrets-file",
                eval.resolve("secrets.json").toString());

        assertThat(p.waitFor(180, TimeUnit.SECONDS))
                .as("run finished; stderr: %s", stderr)
                .isTrue();
        Thread.sleep(200); // the reader thread drains the last lines
        List<JsonNode> events = events();

        assertThat(p.exitValue())
                .as("MST's exit code (a graded case failed); stderr: %s", stderr)
                .isEqualTo(1);
        assertThat(events)
                .allSatisfy(e -> assertThat(e.has("type") && e.has("time")).isTrue());
        assertThat(events.get(0).get("type").asText()).isEqualTo("started");
        assertThat(events.get(0).get("pid").asLong()).isPositive();
        assertThat(events.get(0).get("command").asText()).contains("--runner-option contexts=engine-1,engine-2");
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("capacity"))
                .extracting(e -> e.get("context").asText())
                .containsExactly("engine-1", "engine-2");
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("container"))
                .extracting(e -> e.get("context").asText())
                .contains("engine-1", "engine-2");
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("container")
                        && e.get("oomKilled").asBoolean())
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.get("memoryLimitBytes").asLong()).isEqualTo(32L << 20));
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("oom"))
                .singleElement()
                .satisfies(e -> assertThat(e.get("shard").asInt()).isEqualTo(2));
        assertThat(events)
                .filteredOn(e ->
                        e.get("type").asText().equals("shard") && e.get("index").asInt() == 2)
                .last()
                .satisfies(e -> assertThat(e.get("phase").asText()).isEqualTo("out-of-memory"));
        assertThat(events)
                .filteredOn(e ->
                        e.get("type").asText().equals("shard") && e.get("index").asInt() != 2)
                .filteredOn(e -> e.get("phase").asText().equals("done"))
                .extracting(e -> e.get("index").asInt())
                .containsOnly(1, 3);
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("trial"))
                .isNotEmpty();
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("output"))
                .singleElement()
                .satisfies(e -> assertThat(e.get("runDir").asText()).contains(".mcp-test-results/checkout-flow/runs/"));
        JsonNode finished = events.get(events.size() - 1);
        assertThat(finished.get("type").asText()).isEqualTo("finished");
        assertThat(finished.get("exitCode").asInt()).isEqualTo(1);
        assertThat(finished.get("missing").asInt()).isPositive();
        // keep=failed: the out-of-memory shard 2 (engine-2) and shard 3 (engine-1), whose case was graded failed
        List<String> kept = new ArrayList<>();
        finished.get("keptContainers").forEach(k -> kept.add(k.asText()));
        assertThat(kept).hasSize(2).allMatch(k -> k.matches("mst-\\d{8}t\\d{6}z-[0-9a-f]{6}-[23]-kept"));
        String oomKept =
                kept.stream().filter(k -> k.endsWith("-2-kept")).findFirst().orElseThrow();
        String gradedKept =
                kept.stream().filter(k -> k.endsWith("-3-kept")).findFirst().orElseThrow();

        // the kept containers are really there: the out-of-memory one exited, the graded failure's left running
        assertThat(inspect("engine-2", "{{.State.OOMKilled}} {{.State.Status}}", oomKept))
                .isEqualTo("true exited");
        assertThat(inspect("engine-1", "{{.State.OOMKilled}} {{.State.Status}}", gradedKept))
                .isEqualTo("false running");

        // no secret in anything the panel wrote or printed
        assertThat(String.join("\n", stdout)).doesNotContain(ENV_SECRET, FILE_SECRET);
        synchronized (stderr) {
            assertThat(stderr.toString()).doesNotContain(ENV_SECRET, FILE_SECRET);
        }
        List<Path> written;
        try (Stream<Path> s = Files.walk(dir.resolve("panel-home"))) {
            written = s.filter(Files::isRegularFile).toList();
        }
        // the log is named after the start time and the run MST printed; MST's own end lines are line events
        String shortId = events.stream()
                .filter(e -> e.get("type").asText().equals("output"))
                .findFirst()
                .orElseThrow()
                .get("runDir")
                .asText()
                .replaceAll(".*-([0-9a-f]{6})$", "$1");
        assertThat(written)
                .anyMatch(f -> f.toString().contains("/runs/")
                        && f.getFileName().toString().matches("\\d{8}-\\d{6}-" + shortId + "\\.log"));
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("line"))
                .anyMatch(e -> e.get("stream").asText().equals("stdout")
                        && e.get("text").asText().equals("Eval complete: checkout-flow"));
        for (Path f : written) {
            // the run's recording is gzip-compressed JSON lines: read what it holds
            String text = f.getFileName().toString().endsWith(".gz")
                    ? new String(
                            new java.util.zip.GZIPInputStream(Files.newInputStream(f)).readAllBytes(),
                            StandardCharsets.UTF_8)
                    : Files.readString(f, StandardCharsets.UTF_8);
            assertThat(text).as("%s", f).doesNotContain(ENV_SECRET).doesNotContain(FILE_SECRET);
        }
    }

    @Test
    void sigintToTheHeadlessRunCancelsAndLeavesNoContainer() throws Exception {
        TestEngines.require();
        Path eval = evalFolder();
        Process p = startPanelRun(
                Map.of("MST_STANDIN_TRIAL_DELAY", "3", "MST_STANDIN_OOM_SHARD", "0"),
                "--config",
                eval.resolve("eval.json").toString(),
                "--runner",
                "docker",
                "--runner-option",
                "contexts=engine-1,engine-2",
                "--runner-option",
                "shards=2");
        for (int i = 0;
                i < 600
                        && stdout.stream()
                                .noneMatch(l -> l.contains("\"type\":\"container\"") && l.contains("running"));
                i++) {
            Thread.sleep(100);
        }
        assertThat(stdout)
                .as("a container started; stderr: %s", stderr)
                .anyMatch(l -> l.contains("\"type\":\"container\""));
        long standinPid = JSON.readTree(stdout.get(0)).get("pid").asLong();

        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();

        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200);
        assertThat(p.exitValue()).isEqualTo(130);
        assertThat(stderr.toString()).contains("stopping the shards");
        List<JsonNode> events = events();
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("shard"))
                .filteredOn(e -> e.get("phase").asText().equals("stopped"))
                .isNotEmpty();
        for (String ctx : List.of("engine-1", "engine-2")) {
            Process ps = docker("--context", ctx, "ps", "-aq", "--filter", "label=mst.owner.pid=" + standinPid);
            assertThat(new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip())
                    .as(ctx)
                    .isEmpty();
        }
    }
}
