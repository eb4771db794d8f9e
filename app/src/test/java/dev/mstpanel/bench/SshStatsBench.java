package dev.mstpanel.bench;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Statistics;
import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerClientFactory;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.docker.SshBridges;
import dev.mstpanel.core.shell.HostEnvironment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Benchmark (not a test): the rate of Docker's stats stream of one container through a context,
 * e.g. a local socket against an ssh:// context to the same engine. Run by
 * {@code scripts/bench/ssh-fleet.sh}.
 *
 * <p>Arguments: SECONDS CONTAINER CONTEXT… ; prints one line per context: samples, seconds, rate.
 */
public final class SshStatsBench {
    private SshStatsBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = Integer.parseInt(args[0]);
        String container = args[1];
        HostEnvironment env = HostEnvironment.fromSystem();
        try (DockerClientFactory clients = DockerClientFactory.standard(new SshBridges(env))) {
            for (int i = 2; i < args.length; i++) {
                String name = args[i];
                DockerContext c = new ContextStore(env)
                        .load().contexts().stream()
                                .filter(x -> x.name().equals(name))
                                .findFirst()
                                .orElseThrow();
                AtomicInteger samples = new AtomicInteger();
                long first;
                try (DockerClient client = clients.openForStreams(c, Duration.ofSeconds(10))) {
                    ResultCallback.Adapter<Statistics> cb = client.statsCmd(container)
                            .exec(new ResultCallback.Adapter<>() {
                                @Override
                                public void onNext(Statistics s) {
                                    samples.incrementAndGet();
                                }
                            });
                    while (samples.get() == 0) {
                        Thread.sleep(10);
                    }
                    first = System.nanoTime();
                    int atFirst = samples.get();
                    Thread.sleep(seconds * 1000L);
                    double wall = (System.nanoTime() - first) / 1e9;
                    int n = samples.get() - atFirst;
                    cb.close();
                    System.out.printf("stats %-12s %3d samples in %.1f s = %.2f per s%n", name, n, wall, n / wall);
                }
            }
        }
    }
}
