package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reason an unreadable trial gives: a score file that is not JSON or is a named pipe is named in
 * the row (not the trial's own error), and a trace nested past the reader's limit or holding a number too large says
 * so, not "not valid JSON".
 */
class TrialsUnreadableReasonsTest {
    @TempDir
    Path root;

    @Test
    void eachUnreadableTrialSaysWhatIsWrongInItsRowAndItsProblem() throws Exception {
        RunFixture f =
                RunFixture.create(root, "eval", "20260105T101500Z-a1b2c3").runJson("eval", "default");
        f.trace("default", "bad-score", 0, RunFixture.fields().put("error", "Task did not submit"))
                .score("judge.accuracy", "default", "bad-score", 0, false, "no");
        Path badScore = f.runDir().resolve("scores/judge.accuracy/default/bad-score/0.json");
        Files.writeString(badScore, "{ not json");
        f.trace("default", "fifo-score", 0, RunFixture.fields().put("error", "Task did not submit"))
                .score("judge.accuracy", "default", "fifo-score", 0, false, "no");
        Path fifo = f.runDir().resolve("scores/judge.accuracy/default/fifo-score/0.json");
        Files.delete(fifo);
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        Path deep = f.tracePath("default", "deep", 0);
        Files.createDirectories(deep.getParent());
        Files.writeString(
                deep,
                "{\"kind\":\"trial\",\"caseId\":\"deep\",\"trace\":{\"events\":[" + "[".repeat(3000) + "]".repeat(3000)
                        + "]}}");
        Path number = f.tracePath("default", "number", 0);
        Files.createDirectories(number.getParent());
        Files.writeString(
                number, "{\"kind\":\"trial\",\"caseId\":\"number\",\"durationMs\":1e400,\"trace\":{\"events\":[]}}");

        Result r = run("trials", f.runDir().toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        Map<String, JsonNode> byCase = new HashMap<>();
        for (JsonNode n : new ObjectMapper().readTree(r.out())) {
            byCase.put(n.path("caseId").asText(), n);
        }
        assertThat(byCase.get("bad-score").path("status").asText()).isEqualTo("unreadable");
        assertThat(byCase.get("bad-score").path("problem").asText())
                .isEqualTo(
                        "The score file scores/judge.accuracy/default/bad-score/0.json is not valid JSON at line 1, column 3.");
        assertThat(byCase.get("fifo-score").path("status").asText()).isEqualTo("unreadable");
        assertThat(byCase.get("fifo-score").path("problem").asText())
                .isEqualTo(
                        "The score file scores/judge.accuracy/default/fifo-score/0.json is not a regular file (a named pipe), so the panel does not open it.");
        assertThat(byCase.get("deep").path("problem").asText())
                .isEqualTo("The trace is nested deeper than 1000 levels, more than the panel reads.");
        // a number beyond any double is one field out of range, left out: the trial is read, not refused
        assertThat(byCase.get("number").path("status").asText()).isNotEqualTo("unreadable");

        // the text row of an unreadable trial gives why it is unreadable, not the trial's own error
        Result text = run("trials", f.runDir().toString(), "--status", "unreadable");
        String row = text.out()
                .lines()
                .filter(l -> l.contains("bad-score #1"))
                .findFirst()
                .orElseThrow();
        assertThat(row)
                .contains("The score file scores/judge.accuracy/default/bad-score/0.json is not valid JSON")
                .doesNotContain("Task did not submit");
        assertThat(text.out()).contains("fifo-score #1").contains("is not a regular file");

        Result transcript = run("transcript", deep.toString());
        assertThat(transcript.code()).isEqualTo(1);
        assertThat(transcript.err()).contains("nested deeper than 1000 levels").doesNotContain("not JSON");
    }
}
