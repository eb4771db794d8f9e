package dev.mstpanel.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.core.docker.DockerContext;
import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The remote side of the tests, beside {@link TestEngines}: a real sshd whose logins reach
 * engine-2 with {@code docker system dial-stdio}, and a real TLS engine, both started by
 * {@code scripts/test-fleet.sh} in the engines' folder. Its Docker CLI config names the contexts
 * {@code engine-1}, {@code engine-2}, {@code dead}, {@code ssh-engine} (ssh://, the same engine as
 * engine-2), {@code ssh-nodocker}, {@code ssh-wrongkey}, {@code ssh-unknownhost}, {@code tls-engine}
 * and {@code tls-wrong-ca}. The tests' ssh client is a wrapper first on PATH that adds
 * {@code -F <the tests' ssh config>}; the machine's {@code ~/.ssh} is never used.
 */
public final class TestFleet {
    private static Path dir;
    private static String failure;

    private TestFleet() {}

    /** Starts the sshd and the TLS engine if needed; returns their folder ({@code <engines>/fleet}). */
    public static synchronized Path require() {
        if (dir != null) {
            return dir;
        }
        if (failure != null) {
            unavailable(failure);
        }
        Path engines = TestEngines.require();
        try {
            Process p = new ProcessBuilder(
                            "bash",
                            TestEngines.projectRoot()
                                    .resolve("scripts/test-fleet.sh")
                                    .toString(),
                            "start",
                            engines.toString())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(240, TimeUnit.SECONDS) || p.exitValue() != 0) {
                failure = "scripts/test-fleet.sh could not start the sshd and the TLS engine: " + out.strip();
                unavailable(failure);
            }
        } catch (IOException e) {
            failure = "scripts/test-fleet.sh could not run: " + e.getMessage();
            unavailable(failure);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while starting the sshd");
        }
        dir = engines.resolve("fleet");
        return dir;
    }

    /** The Docker CLI config naming the fleet's contexts. */
    public static Path dockerConfig() {
        return require().resolve("config");
    }

    /** sshd's log: one {@code Accepted publickey} line per ssh login. */
    public static Path sshdLog() {
        return require().resolve("sshd").resolve("sshd.log");
    }

    /** How many ssh logins sshd has accepted so far. */
    public static long sshLogins() throws IOException {
        return Files.readAllLines(sshdLog(), StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains("Accepted publickey"))
                .count();
    }

    /**
     * This JVM's environment with the fleet's {@code DOCKER_CONFIG}, the ssh wrapper first on
     * {@code PATH}, no {@code DOCKER_HOST}/{@code DOCKER_CONTEXT}, and the given home folder.
     */
    public static HostEnvironment environment(Path home) {
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.remove("DOCKER_HOST");
        vars.remove("DOCKER_CONTEXT");
        vars.remove("SSH_AUTH_SOCK");
        vars.put("DOCKER_CONFIG", dockerConfig().toString());
        vars.put("PATH", require().resolve("bin") + ":" + vars.getOrDefault("PATH", "/usr/bin:/bin"));
        vars.put("HOME", home.toString());
        vars.put("MST_PANEL_HOME", home.resolve("mst-panel-home").toString());
        return new HostEnvironment(vars, home, HostEnvironment.OsFamily.current());
    }

    /** One of the fleet's contexts, as the panel reads it. */
    public static DockerContext context(Path home, String name) {
        return new ContextStore(environment(home))
                .load().contexts().stream()
                        .filter(c -> c.name().equals(name))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no context " + name + " in " + dockerConfig()));
    }

    /** Runs the docker CLI with the fleet's config and the ssh wrapper; returns stdout, fails the test on a non-zero exit. */
    public static String docker(String... argv) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(argv);
        pb.environment()
                .putAll(environment(Path.of(System.getProperty("java.io.tmpdir")))
                        .variables());
        pb.environment().put("HOME", System.getProperty("user.home"));
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        if (p.exitValue() != 0) {
            fail(String.join(" ", argv) + " failed: " + out);
        }
        return out;
    }

    private static void unavailable(String why) {
        if ("true".equals(System.getenv("CI"))) {
            fail("The integration tests need the sshd and the TLS engine, and under CI=true they must run: " + why);
        }
        Assumptions.abort("sshd or TLS engine unavailable (the test is skipped outside CI): " + why);
    }
}
