package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestFleet;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ssh:// and TLS contexts against the real sshd and TLS engine of {@code scripts/test-fleet.sh}:
 * one ssh login per bridge however many probes, a dropped login reopened and said, no process
 * left after closing, and plain words for each way it can fail.
 */
class SshBridgeIT {
    @TempDir
    Path home;

    SshBridges bridges;
    DockerClientFactory clients;
    EngineProber prober;

    @BeforeEach
    void setUp() {
        TestFleet.require();
        bridges = new SshBridges(TestFleet.environment(home));
        clients = DockerClientFactory.standard(bridges);
        prober = new EngineProber(clients);
    }

    @AfterEach
    void tearDown() {
        prober.close();
        clients.close();
        bridges.close();
    }

    @Test
    void sshContextReachesTheSameEngineAsItsSocketWithOneLoginForManyProbes() throws Exception {
        DockerContext ssh = TestFleet.context(home, "ssh-engine");
        ProbeResult local = prober.probe(TestFleet.context(home, "engine-2"), Duration.ofSeconds(5));
        long loginsBefore = TestFleet.sshLogins();

        ProbeResult first = prober.probe(ssh, Duration.ofSeconds(10));
        assertThat(first.failure()).isNull();
        assertThat(first.engine().engineId())
                .isNotEmpty()
                .isEqualTo(local.engine().engineId());
        assertThat(first.engine().memoryBytes()).isEqualTo(local.engine().memoryBytes());
        for (int i = 0; i < 5; i++) {
            assertThat(prober.probe(ssh, Duration.ofSeconds(10)).reachable()).isTrue();
        }

        assertThat(TestFleet.sshLogins() - loginsBefore).isEqualTo(1);
        assertThat(bridges.existing(ssh).orElseThrow().logins()).isEqualTo(1);
    }

    @Test
    void theFirstConnectionsChannelIsOpenedWithTheLoginNotAfterIt() throws Exception {
        DockerContext ssh = TestFleet.context(home, "ssh-engine");
        bridges.socketFor(ssh, Duration.ofSeconds(10));
        SshBridge bridge = bridges.existing(ssh).orElseThrow();
        assertThat(bridge.processIds())
                .as("the login and a channel ready for the first connection")
                .hasSize(2);
        long logins = TestFleet.sshLogins();

        ProbeResult first = prober.probe(ssh, Duration.ofSeconds(10));

        assertThat(first.reachable()).as(String.valueOf(first.failure())).isTrue();
        assertThat(TestFleet.sshLogins()).isEqualTo(logins);
    }

    @Test
    void aDroppedLoginIsReopenedOnTheNextUseAndSaysWhatHappened() throws Exception {
        DockerContext ssh = TestFleet.context(home, "ssh-engine");
        assertThat(prober.probe(ssh, Duration.ofSeconds(10)).reachable()).isTrue();
        SshBridge bridge = bridges.existing(ssh).orElseThrow();
        long master = bridge.processIds().get(0);
        ProcessHandle h = ProcessHandle.of(master).orElseThrow();
        h.destroyForcibly();
        h.onExit().get();

        ProbeResult again = prober.probe(ssh, Duration.ofSeconds(10));

        assertThat(again.failure()).isNull();
        assertThat(bridge.logins()).isEqualTo(2);
        assertThat(String.join("\n", bridge.history())).contains("dropped").contains("logging in again");
        assertThat(bridge.processIds()).doesNotContain(master);
    }

    @Test
    void closingTheBridgesLeavesNoProcess() throws Exception {
        DockerContext ssh = TestFleet.context(home, "ssh-engine");
        assertThat(prober.probe(ssh, Duration.ofSeconds(10)).reachable()).isTrue();
        var pids = bridges.existing(ssh).orElseThrow().processIds();
        assertThat(pids).isNotEmpty();

        bridges.close();

        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                    .as("process %d", pid)
                    .isFalse();
        }
    }

    @Test
    void aKeyTheHostRefusesIsSaidInPlainWords() {
        ProbeResult r = prober.probe(TestFleet.context(home, "ssh-wrongkey"), Duration.ofSeconds(10));
        assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.PERMISSION_DENIED);
        assertThat(r.failure().message()).startsWith("ssh refused the key for root@fleet-wrongkey");
    }

    @Test
    void anUnknownHostKeyIsSaidInPlainWords() {
        ProbeResult r = prober.probe(TestFleet.context(home, "ssh-unknownhost"), Duration.ofSeconds(10));
        assertThat(r.failure().message())
                .contains("does not trust the host key of fleet-unknownhost")
                .contains("ssh root@fleet-unknownhost");
    }

    @Test
    void aHostWithoutDockerIsSaidInPlainWords() {
        ProbeResult r = prober.probe(TestFleet.context(home, "ssh-nodocker"), Duration.ofSeconds(10));
        assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.UNSUPPORTED);
        assertThat(r.failure().message()).startsWith("No Docker on root@fleet-nodocker");
    }

    @Test
    void tlsContextWithTheRightCaIsReachedAndAnotherCaIsACertificateProblem() {
        ProbeResult right = prober.probe(TestFleet.context(home, "tls-engine"), Duration.ofSeconds(10));
        ProbeResult wrong = prober.probe(TestFleet.context(home, "tls-wrong-ca"), Duration.ofSeconds(10));

        assertThat(right.failure()).isNull();
        assertThat(right.engine().engineId()).isNotEmpty();
        assertThat(wrong.failure().kind()).isEqualTo(ProbeFailure.Kind.TLS);
        assertThat(wrong.failure().message()).contains("certificate");
    }
}
