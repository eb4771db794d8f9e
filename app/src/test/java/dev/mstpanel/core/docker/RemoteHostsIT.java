package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Add remote host" against the real sshd: a context made with the docker CLI, probed, failures in plain words. */
class RemoteHostsIT {
    @TempDir
    Path home;

    HostEnvironment env;
    SshBridges bridges;
    DockerClientFactory clients;

    @BeforeEach
    void setUp() throws Exception {
        TestFleet.require();
        Path config = Files.createDirectories(home.resolve("docker-config"));
        Map<String, String> vars = new HashMap<>(TestFleet.environment(home).variables());
        vars.put("DOCKER_CONFIG", config.toString());
        env = new HostEnvironment(vars, home, HostEnvironment.OsFamily.current());
        bridges = new SshBridges(env);
        clients = DockerClientFactory.standard(bridges);
    }

    @AfterEach
    void tearDown() {
        clients.close();
        bridges.close();
    }

    private RemoteHosts.Added add(String name, String host) {
        try (EngineProber prober = new EngineProber(clients)) {
            return new RemoteHosts(new CommandRunner(env), new ContextStore(env), prober)
                    .add(name, host, Duration.ofSeconds(15));
        }
    }

    @Test
    void aReachableHostBecomesAContextAsDockerContextCreateMakesIt() throws Exception {
        RemoteHosts.Added added = add("build-1", "ssh://root@fleet-sshd");

        assertThat(added.ok()).as(added.message()).isTrue();
        assertThat(added.message()).startsWith("Added build-1: Docker ");
        assertThat(new CommandRunner(env)
                        .run(
                                java.util.List.of(
                                        "docker",
                                        "context",
                                        "inspect",
                                        "--format",
                                        "{{.Endpoints.docker.Host}}",
                                        "build-1"),
                                null,
                                Duration.ofSeconds(10))
                        .stdout()
                        .strip())
                .isEqualTo("ssh://root@fleet-sshd");
    }

    @Test
    void aRefusedKeyKeepsTheContextAndSaysWhatToDo() {
        RemoteHosts.Added added = add("build-2", "ssh://root@fleet-wrongkey");

        assertThat(added.ok()).isFalse();
        assertThat(added.context()).isNotNull();
        assertThat(added.message()).contains("ssh refused the key").contains("docker context rm build-2");
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsCreated() {
        assertThat(add("bad name", "ssh://root@fleet-sshd").message()).contains("is not a context name Docker accepts");
        assertThat(add("b3", "tcp://host:2376").message()).contains("is not an ssh:// address");
        assertThat(add("b4", "ssh://root@fleet-sshd/var/run").message()).contains("has a path after the host");
        assertThat(new ContextStore(env).load().contexts())
                .extracting(DockerContext::name)
                .containsExactly("default");
    }
}
