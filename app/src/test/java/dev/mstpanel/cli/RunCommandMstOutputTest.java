package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless {@code run} as a new user meets it, without Docker: MST on the user's PATH (the
 * {@code mst} stand-in, a test double, called from a folder put first on PATH), a real login shell
 * whose system profile may reset PATH, and eval configs MST rejects before it touches Docker.
 */
@DisabledOnOs(OS.WINDOWS)
class RunCommandMstOutputTest {
    private static final String SECRET = "sk-ant-output-secret-4410";

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {}

    /** Runs {@code mst-panel run <args>} as a user would after {@code export PATH=<dir>/bin:$PATH}, login shell on. */
    private Run panel(String... args) throws Exception {
        Path bin = dir.resolve("bin");
        if (!Files.exists(bin.resolve("mst"))) {
            Files.createDirectories(bin);
            Files.writeString(
                    bin.resolve("mst"),
                    "#!/bin/sh\nexec '" + TestEngines.projectRoot().resolve("app/src/test/resources/mst-standin/mst")
                            + "' \"$@\"\n");
            bin.resolve("mst").toFile().setExecutable(true);
        }
        Path home = dir.resolve("home");
        Files.createDirectories(home);
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main",
                "run"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Map<String, String> env = pb.environment();
        env.remove("MST_PANEL_LOGIN_SHELL");
        env.remove("DOCKER_CONFIG");
        env.put("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("SHELL", "/bin/bash");
        env.put("HOME", home.toString());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        env.put("ANTHROPIC_API_KEY", SECRET);
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p, false));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p, true));
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out.get(), err.get());
    }

    private static String read(Process p, boolean err) {
        try {
            return new String((err ? p.getErrorStream() : p.getInputStream()).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private Path config(String name, String json) throws IOException {
        Path eval = dir.resolve("evals").resolve(name);
        Files.createDirectories(eval.getParent());
        Files.writeString(eval, json);
        return eval;
    }

    @Test
    void mstOnTheUsersPathIsFoundThoughTheLoginProfileResetsPath() throws Exception {
        // a profile that sets PATH from scratch, as Debian's /etc/profile does
        Files.createDirectories(dir.resolve("home"));
        Files.writeString(dir.resolve("home/.bash_profile"), "PATH=/usr/local/bin:/usr/bin:/bin\nexport PATH\n");
        Path eval = config("eval.json", "{\"client\": \"cowork\"}");

        Run r = panel("--", "--config", eval.toString(), "--runner", "docker", "--runner-option", "contexts=engine-1");

        assertThat(r.err()).doesNotContain("MST is not installed");
        assertThat(r.exit()).as("MST's own exit code; stderr: %s", r.err()).isEqualTo(2);
    }

    @Test
    void mstsOwnErrorsReachTheTextOutputRedacted() throws Exception {
        Path noName = config("no-name.json", "{\"client\": \"cowork\"}");
        Path notJson = config("not-json.json", "this is not json");
        Path missing = dir.resolve("evals/" + SECRET + ".json");
        for (Path cfg : List.of(noName, notJson, missing)) {
            Run r = panel(
                    "--", "--config", cfg.toString(), "--runner", "docker", "--runner-option", "contexts=engine-1");

            assertThat(r.exit()).as(r.err()).isEqualTo(2);
            String shown = cfg.equals(missing)
                    ? "mst: --config: no such file: " + dir.resolve("evals") + "/"
                    : "mst: " + cfg + " has no name";
            assertThat(r.err()).as("MST's own message, as it printed it").contains(shown);
            assertThat(r.err()).as("repeated after the exit").contains("MST's last lines on stderr:\n  " + shown);
            assertThat(r.out()).contains("MST exited with code 2: " + shown);
            assertThat(r.out() + r.err()).doesNotContain(SECRET);
        }
    }

    @Test
    void mstsOwnErrorsAreLineEventsInJsonl() throws Exception {
        Path noName = config("no-name.json", "{\"client\": \"cowork\"}");
        Run r = panel(
                "--events",
                "jsonl",
                "--",
                "--config",
                noName.toString(),
                "--runner",
                "docker",
                "--runner-option",
                "contexts=engine-1");

        List<com.fasterxml.jackson.databind.JsonNode> events = new ArrayList<>();
        for (String l : r.out().lines().toList()) {
            events.add(new com.fasterxml.jackson.databind.ObjectMapper().readTree(l));
        }
        assertThat(events)
                .filteredOn(e -> e.get("type").asText().equals("line"))
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.get("stream").asText()).isEqualTo("stderr");
                    assertThat(e.get("text").asText()).isEqualTo("mst: " + noName + " has no name");
                });
        com.fasterxml.jackson.databind.JsonNode finished = events.get(events.size() - 1);
        assertThat(finished.get("type").asText()).isEqualTo("finished");
        assertThat(finished.get("stderrTail").get(0).asText()).isEqualTo("mst: " + noName + " has no name");
    }
}
