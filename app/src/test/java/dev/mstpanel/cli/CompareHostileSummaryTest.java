package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.core.text.TextColumns;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on a summary.json whose figures no run can have: 1e308 tokens, a negative
 * cost and duration, a number too large for a double, a string where a number belongs. The text shows "–" and
 * says which figures were left out and from which side; {@code --json} writes null, never the string "Infinity",
 * and names each field on stderr.
 */
class CompareHostileSummaryTest {
    @TempDir
    Path root;

    private Path runB() throws Exception {
        CompareFixture.write(root);
        Path b = root.resolve(CompareFixture.EVAL).resolve("runs").resolve(CompareFixture.RUN_B);
        Files.writeString(b.resolve("summary.json"), """
                {"format": "mst.run/v1", "kind": "summary",
                 "variants": [
                   {"name": "default", "result": {"total": 9, "passed": 3, "failed": 6, "durationMs": -5},
                    "metrics": {"tool_count_mean": "7.5", "input_tokens_mean": 1e308, "output_tokens_mean": 1e308,
                                "cost_usd_mean": -5, "duration_s_mean": -1.0, "mcp_call_count_mean": 1e400}},
                   {"name": "with-search", "metrics": {"duration_s_mean": -3}}
                 ]}
                """);
        return b;
    }

