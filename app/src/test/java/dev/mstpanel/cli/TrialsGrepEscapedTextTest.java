package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.transcript.TranscriptSearch;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search matches the decoded text of a trace whatever characters its writer spelled as backslash-u escapes (.NET and Go
 * writers escape {@code <}, {@code >}, {@code '} and {@code &}; any writer may escape a letter): {@code trials --grep} and
 * the window's search across trials find it, and a trace without the text is still a plain no.
 */
class TrialsGrepEscapedTextTest {
    @TempDir
    Path root;

    private static void trace(RunFixture f, String caseId, String rawOutput) throws Exception {
        Path p = f.tracePath("v", caseId, 0);
        Files.createDirectories(p.getParent());
        Files.writeString(
                p,
                "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"v\",\"caseId\":\"" + caseId
                        + "\",\"trial\":0,\"infrastructureError\":false,\"trace\":{\"events\":[{\"kind\":\"tool_call\",\"source\":\"mcp\",\"name\":\"t\","
                        + "\"output\":\"" + rawOutput + "\"}]}}");
    }

    @Test
    void escapedCharactersAreFoundAsTheTextTheyStandFor() throws Exception {
        RunFixture f = RunFixture.create(root, "esc", "20261201T100000Z-e5c000").runJson("esc", "v");
        trace(f, "angle", "page: \\u003cscript\\u003ealert(1)\\u003c/script\\u003e");
        trace(f, "letter", "called \\u0041BC-tool twice");
        trace(f, "quote", "it\\u0027s done");
        trace(f, "plain", "<script> in plain bytes");
        trace(f, "none", "nothing to see \\u00e9 here");

        for (String[] want :
                new String[][] {{"<script>", "angle", "plain"}, {"abc-tool", "letter"}, {"it's done", "quote"}}) {
            Result r = run("trials", f.runDir().toString(), "--grep", want[0], "--json");
            assertThat(r.code()).as(r.err()).isZero();
            List<String> found = new ArrayList<>();
            for (JsonNode t : new ObjectMapper().readTree(r.out())) {
                found.add(t.path("caseId").asText());
            }
            assertThat(found).as(want[0]).containsExactlyInAnyOrder(java.util.Arrays.copyOfRange(want, 1, want.length));
            assertThat(r.err()).as(want[0]).doesNotContain("could not be searched");
        }
        Result none = run("trials", f.runDir().toString(), "--grep", "HIDDEN");
        assertThat(none.out())
                .contains("no trial's transcript contains \"HIDDEN\"")
                .doesNotContain("could not be searched");

        try (ResultsReader reader = new ResultsReader()) {
            RunInfo run = reader.readRun(f.runDir());
            List<TrialRecord> trials = reader.readTrials(run);
            List<TrialRecord> hits = new TranscriptSearch()
                    .search(
                            trials,
                            new TranscriptQuery(TranscriptQuery.Mode.TEXT, "<script>"),
                            new AtomicBoolean(),
                            n -> {});
            assertThat(hits).extracting(TrialRecord::caseId).containsExactlyInAnyOrder("angle", "plain");
        }
    }
}
