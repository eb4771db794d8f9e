package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Special files where MST writes plain ones (a named pipe, a link to a device, a loop of links) are named with their kind
 * wherever they are met: a failure diagnosis file is "not a regular file (a named pipe)", not "no failure diagnosis"; a
 * trace that is a loop of links is said as such, not in the system's words. None is opened (a pipe would wait forever).
 */
class TrialsSpecialFilesTest {
    @TempDir
    Path root;

    private static void mkfifo(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        assertThat(new ProcessBuilder("mkfifo", p.toString()).start().waitFor()).isZero();
    }

    private static JsonNode trial(JsonNode all, String caseId) {
        for (JsonNode t : all) {
            if (t.path("caseId").asText().equals(caseId)) {
                return t;
            }
        }
        throw new AssertionError(caseId);
    }

    @Test
    void diagnosisFilesThatAreSpecialAreNamedByTheirKind() throws Exception {
        RunFixture f = RunFixture.create(root, "ev", "20261201T100000Z-777777").runJson("ev", "v");
        for (String c : new String[] {"fifo-art", "zero-art", "loop-art"}) {
            f.trace("v", c, 0, RunFixture.fields().put("error", "failed")).score("judge", "v", c, 0, false, "no");
        }
        Path fifo = f.artifacts("v", "fifo-art", 0);
        mkfifo(fifo.resolve("accessibility.txt"));
        mkfifo(fifo.resolve("system.json"));
        Path zero = f.artifacts("v", "zero-art", 0);
        Files.createDirectories(zero.resolve("logs"));
        Files.createSymbolicLink(zero.resolve("screen.png"), Path.of("/dev/zero"));
        Files.createSymbolicLink(zero.resolve("logs").resolve("main.log"), Path.of("/dev/zero"));
        Path loop = f.artifacts("v", "loop-art", 0);
        Files.createDirectories(loop);
        Files.createSymbolicLink(loop.resolve("accessibility.txt"), Path.of("accessibility.txt"));

        Result r = run("trials", f.runDir().toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode all = new ObjectMapper().readTree(r.out());
        assertThat(trial(all, "fifo-art").path("diagnosis").path("problem").asText())
                .contains("accessibility.txt is not a regular file (a named pipe)")
                .contains("system.json is not a regular file (a named pipe)");
        assertThat(trial(all, "zero-art").path("diagnosis").path("problem").asText())
                .contains("screen.png is not a regular file (a device)")
                .contains("logs/main.log is not a regular file (a device)");
        assertThat(trial(all, "loop-art").path("diagnosis").path("problem").asText())
                .contains("accessibility.txt is a symbolic link that loops");
        FailureDiagnosis d = FailureDiagnosis.find(fifo, false);
        assertThat(d.notice())
                .contains("accessibility.txt is not a regular file (a named pipe)")
                .doesNotContain("No failure diagnosis");
        // the text under the failed trial's row says it too
        assertThat(run("trials", f.runDir().toString()).out())
                .contains("accessibility.txt is not a regular file (a named pipe)");
    }

    @Test
    void aTraceThatIsALoopOfLinksIsSaidAsSuch() throws Exception {
        RunFixture f = RunFixture.create(root, "ev", "20261201T100000Z-777778").runJson("ev", "v");
        f.trace("v", "ok", 0, null);
        Path loop = f.tracePath("v", "loop", 0);
        Files.createDirectories(loop.getParent());
        Files.createSymbolicLink(loop, loop.getFileName());
        Path pipe = f.tracePath("v", "pipe", 0);
        mkfifo(pipe);
        Result r = run("trials", f.runDir().toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode all = new ObjectMapper().readTree(r.out());
        assertThat(trial(all, "loop").path("problem").asText())
                .contains("a symbolic link that loops")
                .doesNotContain("Too many levels");
        assertThat(trial(all, "pipe").path("problem").asText()).contains("not a regular file (a named pipe)");
        Result t = run("transcript", loop.toString());
        assertThat(t.err()).contains("a symbolic link that loops").doesNotContain("Too many levels");
    }
}
