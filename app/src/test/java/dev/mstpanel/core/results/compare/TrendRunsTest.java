package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trend's runs: a run drawn whose run.json could not be read is named above the chart;
 * a run folder copied under a new name with the same run.json is its own run of the chart, named by its folder,
 * and the pair is named; runs are placed in time by {@link RunInfo#startedAt()} (run.json's createdAt first, the
 * run id's time when there is none), as the run header and the Compare pickers show them.
 */
class TrendRunsTest {
    @TempDir
    Path dir;

    private RunFixture run(String folder, String createdAt, boolean pass) throws Exception {
        RunFixture f = RunFixture.create(dir, "eval", folder).runJson("eval", "default");
        f.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, pass, "ok");
        if (createdAt != null) {
            Path runJson = f.runDir().resolve("run.json");
            Files.writeString(runJson, Files.readString(runJson).replace("2026-01-05T10:15:00.000Z", createdAt));
        }
        return f;
    }

    private static List<RunTally> read(ResultsReader reader, Path... runs) {
        List<RunTally> out = new ArrayList<>();
        for (Path r : runs) {
            out.add(RunTally.read(reader, r, false));
        }
        return out;
    }

    @Test
    void aRunDrawnWhoseRunJsonIsGarbageIsNamedAboveTheChart() throws Exception {
        RunFixture good = run("20261007T182504Z-7f3c2a", "2026-10-07T18:25:04Z", true);
        RunFixture bad = run("20261008T090000Z-b2b2b2", null, false);
        Files.writeString(bad.runDir().resolve("run.json"), "garbage");
        try (ResultsReader reader = new ResultsReader()) {
            List<RunTally> runs = read(reader, bad.runDir(), good.runDir());
            assertThat(TrendPoint.of(runs))
                    .extracting(TrendPoint::runName)
                    .containsExactly("20261007T182504Z-7f3c2a", "20261008T090000Z-b2b2b2");
            assertThat(TrendPoint.unread(runs))
                    .isEqualTo(
                            "run.json of run 20261008T090000Z-b2b2b2 could not be read: it is not valid JSON"
                                    + " at line 1, column 1; the chart names it by its folder and takes its variants from its folders.");
        }
    }

    @Test
    void aRunFolderCopiedUnderANewNameIsItsOwnRunAndThePairIsNamed() throws Exception {
        RunFixture original = run("20261007T182504Z-7f3c2a", "2026-10-07T18:25:04Z", true);
        RunFixture copy = RunFixture.create(dir, "eval", "retry-after-fix");
        copy.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, false, "wrong");
        Files.copy(original.runDir().resolve("run.json"), copy.runDir().resolve("run.json"));
        try (ResultsReader reader = new ResultsReader()) {
            List<RunTally> runs = read(reader, original.runDir(), copy.runDir());
            List<TrendPoint> points = TrendPoint.of(runs);
            assertThat(points)
                    .extracting(TrendPoint::runName)
                    .containsExactly("20261007T182504Z-7f3c2a", "retry-after-fix");
            assertThat(points).extracting(TrendPoint::rate).containsExactly(1.0, 0.0);
            assertThat(points).extracting(TrendPoint::runDir).doesNotHaveDuplicates();
            assertThat(TrendPoint.unread(runs))
                    .isEqualTo(
                            "The run folders 20261007T182504Z-7f3c2a and retry-after-fix hold the same run.json"
                                    + " (run 20261007T182504Z-7f3c2a; one may be a copy of the other): the chart draws each as its own run, named by its folder.");
        }
    }

    @Test
    void runsArePlacedByRunJsonsCreatedAtThenByTheRunIdsTime() throws Exception {
        // the run id says the 7th, run.json's createdAt the 9th: createdAt wins, as the run header shows it
        RunFixture late = run("20261007T182504Z-7f3c2a", "2026-10-09T08:00:00.000Z", true);
        RunFixture middle = run("20261008T120000Z-c3c3c3", "2026-10-08T12:00:00.000Z", true);
        RunFixture noJson = run("20261008T000000Z-d4d4d4", null, true);
        Files.writeString(noJson.runDir().resolve("run.json"), "");
        try (ResultsReader reader = new ResultsReader()) {
            List<TrendPoint> points = TrendPoint.of(read(reader, late.runDir(), middle.runDir(), noJson.runDir()));
            assertThat(points)
                    .extracting(TrendPoint::runName)
                    .containsExactly("20261008T000000Z-d4d4d4", "20261008T120000Z-c3c3c3", "20261007T182504Z-7f3c2a");
            assertThat(points)
                    .extracting(TrendPoint::startedAt)
                    .containsExactly(
                            Instant.parse("2026-10-08T00:00:00Z"),
                            Instant.parse("2026-10-08T12:00:00Z"),
                            Instant.parse("2026-10-09T08:00:00Z"));
            assertThat(reader.readRun(noJson.runDir()).startedText())
                    .isEqualTo("2026-10-08T00:00:00Z (from its run id)");
            assertThat(reader.readRun(late.runDir()).startedText()).isEqualTo("2026-10-09T08:00:00.000Z");
        }
    }

    @Test
    void startedAtTakesCreatedAtFirstThenTheRunIdsTime() {
        assertThat(RunInfo.startedAt("2026-10-09T10:00:00+02:00", "20261007T182504Z-7f3c2a"))
                .isEqualTo(Instant.parse("2026-10-09T08:00:00Z"));
        assertThat(RunInfo.startedAt("not a time", "20261007T182504Z-7f3c2a"))
                .isEqualTo(Instant.parse("2026-10-07T18:25:04Z"));
        assertThat(RunInfo.startedAt(null, "20261007T182504Z-7f3c2a.g1"))
                .isEqualTo(Instant.parse("2026-10-07T18:25:04Z"));
        assertThat(RunInfo.startedAt(null, "20261399T182504Z-7f3c2a")).isNull();
        assertThat(RunInfo.startedAt(null, "retry-after-fix")).isNull();
    }

    @Test
    void aRunWithNoGradedTrialIsNamedAboveTheChartWithWhy() throws Exception {
        RunFixture good = run("20260105T101500Z-aaaaaa", null, true);
        RunFixture ungraded =
                RunFixture.create(dir, "eval", "20260106T101500Z-noscore").runJson("eval", "default");
        ungraded.trace("default", "gift-card", 0, null).trace("default", "gift-card", 1, null);
        RunFixture infra =
                RunFixture.create(dir, "eval", "20260107T101500Z-allinfr").runJson("eval", "default");
        infra.trace(
                "default",
                "gift-card",
                0,
                RunFixture.fields().put("infrastructureError", true).put("error", "the VM did not start"));
        try (ResultsReader reader = new ResultsReader()) {
            String said = TrendPoint.unread(read(reader, good.runDir(), ungraded.runDir(), infra.runDir()));
            assertThat(said)
                    .isEqualTo(
                            "2 runs have no graded trial, so the chart has no dot for them: 20260106T101500Z-noscore"
                                    + " (2 ungraded), 20260107T101500Z-allinfr (1 infra). Grade… in a run's header grades a run's ungraded trials.");
        }
    }

    @Test
    void aRunFolderHoldingAnotherRunsRunJsonIsNamedAboveTheChart() throws Exception {
        RunFixture a = run("20260105T101500Z-aaaaaa", null, true);
        RunFixture copy = RunFixture.create(dir, "eval", "20260115T101500Z-wrongjs");
        copy.trace("default", "gift-card", 0, null).score("judge", "default", "gift-card", 0, false, "no");
        java.nio.file.Files.copy(a.runDir().resolve("run.json"), copy.runDir().resolve("run.json"));
        try (ResultsReader reader = new ResultsReader()) {
            assertThat(TrendPoint.unread(read(reader, a.runDir(), copy.runDir())))
                    .isEqualTo(
                            "The run folder 20260115T101500Z-wrongjs holds a"
                                    + " run.json copied from another run: the chart names it by its folder and places it at that run's start time.");
        }
    }

    @Test
    void manyRunsWhoseRunJsonCannotBeReadAreOneLineNotOneEach() throws Exception {
        List<java.nio.file.Path> dirs = new java.util.ArrayList<>();
        dirs.add(run("20260105T101500Z-aaaaaa", null, true).runDir());
        for (int i = 10; i < 50; i++) {
            RunFixture f = run("20260201T1015" + i + "Z-brk0" + i, null, true);
            java.nio.file.Files.writeString(f.runDir().resolve("run.json"), "{");
            dirs.add(f.runDir());
        }
        try (ResultsReader reader = new ResultsReader()) {
            String said = TrendPoint.unread(read(reader, dirs.toArray(new java.nio.file.Path[0])));
            assertThat(said.lines()).hasSize(1);
            assertThat(said)
                    .startsWith("run.json of 40 runs could not be read (it is cut short")
                    .contains("and 32 more; the chart names them");
        }
    }
}
