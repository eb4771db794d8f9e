package dev.mstpanel.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import dev.mstpanel.core.shell.HostEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Docker engines the integration tests talk to: two private {@code dockerd}s started by
 * {@code scripts/test-engines.sh}, named by a Docker CLI config as contexts {@code engine-1},
 * {@code engine-2} and {@code dead} (a socket that does not exist).
 *
 * <p>The folder is {@code $MST_PANEL_TEST_ENGINES_DIR} (CI sets it and stops the engines at the
 * end), else a folder under {@code /tmp} named for this checkout, whose engines stay up between
 * test runs. When the engines cannot start, the tests fail under {@code CI=true} and are
 * skipped with the reason elsewhere.
 */
public final class TestEngines {
    private static Path dir;
    private static String failure;

    private TestEngines() {}

    /** Starts the engines if needed and returns their folder; fails or aborts the test when they cannot run. */
    public static synchronized Path require() {
        if (dir != null) {
            return dir;
        }
        if (failure != null) {
            unavailable(failure);
        }
        Path root = projectRoot();
        Path target = System.getenv("MST_PANEL_TEST_ENGINES_DIR") != null
                ? Path.of(System.getenv("MST_PANEL_TEST_ENGINES_DIR"))
                : Path.of(
                        "/tmp",
                        "mstp-eng-"
                                + HexFormat.of()
                                        .toHexDigits(
                                                root.toAbsolutePath().toString().hashCode()));
        try {
            Process p = new ProcessBuilder(
                            "bash", root.resolve("scripts/test-engines.sh").toString(), "start", target.toString(), "2")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(240, TimeUnit.SECONDS) || p.exitValue() != 0) {
                failure = "scripts/test-engines.sh could not start the Docker engines: " + out.strip();
                unavailable(failure);
            }
        } catch (IOException e) {
            failure = "scripts/test-engines.sh could not run: " + e.getMessage();
            unavailable(failure);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted while starting the engines");
        }
        dir = target;
        return dir;
    }

    /** The Docker CLI config folder naming the engines ({@code DOCKER_CONFIG}). */
    public static Path dockerConfig() {
        return require().resolve("config");
    }

    /** The socket of engine {@code i} (1-based). */
    public static Path socket(int i) {
        return require().resolve("engine-" + i).resolve("docker.sock");
    }

    /**
     * This JVM's environment with {@code DOCKER_CONFIG} pointing at the engines, no
     * {@code DOCKER_HOST}/{@code DOCKER_CONTEXT}, and the given home folder.
     */
    public static HostEnvironment environment(Path home) {
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.remove("DOCKER_HOST");
        vars.remove("DOCKER_CONTEXT");
        vars.put("DOCKER_CONFIG", dockerConfig().toString());
        vars.put("HOME", home.toString());
        vars.put("MST_PANEL_HOME", home.resolve("mst-panel-home").toString());
        return new HostEnvironment(vars, home, HostEnvironment.OsFamily.current());
    }

    /** The repository's root folder (Maven passes it as {@code mstpanel.projectRoot}). */
    public static Path projectRoot() {
        String p = System.getProperty("mstpanel.projectRoot");
        if (p != null && Files.isDirectory(Path.of(p, "scripts"))) {
            return Path.of(p);
        }
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("scripts")) ? here : here.getParent();
    }

    private static void unavailable(String why) {
        if ("true".equals(System.getenv("CI"))) {
            fail("The integration tests need the Docker engines, and under CI=true they must run: " + why);
        }
        Assumptions.abort("Docker engines unavailable (the test is skipped outside CI): " + why);
    }
}
