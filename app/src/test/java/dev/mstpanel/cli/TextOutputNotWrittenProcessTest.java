package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text output that cannot be written ends the command as {@code --json} that cannot be written does
 * (cli/CommandOutput#ended): a full disk is said once on stderr with exit 1, a closed pipe ends quietly
 * with 141. Each command runs as a separate process, its stdout on {@code /dev/full} or a pipe the test closed.
 */
class TextOutputNotWrittenProcessTest {
    @TempDir
    Path dir;

    private record Ended(int exit, String err) {}

    private Ended run(boolean fullDisk, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "dev.mstpanel.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("MST_PANEL_HOME", dir.resolve("home").toString());
        pb.environment().put("MST_PANEL_LOGIN_SHELL", "off");
        if (fullDisk) {
            pb.redirectOutput(new java.io.File("/dev/full"));
        }
        Process p = pb.start();
        if (!fullDisk) {
            p.getInputStream().close(); // the reader went away before the first line, as `| head -0` does
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join(" ", args)).isTrue();
        return new Ended(p.exitValue(), err);
    }

    private RunFixture run20() {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        for (int i = 0; i < 20; i++) {
            f.trace("default", "case-" + i, 0, RunFixture.fields().put("error", "the mailbox is full"))
                    .score("judge.accuracy", "default", "case-" + i, 0, false, "no");
        }
        return f;
    }

    @Test
    void trialsTextAndGrepTextToAFullDiskSayItAndExitOne() throws Exception {
        RunFixture f = run20();
        Ended text = run(true, "trials", f.runDir().toString());
        assertThat(text.exit()).as(text.err()).isEqualTo(1);
        assertThat(text.err())
                .isEqualTo("mst-panel trials: could not write the output: No space left on device"
                        + System.lineSeparator());

        Ended grep = run(true, "trials", f.runDir().toString(), "--grep", "mailbox");
        assertThat(grep.exit()).as(grep.err()).isEqualTo(1);
        assertThat(grep.err()).contains("mst-panel trials: could not write the output: No space left on device");
    }

    @Test
    void transcriptAndCompareTextToAFullDiskSayItAndExitOne() throws Exception {
        RunFixture f = run20();
        Ended transcript =
                run(true, "transcript", f.tracePath("default", "case-3", 0).toString());
        assertThat(transcript.exit()).as(transcript.err()).isEqualTo(1);
        assertThat(transcript.err())
                .contains("mst-panel transcript: could not write the output: No space left on device");

        Path root = dir.resolve("pair");
        CompareFixture.write(root);
        Path runs = root.resolve(CompareFixture.EVAL).resolve("runs");
        Ended compare = run(
                true,
                "compare",
                runs.resolve(CompareFixture.RUN_A).toString(),
                runs.resolve(CompareFixture.RUN_B).toString());
        assertThat(compare.exit()).as(compare.err()).isEqualTo(1);
        assertThat(compare.err()).contains("mst-panel compare: could not write the output: No space left on device");
    }

    @Test
    void helpToAFullDiskSaysItWithoutACommandName() throws Exception {
        Ended help = run(true, "--help");
        assertThat(help.exit()).as(help.err()).isEqualTo(1);
        assertThat(help.err()).contains("mst-panel: could not write the output: No space left on device");
    }

    @Test
    void doctorToAFullDiskSaysItEvenWhenAFailingCheckAlreadyGaveExitOne() throws Exception {
        // doctor's own exit code (1: no engine, or MST missing here) hid the lost report
        for (String[] args : new String[][] {{"doctor", "--timeout", "1"}, {"doctor", "--json", "--timeout", "1"}}) {
            Ended doctor = run(true, args);
            assertThat(doctor.exit()).as(doctor.err()).isEqualTo(1);
            assertThat(doctor.err())
                    .as(String.join(" ", args))
                    .contains("mst-panel doctor: could not write the output: No space left on device");
        }
    }

    @Test
    void trialsTextToAClosedPipeEndsQuietlyWith141AsJsonDoes() throws Exception {
        RunFixture f = run20();
        Ended text = run(false, "trials", f.runDir().toString());
        Ended json = run(false, "trials", f.runDir().toString(), "--json");
        assertThat(text.err()).isEmpty();
        assertThat(json.err()).isEmpty();
        assertThat(text.exit()).isEqualTo(141).isEqualTo(json.exit());
    }
}
