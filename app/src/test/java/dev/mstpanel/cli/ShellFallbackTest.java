package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.docker.OwnerIdentity;
import dev.mstpanel.testsupport.EngineContainers;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code shell} into a kept container whose image has no bash (the test image is busybox): sh, and a note that says so. */
@DisabledOnOs(OS.WINDOWS)
class ShellFallbackTest {
    static EngineContainers engines;
    static String name;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        engines = new EngineContainers();
        name = engines.prefix + "-nobash-kept";
        engines.run(
                "engine-1",
                name,
                "mst.owner.host=" + OwnerIdentity.localHostName(),
                "mst.owner.pid=" + EngineContainers.deadPid());
    }

    @AfterAll
    static void stop() throws Exception {
        engines.close();
    }

    @Test
    void printGivesShAndANoteWhenTheImageHasNoBash() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        env.put("DOCKER_HOST", null);
        env.put("DOCKER_CONTEXT", null);
        env.put("MST_PANEL_HOME", dir.resolve("panel").toString());
        PanelProcess.Result r = PanelProcess.run(dir, env, 120, "shell", name, "--print");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("docker --context engine-1 exec -it -u mst " + name + " sh");
        assertThat(r.err()).contains("note: " + name + " has no bash: opening sh instead.");
    }

    @Test
    void fromATerminalTheShellOpensAndItsExitCodeComesBack() throws Exception {
        PanelProcess.Result r = PanelProcess.inTerminal(
                dir.resolve("panel"), "echo \"I am $(whoami) in sh\"; exit 5\n", 120, "shell", name);
        String out = r.out();
        assertThat(out)
                .contains("has no bash: opening sh instead")
                .contains("I am mst in sh")
                .doesNotContain("executable file not found");
        assertThat(r.exit()).as(out).isEqualTo(5);
    }
}