    @Test
    void theTextShowsADashForEachFigureNoRunCanHaveAndSaysWhichSideGaveWhat() throws Exception {
        Result r = run("compare", runB().toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .doesNotContain("Infinity")
                .doesNotContain("$-")
                .doesNotContain("-1.0 s")
                .doesNotContain("E308k");
        List<String> lines = r.out().lines().toList();
        int head = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("  per trial"))
                .findFirst()
                .orElseThrow());
        // what summary.json gives is left out; tool calls and time are the trials' (the line says so; the trials
        // record no tokens or cost), on both sides
        assertThat(lines.get(head + 1)).matches("  base       1\\.0 +– +– +\\d+(\\.\\d)? s");
        assertThat(lines.get(head + 2)).matches("  candidate  1\\.0 +– +– +\\d+(\\.\\d)? s");
        String figures = lines.get(head + 3);
        assertThat(figures)
                .startsWith(
                        "  figures    base from summary.json (time, tool calls computed from the trials; left out, not figures a run can have: ")
                .contains("tool_count_mean (\"7.5\": a string, not a number)")
                .contains("input_tokens_mean (1.0E308: too large to be a figure)")
                .contains("cost_usd_mean (-5: negative)")
                .contains("duration_s_mean (-1.0: negative)")
                .contains("mcp_call_count_mean (too large to be a number)")
                // both sides' entries are summary.json's, so both are used (one side's trials and the other's
                // summary.json
                // would not compare)
                .endsWith(
                        " · candidate from summary.json (time, tool calls computed from the trials; left out, not figures a run can"
                                + " have: duration_s_mean (-3: negative))")
                .doesNotContain("both sides");
    }

    @Test
    void tokensWithOneOfTheirTwoPartsLeftOutAreNoFigureNotTheOtherPartAlone() throws Exception {
        CompareFixture.write(root);
        Path b = root.resolve(CompareFixture.EVAL).resolve("runs").resolve(CompareFixture.RUN_B);
        Files.writeString(b.resolve("summary.json"), """
                {"format": "mst.run/v1", "kind": "summary",
                 "variants": [
                   {"name": "default", "metrics": {"input_tokens_mean": -5, "output_tokens_mean": 800}},
                   {"name": "with-search", "metrics": {"input_tokens_mean": 9000, "output_tokens_mean": 700}}
                 ]}
                """);
        Result r = run("compare", b.toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode c = new ObjectMapper().readTree(r.out()).path("comparisons").get(0);
        // the base's tokens are set aside, so the candidate's 9700 from summary.json would face another source:
        // both sides' figures come from the trials, and say so
        assertThat(c.path("candidate").path("tokensMean").asDouble(-1))
                .as(c.path("candidate").toString())
                .isNotEqualTo(9700.0);
        assertThat(c.path("base").path("fromSummary").asBoolean()).isFalse();
        assertThat(c.path("candidate").path("fromSummary").asBoolean()).isFalse();
        assertThat(c.path("base").path("tokensMean"))
                .isEqualTo(c.path("candidate").path("tokensMean"));
    }

    @Test
    void jsonWritesNullForThemAndNamesEachFieldOnStderr() throws Exception {
        Result r = run("compare", runB().toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("Infinity").doesNotContain("\"NaN\"");
        JsonNode base =
                new ObjectMapper().readTree(r.out()).path("comparisons").get(0).path("base");
        for (String field : List.of("tokensMean", "costUsdMean")) { // the trials record none either
            assertThat(base.path(field).isNull())
                    .as(field + ": " + base.path(field))
                    .isTrue();
        }
        // summary.json's "7.5" (a string) is left out: the trials' tool calls instead
        assertThat(base.path("toolCallsMean").asDouble()).as(base.toString()).isEqualTo(1.0);
        // summary.json's negative duration is left out: the time is the trials' (a number, not a string)
        assertThat(base.path("secondsPerTrial").isNumber()).as(base.toString()).isTrue();
        assertThat(base.path("secondsPerTrial").asDouble()).isPositive();
        assertThat(r.err())
                .contains("warning: run " + CompareFixture.RUN_B
                        + ", variant default: summary.json's cost_usd_mean (-5: negative) is left out")
                .contains("summary.json's input_tokens_mean (1.0E308: too large to be a figure)");
    }

    @Test
    void aLongVariantNameKeepsTheColumnsAndTheTitleNamesBothSidesVariants() throws Exception {
        String longName = "vär🙂iant-with-a-very-long-name-over-24-chars";
        RunFixture a = RunFixture.create(root, "e", "20260101T000000Z-000001").runJson("e", "default");
        RunFixture b = RunFixture.create(root, "e", "20260102T000000Z-000002").runJson("e", longName);
        CompareFixture.trials(a, "default", "x", "PF");
        CompareFixture.trials(b, longName, "x", "PP");
        Result r = run("compare", a.runDir().toString(), b.runDir().toString(), "--variants", "default," + longName);
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0))
                .isEqualTo(
                        "e · " + longName + " · run 20260102T000000Z-000002 vs default · run 20260101T000000Z-000001");
        String base = lines.get(1);
        String candidate = lines.get(2);
        assertThat(base).startsWith("  base       default ");
        // cut at 24 columns with "…" (the emoji takes two; the title and --json have it whole), the columns lined up
        assertThat(candidate).startsWith("  candidate  vär🙂iant-with-a-very-l… run ");
        assertThat(column(base, " run ")).isEqualTo(column(candidate, " run "));
        assertThat(column(base, "trial pass")).isEqualTo(column(candidate, "trial pass"));
        assertThat(base).contains("(1 of 2 graded passed · 2 trials)");
    }

    @Test
    void caseIdsWithControlOrWideCharactersStayOnOneRowEachAndTheOutcomesLineUp() throws Exception {
        String[] ids = {
            "tab\there\nnewline", "a/b:c?\u001b[31mred", "emoji 🎁 gift", "cafe\u0301 refund", "x".repeat(70)
        };
        RunFixture a = RunFixture.create(root, "e", "20260101T000000Z-000001").runJson("e", "default");
        RunFixture b = RunFixture.create(root, "e", "20260102T000000Z-000002").runJson("e", "default");
        for (String id : ids) {
            CompareFixture.trials(a, "default", id, "PP");
            CompareFixture.trials(b, "default", id, "PF");
        }
        Result r = run("compare", a.runDir().toString(), b.runDir().toString());
        assertThat(r.code()).as(r.err()).isZero();
        List<String> rows =
                r.out().lines().filter(l -> l.startsWith("  regressed  ")).toList();
        assertThat(rows).hasSize(ids.length);
        assertThat(rows).anySatisfy(l -> assertThat(l).startsWith("  regressed  tab\\u0009here\\u000anewline "));
        assertThat(rows).anySatisfy(l -> assertThat(l).startsWith("  regressed  a/b:c?\\u001b[31mred "));
        // a long case id is cut at 48 columns, as trials cuts it
        assertThat(rows).anySatisfy(l -> assertThat(l).startsWith("  regressed  " + "x".repeat(47) + "…  pass 2/2"));
        assertThat(rows).allSatisfy(l -> assertThat(column(l, "pass 2/2")).isEqualTo(2 + 11 + 48 + 2));
        assertThat(r.out()).doesNotContain("\t").doesNotContain("\u001b");
    }

    @Test
    void variantAndEvalNamesWithControlCharactersStayOnTheirLines() throws Exception {
        String v = "with\u001b[2Jsearch \"q\"\n2";
        RunFixture a = RunFixture.create(root, "refund\tdesk", "20260101T000000Z-000001")
                .runJson("refund\tdesk", "default", v);
        CompareFixture.trials(a, "default", "x", "PF");
        CompareFixture.trials(a, v, "x", "PP");
        Result r = run("compare", a.runDir().toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .doesNotContain("\t")
                .doesNotContain("\u001b")
                .contains("refund\\u0009desk · ")
                .contains("with\\u001b[2Jsearch \"q\"\\u000a2");
        assertThat(r.out().lines().filter(l -> l.startsWith("  candidate  with")))
                .hasSize(1);
        Result t = run("trials", a.runDir().toString());
        assertThat(t.out().lines().findFirst().orElseThrow()).startsWith("refund\\u0009desk / 20260101T000000Z-000001");
    }

    /** Where {@code what} starts in the line, in terminal columns. */
    private static int column(String line, String what) {
        return TextColumns.width(line.substring(0, line.indexOf(what)));
    }
}
