package dev.mstpanel.core.results.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private RunTally run(String id) {
        return RunTally.read(
                reader, root.resolve(CompareFixture.EVAL).resolve("runs").resolve(id), true);
    }

    @Test
    void twoRunsGiveEveryChangeWithRegressionsFirst() throws Exception {
        CompareFixture.write(root);
        List<Comparison> all =
                Comparisons.ofRuns(run(CompareFixture.RUN_A), run(CompareFixture.RUN_B), "default", null);
        Comparison c = all.get(0);
        Map<String, CaseChange> byCase = new java.util.HashMap<>();
        c.cases().forEach(r -> byCase.put(r.caseId(), r.change()));
        assertEquals(CaseChange.REGRESSED, byCase.get("refund-order"));
        assertEquals(CaseChange.REGRESSED, byCase.get("lookup-invoice"));
        assertEquals(CaseChange.IMPROVED, byCase.get("cancel-plan"));
        assertEquals(CaseChange.FLAKY, byCase.get("update-address"));
        assertEquals(CaseChange.FLAKY, byCase.get("close-account"));
        assertEquals(CaseChange.UNCHANGED, byCase.get("apply-coupon"));
        assertEquals(CaseChange.UNCHANGED, byCase.get("list-orders"));
        assertEquals(CaseChange.REMOVED, byCase.get("export-csv"));
        assertEquals(CaseChange.ADDED, byCase.get("merge-carts"));
        assertEquals(CaseChange.NO_RESULT, byCase.get("vm-down"));
        assertEquals(
                List.of("lookup-invoice", "refund-order"),
                c.cases().subList(0, 2).stream().map(CaseComparison::caseId).toList());
        assertEquals(2, c.counts().get(CaseChange.REGRESSED));
        assertEquals(2, c.counts().get(CaseChange.FLAKY));
        assertEquals(1, c.counts().get(CaseChange.ADDED));
        assertEquals(1, c.counts().get(CaseChange.REMOVED));
        assertEquals(1, c.counts().get(CaseChange.NO_RESULT));
        // 3 cases up (cancel-plan, update-address, close-account), 2 down: p = 1, unclear
        assertEquals(3, c.positive());
        assertEquals(2, c.negative());
        assertEquals(1.0, c.pValue(), 1e-12);
        assertEquals(Verdict.UNCLEAR, c.verdict());
        assertEquals(
                List.of(
                        "--case",
                        "lookup-invoice",
                        "refund-order",
                        "close-account",
                        "update-address",
                        "--variant",
                        "default"),
                c.rerunArgs());
    }

    @Test
    void infraTrialsAreLeftOutOfTheRate() throws Exception {
        CompareFixture.write(root);
        Comparison c = Comparisons.ofRuns(run(CompareFixture.RUN_A), run(CompareFixture.RUN_B), "default", null)
                .get(0);
        CaseComparison refund = c.cases().stream()
                .filter(r -> r.caseId().equals("refund-order"))
                .findFirst()
                .orElseThrow();
        assertEquals(3, refund.candidate().trials());
        assertEquals(2, refund.candidate().graded());
        assertEquals(CaseOutcome.FAIL, refund.candidateOutcome());
        // run B, default: 27 trials, 4 infra (refund-order 1, vm-down 3) → 23 graded
        VariantFigures b = c.candidate();
        assertEquals(27, b.trials());
        assertEquals(23, b.graded());
        assertEquals(13, b.passed());
        assertEquals(13.0 / 23, b.trialPassRate(), 1e-12);
        WilsonInterval ci = WilsonInterval.of(13, 23);
        assertEquals(ci, b.interval());
        assertEquals(2, b.casesPassed()); // cancel-plan and apply-coupon
    }

    @Test
    void figuresWithoutSummaryAreComputedFromTheTrialsAndSaySo() {
        CompareFixture.write(root);
        RunTally a = run(CompareFixture.RUN_A);
        assertNull(a.summary());
        VariantFigures f = a.figures("default");
        assertFalse(f.fromSummary());
        assertTrue(f.source().startsWith("No summary.json: the figures are computed from the trials"), f.source());
        assertEquals("no summary.json", f.sourceNote());
        // 9 cases × 3 trials, all graded; passed: refund 3, lookup 3, update 1, apply 3, export 3, vm-down 3 = 16
        assertEquals(27, f.graded());
        assertEquals(16, f.passed());
        assertEquals(5, f.casesPassed());
        assertEquals(9, f.cases());
        assertNotNull(f.secondsPerTrial()); // from the trials' durationMs
        assertEquals(41.251, f.secondsPerTrial(), 0.01);
        assertEquals("from 27 graded trials", f.basisText());
        assertNull(f.baseline());
        VariantFigures w = a.figures("with-search");
        assertEquals("default", w.baseline());
        assertEquals(24.0 / 27 - 16.0 / 27, w.trialPassRateDelta(), 1e-12);
    }

    @Test
    void figuresWithoutSummaryAverageToolCallsTokensAndCostOverTheGradedTrials() {
        RunFixture f = RunFixture.create(root, CompareFixture.EVAL, CompareFixture.RUN_A)
                .runJson(CompareFixture.EVAL, "default");
        // trial 0: an MCP call and a builtin one; usage 1000 + 200 tokens, $0.02 (totalCostUsd)
        var e0 = RunFixture.events();
        RunFixture.event(e0, "tool_call", "mcp", "billing", "refund", 0, 100);
        RunFixture.event(e0, "tool_call", "builtin", null, "Read", 200, 50);
        RunFixture.event(e0, "skill", null, null, "refunds", 300, 10);
        f.transcript("default", "refund-order", 0, e0, usage(1000, 200, "totalCostUsd", 0.02), null);
        f.score("judge.accuracy", "default", "refund-order", 0, true, "ok");
        // trial 1: four MCP calls; 3000 + 400 tokens, only an estimated cost of $0.04
        var e1 = RunFixture.events();
        for (int i = 0; i < 4; i++) {
            RunFixture.event(e1, "tool_call", "mcp", "billing", "lookup", i * 100, 40);
        }
        f.transcript("default", "refund-order", 1, e1, usage(3000, 400, "estimatedCostUsd", 0.04), null);
        f.score("judge.accuracy", "default", "refund-order", 1, false, "wrong order");
        // trial 2: infra, with a huge usage that must be left out
        var e2 = RunFixture.events();
        RunFixture.event(e2, "tool_call", "mcp", "billing", "refund", 0, 100);
        f.transcript(
                "default",
                "refund-order",
                2,
                e2,
                usage(999_999, 0, "totalCostUsd", 9.0),
                RunFixture.fields()
                        .put("infrastructureError", true)
                        .put("error", "Cowork's workspace was unavailable: …"));
        // trial 0 of another case: no calls, usage only beside the trace (clientUsage), no cost
        var clientUsage = RunFixture.fields();
        clientUsage.putObject("clientUsage").put("inputTokens", 500).put("outputTokens", 100);
        f.transcript("default", "lookup-invoice", 0, RunFixture.events(), null, clientUsage);
        f.score("judge.accuracy", "default", "lookup-invoice", 0, true, "ok");

        VariantFigures v = run(CompareFixture.RUN_A).figures("default");
        assertFalse(v.fromSummary());
        assertTrue(
                v.source().startsWith("No summary.json: the figures are computed from the trials (3 graded)"),
                v.source());
        assertEquals(3, v.graded());
        assertEquals("from 3 graded trials", v.basisText());
        assertEquals(2.0, v.toolCallsMean(), 1e-9); // (2 + 4 + 0) / 3
        assertEquals(5.0 / 3, v.mcpCallsMean(), 1e-9); // (1 + 4 + 0) / 3
        assertEquals((1200 + 3400 + 600) / 3.0, v.tokensMean(), 1e-9);
        assertEquals(0.03, v.costUsdMean(), 1e-9); // two trials recorded a cost
        assertEquals(61.0, v.secondsPerTrial(), 0.01); // durationMs 61 000 + trial
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode usage(
            long in, long out, String costField, double cost) {
        var t = RunFixture.fields();
        t.putObject("usage")
                .put("inputTokens", in)
                .put("outputTokens", out)
                .put(costField, cost)
                .put("durationMs", 1234);
        return t;
    }

    @Test
    void aVariantSummaryJsonHasNoEntryForIsComputedFromTheTrialsAndSaysWhy() throws Exception {
        CompareFixture.write(root);
        Path runB = root.resolve(CompareFixture.EVAL).resolve("runs").resolve(CompareFixture.RUN_B);
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var summary = (com.fasterxml.jackson.databind.node.ObjectNode)
                mapper.readTree(runB.resolve("summary.json").toFile());
        var variants = (com.fasterxml.jackson.databind.node.ArrayNode) summary.get("variants");
        for (int i = variants.size() - 1; i >= 0; i--) {
            if (variants.get(i).path("name").asText().equals("with-search")) {
                variants.remove(i);
            }
        }
        mapper.writeValue(runB.resolve("summary.json").toFile(), summary);
        RunTally b = run(CompareFixture.RUN_B);
        assertNotNull(b.summary());
        assertTrue(b.figures("default").fromSummary());
        assertNull(b.figures("default").sourceNote());
        VariantFigures ws = b.figures("with-search");
        assertFalse(ws.fromSummary());
        assertEquals("summary.json has no figures for it", ws.sourceNote());
        assertTrue(ws.source().startsWith("summary.json has no entry for with-search"), ws.source());
    }

    @Test
    void figuresWithSummaryTakeItsMeansAndPreviousRun() {
        CompareFixture.write(root);
        RunTally b = run(CompareFixture.RUN_B);
        assertNotNull(b.summary());
        VariantFigures f = b.figures("default");
        assertTrue(f.fromSummary());
        assertEquals(7.5, f.toolCallsMean());
        assertEquals(12_800.0, f.tokensMean());
        assertEquals(0.042, f.costUsdMean());
        assertEquals(41.3, f.secondsPerTrial());
        assertEquals(Map.of("judge.accuracy", 0.52), f.judgeScores());
        RunSummary.Variant ws = b.summary().variant("with-search");
        assertEquals(0.556, ws.delta().passRateDelta());
        assertEquals(-3.5, ws.delta().metricDeltas().get("tool_count_mean"));
        assertEquals(6, ws.pairwise().get(0).candidateWins());
        // the pass rate is the run's, said once; each variant its own changes
        assertEquals(
                "previous run aaaaaa: pass rate 60 % → 75 %",
                b.summary().previousRun().runLine());
        assertEquals(
                "vs previous run aaaaaa: 2 regressed, 1 improved",
                b.summary().previousRun().variantLine("default"));
        assertNull(b.summary().previousRun().variantLine("with-search"));
    }

    @Test
    void variantsOfOneRunCompareBaselineToEachOther() throws Exception {
        CompareFixture.write(root);
        List<Comparison> all = Comparisons.ofVariants(run(CompareFixture.RUN_A), null, null);
        assertEquals(1, all.size());
        Comparison c = all.get(0);
        assertEquals("default", c.base().variant());
        assertEquals("with-search", c.candidate().variant());
        // default → with-search: refund/lookup/apply/export/vm-down PPP→PPP, update PFF→PPP improved, cancel/close
        // FFF→PPP improved
        assertEquals(3, c.counts().get(CaseChange.IMPROVED));
        assertEquals(0, c.counts().get(CaseChange.REGRESSED));
        assertEquals(List.of(), c.rerunArgs());
    }

    @Test
    void eightCasesThatAllFailNowAreWorse() throws Exception {
        RunFixture a = RunFixture.create(root, "e", "20260101T000000Z-000001").runJson("e", "default");
        RunFixture b = RunFixture.create(root, "e", "20260102T000000Z-000002").runJson("e", "default");
        for (int i = 0; i < 8; i++) {
            CompareFixture.trials(a, "default", "case-" + i, "PP");
            CompareFixture.trials(b, "default", "case-" + i, "FF");
        }
        Comparison c = Comparisons.ofRuns(
                        RunTally.read(reader, a.runDir(), false), RunTally.read(reader, b.runDir(), false), null, null)
                .get(0);
        assertEquals(Verdict.WORSE, c.verdict());
        assertEquals(2.0 / 256, c.pValue(), 1e-12);
        assertEquals(
                "worse (p = 0.0078, sign test over 8 cases whose pass fraction changed: 0 up, 8 down)",
                c.verdictText());
        assertEquals(8, c.counts().get(CaseChange.REGRESSED));
    }

    @Test
    void caseIdsWithSpacesUnicodeAndShellCharactersAreRerunAsTheyAreButOneStartingWithADashIsLeftOut()
            throws Exception {
        RunFixture a = RunFixture.create(root, "e", "20260101T000000Z-000001").runJson("e", "default");
        RunFixture b = RunFixture.create(root, "e", "20260102T000000Z-000002").runJson("e", "default");
        String odd = "refund order; $(rm -rf ~) & ünïcode \"quoted\"";
        for (String id : List.of(odd, "--looks-like-a-flag")) {
            CompareFixture.trials(a, "default", id, "PP");
            CompareFixture.trials(b, "default", id, "FF");
        }
        Comparison c = Comparisons.ofRuns(
                        RunTally.read(reader, a.runDir(), false), RunTally.read(reader, b.runDir(), false), null, null)
                .get(0);
        assertEquals(2, c.counts().get(CaseChange.REGRESSED));
        // one argument per id (the command runs without a shell), decoded as MST wrote it
        assertEquals(List.of("--case", odd, "--variant", "default"), c.rerunArgs());
        assertEquals(List.of("--looks-like-a-flag"), c.rerunLeftOut());
    }

    @Test
    void runsOfDifferentEvalsOrWithoutSharedVariantsCannotBeCompared() {
        RunFixture a = RunFixture.create(root, "e1", "20260101T000000Z-000001").runJson("e1", "default");
        RunFixture b = RunFixture.create(root, "e2", "20260102T000000Z-000002").runJson("e2", "default");
        RunFixture c = RunFixture.create(root, "e1", "20260103T000000Z-000003").runJson("e1", "other");
        CompareFixture.trials(a, "default", "x", "P");
        CompareFixture.trials(b, "default", "x", "P");
        CompareFixture.trials(c, "other", "x", "P");
        RunTally ta = RunTally.read(reader, a.runDir(), false);
        CompareException e = assertThrows(
                CompareException.class,
                () -> Comparisons.ofRuns(ta, RunTally.read(reader, b.runDir(), false), null, null));
        assertTrue(e.getMessage().contains("compare two runs of the same eval"), e.getMessage());
        e = assertThrows(
                CompareException.class,
                () -> Comparisons.ofRuns(ta, RunTally.read(reader, c.runDir(), false), null, null));
        assertTrue(e.getMessage().contains("share no variant"), e.getMessage());
        e = assertThrows(CompareException.class, () -> Comparisons.ofVariants(ta, null, null));
        assertTrue(e.getMessage().contains("has only the variant default"), e.getMessage());
    }

    @Test
    void anEvalNamedByItsFolderSaysWhyAndALinkToTheSameRunIsCalledALink() throws Exception {
        RunFixture a = RunFixture.create(root, "e1", "20260101T000000Z-000001").runJson("e1", "default");
        RunFixture b = RunFixture.create(root, "brk", "20260102T000000Z-000002").runJson("e1", "default");
        CompareFixture.trials(a, "default", "x", "P");
        CompareFixture.trials(b, "default", "x", "P");
        java.nio.file.Files.writeString(b.runDir().resolve("run.json"), "{ not json");
        RunTally ta = RunTally.read(reader, a.runDir(), false);
        CompareException e = assertThrows(
                CompareException.class,
                () -> Comparisons.ofRuns(ta, RunTally.read(reader, b.runDir(), false), null, null));
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "Run 20260101T000000Z-000001 is of the eval \"e1\" and run 20260102T000000Z-000002 of \"brk\""
                                        + " (named by its folder, since its run.json could not be read: it is not valid JSON"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(": compare two runs of the same eval."), e.getMessage());

        Path link = root.resolve("link-to-a");
        java.nio.file.Files.createSymbolicLink(link, a.runDir());
        e = assertThrows(
                CompareException.class, () -> Comparisons.ofRuns(ta, RunTally.read(reader, link, false), null, null));
        assertEquals(
                "Both sides are run 20260101T000000Z-000001 of the eval \"e1\" ("
                        + link.toAbsolutePath().normalize()
                        + " is a link to it): give two different runs, or one run to compare its variants.",
                e.getMessage());
    }

    @Test
    void twoFoldersOfOtherNamesHoldingOneRunJsonAreSaidToHoldACopiedRunJsonNotToBeACopy() throws Exception {
        RunFixture a = RunFixture.create(root, "e1", "20260101T000000Z-000001").runJson("e1", "default");
        RunFixture b = RunFixture.create(root, "e1", "retry-after-fix").runJson("e1", "default");
        CompareFixture.trials(a, "default", "x", "P");
        CompareFixture.trials(b, "default", "y", "F");
        java.nio.file.Files.copy(
                a.runDir().resolve("run.json"),
                b.runDir().resolve("run.json"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        RunTally ta = RunTally.read(reader, a.runDir(), false);
        CompareException e = assertThrows(
                CompareException.class,
                () -> Comparisons.ofRuns(ta, RunTally.read(reader, b.runDir(), false), null, null));
        assertEquals(
                "The run.json of both run folders names run 20260101T000000Z-000001, but the folders are 20260101T000000Z-000001 and"
                        + " retry-after-fix: one run.json was copied from the other run. Put each run's own run.json back, then compare.",
                e.getMessage());
    }

    @Test
    void aRunNotFinishedOrPartialIsSaidAndAFinishedOneIsNot() throws Exception {
        RunFixture done =
                RunFixture.create(root, "e1", "20260101T000000Z-000001").runJson("e1", "default");
        CompareFixture.trials(done, "default", "x", "P");
        assertNull(RunTally.read(reader, done.runDir(), false).unfinishedNote());
        RunFixture partial = RunFixture.create(root, "e1", "20260102T000000Z-000002")
                .runJson("e1", "default")
                .partial();
        CompareFixture.trials(partial, "default", "x", "P");
        assertEquals(
                "run 20260102T000000Z-000002 is partial (MST recorded trials missing): its cases without trials show as removed or no-result.",
                RunTally.read(reader, partial.runDir(), false).unfinishedNote());
        RunFixture running =
                RunFixture.create(root, "e1", "20260103T000000Z-000003").runJson("e1", "default");
        CompareFixture.trials(running, "default", "x", "P");
        Path json = running.runDir().resolve("run.json");
        java.nio.file.Files.writeString(
                json,
                java.nio.file.Files.readString(json)
                        .replace("\"finishedAt\"", "\"finishedAtNot\"")
                        .replace("\"collect\" : \"complete\"", "\"collect\" : \"running\""));
        assertEquals(
                "run 20260103T000000Z-000003 has not finished (collect: running): the cases it has not run yet show as removed;"
                        + " compare again when it ends.",
                RunTally.read(reader, running.runDir(), false).unfinishedNote());
    }

    @Test
    void theOtherVariantsNameThoseThatCannotBeComparedWithWhy() throws Exception {
        RunFixture a = RunFixture.create(root, "e1", "20260101T000000Z-000001")
                .runJson("e1", "default", "with-search", "gone");
        RunFixture b = RunFixture.create(root, "e1", "20260102T000000Z-000002").runJson("e1", "default", "with-search");
        for (RunFixture f : List.of(a, b)) {
            CompareFixture.trials(f, "default", "x", "P");
        }
        CompareFixture.trials(a, "with-search", "x", "P");
        CompareFixture.trials(a, "gone", "x", "P");
        b.trace("with-search", "x", 0, null); // collected, not graded
        List<Comparisons.VariantChanges> others = Comparisons.otherVariants(
                RunTally.read(reader, a.runDir(), false), RunTally.read(reader, b.runDir(), false), "default");
        assertEquals(
                List.of(
                        "with-search: not compared (nothing graded in run 20260102T000000Z-000002)",
                        "gone: not compared (only in run 20260101T000000Z-000001)"),
                others.stream().map(Comparisons.VariantChanges::summary).toList());
        assertFalse(others.get(0).compared());
    }
}
