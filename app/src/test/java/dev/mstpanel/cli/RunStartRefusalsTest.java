package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.TestEngines;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run} refuses to start when what it was given cannot work, and blames the input, not MST:
 * an eval config in a folder that does not exist (exit 2), a data folder it cannot write (exit 73,
 * the system's reason). Real panel processes and a real MST process (the {@code mst-hostile} double).
 */
@DisabledOnOs(OS.WINDOWS)
class RunStartRefusalsTest {
    private static final Path HOSTILE = TestEngines.projectRoot().resolve("app/src/test/resources/mst-hostile/mst");

    @TempDir
    Path dir;

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("MST_PANEL_HOME", dir.resolve("home").toString());
        env.put("MST_HOSTILE_MODE", "lines");
        env.put("MST_HOSTILE_LINES", "3");
        env.put("DOCKER_CONFIG", TestEngines.dockerConfig().toString());
        return env;
    }

    @Test
    void anEvalConfigInAFolderThatDoesNotExistIsAUsageErrorNamingTheFolderNotMst() throws Exception {
        Path missing = dir.resolve("no-such-folder");
        PanelProcess.Result r = PanelProcess.run(
                dir,
                env(),
                60,
                "run",
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                missing.resolve("eval.json").toString());

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .contains("mst-panel run: no folder " + missing + " for the eval config (--config "
                        + missing.resolve("eval.json"))
                .contains("Nothing was started")
                .doesNotContain("does not run")
                .doesNotContain("Reinstall")
                .doesNotContain("npm install");
    }

    @Test
    void aDataFolderThatCannotBeWrittenIsItsOwnExitCodeWithTheReason() throws Exception {
        Path data = Files.createDirectories(dir.resolve("home/data"));
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("r-xr-xr-x"));
        Path eval = Files.createDirectories(dir.resolve("eval"));
        Files.writeString(eval.resolve("eval.json"), "{\"name\": \"x\"}\n");
        // the tests run as root, who may write anywhere: the panel runs without the capability that allows it
        ProcessBuilder pb = PanelProcess.builder(
                dir,
                env(),
                List.of(),
                "run",
                "--mst",
                HOSTILE.toString(),
                "--",
                "--config",
                eval.resolve("eval.json").toString());
        List<String> cmd = new ArrayList<>(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search"));
        cmd.addAll(pb.command());
        pb.command(cmd);
        File err = dir.resolve("err.txt").toFile();
        pb.redirectError(err).redirectOutput(dir.resolve("out.txt").toFile());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String said = Files.readString(err.toPath());

        assertThat(p.exitValue()).as(said).isEqualTo(73);
        assertThat(said)
                .contains(
                        "mst-panel run: Cannot write the run's log in " + data.resolve("runs") + ": permission denied")
                .contains("MST_PANEL_HOME")
                .contains("The run was not started")
                .doesNotContain("Exception");
        assertThat(Files.exists(dir.resolve("out.txt")) ? Files.readString(dir.resolve("out.txt")) : "")
                .doesNotContain("npm warn");
    }
}
