package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.cli.InProcessCli.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run} makes the Run form's checks of the eval config before MST starts: each variant's
 * settings, then the problems; an error stops it with exit code 2 before MST is looked for.
 */
class RunEvalChecksTest {
    @TempDir
    Path dir;

    @Test
    void anActionBudgetOutsideOneToSixtyFourStopsTheRunBeforeMst() throws Exception {
        Path config = Files.writeString(dir.resolve("eval.json"), """
                {"name": "x", "client": "chatgpt", "variants": [{"name": "a", "maxActions": 30}, {"name": "b", "maxActions": 100}]}
                """);
        Result r = run(
                "run",
                "--mst",
                dir.resolve("no-such-mst").toString(),
                "--",
                "--config",
                config.toString(),
                "--runner",
                "docker");
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .contains(
                        "eval settings: variant a: maxActions 30",
                        "eval settings: variant b: maxActions 100",
                        "error: maxActions 100 (variant b) is outside ChatGPT's action budget on Linux",
                        "fix the eval config's errors above; MST was not started");
    }

    @Test
    void warningsAndNotesAreSaidAndTheRunGoesOn() throws Exception {
        Path config = Files.writeString(dir.resolve("eval.json"), """
                {"name": "x", "coworkSetup": {"approveWriteTools": true}}
                """);
        Path secrets = Files.writeString(
                dir.resolve("secrets.env"),
                "ANTHROPIC_BASE_URL=https://gw.example.test\nANTHROPIC_AUTH_TOKEN=tok-5519\n");
        Result r = run(
                "run",
                "--mst",
                dir.resolve("no-such-mst").toString(),
                "--",
                "--config",
                config.toString(),
                "--runner",
                "docker",
                "--secrets-file",
                secrets.toString());
        // past the checks: MST itself could not be found (127), not refused by them (2)
        assertThat(r.code()).as(r.err()).isEqualTo(127);
        assertThat(r.err())
                .contains(
                        "eval settings: no built-in tool off · tool search on · egress: any public host (*)",
                        "warning: ANTHROPIC_BASE_URL is set in the secrets file (an LLM gateway) and WebSearch is not disabled for the eval",
                        "note: Tool search is on for the eval",
                        "note: Cowork may reach any public host for the eval")
                .doesNotContain("gw.example.test")
                .doesNotContain("tok-5519");
    }
}
