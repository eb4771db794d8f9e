package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Session files and logs of real containers: one that has the files, one that has none. */
class SessionFilesTest {
    @TempDir
    static Path home;

    static EngineContainers engines;
    static MstContainers containers;
    static SessionFiles sessionFiles;
    static ContainerLogs logs;
    static DockerContext engine1;
    static String withFiles;
    static String without;

    @BeforeAll
    static void start() throws Exception {
        HostEnvironment env = TestEngines.environment(home);
        engine1 = new ContextStore(env)
                .load().contexts().stream()
                        .filter(c -> c.name().equals("engine-1"))
                        .findFirst()
                        .orElseThrow();
        containers =
                new MstContainers(OwnerIdentity.current(), DockerClientFactory.standard(HostEnvironment.fromSystem()));
        sessionFiles = new SessionFiles(containers);
        logs = new ContainerLogs(containers.clients());
        engines = new EngineContainers();
        String host = "mst.owner.host=" + OwnerIdentity.localHostName();
        String pid = "mst.owner.pid=" + EngineContainers.deadPid();
        withFiles = engines.prefix + "-1-kept";
        without = engines.prefix + "-2-kept";
        engines.run("engine-1", withFiles, host, pid);
        engines.run("engine-1", without, host, pid);
        String script = String.join(
                "\n",
                "mkdir -p /run/mst/session /run/mst/evidence/session-1 /home/mst/.config/Claude-3p/logs /etc/claude-desktop",
                "printf 'desktop up\\nvariant default restarted\\n' > /run/mst/session/claude.log",
                "printf 'restart 1' > /run/mst/session/restart.log",
                "touch /run/mst/session/ready",
                "echo 'main log line' > /home/mst/.config/Claude-3p/logs/main.log",
                "echo 'vm booted' > /home/mst/.config/Claude-3p/logs/cowork_vm_node.log",
                "chown -R mst /home/mst/.config",
                "echo '{\"model\": \"claude\", \"apiKey\": \"sk-very-secret\"}' > /etc/claude-desktop/managed-settings.json",
                "echo shot > /run/mst/evidence/session-1/screen.txt");
        EngineContainers.docker(List.of("docker", "--context", "engine-1", "exec", withFiles, "sh", "-c", script));
        EngineContainers.docker(List.of(
                "docker",
                "--context",
                "engine-1",
                "exec",
                withFiles,
                "sh",
                "-c",
                "echo 'log line one'; echo 'log line two' >&2"));
    }

    @AfterAll
    static void stop() throws Exception {
        engines.close();
        containers.close();
    }

    @Test
    void readsEverySessionFileOfAContainerThatHasThem() throws Exception {
        List<SessionFile> files = sessionFiles.read(engine1, withFiles, Duration.ofSeconds(10));
        assertThat(files)
                .extracting(SessionFile::path)
                .containsExactly(
                        "/run/mst/session/claude.log",
                        "/run/mst/session/restart.log",
                        "/run/mst/session/ready",
                        "/home/mst/.config/Claude-3p/logs/cowork_vm_node.log",
                        "/home/mst/.config/Claude-3p/logs/main.log",
                        "/etc/claude-desktop/managed-settings.json",
                        "/run/mst/evidence/session-1");
        assertThat(files.get(0).content()).isEqualTo("desktop up\nvariant default restarted\n");
        assertThat(files.get(0).sizeBytes()).isEqualTo(37);
        assertThat(files.get(1).content()).isEqualTo("restart 1");
        assertThat(files.get(2).status()).isEqualTo(SessionFile.Status.PRESENT);
        assertThat(files.get(4).content()).isEqualTo("main log line\n");
        assertThat(files.get(5).content())
                .contains("\"model\": \"claude\"")
                .contains("\"apiKey\": \"(hidden)\"")
                .doesNotContain("sk-very-secret");
        assertThat(files.get(6).status()).isEqualTo(SessionFile.Status.FOLDER);
        assertThat(files.get(6).content()).contains("screen.txt");
    }

    @Test
    void saysWhichFilesAreAbsentInAContainerThatHasNone() throws Exception {
        List<SessionFile> files = sessionFiles.read(engine1, without, Duration.ofSeconds(10));
        assertThat(files).allMatch(f -> f.status() == SessionFile.Status.ABSENT);
        assertThat(files)
                .extracting(SessionFile::headline)
                .containsExactly(
                        "/run/mst/session/claude.log: absent (not in this container)",
                        "/run/mst/session/restart.log: absent (not in this container)",
                        "/run/mst/session/ready: absent (not in this container)",
                        "/home/mst/.config/Claude-3p/logs/*.log: absent (not in this container)",
                        "/etc/claude-desktop/managed-settings.json: absent (not in this container)",
                        "/run/mst/evidence/session-*: absent (not in this container)");
    }

    @Test
    void refusesAContainerWithoutMstLabels() throws Exception {
        String plain = engines.prefix + "-plain";
        engines.run("engine-1", plain);
        assertThatThrownBy(() -> sessionFiles.read(engine1, plain, Duration.ofSeconds(10)))
                .hasMessageContaining("no MST labels");
        assertThatThrownBy(() -> sessionFiles.read(engine1, "x;reboot", Duration.ofSeconds(10)))
                .hasMessageContaining("not a Docker name");
    }

    @Test
    void readsTheContainersLog() throws Exception {
        String logged = engines.prefix + "-logged";
        EngineContainers.docker(List.of(
                "docker",
                "--context",
                "engine-1",
                "run",
                "--network",
                "none",
                "--name",
                logged,
                "mst-test/base:1",
                "sh",
                "-c",
                "echo first; echo second >&2"));
        List<String> lines = new CopyOnWriteArrayList<>();
        CountDownLatch ended = new CountDownLatch(1);
        try (var handle = logs.open(engine1, logged, 100, false, lines::add, why -> ended.countDown())) {
            assertThat(ended.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            EngineContainers.docker(List.of("docker", "--context", "engine-1", "rm", "-f", logged));
        }
        assertThat(lines).containsExactlyInAnyOrder("first", "second");
    }
}
