package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A variant folder under {@code artifacts/} that leads through a link to a folder outside the run (to {@code /}, or to
 * another folder holding a screen.png where MST would have kept one): the listing and the trial's diagnosis
 * do not look outside the run; they say the folder is a link outside the run and skip it.
 */
class TrialsArtifactsLinkOutsideRunTest {
    @TempDir
    Path dir;

    @Test
    void aVariantFolderLinkedOutsideTheRunIsSkippedWithANote() throws Exception {
        RunFixture f = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default", "linked", "root");
        f.trace("linked", "gift-card", 0, null).score("judge", "linked", "gift-card", 0, false, "wrong balance");
        f.trace("root", "gift-card", 0, null).score("judge", "root", "gift-card", 0, false, "wrong balance");
        Path outside = dir.resolve("elsewhere");
        RunFixture.diagnosis(outside.resolve("gift-card/0"), 3); // a full diagnosis, but outside the run
        Files.createDirectories(f.runDir().resolve("artifacts"));
        Files.createSymbolicLink(f.runDir().resolve("artifacts/linked"), outside);
        Files.createSymbolicLink(f.runDir().resolve("artifacts/root"), Path.of("/"));

        InProcessCli.Result text = InProcessCli.run("trials", f.runDir().toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out())
                .contains("artifacts/linked leads through a link to " + outside.toRealPath()
                        + ", outside the run folder: skipped")
                .contains("artifacts/root leads through a link to /, outside the run folder: skipped")
                .doesNotContain("screen.png");

        InProcessCli.Result json =
                InProcessCli.run("trials", "--json", f.runDir().toString());
        assertThat(json.code()).as(json.err()).isZero();
        for (JsonNode t : new ObjectMapper().readTree(json.out())) {
            JsonNode d = t.path("diagnosis");
            assertThat(d.path("screenshot").isNull()).as(t.toString()).isTrue();
            assertThat(d.path("logs")).isEmpty();
            assertThat(d.path("problem").asText())
                    .contains("artifacts/" + t.path("variant").asText() + " leads through a link to ")
                    .contains("outside the run folder: skipped")
                    .contains("Copy the files into the run folder");
        }

        // the trial inspector's diagnosis (one trial, no listing)
        FailureDiagnosis one = FailureDiagnosis.find(f.runDir().resolve("artifacts/linked/gift-card/0"), false);
        assertThat(one.isEmpty()).isTrue();
        assertThat(one.notice())
                .contains("artifacts/linked/gift-card/0 leads through a link to "
                        + outside.toRealPath().resolve("gift-card/0") + ", outside the run folder: skipped");
    }
}
