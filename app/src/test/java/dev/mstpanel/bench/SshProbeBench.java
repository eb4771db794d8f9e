package dev.mstpanel.bench;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.EngineProber;
import dev.mstpanel.core.docker.ProbeResult;
import dev.mstpanel.core.docker.SshBridges;
import dev.mstpanel.core.shell.HostEnvironment;
import java.time.Duration;

/**
 * Benchmark (not a test): probing an ssh:// context in a running panel (docker-java already
 * loaded, as in the app): the first probe, whose bridge logs in, then ROUNDS probes on the reused
 * bridge. Run by {@code scripts/bench/ssh-fleet.sh}.
 *
 * <p>Arguments: SSH_CONTEXT WARMUP_CONTEXT ROUNDS; prints "first N ms" and "reused N ms" lines.
 */
public final class SshProbeBench {
    private SshProbeBench() {}

    public static void main(String[] args) throws Exception {
        HostEnvironment env = HostEnvironment.fromSystem();
        var contexts = new ContextStore(env).load().contexts();
        DockerContext ssh = contexts.stream()
                .filter(c -> c.name().equals(args[0]))
                .findFirst()
                .orElseThrow();
        DockerContext warmup = contexts.stream()
                .filter(c -> c.name().equals(args[1]))
                .findFirst()
                .orElseThrow();
        int rounds = Integer.parseInt(args[2]);
        try (DockerClientFactory clients = DockerClientFactory.standard(new SshBridges(env));
                EngineProber prober = new EngineProber(clients)) {
            for (int i = 0; i < 3; i++) {
                prober.probe(warmup, Duration.ofSeconds(10));
            }
            System.out.println("first " + time(prober, ssh) + " ms");
            for (int i = 0; i < rounds; i++) {
                System.out.println("reused " + time(prober, ssh) + " ms");
            }
        }
    }

    private static long time(EngineProber prober, DockerContext c) {
        long t0 = System.nanoTime();
        ProbeResult r = prober.probe(c, Duration.ofSeconds(15));
        if (!r.reachable()) {
            throw new IllegalStateException(c.name() + ": " + r.failure().message());
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
