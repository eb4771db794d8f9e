package dev.mstpanel.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Containers a test starts on the real test engines with the real {@code docker} CLI
 * ({@code --network none}, image {@code mst-test/base:1}), and removes afterwards ({@link #close()}).
 */
public final class EngineContainers implements AutoCloseable {
    /** A unique prefix for this instance's container names. */
    public final String prefix = "mstp-t" + UUID.randomUUID().toString().substring(0, 8);

    private final List<String[]> created = new ArrayList<>();

    /** A pid that belonged to a process of this test and is gone now. */
    public static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        long pid = p.pid();
        while (ProcessHandle.of(pid).isPresent()) {
            Thread.sleep(20);
        }
        return pid;
    }

    /**
     * Starts {@code sleep 600} in a container.
     *
     * @param context engine-1 or engine-2
     * @param name the full name
     * @param labels {@code key=value} labels
     */
    public String run(String context, String name, String... labels) throws Exception {
        List<String> argv = new ArrayList<>(
                List.of("docker", "--context", context, "run", "-d", "--network", "none", "--name", name));
        for (String l : labels) {
            argv.add("--label");
            argv.add(l);
        }
        argv.addAll(List.of("mst-test/base:1", "sleep", "600"));
        created.add(new String[] {context, name});
        return docker(argv).strip();
    }

    /** Runs the docker CLI against the test engines and returns stdout; fails the test on a non-zero exit. */
    public static String docker(List<String> argv) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        pb.environment().remove("DOCKER_HOST");
        pb.environment().remove("DOCKER_CONTEXT");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), () -> String.join(" ", argv) + " failed: " + out);
        return out;
    }

    /** True when the container exists on the context. */
    public static boolean exists(String context, String name) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("docker", "--context", context, "container", "inspect", name);
        pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        pb.redirectErrorStream(true);
        Process p = pb.start();
        p.getInputStream().readAllBytes();
        p.waitFor(30, TimeUnit.SECONDS);
        return p.exitValue() == 0;
    }

    @Override
    public void close() throws Exception {
        for (String[] c : created) {
            ProcessBuilder pb = new ProcessBuilder("docker", "--context", c[0], "rm", "-f", c[1]);
            pb.environment().put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
            pb.redirectErrorStream(true);
            Process p = pb.start();
            p.getInputStream().readAllBytes();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
