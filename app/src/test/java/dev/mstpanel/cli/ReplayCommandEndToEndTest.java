package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.testsupport.TestEngines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every run is recorded and a recording replays as the run printed it: a real
 * {@code run --events jsonl} of the {@code mst} stand-in (a test double) on the two test engines,
 * then {@code replay} of the recording its {@code finished} event names, compared event by event.
 */
@DisabledOnOs(OS.WINDOWS)
class ReplayCommandEndToEndTest {
    private static final String ENV_SECRET = "sk-ant-replay-env-secret-4471";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @AfterEach
    void removeKeptContainers() throws Exception {
        for (String ctx : List.of("engine-1", "engine-2")) {
            ProcessBuilder pb = new ProcessBuilder(
                    "sh",
                    "-c",
                    "docker --context " + ctx
                            + " ps -aq --filter label=mst.owner.pid --filter name=mst- | xargs -r docker --context "
                            + ctx + " rm -f");
            pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
            pb.redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start()
                    .waitFor(60, TimeUnit.SECONDS);
        }
    }

    private List<String> liveRun() throws Exception {
        Path eval = dir.resolve("evals");
        Files.createDirectories(eval);
        Files.writeString(eval.resolve("eval.json"), "{\"name\": \"checkout-flow\", \"client\": \"cowork\"}");
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
                "--",
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
                "memory=32m"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        Map<String, String> env = pb.environment();
        env.putAll(TestEngines.environment(dir.resolve("home")).variables());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        env.put("MST_PANEL_LOGIN_SHELL", "off");
        env.put("ANTHROPIC_API_KEY", ENV_SECRET);
        env.put("MST_STANDIN_TRIAL_DELAY", "0.5");
        Process p = pb.start();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            r.lines().forEach(out::add);
        }
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as("MST's exit code; stderr: %s", Files.readString(dir.resolve("stderr.txt")))
                .isEqualTo(1);
        return out;
    }

    /** An event without its time: what must be the same in the replay. */
    private static String shape(String jsonLine) throws IOException {
        ObjectNode o = (ObjectNode) JSON.readTree(jsonLine);
        o.remove("time");
        return o.toString();
    }

    private static String[] replay(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = MstPanelCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void aRecordedRunReplaysWithTheSameEventsInTheSameOrderAndNoSecret() throws Exception {
        TestEngines.require();
        List<String> live = liveRun();
        JsonNode finished = JSON.readTree(live.get(live.size() - 1));
        assertThat(finished.get("type").asText()).isEqualTo("finished");
        Path recording = Path.of(finished.get("recording").asText());
        assertThat(recording.getFileName().toString()).matches("\\d{8}-\\d{6}-[0-9a-f]{6}\\.recording\\.jsonl\\.gz");
        assertThat(recording.resolveSibling(recording.getFileName().toString().replace(".recording.jsonl.gz", ".log")))
                .exists();
        String recorded;
        try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(recording))) {
            recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(recorded)
                .contains("\"k\":\"stats\"", "\"k\":\"line\"", "\"type\":\"container\"")
                .doesNotContain(ENV_SECRET);

        String[] r = replay("replay", recording.toString(), "--speed", "max", "--events", "jsonl");
        assertThat(r[0]).as("exit code; stderr: %s", r[2]).isEqualTo("0");
        assertThat(r[2]).contains("nothing is running").doesNotContain("were not made again");
        List<String> replayed = new ArrayList<>();
        for (String l : r[1].split("\n")) {
            if (!l.isBlank()) {
                replayed.add(shape(l));
            }
        }
        List<String> expected = new ArrayList<>();
        for (String l : live) {
            expected.add(shape(l));
        }
        assertThat(replayed).containsExactlyElementsOf(expected);
        assertThat(String.join("\n", replayed)).contains("\"phase\":\"out-of-memory\"", "-kept");

        // the text form: the shard rows as `run` prints them, the out-of-memory shard among them
        String[] text = replay("replay", recording.toString(), "--speed", "max");
        assertThat(text[1])
                .containsPattern("shard 2/3  engine-2 +mst-\\S+ +out of memory")
                .contains("MST exited with code 1");
        // the highest sample is said when the stats saw one before the kill (a loaded machine can start the container
        // late)
        assertThat(text[1])
                .containsPattern(
                        "shard 2/3 .* out of memory .* reached its 32\\.0 MiB limit( \\(highest sample [0-9.]+ (KiB|MiB)\\))?");
    }

    @Test
    void theBuiltInDemoReplaysAsRecordedAndNamesTheFoldersOfItsResultsCopy() throws Exception {
        Path panelHome = dir.resolve("panel-home");
        ProcessBuilder pb = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.mstpanel.Main",
                        "demo",
                        "--speed",
                        "max",
                        "--events",
                        "jsonl")
                .directory(dir.toFile())
                .redirectError(dir.resolve("demo-stderr.txt").toFile());
        pb.environment().put("MST_PANEL_HOME", panelHome.toString());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("demo-stderr.txt"));
        assertThat(p.exitValue()).as("stderr: %s", err).isEqualTo(0);
        assertThat(err).contains("nothing is running").doesNotContain("were not made again");
        Path evalCopy = panelHome.resolve("data/demo/eval");
        assertThat(out)
                .doesNotContain("@DEMO_EVAL@")
                .contains(evalCopy.toString())
                .contains("\"type\":\"finished\"");
        JsonNode output = null;
        for (String l : out.split("\n")) {
            JsonNode e = l.isBlank() ? null : JSON.readTree(l);
            if (e != null && e.path("type").asText().equals("output")) {
                output = e;
            }
        }
        assertThat(output).as("the demo's output event").isNotNull();
        assertThat(Path.of(output.get("runDir").asText())).isDirectory();
    }

    @Test
    void aFileThatIsNotARecordingIsACleanMessage() throws Exception {
        Path notOne = dir.resolve("notes.txt");
        Files.writeString(notOne, "hello\n");
        String[] r = replay("replay", notOne.toString());
        assertThat(r[0]).isEqualTo("1");
        assertThat(r[2]).contains("is not a run recording").doesNotContain("Exception");
        assertThat(r[2].strip())
                .isEqualTo("mst-panel replay: " + notOne + " is not a run recording (its first line is not JSON)");
        String[] bad = replay("replay", notOne.toString(), "--speed", "fast");
        assertThat(bad[0]).isEqualTo("1"); // read fails first: the file is named before the speed
        String[] missing =
                replay("replay", dir.resolve("none.recording.jsonl.gz").toString());
        assertThat(missing[2]).contains("no such file");
        assertThat(replay("replay", dir.toString())[2])
                .contains(dir + " is a folder: give a recording file")
                .doesNotContain("no such file");
        Path fifo = dir.resolve("fifo.recording.jsonl.gz");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        assertThat(replay("replay", fifo.toString())[2])
                .contains(fifo + " is not a regular file (a named pipe")
                .doesNotContain("no such file");
        Path empty = Files.writeString(dir.resolve("empty.recording.jsonl"), "");
        assertThat(replay("replay", empty.toString())[2]).contains("is empty");
        // a gzip file cut off early: damaged, not empty
        Path whole = dir.resolve("whole.recording.jsonl.gz");
        try (var gz = new java.util.zip.GZIPOutputStream(Files.newOutputStream(whole))) {
            gz.write("{\"k\":\"recording\",\"version\":1,\"startedAt\":\"2026-01-01T00:00:00Z\"}\n"
                    .repeat(50)
                    .getBytes());
        }
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.recording.jsonl.gz"), java.util.Arrays.copyOf(bytes, 12));
        String[] damaged = replay("replay", cut.toString());
        assertThat(damaged[0]).isEqualTo("1");
        assertThat(damaged[2])
                .contains("is cut short or damaged")
                .doesNotContain("is empty")
                .doesNotContain("Exception");
    }

    @Test
    void aSpeedOutsideItsStatedRangeIsAUsageError() {
        for (String speed : List.of("1e-300", "0", "-4", "1e9", "NaN")) {
            String[] r = replay("demo", "--speed", speed);
            assertThat(r[0]).as(speed).isEqualTo("2");
            assertThat(r[2])
                    .contains("--speed takes a number from 0.1 to 10000 (1, 4, 16) or max, not `" + speed + "`.");
        }
    }
}
