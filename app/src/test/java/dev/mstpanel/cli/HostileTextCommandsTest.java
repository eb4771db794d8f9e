package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.ContextStore;
import dev.mstpanel.testsupport.FakeEngine;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user's terminal receives from data the panel does not control, and
 * numbers out of their stated range (item 15).
 */
@DisabledOnOs(OS.WINDOWS)
class HostileTextCommandsTest {
    /** Retitles the terminal, then clears it. */
    private static final String EVIL = "evil\u001b]0;pwned\u0007\u001b[2J";

    @TempDir
    Path dir;

    private Map<String, String> env(Path dockerConfig) {
        Map<String, String> env = new HashMap<>();
        env.put("DOCKER_CONFIG", dockerConfig.toString());
        env.put("DOCKER_HOST", null);
        env.put("DOCKER_CONTEXT", null);
        env.put("HOME", dir.toString());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        return env;
    }

    private Path configWithEvilContext(String endpoint) throws Exception {
        Path config = dir.resolve("docker-config");
        Path meta = config.resolve("contexts/meta/" + ContextStore.sha256(EVIL));
        Files.createDirectories(meta);
        Files.writeString(
                meta.resolve("meta.json"),
                "{\"Name\":\"evil\\u001b]0;pwned\\u0007\\u001b[2J\",\"Endpoints\":{\"docker\":{\"Host\":\"" + endpoint
                        + "\"}}}");
        return config;
    }

    @Test
    void contextsAndDoctorShowEscapeSequencesFromContextsAndEnginesEscaped() throws Exception {
        try (FakeEngine engine = new FakeEngine("\"27.0\\u001b]0;owned\\u0007\\u009b2J\"")) {
            Map<String, String> env = env(configWithEvilContext(engine.endpoint()));
            PanelProcess.Result contexts = PanelProcess.run(dir, env, 60, "contexts", "--timeout", "20");
            assertThat(contexts.exit()).as(contexts.err()).isZero();
            assertThat(contexts.out())
                    .doesNotContain("\u001b")
                    .doesNotContain("\u0007")
                    .doesNotContain("\u009b");
            assertThat(contexts.out())
                    .contains("evil\\u001b]0;pwned\\u0007\\u001b[2J")
                    .contains("27.0\\u001b]0;owned\\u0007\\u009b2J");

            PanelProcess.Result doctor = PanelProcess.run(dir, env, 90, "doctor", "--timeout", "20");
            assertThat(doctor.out() + doctor.err())
                    .doesNotContain("\u001b")
                    .doesNotContain("\u0007")
                    .doesNotContain("\u009b");
            assertThat(doctor.out()).contains("Context evil\\u001b]0;pwned").contains("Docker 27.0\\u001b]0;owned");
        }
    }

    @Test
    void numbersOutOfTheirStatedRangeAreUsageErrors() throws Exception {
        Map<String, String> env = env(TestEngines.dockerConfig());
        PanelProcess.Result timeout = PanelProcess.run(dir, env, 60, "contexts", "--timeout=99999999999");
        assertThat(timeout.exit()).isEqualTo(2);
        assertThat(timeout.err()).contains("--timeout takes a number of seconds more than 0 and at most 600");
        PanelProcess.Result memory = PanelProcess.run(dir, env, 60, "contexts", "--memory=99999999999999999999g");
        assertThat(memory.exit()).isEqualTo(2);
        assertThat(memory.err())
                .contains("at most 1024t")
                .doesNotContain("Overflow")
                .doesNotContain("Exception");
        PanelProcess.Result tiny = PanelProcess.run(dir, env, 60, "contexts", "--memory=1b");
        assertThat(tiny.exit()).isEqualTo(2);
        assertThat(tiny.err()).contains("\"1b\" is less memory than Docker gives a container: give at least 6m");
        PanelProcess.Result cpus = PanelProcess.run(dir, env, 60, "contexts", "--cpus=1e300");
        assertThat(cpus.exit()).isEqualTo(2);
        assertThat(cpus.err()).contains("at most 1024");
    }
}
