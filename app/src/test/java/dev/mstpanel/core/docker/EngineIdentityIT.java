package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestFleet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One engine per daemon, with the real private engines: engine-2's socket and the ssh path to it
 * are one engine, engine-1 and engine-2 (two daemons on one host, one host name) are two.
 */
class EngineIdentityIT {
    @TempDir
    Path home;

    SshBridges bridges;
    DockerClientFactory clients;

    @BeforeEach
    void setUp() {
        TestFleet.require();
        bridges = new SshBridges(TestFleet.environment(home));
        clients = DockerClientFactory.standard(bridges);
    }

    @AfterEach
    void tearDown() {
        clients.close();
        bridges.close();
    }

    @Test
    void aSocketAndAnSshPathToOneDaemonAreOneEngineAndTwoDaemonsOnOneHostAreTwo() {
        List<DockerContext> contexts = List.of(
                TestFleet.context(home, "engine-1"),
                TestFleet.context(home, "engine-2"),
                TestFleet.context(home, "ssh-engine"));
        List<ProbeResult> results;
        try (EngineProber prober = new EngineProber(clients)) {
            results = prober.probeAll(contexts, Duration.ofSeconds(15), r -> {}).join();
        }
        assertThat(results)
                .allSatisfy(r -> assertThat(r.reachable())
                        .as(r.context().name() + ": " + r.failure())
                        .isTrue());
        EngineInfo one = results.get(0).engine();
        EngineInfo two = results.get(1).engine();
        // the two daemons run on one host: the host name alone would merge them
        assertThat(one.hostName()).isNotEmpty().isEqualTo(two.hostName());
        assertThat(one.dockerRootDir()).isNotEqualTo(two.dockerRootDir());

        EngineGroups groups = EngineGroups.of(results);
        assertThat(groups.sameEngineAs("engine-1")).isEmpty();
        assertThat(groups.sameEngineAs("engine-2")).containsExactly("ssh-engine");
        assertThat(groups.primary("ssh-engine")).isEqualTo("engine-2");
    }
}
