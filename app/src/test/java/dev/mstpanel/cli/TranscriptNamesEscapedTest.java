package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One escaping rule for names, ids and tools in {@code transcript}: the text escapes a tab, line end, control or format
 * character in a case id, kind, tool or id as {@code trials} does (each row stays one line), and {@code --json} escapes the
 * same characters (zero-width and other format characters included) and stays the same JSON.
 */
class TranscriptNamesEscapedTest {
    @TempDir
    Path root;

    @Test
    void namesIdsAndToolsAreEscapedInTheTextAndTheJson() throws Exception {
        String caseId = "tab\tnew\nline\u200b";
        RunFixture f = RunFixture.create(root, "ev", "20261201T100000Z-e5c001").runJson("ev", "v");
        var events = RunFixture.events();
        RunFixture.event(events, "tool_call", "mcp", "mail\u001b[31m", "send\nmessage\u200c", 0, 10)
                .put("id", "call\r1\ufeff");
        RunFixture.event(events, "tool\tcall", "mcp", "mail", "second", 20, 10);
        f.transcript("v", caseId, 0, events, RunFixture.fields(), RunFixture.fields());
        Path file = f.tracePath("v", caseId, 0);

        Result text = run("transcript", file.toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("tab\\u0009new\\u000aline\\u200b")
                .contains("send\\u000amessage\\u200c")
                .contains("call\\u000d1\\ufeff")
                .contains("tool\\u0009call")
                .doesNotContain("\u200b")
                .doesNotContain("\u200c")
                .doesNotContain("\ufeff")
                .doesNotContain("\u001b");
        // every event is one row: the row of event 1 and of event 2 each start a line
        assertThat(text.out().lines().filter(l -> l.startsWith("  #1 ") || l.startsWith("> #1 ")))
                .hasSize(1);
        assertThat(text.out().lines().filter(l -> l.startsWith("  #2 ") || l.startsWith("> #2 ")))
                .hasSize(1);

        Result json = run("transcript", file.toString(), "--json");
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.out())
                .doesNotContain("\u200b")
                .doesNotContain("\u200c")
                .doesNotContain("\ufeff")
                .contains("\\u200b")
                .contains("\\ufeff");
        JsonNode n = new ObjectMapper().readTree(json.out());
        assertThat(n.path("caseId").asText()).isEqualTo(caseId);
    }
}
