package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

/** The headless commands on a hostile host: a log path that is a folder, a {@code $HOME} that is not the passwd home. */
@DisabledOnOs(OS.WINDOWS)
class HostileHostCommandsTest {
    @TempDir
    Path dir;

    private Map<String, String> engines() {
        Map<String, String> env = new HashMap<>();
        env.put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        env.put("DOCKER_HOST", null);
        env.put("DOCKER_CONTEXT", null);
        env.put("HOME", dir.toString());
        env.put("MST_PANEL_HOME", dir.resolve("panel-home").toString());
        return env;
    }

    @Test
    void aLogFileThatCannotBeOpenedIsOneLineOnStderrAndJsonStillParses() throws Exception {
        Files.createDirectories(dir.resolve("panel-home/logs/mst-panel.log")); // the log path is a folder
        PanelProcess.Result r = PanelProcess.run(dir, engines(), 60, "contexts", "--json", "--timeout", "20");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode list = new ObjectMapper().readTree(r.out());
        assertThat(list.isArray()).isTrue();
        assertThat(r.err().lines().toList()).as(r.err()).hasSize(1);
        assertThat(r.err())
                .startsWith("mst-panel: cannot write the log file " + dir.resolve("panel-home/logs/mst-panel.log")
                        + " (Is a directory)");
    }

    @Test
    void homeVariableDecidesWhereContextsSettingsAndLogsAre() throws Exception {
        Path home = dir.resolve("other-home");
        String hash = dev.mstpanel.core.docker.ContextStore.sha256("mine");
        Path meta = home.resolve(".docker/contexts/meta/" + hash);
        Files.createDirectories(meta);
        Files.writeString(
                meta.resolve("meta.json"),
                "{\"Name\":\"mine\",\"Metadata\":{},\"Endpoints\":{\"docker\":{\"Host\":\"unix://"
                        + TestEngines.socket(1) + "\",\"SkipTLSVerify\":false}}}");
        Files.writeString(home.resolve(".docker/config.json"), "{\"currentContext\":\"mine\"}");
        Map<String, String> env = engines();
        env.put("HOME", home.toString());
        env.put("DOCKER_CONFIG", null);
        env.put("MST_PANEL_HOME", null);
        env.put("XDG_CONFIG_HOME", null);
        env.put("XDG_DATA_HOME", null);
        env.put("XDG_STATE_HOME", null);
        PanelProcess.Result r = PanelProcess.run(dir, env, 60, "contexts", "--json", "--timeout", "20");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode mine = null;
        for (JsonNode c : new ObjectMapper().readTree(r.out())) {
            if (c.path("name").asText().equals("mine")) {
                mine = c;
            }
        }
        assertThat(mine).as(r.out()).isNotNull();
        assertThat(mine.path("current").asBoolean()).isTrue();
        assertThat(mine.path("reachable").asBoolean()).isTrue();
        assertThat(home.resolve(".local/state/mst-panel/logs"))
                .as("the log folder under $HOME")
                .isDirectory();
    }
}
