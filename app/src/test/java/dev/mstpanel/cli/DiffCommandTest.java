package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel diff}: a passing and a failing trial of one case aligned, as text and JSON, and the bad inputs. */
class DiffCommandTest {
    @TempDir
    Path root;

    private Path passing;
    private Path failing;

    private void fixture() {
        RunFixture f = TranscriptFixture.build(root);
        passing = TranscriptFixture.passingTrial(f);
        failing = f.tracePath("default", TranscriptFixture.FAILED_CASE, 0);
    }

    @Test
    void jsonGivesTheFirstDivergenceEveryPairAndWhetherTheFinalAnswersAreTheSame() throws Exception {
        fixture();
        Result r = run("diff", passing.toString(), failing.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode n = new ObjectMapper().readTree(r.out());
        List<String> fields = new ArrayList<>();
        n.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("firstDivergence", "pairs", "finalAnswerSame");
        // the mail was sent with another subject, and failed only in the second trial
        assertThat(n.path("firstDivergence").toString()).isEqualTo("{\"a\":3,\"b\":3,\"reason\":\"arguments\"}");
        List<String> pairs = new ArrayList<>();
        n.path("pairs").forEach(p -> pairs.add(p.path("change").asText() + " " + p.path("a") + " " + p.path("b")));
        assertThat(pairs)
                .containsExactly(
                        "same 0 0", // tool_search (its results are not compared: like an output, they vary)
                        "same 1 1",
                        "same 2 2",
                        "changed 3 3",
                        "same 4 4",
                        "onlyA 5 null",
                        "onlyB null 5",
                        "onlyB null 6",
                        "onlyB null 7");
        assertThat(n.path("finalAnswerSame").asBoolean()).isFalse();
    }

    @Test
    void textOpensWithTheFirstDivergenceThenMarksEveryRow() throws Exception {
        fixture();
        Result r = run("diff", passing.toString(), failing.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines[0])
                .startsWith("A: default / " + TranscriptFixture.FAILED_CASE)
                .contains("passed", "6 events");
        assertThat(lines[1]).contains("failed", "8 events");
        assertThat(lines[3]).isEqualTo("First divergence at row 4: the same tool was called with other arguments.");
        assertThat(r.out())
                .contains("    subject: \"Weekly summary (5-9 Jan)\" -> \"Weekly summary\"")
                .contains("    B failed, A did not")
                .containsPattern("(?m)^~ #4 +mail · send_message +#4 +mail · send_message +args: subject; B failed$")
                .containsPattern("(?m)^- #6 +mail · list_sent$")
                .containsPattern("(?m)^\\+ +#6 +researcher$")
                .contains("Final answers: different")
                .contains("  A: The weekly summary is sent to the team.")
                .contains("Usage:    A: 15,200 in · 980 out · 6.4 s   B: 18,450 in")
                .contains("Duration: A: 1 min 1 s   B: 1 min 1 s");
        assertThat(r.out().indexOf("First divergence")).isLessThan(r.out().indexOf("Rows ("));
    }

    @Test
    void aTrialAlignedWithACopyOfItselfHasNoDivergence() throws Exception {
        fixture();
        Path copy = root.resolve("copy").resolve("0.json");
        Files.createDirectories(copy.getParent());
        Files.copy(failing, copy);
        Result r = run("diff", failing.toString(), copy.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertThat(n.path("firstDivergence").isNull()).isTrue();
        assertThat(n.path("finalAnswerSame").asBoolean()).isTrue();
        assertThat(run("diff", failing.toString(), copy.toString()).out())
                .contains("No divergence: every call is the same, and so is the final answer.");
    }

    @Test
    void theSameFileTwiceIsAUsageError() {
        fixture();
        Result r = run(
                "diff",
                failing.toString(),
                failing.getParent().resolve(".").resolve("0.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("mst-panel diff: ").contains("are the same trace: give two trials to align.");
    }

    @Test
    void aMissingOrNonTraceFileSaysWhichSideAndExitsOne() throws Exception {
        fixture();
        Result missing =
                run("diff", passing.toString(), root.resolve("nope.json").toString());
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.out()).isEmpty();
        assertThat(missing.err())
                .startsWith("mst-panel diff: TRACE_B: There is no file at")
                .doesNotContain("Exception");

        Path notTrace = Files.writeString(root.resolve("notes.json"), "{\"kind\":\"summary\"}");
        Result wrong = run("diff", notTrace.toString(), passing.toString());
        assertThat(wrong.code()).isEqualTo(1);
        assertThat(wrong.err()).startsWith("mst-panel diff: TRACE_A: ").doesNotContain("Exception");
        assertThat(wrong.err().lines().count()).isEqualTo(1);
    }
}
