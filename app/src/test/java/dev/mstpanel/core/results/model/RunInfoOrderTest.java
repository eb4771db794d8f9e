package dev.mstpanel.core.results.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One order of runs in time (RunInfo.BY_START) for the navigator's latest run, "Compare with the previous run" and the
 * trend: by when a run started (createdAt, else its run id's time), not by run id.
 */
class RunInfoOrderTest {
    @TempDir
    Path dir;

    @Test
    void runsAreOrderedByTheirStartNotByTheirIds() throws Exception {
        RunFixture a = RunFixture.create(dir, "e", "20260105T101500Z-aaaaaa").runJson("e", "default");
        RunFixture b = RunFixture.create(dir, "e", "20260106T101500Z-bbbbbb").runJson("e", "default");
        RunFixture c = RunFixture.create(dir, "e", "20260107T101500Z-cccccc");
        // a started last, though its id is the smallest; c has no run.json: its id's time
        Path json = a.runDir().resolve("run.json");
        Files.writeString(json, Files.readString(json).replace("2026-01-05T10:15:00.000Z", "2026-03-01T09:00:00.000Z"));
        try (ResultsReader reader = new ResultsReader()) {
            List<RunInfo> runs = new ArrayList<>(
                    List.of(reader.readRun(a.runDir()), reader.readRun(b.runDir()), reader.readRun(c.runDir())));
            runs.sort(RunInfo.BY_START);
            assertThat(runs)
                    .extracting(RunInfo::runId)
                    .containsExactly("20260106T101500Z-bbbbbb", "20260107T101500Z-cccccc", "20260105T101500Z-aaaaaa");
        }
    }
}
