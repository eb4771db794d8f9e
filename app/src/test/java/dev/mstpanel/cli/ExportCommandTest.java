package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.ExportFixture;
import dev.mstpanel.testsupport.PanelProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel export}: what it writes, where it refuses to write, and its messages and exit codes. */
class ExportCommandTest {
    @TempDir
    Path root;

    @Test
    void exportsATrialARunAndAComparisonEachToOneFile() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path out = Files.createDirectories(root.resolve("shared"));
        Result trial = run(
                "export",
                ExportFixture.failedTrace(run).toString(),
                "-o",
                out.resolve("trial.html").toString());
        assertThat(trial.code()).as(trial.err()).isZero();
        assertThat(trial.out()).startsWith("Exported to " + out.resolve("trial.html"));
        Result whole =
                run("export", run.toString(), "-o", out.resolve("run.html").toString());
        assertThat(whole.code()).as(whole.err()).isZero();
        Result compared = run(
                "export",
                "--compare",
                run.toString(),
                "--variants",
                "baseline,with-skill",
                "-o",
                out.resolve("compare.html").toString());
        assertThat(compared.code()).as(compared.err()).isZero();
        assertThat(Files.readString(out.resolve("trial.html"))).contains("The failing call");
        assertThat(Files.readString(out.resolve("run.html"))).contains("Failures by cause");
        assertThat(Files.readString(out.resolve("compare.html"))).contains("Verdict: unclear");
    }

    @Test
    void refusesToWriteInsideARunOrAResultsFolderAndWritesNothingThere() throws Exception {
        Path run = ExportFixture.demoRun(root);
        for (Path target : new Path[] {
            run.resolve("report.html"),
            run.resolve("traces/report.html"),
            run.getParent().resolve("report.html")
        }) {
            Result r = run("export", run.toString(), "-o", target.toString());
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err())
                    .startsWith("mst-panel export: " + target + " is inside the ")
                    .contains(
                            "which holds MST's results and is only read by the panel: write the export somewhere else.");
            assertThat(target).doesNotExist();
        }
        // through a link to the run folder too
        Path link = Files.createSymbolicLink(root.resolve("link"), run);
        Result r = run("export", run.toString(), "-o", link.resolve("x.html").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(run.resolve("x.html")).doesNotExist();
    }

    @Test
    void anExistingFileIsReplacedOnlyWithForce() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path target = Files.writeString(root.resolve("notes.html"), "my own notes");
        Result r = run("export", run.toString(), "-o", target.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel export: " + target
                        + " already exists: give another name, or --force to replace it." + System.lineSeparator());
        assertThat(target).hasContent("my own notes");
        Result forced = run("export", run.toString(), "-o", target.toString(), "--force");
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(Files.readString(target)).startsWith("<!DOCTYPE html>");
    }

    @Test
    void aTargetThatIsNotARegularFileIsNeverReplacedEvenWithForce() throws Exception {
        Path run = ExportFixture.demoRun(root);
        // a link to a device: replacing it by a move would put the page where the device is reached
        Path target = Files.createSymbolicLink(root.resolve("out.html"), Path.of("/dev/null"));
        for (String[] force : new String[][] {{}, {"--force"}}) {
            String[] args = java.util.stream.Stream.concat(
                            java.util.stream.Stream.of("export", run.toString(), "-o", target.toString()),
                            java.util.stream.Stream.of(force))
                    .toArray(String[]::new);
            Result r = run(args);
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err())
                    .isEqualTo("mst-panel export: " + target
                            + " is not a regular file (a device): the export only writes or replaces a regular file;"
                            + " give a file name, such as report.html." + System.lineSeparator());
            assertThat(target).isSymbolicLink();
            assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
        }
    }

    @Test
    void saysPlainlyWhatIsWrongWithWhatWasGiven() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Result notRun =
                run("export", root.toString(), "-o", root.resolve("a.html").toString());
        assertThat(notRun.code()).isEqualTo(1);
        assertThat(notRun.err()).contains(root + " is not a run folder: give .mcp-test-results/<eval>/runs/<runId>.");
        Result inside = run(
                "export",
                run.resolve("traces").toString(),
                "-o",
                root.resolve("a.html").toString());
        assertThat(inside.err()).contains("is inside the run folder " + run + ": give that folder.");
        Result noFile = run(
                "export",
                root.resolve("nothing.json").toString(),
                "-o",
                root.resolve("a.html").toString());
        assertThat(noFile.code()).isEqualTo(1);
        assertThat(noFile.err()).startsWith("mst-panel export: ").doesNotContain("Exception");
        Result twoWithoutCompare = run(
                "export",
                run.toString(),
                run.toString(),
                "-o",
                root.resolve("a.html").toString());
        assertThat(twoWithoutCompare.code()).isEqualTo(2);
        assertThat(twoWithoutCompare.err()).contains("two runs are compared with --compare");
        Result noSuchVariant = run(
                "export",
                "--compare",
                run.toString(),
                "--variants",
                "baseline,nope",
                "-o",
                root.resolve("a.html").toString());
        assertThat(noSuchVariant.code()).isEqualTo(1);
        assertThat(noSuchVariant.err())
                .isEqualTo("mst-panel export: Run " + ExportFixture.RUN_ID
                        + " has no variant \"nope\": its variants are baseline, with-skill." + System.lineSeparator());
        Result noSecrets = run(
                "export",
                run.toString(),
                "-o",
                root.resolve("a.html").toString(),
                "--secrets-file",
                root.resolve("none.env").toString());
        assertThat(noSecrets.code()).isEqualTo(1);
        assertThat(noSecrets.err()).contains("Nothing was exported: its values could not be masked.");
        assertThat(root.resolve("a.html")).doesNotExist();
    }

    @Test
    void aKeyGivenInAVariantNameIsMaskedInTheMessageThatRepeatsIt() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Result r = run(
                "export",
                "--compare",
                run.toString(),
                "--variants",
                "baseline,ws-" + ExportFixture.FILE_KEY,
                "--secrets-file",
                ExportFixture.secretsFile(root).toString(),
                "-o",
                root.resolve("a.html").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel export: Run " + ExportFixture.RUN_ID
                        + " has no variant \"ws-***\": its variants are baseline, with-skill."
                        + System.lineSeparator());
        assertThat(root.resolve("a.html")).doesNotExist();
    }

    @Test
    void theEnvironmentsAndTheSecretsFilesKeysAreMaskedInTheFile() throws Exception {
        Path run = ExportFixture.demoRun(root);
        Path target = root.resolve("shared.html");
        PanelProcess.Result r = PanelProcess.run(
                root,
                Map.of(
                        "OPENAI_API_KEY",
                        ExportFixture.ENV_KEY,
                        "MST_PANEL_HOME",
                        root.resolve("home").toString()),
                120,
                "export",
                ExportFixture.failedTrace(run).toString(),
                "--secrets-file",
                ExportFixture.secretsFile(root).toString(),
                "-o",
                target.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        String page = Files.readString(target);
        assertThat(page)
                .contains("gift card ***")
                .doesNotContain(ExportFixture.ENV_KEY)
                .doesNotContain(ExportFixture.FILE_KEY);
        assertThat(page)
                .doesNotContain(ExportFixture.ENV_KEY.substring(8, 20))
                .doesNotContain(ExportFixture.FILE_KEY.substring(4, 16));
    }
}
