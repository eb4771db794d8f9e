package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel reliability}: pass@k and pass^k per case and variant, flaky cases first, text and JSON. */
class ReliabilityCommandTest {
    @TempDir
    Path root;

    private Path fixture() throws Exception {
        RunFixture f =
                RunFixture.create(root, "checkout", "20260101T000000Z-0000a1").runJson("checkout", "base", "skill");
        // base: steady passes 4/4, flaky 2/4; skill: steady 4/4, flaky 3/4; an infra trial is left out
        for (int t = 0; t < 4; t++) {
            for (String v : new String[] {"base", "skill"}) {
                f.trace(v, "steady", t, null).score("judge", v, "steady", t, true, "ok");
                f.trace(v, "flaky", t, null);
            }
            f.score("judge", "base", "flaky", t, t < 2, "half");
            f.score("judge", "skill", "flaky", t, t < 3, "most");
        }
        f.trace(
                "skill",
                "flaky",
                4,
                new ObjectMapper()
                        .createObjectNode()
                        .put("infrastructureError", true)
                        .put("error", "ECONNRESET"));
        return f.runDir();
    }

    @Test
    void theJsonGivesEachCasesPassAtKAndPassHatKAndTheVariantsMeans() throws Exception {
        InProcessCli.Result r = InProcessCli.run("reliability", fixture().toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode variants = new ObjectMapper().readTree(r.out()).path("variants");
        assertThat(variants).hasSize(2);
        JsonNode base = variants.get(0);
        assertThat(base.path("variant").asText()).isEqualTo("base");
        JsonNode first = base.path("cases").get(0);
        assertThat(first.path("caseId").asText()).as("flaky first").isEqualTo("flaky");
        assertThat(first.path("trials").asInt()).isEqualTo(4);
        assertThat(first.path("passed").asInt()).isEqualTo(2);
        assertThat(first.path("passAtK").path("1").asDouble()).isCloseTo(0.5, within(1e-9));
        assertThat(first.path("passAtK").path("2").asDouble()).isCloseTo(1 - 1.0 / 6, within(1e-9));
        assertThat(first.path("passHatK").path("2").asDouble()).isCloseTo(1.0 / 6, within(1e-9));
        assertThat(first.path("passHatK").path("4").asDouble()).isZero();
        assertThat(base.path("passAtK").path("1").asDouble())
                .as("mean over the two cases")
                .isCloseTo(0.75, within(1e-9));
        JsonNode skill = variants.get(1).path("cases").get(0);
        assertThat(skill.path("trials").asInt())
                .as("the infra trial is left out")
                .isEqualTo(4);
        assertThat(skill.path("passed").asInt()).isEqualTo(3);
    }

    @Test
    void theTextNamesTheFlakyCasesAndOneVariantCanBeChosen() throws Exception {
        InProcessCli.Result r = InProcessCli.run("reliability", fixture().toString(), "--variant", "skill");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("checkout / 20260101T000000Z-0000a1")
                .contains("variant skill: 2 cases with graded trials, 1 flaky")
                .containsPattern("flaky  flaky +3/4  pass@1 75 %, pass@4 100 %, pass\\^4 0 %")
                .doesNotContain("variant base");
        InProcessCli.Result none = InProcessCli.run("reliability", fixture().toString(), "--variant", "nope");
        assertThat(none.code()).isEqualTo(1);
        assertThat(none.err()).contains("the run has no variant nope; its variants: base, skill.");
    }
}
