package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel compare} against the two-run fixture: the JSON fields, the text, the exit codes. */
class CompareCommandTest {
    @TempDir
    Path root;

    private Path runDir(String id) {
        return root.resolve(CompareFixture.EVAL).resolve("runs").resolve(id);
    }

    @Test
    void twoRunsCompareEachSharedVariantWithTheIssuesFields() throws Exception {
        CompareFixture.write(root);
        Result r = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString(),
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode all = new ObjectMapper().readTree(r.out()).path("comparisons");
        assertThat(all).hasSize(2);
        JsonNode c = all.get(0);
        JsonNode base = c.path("base");
        assertThat(base.path("runId").asText()).isEqualTo(CompareFixture.RUN_A);
        assertThat(base.path("variant").asText()).isEqualTo("default");
        assertThat(base.path("trials").asInt()).isEqualTo(27);
        assertThat(base.path("passed").asInt()).isEqualTo(16);
        assertThat(base.path("graded").asInt()).isEqualTo(27);
        assertThat(base.path("trialPassRate").asDouble()).isEqualTo(16.0 / 27);
        assertThat(base.path("interval")).hasSize(2);
        assertThat(base.path("interval").get(0).asDouble()).isBetween(0.38, 0.42);
        assertThat(base.path("casesPassed").asInt()).isEqualTo(5);
        assertThat(base.path("cases").asInt()).isEqualTo(9);
        JsonNode cand = c.path("candidate");
        assertThat(cand.path("runId").asText()).isEqualTo(CompareFixture.RUN_B);
        assertThat(cand.path("graded").asInt()).isEqualTo(23);
        assertThat(c.path("verdict").asText()).isEqualTo("unclear");
        assertThat(c.path("pValue").asDouble()).isEqualTo(1.0);
        assertThat(c.path("counts").path("regressed").asInt()).isEqualTo(2);
        // 7 cases graded on both sides, 2 trials at the fewest, a difference under 10 pp: no plan within the cap
        JsonNode plan = c.path("trialsNeeded");
        assertThat(plan.path("kind").asText()).isEqualTo("beyond-cap");
        assertThat(plan.path("perCase").isNull()).isTrue();
        assertThat(plan.path("forDifferencePp").asInt()).isEqualTo(10);
        assertThat(plan.path("power").asDouble()).isEqualTo(0.8);
        assertThat(plan.path("cases").asInt()).isEqualTo(7);
        assertThat(plan.path("trialsRun").asInt()).isEqualTo(2);
        assertThat(c.path("counts").path("flaky").asInt()).isEqualTo(2);
        assertThat(c.path("counts").path("no-result").asInt()).isEqualTo(1);
        JsonNode first = c.path("cases").get(0);
        assertThat(first.path("caseId").asText()).isEqualTo("lookup-invoice");
        assertThat(first.path("change").asText()).isEqualTo("regressed");
        assertThat(first.path("base").path("outcome").asText()).isEqualTo("pass");
        assertThat(first.path("candidate").path("outcome").asText()).isEqualTo("mixed");
        assertThat(first.path("candidate").path("passed").asInt()).isEqualTo(2);
        assertThat(first.path("candidate").path("graded").asInt()).isEqualTo(3);
        JsonNode added = find(c.path("cases"), "merge-carts");
        assertThat(added.path("base").isNull()).isTrue();
        assertThat(added.path("change").asText()).isEqualTo("added");
        List<String> rerun = new ArrayList<>();
        c.path("rerunArgs").forEach(n -> rerun.add(n.asText()));
        assertThat(rerun)
                .containsExactly(
                        "--case",
                        "lookup-invoice",
                        "refund-order",
                        "close-account",
                        "update-address",
                        "--variant",
                        "default");
        assertThat(all.get(1).path("candidate").path("variant").asText()).isEqualTo("with-search");
    }

