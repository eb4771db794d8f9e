package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code trials --grep} says which traces it could not search (cut short, not JSON, empty, too
 * large), so "no match" is not taken for the whole truth: one line in the text, a warning on stderr
 * with {@code --json} (the array keeps its shape).
 */
class TrialsGrepUnsearchedTest {
    @TempDir
    Path root;

    private RunFixture runWithBrokenTraces() throws Exception {
        RunFixture f = RunFixture.create(root, "grep-eval", "20260107T090000Z-0a0b0c").runJson("grep-eval", "default");
        f.trace("default", "a-found", 0, RunFixture.fields().put("error", "The mailbox does not exist"));
        f.trace("default", "b-other", 0, RunFixture.fields().put("error", "timeout"));
        write(f.tracePath("default", "c-cut-short", 0), "{\"kind\":\"trial\",\"caseId\":\"c-cut-short\",\"trace\":{\"events\":[{\"output\":\"the mail");
        write(f.tracePath("default", "d-not-json", 0), "mailbox does not: this is not JSON");
        write(f.tracePath("default", "e-empty", 0), "");
        Path large = f.tracePath("default", "f-too-large", 0);
        Files.createDirectories(large.getParent());
        try (RandomAccessFile r = new RandomAccessFile(large.toFile(), "rw")) {
            r.setLength(257L * 1024 * 1024); // sparse: refused by its size before a byte is read
        }
        return f;
    }

    private static void write(Path p, String s) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, s);
    }

    @Test
    void theTextSaysHowManyTracesCouldNotBeSearchedWithTheFirstReasonsAndHowToSeeThem() throws Exception {
        RunFixture f = runWithBrokenTraces();
        Result r = run("trials", f.runDir().toString(), "--grep", "mailbox does not");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("a-found #1"));
        assertThat(lines).noneSatisfy(l -> assertThat(l).contains("b-other"));
        String line = lines.stream().filter(l -> l.contains("could not be searched")).findFirst().orElseThrow();
        assertThat(line).startsWith("  4 traces could not be searched: c-cut-short #1 (default): The trace is cut short")
                .contains("; d-not-json #1 (default): The trace is not valid JSON")
                .contains("; and 2 more")
                .endsWith("(see them with: mst-panel trials " + f.runDir() + " --status unreadable)");
        // the place it points to lists them, with their reasons
        Result unreadable = run("trials", f.runDir().toString(), "--status", "unreadable");
        assertThat(unreadable.out()).contains("c-cut-short #1").contains("d-not-json #1").contains("e-empty #1").contains("f-too-large #1");
    }

    @Test
    void aSearchThatFindsNothingStillSaysWhatItCouldNotSearch() throws Exception {
        RunFixture f = runWithBrokenTraces();
        Result r = run("trials", f.runDir().toString(), "--grep", "no such words");
        assertThat(r.out()).contains("  no trial's transcript contains \"no such words\"" + System.lineSeparator()
                + "  4 traces could not be searched: ");
    }

    @Test
    void withJsonTheArrayHoldsOnlyTheMatchesAndStderrSaysWhatWasNotSearched() throws Exception {
        RunFixture f = runWithBrokenTraces();
        Result r = run("trials", f.runDir().toString(), "--grep", "mailbox does not", "--json");
        assertThat(r.code()).isZero();
        List<String> found = new ArrayList<>();
        for (JsonNode n : new ObjectMapper().readTree(r.out())) {
            found.add(n.path("caseId").asText());
        }
        assertThat(found).containsExactly("a-found");
        assertThat(r.err()).startsWith("warning: 4 traces could not be searched: c-cut-short #1 (default): ")
                .contains("--status unreadable)");
    }

    @Test
    void everyTraceSearchedSaysNothingMore() throws Exception {
        RunFixture f = RunFixture.create(root, "grep-eval", "20260107T090000Z-0a0b0c").runJson("grep-eval", "default");
        f.trace("default", "a-found", 0, RunFixture.fields().put("error", "The mailbox does not exist"));
        Result text = run("trials", f.runDir().toString(), "--grep", "mailbox");
        assertThat(text.out()).doesNotContain("could not be searched");
        Result json = run("trials", f.runDir().toString(), "--grep", "mailbox", "--json");
        assertThat(json.err()).isEmpty();
    }
}
