package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.runs.HostName;
import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The doctor's check containers never stay behind: SIGTERM during the check
 * removes them, and a doctor removes the ones a killed doctor left, on the real test engines.
 */
@DisabledOnOs(OS.WINDOWS)
class DoctorProbeCleanupTest {
    /** A test double of an MST image whose {@code sh} waits 30 s first, so the check container lives long enough to interrupt. */
    private static final String SLOW_IMAGE = "mst-cowork-linux:doctor-cleanup-test-double";

    @TempDir
    Path dir;

    @AfterEach
    void removeWhatTheTestMade() throws Exception {
        for (String ctx : List.of("engine-1", "engine-2")) {
            String ids = docker("--context", ctx, "ps", "-aq", "--filter", "label=dev.mstpanel.probe.test=1");
            if (!ids.isBlank()) {
                List<String> rm = new ArrayList<>(List.of("--context", ctx, "rm", "-f"));
                rm.addAll(List.of(ids.strip().split("\\s+")));
                docker(rm.toArray(String[]::new));
            }
        }
        docker("--context", "engine-2", "rmi", "-f", SLOW_IMAGE);
    }

    private static String docker(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("docker"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    private static String probeContainers(String context) throws Exception {
        return docker("--context", context, "ps", "-aq", "--filter", "label=dev.mstpanel.probe=doctor")
                .strip();
    }

    private Process startDoctor() throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main",
                "doctor",
                "--json"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().putAll(TestEngines.environment(dir).variables());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        pb.redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        return pb.start();
    }

    @Test
    void sigtermDuringTheCheckRemovesTheCheckContainer() throws Exception {
        TestEngines.require();
        Path build = dir.resolve("slow-image");
        Files.createDirectories(build.resolve("slow"));
        Files.writeString(
                build.resolve("slow/sh"), "#!/bin/busybox sh\n/bin/busybox sleep 30\nexec /bin/busybox sh \"$@\"\n");
        build.resolve("slow/sh").toFile().setExecutable(true);
        Files.writeString(build.resolve("Dockerfile"), "FROM mst-test/base:1\nCOPY slow /slow\nENV PATH=/slow:/bin\n");
        docker("--context", "engine-2", "build", "-q", "--network", "none", "-t", SLOW_IMAGE, build.toString());
        assertThat(docker("--context", "engine-2", "images", "-q", SLOW_IMAGE)).isNotBlank();

        Process doctor = startDoctor();
        String seen = "";
        for (int i = 0; i < 120 && seen.isEmpty() && doctor.isAlive(); i++) {
            Thread.sleep(250);
            seen = probeContainers("engine-2");
        }
        assertThat(seen)
                .as("the check container appeared; doctor's stderr: " + Files.readString(dir.resolve("err.txt")))
                .isNotEmpty();
        doctor.destroy(); // SIGTERM, as `kill PID` or a closing terminal sends it
        assertThat(doctor.waitFor(30, TimeUnit.SECONDS))
                .as("doctor ended after SIGTERM")
                .isTrue();
        assertThat(probeContainers("engine-2"))
                .as("check containers left on engine-2")
                .isEmpty();
    }

    @Test
    void theNextDoctorRemovesCheckContainersOfADeadDoctorOnly() throws Exception {
        TestEngines.require();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(10, TimeUnit.SECONDS);
        String host = HostName.current();
        String left = docker(
                        "--context",
                        "engine-1",
                        "create",
                        "--network",
                        "none",
                        "--name",
                        "mstp-doctor-left-behind",
                        "--label",
                        "dev.mstpanel.probe=doctor",
                        "--label",
                        "dev.mstpanel.probe.test=1",
                        "--label",
                        "dev.mstpanel.probe.host=" + host,
                        "--label",
                        "dev.mstpanel.probe.pid=" + gone.pid(),
                        "mst-test/base:1",
                        "true")
                .strip();
        String alive = docker(
                        "--context",
                        "engine-1",
                        "create",
                        "--network",
                        "none",
                        "--label",
                        "dev.mstpanel.probe=doctor",
                        "--label",
                        "dev.mstpanel.probe.test=1",
                        "--label",
                        "dev.mstpanel.probe.host=" + host,
                        "--label",
                        "dev.mstpanel.probe.pid=" + ProcessHandle.current().pid(),
                        "mst-test/base:1",
                        "true")
                .strip();
        assertThat(left).isNotEmpty();

        Process doctor = startDoctor();
        assertThat(doctor.waitFor(120, TimeUnit.SECONDS)).isTrue();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("out.txt").toFile());
        String all = probeContainers("engine-1");
        assertThat(all).as("the dead doctor's check container is removed").doesNotContain(left.substring(0, 12));
        assertThat(all).as("a running doctor's check container stays").contains(alive.substring(0, 12));
        JsonNode engine1 = null;
        for (JsonNode c : report.path("contexts")) {
            if (c.path("context").asText().equals("engine-1")) {
                engine1 = c;
            }
        }
        assertThat(engine1).isNotNull();
        assertThat(engine1.toString()).contains("mstp-doctor-left-behind");
    }
}
