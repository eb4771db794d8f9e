package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.TestEngines;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headless twin, run as a user runs it: a separate JVM with DOCKER_CONFIG pointing at the test engines. */
class ContextsCommandIT {
    @TempDir
    Path home;

    private record Run(int exit, String out, String err) {}

    private Run run(String... args) throws Exception {
        return runWith(TestEngines.dockerConfig(), args);
    }

    private Run runWith(Path dockerConfig, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("DOCKER_CONFIG", dockerConfig.toString());
        pb.environment().remove("DOCKER_HOST");
        pb.environment().remove("DOCKER_CONTEXT");
        pb.environment().put("MST_PANEL_HOME", home.toString());
        pb.environment().put("HOME", home.toString());
        File out = home.resolve("out.txt").toFile();
        File err = home.resolve("err.txt").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(
                p.exitValue(),
                java.nio.file.Files.readString(out.toPath(), StandardCharsets.UTF_8),
                java.nio.file.Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    @Test
    void jsonListsEveryContextWithItsSplitAndExitsZeroWithADeadOne() throws Exception {
        Run r = run("contexts", "--json");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode array = new ObjectMapper().readTree(r.out());
        assertThat(array.isArray()).isTrue();
        JsonNode engine1 = find(array, "engine-1");
        assertThat(engine1.get("current").asBoolean()).isTrue();
        assertThat(engine1.get("reachable").asBoolean()).isTrue();
        assertThat(engine1.get("source").asText()).isEqualTo("context-store");
        assertThat(engine1.get("endpoint").asText()).isEqualTo("unix://" + TestEngines.socket(1));
        assertThat(engine1.get("cpus").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(engine1.get("memoryBytes").asLong()).isPositive();
        assertThat(engine1.get("probeMillis").isIntegralNumber()).isTrue();
        JsonNode cowork = engine1.path("capacity").path("cowork");
        assertThat(cowork.get("containers").asInt()).isEqualTo(1);
        assertThat(cowork.get("memoryBytes").asLong())
                .isEqualTo(engine1.get("memoryBytes").asLong() - (1L << 30));
        assertThat(cowork.get("estimate").asBoolean()).isFalse();
        assertThat(engine1.path("capacity").path("chatgpt").get("estimate").asBoolean())
                .isTrue();
        assertThat(engine1.path("capacity").path("grade").get("memoryBytes").asLong())
                .isEqualTo(2L << 30);

        JsonNode dead = find(array, "dead");
        assertThat(dead.get("reachable").asBoolean()).isFalse();
        assertThat(dead.get("error").asText()).startsWith("No socket at ");
        assertThat(dead.get("capacity").isNull()).isTrue();
        assertThat(find(array, "default").get("source").asText()).isEqualTo("default");
    }

    @Test
    void memoryAndCpusOptionsChangeTheSplit() throws Exception {
        Run r = run("contexts", "--json", "--memory", "4g", "--cpus", "64");
        assertThat(r.exit()).isZero();
        JsonNode engine2 = find(new ObjectMapper().readTree(r.out()), "engine-2");
        assertThat(engine2.path("capacity").get("error").asText()).startsWith("cpus=64 is more than its");
        assertThat(engine2.path("capacity").path("grade").get("containers").asInt())
                .isZero();
    }

    @Test
    void tableShowsMstsCapacityLineAndTheDeadContextsReason() throws Exception {
        Run r = run("contexts");
        assertThat(r.exit()).isZero();
        assertThat(r.out())
                .containsPattern(
                        "engine-1 has \\d+\\.\\d GiB and \\d+ CPUs?: 1 Cowork container at a time, \\d+\\.\\d GiB each");
        assertThat(r.out()).contains("dead (unix://").contains("No socket at");
    }

    @Test
    void badOptionsExitTwoWithAPlainMessage() throws Exception {
        Run r = run("contexts", "--memory", "lots");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("\"lots\" is not a memory size");
        assertThat(r.err()).doesNotContain("Exception");
        Run t = run("contexts", "--timeout", "abc");
        assertThat(t.exit()).isEqualTo(2);
        assertThat(t.err()).contains("--timeout takes a number of seconds");
    }

    @Test
    void malformedConfigJsonIsAWarningAndTheEnginesStillAnswer() throws Exception {
        Path copy = home.resolve("docker-config");
        try (var files = java.nio.file.Files.walk(TestEngines.dockerConfig())) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target =
                        copy.resolve(TestEngines.dockerConfig().relativize(p).toString());
                if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(target);
                } else {
                    java.nio.file.Files.copy(p, target);
                }
            }
        }
        java.nio.file.Files.writeString(copy.resolve("config.json"), "{\"currentContext\": \"engine-1\",");
        Run r = runWith(copy, "contexts", "--json");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("warning: ").contains("config.json could not be read");
        JsonNode engine1 = find(new ObjectMapper().readTree(r.out()), "engine-1");
        assertThat(engine1.get("reachable").asBoolean()).as(engine1.toString()).isTrue();
    }

    @Test
    void versionAndHelpRunHeadless() throws Exception {
        Run v = run("--version");
        assertThat(v.exit()).isZero();
        assertThat(v.out()).startsWith("mst-panel ");
        Run h = run("--help");
        assertThat(h.exit()).isZero();
        assertThat(h.out()).contains("contexts");
    }

    private static JsonNode find(JsonNode array, String name) {
        for (JsonNode n : array) {
            if (n.get("name").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no context " + name + " in " + array);
    }
}
