package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run.json copied from another run (its runId differs from the run folder's name): the listing names the
 * run by its folder, as the panel uses it, and says that run.json names another run.
 */
class TrialsCopiedRunJsonTest {
    @TempDir
    Path dir;

    @Test
    void aRunJsonFromAnotherRunIsSaidAndTheFolderNameIsUsed() throws Exception {
        RunFixture other = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        other.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260106T090000Z-d4e5f6");
        f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, false, "wrong balance");
        Files.copy(other.runDir().resolve("run.json"), f.runDir().resolve("run.json"));

        InProcessCli.Result text = InProcessCli.run("trials", f.runDir().toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out().lines().findFirst().orElseThrow())
                .startsWith("eval / 20260106T090000Z-d4e5f6  (")
                .contains(
                        "run.json names another run (20260105T101500Z-a1b2c3) than its folder 20260106T090000Z-d4e5f6")
                .contains("The panel uses the folder's name");

        InProcessCli.Result json =
                InProcessCli.run("trials", "--json", f.runDir().toString());
        for (JsonNode t : new ObjectMapper().readTree(json.out())) {
            assertThat(t.path("runId").asText()).isEqualTo("20260106T090000Z-d4e5f6");
        }
        // the copied run.json was read: it still tells that the run finished (not "(run.json unreadable)" in the
        // navigator)
        try (dev.mstpanel.core.results.ResultsReader reader = new dev.mstpanel.core.results.ResultsReader()) {
            dev.mstpanel.core.results.model.RunInfo info = reader.readRun(f.runDir());
            assertThat(info.runJsonUnread()).isNull();
            assertThat(info.finished()).isTrue();
        }
    }

    @Test
    void aRegradeFolderWithTheRunJsonOfTheRunItGradesAgainIsNotFlagged() throws Exception {
        RunFixture base = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        base.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
        RunFixture regrade = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3.g1");
        regrade.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
        Files.copy(base.runDir().resolve("run.json"), regrade.runDir().resolve("run.json"));

        InProcessCli.Result text = InProcessCli.run("trials", regrade.runDir().toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).doesNotContain("names another run");
    }

    @Test
    void aFolderNamedAsARunIdWithAnotherSuffixIsFlaggedTooAndComparedUnderItsName() throws Exception {
        // 20260115T101500Z-wrongjs holding another run's run.json was taken for that run
        RunFixture other = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        other.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, true, "ok");
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260115T101500Z-wrongjs");
        f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, false, "wrong balance");
        Files.copy(other.runDir().resolve("run.json"), f.runDir().resolve("run.json"));
        InProcessCli.Result text = InProcessCli.run("trials", f.runDir().toString());
        assertThat(text.out().lines().findFirst().orElseThrow())
                .startsWith("eval / 20260115T101500Z-wrongjs  (")
                .contains("run.json names another run (20260105T101500Z-a1b2c3)");
        InProcessCli.Result compare = InProcessCli.run(
                "compare", other.runDir().toString(), f.runDir().toString());
        assertThat(compare.code()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("run 20260115T101500Z-wrongjs vs run 20260105T101500Z-a1b2c3");
    }
}
