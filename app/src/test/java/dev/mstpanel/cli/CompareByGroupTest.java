package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.GroupsFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel compare --by dataset|tag}: a table of groups in the text, {@code groups[]} in the JSON. */
class CompareByGroupTest {
    @TempDir
    Path root;

    private String runDir(String id) {
        return root.resolve(GroupsFixture.EVAL).resolve("runs").resolve(id).toString();
    }

    @Test
    void byDatasetPrintsOneRowPerDatasetWithBothSidesAndTheChange() {
        GroupsFixture.write(root);
        Result r = run("compare", runDir(GroupsFixture.RUN_A), runDir(GroupsFixture.RUN_B), "--by", "dataset");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("  groups     by dataset\n");
        List<String> rows = r.out()
                .lines()
                .dropWhile(l -> !l.startsWith("  groups"))
                .skip(1)
                .takeWhile(l -> l.startsWith("    "))
                .map(l -> l.strip().replaceAll(" {2,}", " | "))
                .toList();
        assertThat(rows)
                .containsExactly(
                        "dataset | cases | base | passed | candidate | passed | change",
                        "accounts | 2 | 17 % (3–56 %) | 1/6 | 83 % (44–97 %) | 5/6 | +67 pp",
                        "billing | 2 | 83 % (44–97 %) | 5/6 | 67 % (30–90 %) | 4/6 | −17 pp",
                        "exports | 1 | — | 100 % (34–100 %) | 2/2 | –",
                        "(no dataset) | 1 | 100 % (44–100 %) | 3/3 | 100 % (44–100 %) | 3/3 | ±0 pp");
    }

    @Test
    void byTagAsJsonGivesGroupsWithEachSidesPassedGradedAndInterval() throws Exception {
        GroupsFixture.write(root);
        Result r = run("compare", runDir(GroupsFixture.RUN_A), runDir(GroupsFixture.RUN_B), "--by", "TAG", "--json");

        assertThat(r.code()).as(r.err()).isZero();
        JsonNode c = new ObjectMapper().readTree(r.out()).path("comparisons").get(0);
        assertThat(c.path("groupedBy").asText()).isEqualTo("tag");
        JsonNode groups = c.path("groups");
        assertThat(groups.findValuesAsText("name"))
                .containsExactly("exports", "invoices", "orders", "plans", "refunds", "(no tag)");
        JsonNode exports = groups.get(0);
        assertThat(exports.path("base").isNull()).isTrue();
        assertThat(exports.path("candidate").path("passed").asInt()).isEqualTo(2);
        assertThat(exports.path("candidate").path("graded").asInt()).isEqualTo(2);
        assertThat(exports.path("change").isNull()).isTrue();
        JsonNode refunds = groups.get(4);
        assertThat(refunds.path("base").path("cases").asInt()).isEqualTo(2);
        assertThat(refunds.path("base").path("passed").asInt()).isEqualTo(2);
        assertThat(refunds.path("base").path("graded").asInt()).isEqualTo(6);
        assertThat(refunds.path("candidate").path("passed").asInt()).isEqualTo(6);
        assertThat(refunds.path("candidate").path("interval").get(1).asDouble()).isEqualTo(1.0);
        assertThat(refunds.path("base").path("interval").get(0).asDouble()).isBetween(0.09, 0.10);
        assertThat(refunds.path("change").asDouble()).isCloseTo(4.0 / 6, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(groups.get(5).path("none").asBoolean()).isTrue();
    }

    @Test
    void withoutByTheJsonHasNoGroups() throws Exception {
        GroupsFixture.write(root);
        Result r = run("compare", runDir(GroupsFixture.RUN_A), runDir(GroupsFixture.RUN_B), "--json");

        JsonNode c = new ObjectMapper().readTree(r.out()).path("comparisons").get(0);
        assertThat(c.has("groups")).isFalse();
        assertThat(c.has("groupedBy")).isFalse();
    }

    @Test
    void anUnknownGroupingIsAUsageErrorNamingTheTwoValues() {
        GroupsFixture.write(root);
        Result r = run("compare", runDir(GroupsFixture.RUN_A), "--by", "datasets");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .contains("--by takes dataset or tag (got \"datasets\").")
                .doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }
}
