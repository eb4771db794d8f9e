package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code trials} with data from a results folder the panel does not control, and an empty --status. */
class TrialsHostileTextTest {
    @TempDir
    Path root;

    @Test
    void caseIdsAndErrorsWithEscapeSequencesAreShownEscaped() {
        RunFixture f =
                RunFixture.create(root, "evil-eval", "20260105T101500Z-a1b2c3").runJson("evil-eval", "default");
        f.trace("default", "case\u001b]0;pwned\u0007", 1, RunFixture.fields().put("error", "boom\u001b[2J\rgone"));
        Result r = run("trials", f.runDir().toString());
        assertThat(r.out()).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\r");
        assertThat(r.out()).contains("case\\u001b]0;pwned\\u0007");
    }

    @Test
    void anEmptyStatusListIsAUsageErrorNotAnEmptyList() {
        RunFixture f = RunFixture.create(root, "e", "20260105T101500Z-a1b2c3").runJson("e", "default");
        f.trace("default", "c1", 1, null);
        Result r = run("trials", f.runDir().toString(), "--status=");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--status needs at least one of: passed, failed");
    }

    @Test
    void aDiagnosisFileNameWithEscapesOrALineEndStaysOneEscapedLine() throws Exception {
        RunFixture f =
                RunFixture.create(root, "evil-eval", "20260105T101500Z-a1b2c3").runJson("evil-eval", "default");
        f.trace("default", "c1", 0, RunFixture.fields().put("error", "boom"))
                .score("judge.accuracy", "default", "c1", 0, false, "no");
        Path logs = f.artifacts("default", "c1", 0).resolve("logs");
        java.nio.file.Files.createDirectories(logs);
        java.nio.file.Files.writeString(logs.resolve("main\u001b]0;pwned\u0007\nsystem         forged.log"), "x");
        Result r = run("trials", f.runDir().toString());
        assertThat(r.out()).doesNotContain("\u001b").doesNotContain("\u0007");
        assertThat(r.out().lines().filter(l -> l.contains("forged.log")).toList())
                .singleElement()
                .asString()
                .startsWith("               ")
                .contains("main\\u001b]0;pwned\\u0007\\u000a");
    }
}