    @Test
    void oneRunComparesItsBaselineWithEachOtherVariantInText() {
        CompareFixture.write(root);
        Result r = run("compare", runDir(CompareFixture.RUN_A).toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("with-search vs default");
        assertThat(r.out())
                .contains(
                        "  figures    computed from the trials, both sides (no summary.json)" + System.lineSeparator());
        assertThat(r.out()).containsPattern("  improved   cancel-plan +fail 0/3 → pass 3/3\n");
        assertThat(r.out())
                .contains(
                        "verdict    unclear (p = 0.25, sign test over 3 cases whose pass fraction changed: 3 up, 0 down)");
        // the unclear verdict's words: how many trials per case would tell the 30 pp seen apart over these 9 cases
        assertThat(r.out())
                .contains("  trials     Run 8 trials per case to tell this apart: a 30 pp difference over 9 cases at"
                        + " 80 % power (the fewest run: 3)." + System.lineSeparator());
    }

    @Test
    void trialsThatCouldNotBeReadAreSaidWithTheirReasonInTextAndJson() throws Exception {
        CompareFixture.write(root);
        java.nio.file.Files.writeString(
                runDir(CompareFixture.RUN_A).resolve("scores/judge.accuracy/default/apply-coupon/0.json"), "{not json");
        Result r = run("compare", runDir(CompareFixture.RUN_A).toString());
        assertThat(r.code()).as(r.err()).isZero();
        String line = r.out()
                .lines()
                .filter(l -> l.startsWith("  unreadable default"))
                .findFirst()
                .orElseThrow();
        assertThat(line)
                .startsWith("  unreadable default (run " + CompareFixture.RUN_A
                        + "): 1 trial could not be read, left out of these figures: ")
                .contains("scores/judge.accuracy/default/apply-coupon/0.json");
        assertThat(r.out().lines().filter(l -> l.startsWith("  unreadable with-search")))
                .isEmpty();
        Result j = run("compare", runDir(CompareFixture.RUN_A).toString(), "--json");
        JsonNode base = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(j.out())
                .path("comparisons")
                .get(0)
                .path("base");
        assertThat(base.path("unreadable").asInt()).isEqualTo(1);
        assertThat(base.path("unreadableProblem").asText()).contains("apply-coupon/0.json");
    }

    @Test
    void namedVariantsAcrossRunsAndTextListsRegressions() {
        CompareFixture.write(root);
        Result r = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString(),
                "--variants",
                "default,default");
        assertThat(r.code()).as(r.err()).isZero();
        // every changed case named, in --json's order, the outcomes lined up after the longest case id
        List<String> rows = r.out()
                .lines()
                .filter(l -> l.matches("  (regressed|flaky|improved|added|removed|no-result) .*"))
                .toList();
        assertThat(rows)
                .containsExactly(
                        "  regressed  lookup-invoice  pass 3/3 → mixed 2/3",
                        "  regressed  refund-order    pass 3/3 → fail 0/2 · 1 infra",
                        "  flaky      close-account   fail 0/3 → mixed 1/3",
                        "  flaky      update-address  mixed 1/3 → mixed 2/3",
                        "  improved   cancel-plan     fail 0/3 → pass 3/3",
                        "  added      merge-carts     — → mixed 2/3",
                        "  removed    export-csv      pass 3/3 → —",
                        "  no-result  vm-down         pass 3/3 → no-result 0/0 · 3 infra");
        assertThat(r.out())
                .contains(
                        "re-run     mst run --config <your eval config> --case lookup-invoice refund-order close-account update-address --variant default");
    }

