package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each factory reaches engines through its own transports: two in one process never share or swap them. */
class DockerClientFactoryTest {
    @TempDir
    Path home;

    private static DockerContext ssh() {
        return new DockerContext(
                "remote", "", "ssh://me@build-host", ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
    }

    @Test
    void twoFactoriesInOneProcessKeepTheirOwnSshTransport() {
        HostEnvironment bare = TestEngines.environment(home).withVariables(Map.of("PATH", home.toString()));
        try (DockerClientFactory withSsh = DockerClientFactory.standard(bare);
                DockerClientFactory withoutSsh =
                        new DockerClientFactory(List.of(new UnixSocketTransport(), new TcpTransport()));
                EngineProber a = new EngineProber(withSsh);
                EngineProber b = new EngineProber(withoutSsh)) {
            ProbeResult viaBare = a.probe(ssh(), Duration.ofSeconds(2));
            ProbeResult viaNone = b.probe(ssh(), Duration.ofSeconds(2));
            assertThat(viaBare.failure().message()).contains("no `ssh` is on your login shell's PATH");
            assertThat(viaNone.failure().kind()).isEqualTo(ProbeFailure.Kind.UNSUPPORTED);
            assertThat(viaNone.failure().message())
                    .isEqualTo("The panel cannot reach ssh:// endpoints on this system.");
            assertThat(withSsh.supports(ssh())).isTrue();
            assertThat(withoutSsh.supports(ssh())).isFalse();
        }
    }

    @Test
    void aContextIsReachedThroughTheTransportOfItsScheme() {
        AtomicInteger asked = new AtomicInteger();
        Transport counted = new Transport() {
            private final UnixSocketTransport socket = new UnixSocketTransport();

            @Override
            public String scheme() {
                return "unix";
            }

            @Override
            public Endpoint endpoint(DockerContext context, Duration timeout) throws EngineUnreachableException {
                asked.incrementAndGet();
                return socket.endpoint(context, timeout);
            }
        };
        DockerContext engine = new DockerContext(
                "engine-1",
                "",
                "unix://" + TestEngines.socket(1),
                ContextSource.CONTEXT_STORE,
                false,
                null,
                false,
                null,
                null,
                null);
        try (DockerClientFactory clients = new DockerClientFactory(List.of(counted));
                EngineProber prober = new EngineProber(clients)) {
            ProbeResult r = prober.probe(engine, Duration.ofSeconds(10));
            assertThat(r.reachable()).as(String.valueOf(r.failure())).isTrue();
            assertThat(asked).hasValue(1);
        }
    }
}
