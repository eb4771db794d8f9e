package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A case folder whose name does not match its trace's caseId (a copied or renamed
 * folder, an invalid escape, two folders that decode to one case id) is listed once, under the folder's
 * name with a note that says so, not as a second copy of the case its trace names. Each listing runs
 * as a separate process, with an empty cache and then the cache it wrote.
 */
class TrialsCaseFolderMismatchTest {
    @TempDir
    Path dir;

    private PanelProcess.Result trials(String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "trials";
        System.arraycopy(args, 0, all, 1, args.length);
        return PanelProcess.run(
                dir, Map.of("MST_PANEL_HOME", dir.resolve("home").toString()), 60, all);
    }

    @Test
    void aFolderThatDoesNotMatchItsTracesCaseIdIsListedOnceUnderItsOwnNameWithANote() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, false, "wrong balance");
        f.trace("default", "café-ü", 0, null).score("judge", "default", "café-ü", 0, true, "ok");
        Path traces = f.runDir().resolve("traces/default");
        for (String odd : new String[] {"a%2Fb", "bad%zz"}) {
            Files.createDirectories(traces.resolve(odd));
            Files.copy(traces.resolve("gift-card/0.json"), traces.resolve(odd).resolve("0.json"));
        }
        Files.createDirectories(traces.resolve("caf%c3%a9-%c3%bc")); // decodes to café-ü, as the folder MST wrote
        Files.copy(traces.resolve("caf%C3%A9-%C3%BC/0.json"), traces.resolve("caf%c3%a9-%c3%bc/0.json"));

        for (int pass = 0; pass < 2; pass++) { // an empty cache, then the cache the first listing wrote
            PanelProcess.Result text = trials(f.runDir().toString());
            assertThat(text.exit()).as(text.err()).isZero();
            List<String> rows = text.out()
                    .lines()
                    .filter(l -> l.matches("  (passed|failed|infra|missing|ungraded|unreadable) .*"))
                    .toList();
            assertThat(rows)
                    .as("one row per trial folder, each case once")
                    .hasSize(5)
                    .filteredOn(r -> r.contains(" gift-card #1"))
                    .hasSize(1)
                    .allMatch(r -> r.startsWith("  failed"));
            assertThat(rows)
                    .filteredOn(r -> r.contains(" café-ü #1"))
                    .hasSize(1)
                    .allMatch(r -> r.startsWith("  passed"));
            assertThat(text.out())
                    .contains("a/b #1")
                    .contains("bad%zz #1")
                    .contains("caf%c3%a9-%c3%bc #1")
                    .contains("The case folder traces/default/a%2Fb does not match its trace's caseId \"gift-card\"")
                    .contains("The case folder traces/default/bad%zz (not a name MST writes) does not match");
            assertThat(text.out()).contains("1 passed  1 failed  3 ungraded");

            PanelProcess.Result json = trials(f.runDir().toString(), "--json");
            assertThat(json.exit()).as(json.err()).isZero();
            List<String> cases = new ArrayList<>();
            for (JsonNode t : new ObjectMapper().readTree(json.out())) {
                cases.add(t.path("caseId").asText());
                if (t.path("path").asText().contains("/a%2Fb/")) {
                    assertThat(t.path("problem").asText())
                            .isEqualTo("The case folder traces/default/a%2Fb does not match its trace's"
                                    + " caseId \"gift-card\", which MST writes to traces/default/gift-card: listed under the folder's name, apart from"
                                    + " that case (the folder was copied, renamed or made by hand).");
                }
            }
            assertThat(cases).containsExactlyInAnyOrder("a/b", "bad%zz", "caf%c3%a9-%c3%bc", "café-ü", "gift-card");
        }
    }
}
