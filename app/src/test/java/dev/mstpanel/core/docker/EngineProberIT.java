package dev.mstpanel.core.docker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Probes against the real test engines and against sockets that fail in each way a person meets. */
class EngineProberIT {
    @TempDir
    Path home;

    private ContextList contexts() {
        return new ContextStore(TestEngines.environment(home)).load();
    }

    private EngineProber prober() {
        return new EngineProber(DockerClientFactory.standard(HostEnvironment.fromSystem()));
    }

    @Test
    void reachableContextsReportThisMachinesCpusAndMemory() {
        try (EngineProber prober = prober()) {
            DockerContext engine1 = contexts().contexts().stream()
                    .filter(c -> c.name().equals("engine-1"))
                    .findFirst()
                    .orElseThrow();
            ProbeResult r = prober.probe(engine1, Duration.ofSeconds(5));
            assertThat(r.reachable()).as(String.valueOf(r.failure())).isTrue();
            assertThat(r.engine().cpus()).isEqualTo(Runtime.getRuntime().availableProcessors());
            long memTotal = meminfoBytes();
            assertThat(r.engine().memoryBytes()).isBetween(memTotal - 64 * ByteSize.MIB, memTotal + 64 * ByteSize.MIB);
            assertThat(r.engine().serverVersion()).isNotBlank();
            assertThat(r.engine().osType()).isEqualTo("linux");
        }
    }

    @Test
    void unreachableContextReportsMissingSocket() {
        try (EngineProber prober = prober()) {
            DockerContext dead = contexts().contexts().stream()
                    .filter(c -> c.name().equals("dead"))
                    .findFirst()
                    .orElseThrow();
            ProbeResult r = prober.probe(dead, Duration.ofSeconds(3));
            assertThat(r.reachable()).isFalse();
            assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.MISSING_SOCKET);
            assertThat(r.failure().message())
                    .startsWith("No socket at " + TestEngines.require().resolve("no-such-engine.sock"));
        }
    }

    @Test
    void stoppedColimaSaysHowToStartIt() {
        Path sock = home.resolve(".colima/mst-kvm/docker.sock");
        DockerContext ctx = new DockerContext(
                "colima-mst-kvm",
                "",
                "unix://" + sock,
                ContextSource.CONTEXT_STORE,
                false,
                null,
                false,
                null,
                null,
                ContextStore.colimaProfileOf("unix://" + sock));
        try (EngineProber prober = prober()) {
            ProbeResult r = prober.probe(ctx, Duration.ofSeconds(3));
            assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.MISSING_SOCKET);
            assertThat(r.failure().message())
                    .isEqualTo("No socket at " + sock + ". Is Colima running? Start it with `colima start mst-kvm`.");
        }
    }

    @Test
    void staleSocketReportsConnectionRefused() throws IOException {
        Path sock = home.resolve("stale.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(sock));
        }
        assertThat(Files.exists(sock)).isTrue();
        DockerContext ctx = new DockerContext(
                "stale", "", "unix://" + sock, ContextSource.CONTEXT_STORE, false, null, false, null, null, "mst-kvm");
        try (EngineProber prober = prober()) {
            ProbeResult r = prober.probe(ctx, Duration.ofSeconds(3));
            assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.CONNECTION_REFUSED);
            assertThat(r.failure().message()).contains("Connection refused").contains("colima start mst-kvm");
        }
    }

    @Test
    void silentEngineIsCutOffAtTheTimeout() throws Exception {
        Path sock = home.resolve("silent.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(sock));
            // accepts connections (backlog) but never answers
            DockerContext ctx = new DockerContext(
                    "silent", "", "unix://" + sock, ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
            try (EngineProber prober = prober()) {
                ProbeResult r = prober.probeAll(List.of(ctx), Duration.ofMillis(800), x -> {})
                        .join()
                        .get(0);
                assertThat(r.reachable()).isFalse();
                assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.TIMEOUT);
                assertThat(r.failure().message()).contains("No answer from").contains("within 0.8 s");
            }
        }
    }

    @Test
    void aProbeQueuedBehindSilentEnginesIsNotOnItsClockAndAnswers() throws Exception {
        List<ServerSocketChannel> servers = new java.util.ArrayList<>();
        try {
            List<DockerContext> all = new java.util.ArrayList<>();
            for (int i = 0; i < EngineProber.LOCAL_LANE; i++) {
                Path sock = home.resolve("silent-" + i + ".sock");
                ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
                server.bind(UnixDomainSocketAddress.of(sock));
                servers.add(server);
                all.add(new DockerContext(
                        "silent-" + i,
                        "",
                        "unix://" + sock,
                        ContextSource.CONTEXT_STORE,
                        false,
                        null,
                        false,
                        null,
                        null,
                        null));
            }
            DockerContext live = contexts().contexts().stream()
                    .filter(c -> c.name().equals("engine-1"))
                    .findFirst()
                    .orElseThrow();
            all.add(live);
            try (EngineProber prober = prober()) {
                List<ProbeResult> results =
                        prober.probeAll(all, Duration.ofMillis(1500), x -> {}).join();
                ProbeResult engine1 = results.get(results.size() - 1);
                assertThat(engine1.reachable())
                        .as("engine-1 waited for a free lane, then had its own 1.5 s: " + engine1.failure())
                        .isTrue();
                assertThat(results.subList(0, EngineProber.LOCAL_LANE))
                        .allSatisfy(r -> assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.TIMEOUT));
            }
        } finally {
            for (ServerSocketChannel s : servers) {
                s.close();
            }
        }
    }

    @Test
    void probesAllContextsInParallelAndReportsEachAsItArrives() {
        ConcurrentLinkedQueue<String> arrived = new ConcurrentLinkedQueue<>();
        try (EngineProber prober = prober()) {
            List<ProbeResult> all = prober.probeAll(
                            contexts().contexts(),
                            Duration.ofSeconds(5),
                            r -> arrived.add(r.context().name()))
                    .join();
            assertThat(all).extracting(r -> r.context().name()).contains("engine-1", "engine-2", "dead");
            assertThat(all)
                    .filteredOn(ProbeResult::reachable)
                    .extracting(r -> r.context().name())
                    .contains("engine-1", "engine-2");
            assertThat(arrived)
                    .containsExactlyInAnyOrderElementsOf(
                            all.stream().map(r -> r.context().name()).toList());
        }
    }

    @Test
    void sshContextWithoutSshOnPathSaysSo() {
        HostEnvironment bare = TestEngines.environment(home).withVariables(Map.of("PATH", home.toString()));
        DockerContext ssh = new DockerContext(
                "remote", "", "ssh://me@build-host", ContextSource.CONTEXT_STORE, false, null, false, null, null, null);
        try (DockerClientFactory clients = DockerClientFactory.standard(bare);
                EngineProber prober = new EngineProber(clients)) {
            ProbeResult r = prober.probe(ssh, Duration.ofSeconds(2));
            assertThat(r.failure().kind()).isEqualTo(ProbeFailure.Kind.UNSUPPORTED);
            assertThat(r.failure().message()).contains("ssh://").contains("no `ssh` is on your login shell's PATH");
        }
    }

    private static long meminfoBytes() {
        try {
            String line = Files.readAllLines(Path.of("/proc/meminfo")).stream()
                    .filter(l -> l.startsWith("MemTotal:"))
                    .findFirst()
                    .orElseThrow();
            return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
