package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key of the environment that a run's own files hold (the agent saw it, a person pasted it into a note) is masked
 * in whatever a command prints of them, text or JSON, and a note is kept masked in the data folder: every command's
 * output goes through the one mask the run log and exports use. Real panel processes with the key in their
 * environment.
 */
class SecretsInCommandOutputTest {
    private static final String KEY = "sk-proj-Output7Secret0123456789abcdef";

    @TempDir
    Path root;

    @Test
    void aKeyInATraceAndInATriageNoteIsMaskedInEveryCommandsOutputAndInTheDataFolder() throws Exception {
        Path home = root.resolve("home");
        Map<String, String> env = Map.of("MST_PANEL_HOME", home.toString(), "OPENAI_API_KEY", KEY);
        RunFixture run = RunFixture.allStatuses(root.resolve("results"));
        ObjectNode extra = JsonNodeFactory.instance.objectNode();
        extra.putObject("trace").put("finalText", "I used the key " + KEY + " to call the API.");
        extra.put("error", "401 for \"Bearer " + KEY + "\"");
        run.trace("default", "leaky-case", 0, extra);
        Path trace = run.runDir().resolve("traces/default/leaky-case/0.json");
        assertThat(Files.readString(trace)).contains(KEY);

        List<List<String>> commands = List.of(
                List.of("transcript", trace.toString()),
                List.of("transcript", trace.toString(), "--json"),
                List.of("trials", run.runDir().toString(), "--status", "failed"),
                List.of("trials", run.runDir().toString(), "--json"),
                List.of(
                        "triage",
                        "set",
                        run.runDir()
                                .resolve("traces/default/" + RunFixture.FAILED_CASE + "/0.json")
                                .toString(),
                        "--label",
                        "agent error",
                        "--note",
                        "it pasted " + KEY + " into the chat"),
                List.of("triage", run.runDir().toString()),
                List.of("triage", run.runDir().toString(), "--json"));
        for (List<String> args : commands) {
            PanelProcess.Result r = PanelProcess.run(root, env, 60, args.toArray(String[]::new));
            assertThat(r.exit()).as(args + ": " + r.err()).isIn(0, 1);
            assertThat(r.out() + r.err())
                    .as("output of %s", args)
                    .doesNotContain(KEY)
                    .doesNotContain(KEY.substring(8, 20));
        }
        PanelProcess.Result listed =
                PanelProcess.run(root, env, 60, "triage", run.runDir().toString());
        assertThat(listed.out()).contains("it pasted *** into the chat");
        try (Stream<Path> files = Files.walk(home)) {
            // the cache of listed trials is the run's own files in another form (as the run folder, it holds what MST
            // wrote); what the panel itself writes (the triage file, its log) holds no key
            for (Path f : files.filter(Files::isRegularFile)
                    .filter(f -> !f.startsWith(home.resolve("cache")))
                    .toList()) {
                assertThat(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as("%s in the data folder", f)
                        .doesNotContain(KEY);
            }
        }
    }
}
