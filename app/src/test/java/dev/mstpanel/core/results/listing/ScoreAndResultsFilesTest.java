package dev.mstpanel.core.results.listing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.PromptIndex;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Score files and results.json as broken copies leave them: said for what they are. */
class ScoreAndResultsFilesTest {
    @TempDir
    Path root;

    private RunFixture run() {
        RunFixture f =
                RunFixture.create(root, "eval", "20260105T101500Z-a1b2c3").runJson("eval", "default");
        f.trace("default", "lookup", 0, null).score("judge.accuracy", "default", "lookup", 0, true, "ok");
        return f;
    }

    private TrialRecord only(RunFixture f) {
        try (ResultsReader reader = new ResultsReader()) {
            List<TrialRecord> all = reader.readTrials(reader.readRun(f.runDir()));
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    @Test
    void aFolderWhereTheScoreFileShouldBeMakesTheTrialUnreadableWithTheReasonNotUngraded() throws Exception {
        RunFixture f = run();
        Path score = f.runDir().resolve("scores/judge.accuracy/default/lookup/0.json");
        Files.delete(score);
        Files.createDirectory(score);
        TrialRecord t = only(f);
        assertThat(t.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(t.problem())
                .isEqualTo("The score file scores/judge.accuracy/default/lookup/0.json is a folder, not a file.");
    }

    @Test
    void aScoreFileWithAStringLongerThanJacksonsDefaultLimitIsRead() throws Exception {
        RunFixture f = run();
        Path score = f.runDir().resolve("scores/judge.accuracy/default/lookup/0.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode s = (ObjectNode) json.readTree(score.toFile());
        ((ObjectNode) s.get("score"))
                .put("reasoning", "C".repeat(21_000_000)); // Jackson's default stops at 20,000,000 characters
        json.writeValue(score.toFile(), s);
        TrialRecord t = only(f);
        assertThat(t.problem()).isNull();
        assertThat(t.status()).isEqualTo(TrialStatus.PASSED);
    }

    @Test
    void aGarbledResultsJsonIsSaidWhereItStopsBeingJsonNotInTheParsersWords() throws Exception {
        RunFixture f = run();
        Files.writeString(f.runDir().resolve("results.json"), "{\"broken\n");
        PromptIndex p = PromptIndex.read(f.runDir(), new ObjectMapper());
        assertThat(p.problem())
                .matches("results\\.json is not valid JSON at line \\d+, column \\d+, so the prompt is not shown\\.");
    }
}