    @Test
    void textShowsBothSidesMeansPerTrialAlignedAndWhereEachSidesFiguresComeFrom() {
        CompareFixture.write(root);
        Result r = run(
                "compare",
                runDir(CompareFixture.RUN_A).toString(),
                runDir(CompareFixture.RUN_B).toString(),
                "--variants",
                "with-search,default");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        int head = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("  per trial"))
                .findFirst()
                .orElseThrow());
        // run B's summary.json has the candidate's means, but run A has none: MST's means and the trials' count
        // differently,
        // so both sides' come from the trials and say so (1.0 → 7.5 tool calls was only the source)
        assertThat(lines.get(head)).matches("  per trial  tool calls +tokens +cost +time");
        assertThat(lines.get(head + 1)).startsWith("  base       ");
        assertThat(lines.get(head + 2)).matches("  candidate  1\\.0 +– +– +41 s");
        // the columns line up: each figure starts where its heading does
        for (String col : List.of("tool calls", "tokens", "cost", "time")) {
            int at = lines.get(head).indexOf(col);
            assertThat(lines.get(head + 2).charAt(at - 1)).as(col).isEqualTo(' ');
            assertThat(lines.get(head + 2).charAt(at)).as(col).isNotEqualTo(' ');
            assertThat(lines.get(head + 1).charAt(at)).as(col).isNotEqualTo(' ');
        }
        assertThat(lines.get(head + 3))
                .isEqualTo(
                        "  figures    computed from the trials, both sides (base: no summary.json; candidate's summary.json"
                                + " not used, so the two compare)");
    }

    @Test
    void theFiguresSourceIsSaidOnceWhenBothSidesShareIt() throws Exception {
        CompareFixture.write(root);
        Result both = run("compare", runDir(CompareFixture.RUN_B).toString());
        assertThat(both.out())
                .contains("  figures    from summary.json, both sides" + System.lineSeparator())
                .containsPattern("  base       7\\.5 +12\\.8k +\\$0\\.042 +41 s")
                .containsPattern("  candidate  4\\.0 +9700 +\\$0\\.031 +35 s");
        // a summary.json with no entry for either variant (as the demo's)
        java.nio.file.Files.writeString(
                runDir(CompareFixture.RUN_B).resolve("summary.json"),
                "{\"format\": \"mst.run/v1\", \"kind\": \"summary\"}");
        Result none = run("compare", runDir(CompareFixture.RUN_B).toString());
        assertThat(none.out())
                .contains("  figures    computed from the trials, both sides (summary.json has no figures for them)"
                        + System.lineSeparator());
    }

    @Test
    void anUnreadableSummaryIsNamedWithWhatIsWrongWithIt() throws Exception {
        CompareFixture.write(root);
        java.nio.file.Files.writeString(runDir(CompareFixture.RUN_B).resolve("summary.json"), "{ not json");
        Result r = run("compare", runDir(CompareFixture.RUN_B).toString());
        assertThat(r.code()).as(r.err()).isZero();
        // where it stops being JSON, not the parser's own words
        assertThat(r.out())
                .contains(
                        "  figures    computed from the trials, both sides (summary.json is not valid JSON at line 1, column ")
                .doesNotContain("the figures are computed from the trials.")
                .doesNotContain("Unexpected character")
                .doesNotContain("expecting");
    }

    @Test
    void cannotCompareRunsOfTwoEvalsOrAFolderThatIsNotARun() {
        RunFixture a = RunFixture.create(root, "e1", "20260101T000000Z-000001").runJson("e1", "default");
        RunFixture b = RunFixture.create(root, "e2", "20260102T000000Z-000002").runJson("e2", "default");
        CompareFixture.trials(a, "default", "x", "P");
        CompareFixture.trials(b, "default", "x", "P");
        Result r = run("compare", a.runDir().toString(), b.runDir().toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("compare two runs of the same eval");
        r = run("compare", a.runDir().toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("has only the variant default");
        r = run("compare", root.resolve("e1").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("is not a run folder").contains("The newest there is");
        r = run("compare", a.runDir().toString(), "--variants", "default");
        assertThat(r.code()).isEqualTo(2);
    }

    @Test
    void aVariantsListOfOneIsOnePlainUsageLine() {
        CompareFixture.write(root);
        Result r = run("compare", runDir(CompareFixture.RUN_A).toString(), "--variants", "default");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err())
                .isEqualTo("mst-panel compare: --variants takes two names, BASE,CANDIDATE (got 1)."
                        + System.lineSeparator());
        assertThat(r.out()).isEmpty();
        Result missing = run("compare");
        assertThat(missing.code()).isEqualTo(2);
        Result absent = run("compare", root.resolve("no-such-run").toString());
        assertThat(absent.code()).isEqualTo(1);
        assertThat(absent.err())
                .isEqualTo("mst-panel compare: There is no folder at " + root.resolve("no-such-run")
                        + ": give a run folder, .mcp-test-results/<eval>/runs/<runId>." + System.lineSeparator());
        assertThat(missing.err())
                .startsWith("mst-panel compare: Missing required parameter")
                .doesNotContain("Usage:")
                .contains("`mst-panel compare --help` lists what it takes.");
    }

    @Test
    void aCopyOfTheSameRunElsewhereIsTheSameRun() throws Exception {
        CompareFixture.write(root);
        Path a = runDir(CompareFixture.RUN_A);
        Path copy = root.resolve("elsewhere").resolve(CompareFixture.RUN_A);
        java.nio.file.Files.createDirectories(copy.getParent());
        try (var walk = java.nio.file.Files.walk(a)) {
            for (Path p : walk.toList()) {
                java.nio.file.Files.copy(p, copy.resolve(a.relativize(p).toString()));
            }
        }
        Result r = run("compare", a.toString(), copy.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .startsWith("mst-panel compare: Both sides are run " + CompareFixture.RUN_A)
                .contains(copy + " is a copy of it")
                .contains("give two different runs");
    }

    private static JsonNode find(JsonNode cases, String id) {
        for (JsonNode n : cases) {
            if (n.path("caseId").asText().equals(id)) {
                return n;
            }
        }
        throw new AssertionError("no case " + id);
    }
}
