package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.mst.ProcessSupervisor;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The run's log file as a user finds it: named after the start time and, once MST names the run, its short id. */
@DisabledOnOs(OS.WINDOWS)
class RunSupervisorLogTest {
    @TempDir
    Path dir;

    private RunSupervisor.ActiveRun run(String script) throws Exception {
        Path mst = dir.resolve("fake-mst");
        Files.writeString(mst, "#!/bin/sh\n" + script);
        mst.toFile().setExecutable(true);
        HostEnvironment env = new HostEnvironment(
                Map.of(
                        "PATH",
                        "/usr/bin:/bin",
                        "MST_PANEL_HOME",
                        dir.resolve("panel").toString(),
                        "DOCKER_CONFIG",
                        dir.resolve("no-docker").toString()),
                dir,
                HostEnvironment.OsFamily.LINUX);
        return new RunSupervisor(new ProcessSupervisor(), DockerClientFactory.standard(HostEnvironment.fromSystem()))
                .start(new RunSupervisor.RunRequest(
                        List.of(mst.toString()), List.of("--config", "eval.json"), env, dir, null, null));
    }

    private List<Path> logs(RunSupervisor.ActiveRun run) throws Exception {
        try (Stream<Path> s = Files.list(run.logFile().getParent())) {
            return s.toList();
        }
    }

    @Test
    void theLogIsRenamedAfterTheRunMstNamedAndKeepsEveryLine() throws Exception {
        RunSupervisor.ActiveRun run = run("echo 'first line' >&2\n"
                + "echo 'Eval complete: checkout'\n"
                + "echo 'Output: " + dir + "/.mcp-test-results/checkout/runs/20261130T101500Z-a1b2c3'\n"
                + "echo 'after the rename' >&2\nexit 0\n");
        assertThat(run.exitCode().join()).isZero();

        Path log = run.logFile();
        assertThat(log.getFileName().toString()).matches("\\d{8}-\\d{6}-a1b2c3\\.log");
        // the run's recording is beside it, renamed with it
        assertThat(logs(run)).containsExactlyInAnyOrder(log, dev.mstpanel.core.runs.RunRecorder.beside(log));
        assertThat(Files.readString(log))
                .contains(
                        "started:", "first line", "Eval complete: checkout", "after the rename", "exited with code 0");
        assertThat(run.model().snapshot().logFile()).isEqualTo(log.toString());
    }

    @Test
    void aRunMstNeverNamedKeepsItsStartingLog() throws Exception {
        RunSupervisor.ActiveRun run = run("echo 'mst: eval.json has no name' >&2\nexit 2\n");
        assertThat(run.exitCode().join()).isEqualTo(2);
        assertThat(run.logFile().getFileName().toString()).matches("\\d{8}-\\d{6}-starting\\.log");
        assertThat(Files.readString(run.logFile())).contains("mst: eval.json has no name");
    }

    @Test
    void shortRunIdIsTheSixHexOfMstsRunId() {
        assertThat(RunSupervisor.shortRunId("/e/.mcp-test-results/x/runs/20261130T101500Z-A1b2c3"))
                .isEqualTo("a1b2c3");
        assertThat(RunSupervisor.shortRunId("/e/runs/20261130T101500Z-a1b2c3.g2"))
                .isEqualTo("a1b2c3");
        assertThat(RunSupervisor.shortRunId("/e/runs/my run")).isEqualTo("my_run");
    }
}
