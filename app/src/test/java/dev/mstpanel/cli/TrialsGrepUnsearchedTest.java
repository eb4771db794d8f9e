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
        RunFixture f =
                RunFixture.create(root, "grep-eval", "20260107T090000Z-0a0b0c").runJson("grep-eval", "default");
        f.trace("default", "a-found", 0, RunFixture.fields().put("error", "The mailbox does not exist"));
        f.trace("default", "b-other", 0, RunFixture.fields().put("error", "timeout"));
        write(
                f.tracePath("default", "c-cut-short", 0),
                "{\"kind\":\"trial\",\"caseId\":\"c-cut-short\",\"trace\":{\"events\":[{\"output\":\"the mail");
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
        String line = lines.stream()
                .filter(l -> l.contains("could not be searched"))
                .findFirst()
                .orElseThrow();
        assertThat(line)
                .startsWith("  4 traces could not be searched: c-cut-short #1 (default): The trace is cut short")
                .contains("; d-not-json #1 (default): The trace is not valid JSON")
                .contains("; and 2 more")
                .endsWith("(see them with: mst-panel trials " + f.runDir() + " --status unreadable)");
        // the place it points to lists them, with their reasons
        Result unreadable = run("trials", f.runDir().toString(), "--status", "unreadable");
        assertThat(unreadable.out())
                .contains("c-cut-short #1")
                .contains("d-not-json #1")
                .contains("e-empty #1")
                .contains("f-too-large #1");
    }

    @Test
    void aSearchThatFindsNothingStillSaysWhatItCouldNotSearch() throws Exception {
        RunFixture f = runWithBrokenTraces();
        Result r = run("trials", f.runDir().toString(), "--grep", "no such words");
        assertThat(r.out())
                .contains("  no trial's transcript contains \"no such words\"" + System.lineSeparator()
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
        assertThat(r.err())
                .startsWith("warning: 4 traces could not be searched: c-cut-short #1 (default): ")
                .contains("--status unreadable)");
    }

    @Test
    void aBrokenTraceNeverMatchesAndIsCountedAsNotSearchedWhateverTheText() throws Exception {
        RunFixture f =
                RunFixture.create(root, "grep-eval", "20260107T090000Z-0d0e0f").runJson("grep-eval", "default");
        f.trace("default", "a-whole", 0, RunFixture.fields().put("error", "findme in a whole trace"));
        f.trace("default", "b-whole-other", 0, RunFixture.fields().put("error", "timeout"));
        // cut short after the text: the text is in its bytes and in a value the parser reaches before the cut
        write(
                f.tracePath("default", "c-cut", 0),
                "{\"kind\":\"trial\",\"caseId\":\"c-cut\",\"error\":\"findme here\",\"trace\":{\"events\":[{\"output\":\"the");
        // broken in the middle (not UTF-8), a brace at each end: with the text and without it
        for (String[] c : new String[][] {{"d-bad-utf8-with", "findme"}, {"e-bad-utf8-without", "nothing"}}) {
            Path p = f.tracePath("default", c[0], 0);
            Files.createDirectories(p.getParent());
            byte[] head = ("{\"kind\":\"trial\",\"caseId\":\"" + c[0] + "\",\"error\":\"" + c[1] + " \u00e9")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] bytes = java.util.Arrays.copyOf(head, head.length + 4);
            bytes[head.length] = (byte) 0xFF;
            bytes[head.length + 1] = '"';
            bytes[head.length + 2] = ' ';
            bytes[head.length + 3] = '}';
            Files.write(p, bytes);
        }
        for (int pass = 0; pass < 2; pass++) { // before the run is listed, and after (its trials cached)
            for (String text : List.of("findme", "no such words", "FINDME here")) {
                Result r = run("trials", f.runDir().toString(), "--grep", text, "--json");
                assertThat(r.code()).as(r.err()).isZero();
                List<String> found = new ArrayList<>();
                for (JsonNode n : new ObjectMapper().readTree(r.out())) {
                    found.add(n.path("caseId").asText());
                }
                assertThat(found).as(text + ", pass " + pass).isSubsetOf("a-whole");
                assertThat(r.err())
                        .as(text + ", pass " + pass)
                        .startsWith(
                                "warning: 3 traces could not be searched: c-cut #1 (default): The trace is cut short")
                        .contains("d-bad-utf8-with #1")
                        .contains("and 1 more");
            }
            Result listed = run("trials", f.runDir().toString(), "--status", "unreadable");
            assertThat(listed.out())
                    .contains("c-cut #1")
                    .contains("d-bad-utf8-with #1")
                    .contains("e-bad-utf8-without #1");
        }
    }

    @Test
    void everyTraceSearchedSaysNothingMore() throws Exception {
        RunFixture f =
                RunFixture.create(root, "grep-eval", "20260107T090000Z-0a0b0c").runJson("grep-eval", "default");
        f.trace("default", "a-found", 0, RunFixture.fields().put("error", "The mailbox does not exist"));
        Result text = run("trials", f.runDir().toString(), "--grep", "mailbox");
        assertThat(text.out()).doesNotContain("could not be searched");
        Result json = run("trials", f.runDir().toString(), "--grep", "mailbox", "--json");
        assertThat(json.err()).isEmpty();
    }
}
