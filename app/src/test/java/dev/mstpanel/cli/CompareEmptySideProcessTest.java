package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} refuses a side with no trials: a variant run.json names (as its
 * baseline, the first of its variants, or another) with no trace or score on disk was compared as an empty
 * side, every case "added", verdict unclear, exit 0. Now it exits 1 with a plain message naming the
 * variant and the ones that have trials. Each command runs as a separate process.
 */
class CompareEmptySideProcessTest {
    @TempDir
    Path dir;

    private PanelProcess.Result compare(String... args) throws Exception {
        String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        return PanelProcess.run(
                dir, Map.of("MST_PANEL_HOME", dir.resolve("home").toString()), 60, all);
    }

    private static RunFixture twoVariants(Path root, String runId, String... runJsonVariants) {
        RunFixture f = RunFixture.create(root, "eval", runId).runJson("eval", runJsonVariants);
        for (String v : new String[] {"baseline", "with-skill"}) {
            f.trace(v, "gift-card", 0, null).score("judge", v, "gift-card", 0, v.equals("with-skill"), "ok");
            f.trace(v, "refund", 0, null).score("judge", v, "refund", 0, true, "ok");
        }
        return f;
    }

    @Test
    void aBaselineNamedInRunJsonWithNoTrialsIsRefusedWithExitOne() throws Exception {
        RunFixture f = twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "nope", "baseline", "with-skill");

        PanelProcess.Result text = compare(f.runDir().toString());
        assertThat(text.exit()).as(text.err()).isEqualTo(1);
        assertThat(text.out()).isEmpty();
        assertThat(text.err())
                .isEqualTo("mst-panel compare: Run 20260105T101500Z-a1b2c3 has no trials of its baseline \"nope\""
                        + " (the first of run.json's variants; its traces/ and scores/ hold none): there is nothing to compare it with."
                        + " Its variants with trials: baseline, with-skill. Name a pair of variants that have graded trials with --variants BASE,CANDIDATE."
                        + System.lineSeparator());

        PanelProcess.Result json = compare(f.runDir().toString(), "--json");
        assertThat(json.exit()).as(json.err()).isEqualTo(1);
        assertThat(json.err()).contains("has no trials of its baseline \"nope\"");

