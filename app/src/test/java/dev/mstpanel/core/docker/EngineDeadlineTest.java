package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.DockerClient;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.SlowEngine;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An engine that answers one header line every 0.5 s: every call ends at its
 * deadline, as a timeout a person can read, and its connection is closed.
 */
class EngineDeadlineTest {

    static DockerContext tcpContext(String endpoint) {
        return new DockerContext(
                "slow", "", endpoint, ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
    }

    @Test
    void probeOfATricklingEngineEndsAtItsTimeoutAsATimeout() throws Exception {
        try (SlowEngine slow = new SlowEngine();
                EngineProber prober = new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()))) {
            long start = System.nanoTime();
            ProbeResult r = prober.probe(tcpContext(slow.endpoint()), Duration.ofMillis(1500));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(r.reachable()).isFalse();
            assertThat(r.failure().kind()).as(r.failure().message()).isEqualTo(ProbeFailure.Kind.TIMEOUT);
            assertThat(r.failure().message()).startsWith("No answer from " + slow.endpoint() + " within 1.5 s");
            assertThat(ms).as("ended, bounded by the deadline").isLessThan(15_000);
        }
    }

    @Test
    void everyCallOfAnOpenClientEndsAndClosesItsConnection() throws Exception {
        try (SlowEngine slow = new SlowEngine();
                DockerClientFactory clients = DockerClientFactory.standard(HostEnvironment.fromSystem())) {
            DockerClient client = clients.open(tcpContext(slow.endpoint()), Duration.ofSeconds(1));
            try {
                assertThatThrownBy(() -> client.listContainersCmd()
                                .withShowAll(true)
                                .withLabelFilter(Map.of("a", "b"))
                                .exec())
                        .satisfies(e -> assertThat(
                                        clients.describe(tcpContext(slow.endpoint()), e, Duration.ofSeconds(1))
                                                .kind())
                                .isEqualTo(ProbeFailure.Kind.TIMEOUT));
                assertThatThrownBy(() -> client.inspectContainerCmd("x").exec()).isInstanceOf(RuntimeException.class);
            } finally {
                client.close();
            }
            // the server notices a closed connection at its next write or the one after (every 0.5 s)
            for (int i = 0; i < 50 && slow.openConnections() > 0; i++) {
                Thread.sleep(100);
            }
            assertThat(slow.openConnections())
                    .as("connections left open by calls past their deadline")
                    .isZero();
        }
    }
}
