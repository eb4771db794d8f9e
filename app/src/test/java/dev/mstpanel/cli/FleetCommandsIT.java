package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.testsupport.TestFleet;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless twins of the fleet: {@code colima [--json]}, {@code colima start|stop} against the
 * colima test double, and {@code contexts add} against the real sshd; each in its own JVM.
 */
class FleetCommandsIT {
    @TempDir
    Path home;

    private record Run(int exit, String out, String err) {}

    private Run run(String... args) throws Exception {
        TestFleet.require();
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.putAll(TestFleet.environment(home).variables());
        env.put(
                "DOCKER_CONFIG",
                Files.createDirectories(home.resolve("docker-config")).toString());
        env.put("COLIMA_HOME", home.resolve("colima").toString());
        env.put("MST_PANEL_LOGIN_SHELL", "off");
        env.put(
                "PATH",
                TestEngines.projectRoot().resolve("app/src/test/resources/colima-double") + ":" + env.get("PATH"));
        File out = home.resolve("out.txt").toFile();
        File err = home.resolve("err.txt").toFile();
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(
                p.exitValue(),
                Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
    }

    @Test
    void colimaStartListsStopsAndPrintsTheBudgetAsJson() throws Exception {
        try {
            Run start = run("colima", "start", "cli-vm", "--cpu", "1", "--memory", "2", "--disk", "10");
            assertThat(start.exit()).as(start.err()).isZero();
            assertThat(start.out()).contains("starting colima [profile=cli-vm]").contains("done");

            Run json = run("colima", "--json");
            assertThat(json.exit()).isZero();
            JsonNode o = new ObjectMapper().readTree(json.out());
            assertThat(o.get("hostMemoryBytes").asLong()).isPositive();
            assertThat(o.get("runningVmMemoryBytes").asLong()).isEqualTo(2L << 30);
            assertThat(o.get("warning").isNull()).isTrue();
            JsonNode p = o.get("profiles").get(0);
            assertThat(p.get("name").asText()).isEqualTo("cli-vm");
            assertThat(p.get("status").asText()).isEqualTo("Running");
            assertThat(p.get("cpus").asInt()).isEqualTo(1);
            assertThat(p.get("memoryBytes").asLong()).isEqualTo(2L << 30);
            assertThat(p.get("diskBytes").asLong()).isEqualTo(10L << 30);
            assertThat(p.get("context").asText()).isEqualTo("colima-cli-vm");
        } finally {
            Run stop = run("colima", "stop", "cli-vm");
            assertThat(stop.exit()).isZero();
            assertThat(stop.out()).contains("stopping colima [profile=cli-vm]");
        }
        assertThat(run("colima").out())
                .contains("cli-vm")
                .contains("Stopped")
                .contains("The panel keeps at least 4 GiB");
    }

    @Test
    void colimaStartRefusesSizesOutOfRangeZeroIncludedBeforeColimaRuns() throws Exception {
        for (String[] flag :
                new String[][] {{"--cpu", "0"}, {"--memory", "0"}, {"--cpu", "-1"}, {"--cpu", "100000"}, {"--disk", "0"}
                }) {
            Run r = run("colima", "start", "range-vm", flag[0], flag[1]);
            assertThat(r.exit()).as(String.join(" ", flag) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err())
                    .contains(flag[0] + " must be a whole number from 1 to")
                    .contains("not " + flag[1]);
        }
        assertThat(home.resolve("colima").resolve("range-vm")).doesNotExist();
    }

    @Test
    void contextsAddCreatesTheContextAndSaysWhatFailed() throws Exception {
        Run ok = run("contexts", "add", "build-1", "--host", "ssh://root@fleet-sshd");
        assertThat(ok.exit()).as(ok.err()).isZero();
        assertThat(ok.out()).startsWith("Added build-1: Docker ");

        Run refused = run("contexts", "add", "build-2", "--host", "ssh://root@fleet-wrongkey");
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(refused.err()).contains("ssh refused the key for root@fleet-wrongkey");

        Run bad = run("contexts", "add", "build-3", "--host", "ssh://root@fleet-sshd/var/run");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("has a path after the host");
    }

    @Test
    void contextsAddEscapesWhatItEchoesAndRefusesABadPortBeforeCreatingAnything() throws Exception {
        Run name = run("contexts", "add", "esc\u001b[2Jname", "--host", "ssh://root@fleet-sshd");
        assertThat(name.exit()).isEqualTo(2);
        assertThat(name.err()).contains("esc\\u001b[2Jname").doesNotContain("\u001b");

        Run host = run("contexts", "add", "x", "--host", "ssh://root@fleet-sshd\u001b]0;T\u0007");
        assertThat(host.exit()).isEqualTo(2);
        assertThat(host.err())
                .contains("\\u001b]0;T\\u0007")
                .doesNotContain("\u001b")
                .doesNotContain("\u0007");

        Run rlo = run("contexts", "add", "a\u202eb", "--host", "ssh://root@fleet-sshd");
        assertThat(rlo.err()).contains("a\\u202eb").doesNotContain("\u202e");

        Run port = run("contexts", "add", "build-9", "--host", "ssh://root@fleet-sshd:99999");
        assertThat(port.exit()).isEqualTo(2);
        assertThat(port.err()).contains("a port is a number from 1 to 65535");
        assertThat(home.resolve("docker-config").resolve("contexts")).doesNotExist();
    }
}
