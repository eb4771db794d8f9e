package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.PanelProcess;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that runs out of Java heap ends with one plain line saying so and how to give it more,
 * never a stack trace: a real panel process given less heap than a large trace needs.
 */
class OutOfMemoryMessageTest {
    @TempDir
    Path dir;

    @Test
    void aTraceTooBigForTheHeapIsAPlainMessageWithTheFixAndExitOne() throws Exception {
        Path trace = dir.resolve("0.json");
        try (BufferedWriter w = Files.newBufferedWriter(trace, StandardCharsets.UTF_8)) {
            w.write(
                    "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"v\",\"caseId\":\"many\",\"trial\":0,\"trace\":{\"events\":[");
            for (int i = 0; i < 300_000; i++) {
                w.write((i == 0 ? "" : ",")
                        + "{\"kind\":\"tool_call\",\"source\":\"mcp\",\"server\":\"shop\",\"name\":\"t" + i
                        + "\",\"arguments\":{\"i\":" + i + "},\"output\":\"needle-" + i
                        + "\",\"isError\":false,\"durationMs\":1}");
            }
            w.write("],\"finalText\":\"end\",\"usage\":{\"inputTokens\":1}},\"error\":\"boom\"}");
        }

        PanelProcess.Result r =
                PanelProcess.run(dir, Map.of(), List.of("-Xmx24m"), 120, "transcript", trace.toString());

        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .contains("mst-panel transcript: out of memory: this needs more than the ")
                .contains(
                        "MiB of Java heap it was given. Give it more with java's -Xmx, e.g. java -Xmx1g -jar mst-panel.jar")
                .doesNotContain("OutOfMemoryError")
                .doesNotContain("\tat ")
                .doesNotContain("Exception in thread");
    }
}