        // the pair named: compared as before
        PanelProcess.Result named = compare(f.runDir().toString(), "--variants", "baseline,with-skill");
        assertThat(named.exit()).as(named.err()).isZero();
        assertThat(named.out()).contains("with-skill vs baseline").containsPattern("improved   gift-card +fail");
    }

    @Test
    void aCandidateWithNoTrialsIsRefusedAndSoIsANamedOneInTwoRuns() throws Exception {
        RunFixture a =
                twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "baseline", "with-skill", "later");
        RunFixture b =
                twoVariants(dir.resolve("results"), "20260106T101500Z-d4e5f6", "baseline", "with-skill", "later");

        // the baseline against each other variant: one without trials is left out and said, the others compared
        PanelProcess.Result one = compare(a.runDir().toString());
        assertThat(one.exit()).as(one.err()).isZero();
        assertThat(one.out())
                .contains("with-skill vs baseline")
                .startsWith("later: not compared. Run 20260105T101500Z-a1b2c3 has no trials"
                        + " of the variant \"later\" (run.json names it, but its traces/ and scores/ hold none)");
        PanelProcess.Result twoRuns = compare(a.runDir().toString(), b.runDir().toString());
        assertThat(twoRuns.exit()).as(twoRuns.err()).isZero();
        assertThat(twoRuns.out())
                .startsWith("later: not compared.")
                .contains("baseline · run 20260106T101500Z-d4e5f6 vs run 20260105T101500Z-a1b2c3");
        PanelProcess.Result json = compare(a.runDir().toString(), b.runDir().toString(), "--json");
        assertThat(json.exit()).isZero();
        assertThat(json.err()).startsWith("warning: later: not compared.");

        PanelProcess.Result runs = compare(a.runDir().toString(), b.runDir().toString(), "--variants", "later,later");
        assertThat(runs.exit()).as(runs.err()).isEqualTo(1);
        assertThat(runs.err())
                .startsWith("mst-panel compare: Run 20260105T101500Z-a1b2c3 has no trials of the variant \"later\"");
    }

    @Test
    void aRunWithARunJsonAndNoTrialsYetIsRefusedAloneAndBesideAnotherAndTrialsSaysItHasNone() throws Exception {
        RunFixture a = twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "baseline", "with-skill");
        RunFixture empty = RunFixture.create(dir.resolve("results"), "eval", "20260106T101500Z-d4e5f6")
                .runJson("eval", "baseline", "with-skill");

        for (PanelProcess.Result r : new PanelProcess.Result[] {
            compare(empty.runDir().toString()),
            compare(a.runDir().toString(), empty.runDir().toString())
        }) {
            assertThat(r.exit()).as(r.err()).isEqualTo(1);
            assertThat(r.err())
                    .isEqualTo("mst-panel compare: The run folder " + empty.runDir()
                            + " has no trials to compare (it has no traces/"
                            + " folder yet): give a run that has trials." + System.lineSeparator());
        }
        PanelProcess.Result trials = PanelProcess.run(
                dir,
                Map.of("MST_PANEL_HOME", dir.resolve("home").toString()),
                60,
                "trials",
                empty.runDir().toString());
        assertThat(trials.exit()).as(trials.err()).isZero();
        assertThat(trials.out()).contains("no trials listed (it has no traces/ folder yet)");

        java.nio.file.Files.createDirectories(empty.runDir().resolve("traces"));
        PanelProcess.Result emptyTraces = compare(empty.runDir().toString());
        assertThat(emptyTraces.err())
                .contains("The run folder " + empty.runDir()
                        + " has no trials to compare (its traces/ folder holds none yet)");
    }

    @Test
    void aSideWithTrialsButNoneGradedSaysItsCountsAndToGradeItFirst() throws Exception {
        RunFixture a = twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "baseline", "with-skill");
        // collected with --no-grade: traces, no scores; one trial infra
        RunFixture b = RunFixture.create(dir.resolve("results"), "eval", "20260106T101500Z-d4e5f6")
                .runJson("eval", "baseline", "with-skill");
        b.trace("baseline", "gift-card", 0, null)
                .trace("baseline", "refund", 0, null)
                .trace(
                        "baseline",
                        "refund",
                        1,
                        RunFixture.fields().put("infrastructureError", true).put("error", "the VM did not start"));

        PanelProcess.Result r =
                compare(a.runDir().toString(), b.runDir().toString(), "--variants", "baseline,baseline");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .isEqualTo(
                        "mst-panel compare: Run 20260106T101500Z-d4e5f6's variant \"baseline\" has no graded trial: of its 3 trials,"
                                + " 2 ungraded, 1 infra. Grade it first (Results → Grade…, or mst grade), then compare."
                                + System.lineSeparator());
        // once another variant of it is graded, that one is named, and so is the way to pick a pair
        b.trace("with-skill", "refund", 0, null).score("judge", "with-skill", "refund", 0, true, "ok");
        PanelProcess.Result other =
                compare(a.runDir().toString(), b.runDir().toString(), "--variants", "baseline,baseline");
        assertThat(other.err())
                .endsWith("then compare. Its variants with graded trials: with-skill."
                        + " Name a pair of variants that have graded trials with --variants BASE,CANDIDATE."
                        + System.lineSeparator());

        // one variant on each side: no other pair to name
        RunFixture c = RunFixture.create(dir.resolve("one"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "baseline");
        c.trace("baseline", "refund", 0, null).score("judge", "baseline", "refund", 0, true, "ok");
        RunFixture d = RunFixture.create(dir.resolve("one"), "eval", "20260106T101500Z-d4e5f6")
                .runJson("eval", "baseline");
        d.trace("baseline", "refund", 0, null);
        PanelProcess.Result one = compare(c.runDir().toString(), d.runDir().toString());
        assertThat(one.exit()).as(one.err()).isEqualTo(1);
        assertThat(one.err())
                .isEqualTo(
                        "mst-panel compare: Run 20260106T101500Z-d4e5f6's variant \"baseline\" has no graded trial: of its 1 trial,"
                                + " 1 ungraded. Grade it first (Results → Grade…, or mst grade), then compare."
                                + System.lineSeparator());
    }

    @Test
    void aVariantInOneRunOnlyIsSaidAndTwoSidesThatShareNoCaseSaySo() throws Exception {
        RunFixture a = twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "baseline", "with-skill");
        RunFixture b = RunFixture.create(dir.resolve("results"), "eval", "20260106T101500Z-d4e5f6")
                .runJson("eval", "baseline");
        b.trace("baseline", "another-case", 0, null).score("judge", "baseline", "another-case", 0, true, "ok");
        PanelProcess.Result r = compare(a.runDir().toString(), b.runDir().toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .startsWith("with-skill: only in run 20260105T101500Z-a1b2c3, not compared." + System.lineSeparator())
                .contains(
                        "  note       the two sides share no case: their pass rates are of different cases, not a comparison.");
    }

    @Test
    void anEmptyArgumentIsAUsageErrorAndAFolderInsideARunNamesTheRun() throws Exception {
        RunFixture a = twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "baseline", "with-skill");
        PanelProcess.Result empty = compare(a.runDir().toString(), "");
        assertThat(empty.exit()).isEqualTo(2);
        assertThat(empty.err()).contains("RUN_B is empty: give a run folder");
        PanelProcess.Result traces = compare(a.runDir().resolve("traces").toString());
        assertThat(traces.exit()).isEqualTo(1);
        assertThat(traces.err())
                .isEqualTo("mst-panel compare: " + a.runDir().resolve("traces") + " is inside the run folder "
                        + a.runDir() + ": give that folder." + System.lineSeparator());
        java.nio.file.Path trace = a.tracePath("baseline", "refund", 0);
        assertThat(compare(trace.toString()).err()).contains(trace + " is inside the run folder " + a.runDir());
        PanelProcess.Result trials = PanelProcess.run(
                dir, Map.of("MST_PANEL_HOME", dir.resolve("home").toString()), 60, "trials", "");
        assertThat(trials.exit()).isEqualTo(2);
        assertThat(trials.err()).contains("PATH is empty");
        PanelProcess.Result inside = PanelProcess.run(
                dir,
                Map.of("MST_PANEL_HOME", dir.resolve("home").toString()),
                60,
                "trials",
                a.runDir().resolve("traces").toString());
        assertThat(inside.err())
                .contains(a.runDir().resolve("traces") + " is inside the run folder " + a.runDir()
                        + ": give that folder.");

        // links: one whose target is missing, one that loops
        java.nio.file.Path dangling =
                java.nio.file.Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
        assertThat(compare(dangling.toString()).err())
                .contains(dangling + " is a link to " + dir.resolve("nowhere") + ", which does not exist.");
        java.nio.file.Path loop = java.nio.file.Files.createSymbolicLink(dir.resolve("loop"), dir.resolve("loop"));
        assertThat(compare(loop.toString()).err())
                .contains(loop + " is a symbolic link that cannot be followed")
                .doesNotContain("permission denied");
    }

    @Test
    void aRegradeComparedWithItsRunOffersNoReRunOfTheAgent() throws Exception {
        RunFixture a = twoVariants(dir.resolve("results"), "20260105T101500Z-a1b2c3", "baseline", "with-skill");
        RunFixture g = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3.g1")
                .runJson("eval", "baseline", "with-skill");
        for (String v : new String[] {"baseline", "with-skill"}) {
            g.trace(v, "gift-card", 0, null).score("judge", v, "gift-card", 0, true, "other judges");
            g.trace(v, "refund", 0, null).score("judge", v, "refund", 0, false, "other judges");
        }
        PanelProcess.Result r = compare(a.runDir().toString(), g.runDir().toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("regressed  refund")
                .doesNotContain("  re-run     mst run")
                .contains(
                        "  note       the same trials graded again: the changes are the graders', so re-running the agent would not answer them.");
    }

    @Test
    void caseIdsThatStartWithADashAreSaidToBeLeftOutOfTheReRun() throws Exception {
        RunFixture a = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        RunFixture b = RunFixture.create(dir.resolve("results"), "eval", "20260106T101500Z-d4e5f6")
                .runJson("eval", "default");
        for (String c : new String[] {"--variant", "plain"}) {
            a.trace("default", c, 0, null).score("judge", "default", c, 0, true, "ok");
            b.trace("default", c, 0, null).score("judge", "default", c, 0, false, "no");
        }
        PanelProcess.Result r = compare(a.runDir().toString(), b.runDir().toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("  re-run     mst run --config <your eval config> --case plain --variant default")
                .contains(
                        "  left out   --variant (a case id starting with \"-\" cannot be given to --case: re-run those with the whole eval)");
    }

    @Test
    void twoRunsWithNothingGradedAreBothNamed() throws Exception {
        RunFixture a = RunFixture.create(dir.resolve("results"), "eval", "20260105T101500Z-a1b2c3")
                .runJson("eval", "default");
        a.trace("default", "refund", 0, null);
        RunFixture b = RunFixture.create(dir.resolve("results"), "eval", "20260106T101500Z-d4e5f6")
                .runJson("eval", "default");
        b.trace(
                "default",
                "refund",
                0,
                RunFixture.fields().put("infrastructureError", true).put("error", "the VM did not start"));
        PanelProcess.Result r = compare(a.runDir().toString(), b.runDir().toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err())
                .contains(
                        "Run 20260105T101500Z-a1b2c3's variant \"default\" has no graded trial: of its 1 trial, 1 ungraded.")
                .contains(
                        "Run 20260106T101500Z-d4e5f6's variant \"default\" has no graded trial: of its 1 trial, 1 infra.");
    }
}
