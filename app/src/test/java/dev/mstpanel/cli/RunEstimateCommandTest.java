package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --estimate}: says how long and how much a run would take from the earlier runs of its
 * eval, and starts nothing: the {@code mst} it is given is never run (it would leave a mark).
 */
@DisabledOnOs(OS.WINDOWS)
class RunEstimateCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path project;

    private Path mst;
    private Path mark;
    private Path config;

    @BeforeEach
    void anEvalAndAnMstThatLeavesAMarkWhenRun() throws Exception {
        mark = project.resolve("mst-was-run");
        mst = project.resolve("mst");
        Files.writeString(mst, "#!/bin/sh\ntouch '" + mark + "'\nexit 0\n");
        Files.setPosixFilePermissions(mst, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(
                project.resolve("cases.json"), "[{\"id\":\"refund\"},{\"id\":\"gift\"},{\"id\":\"address\"}]");
        config = project.resolve("eval.json");
        Files.writeString(
                config,
                "{\"name\":\"shop\",\"datasets\":[\"cases.json\"],\"trials\":2,\"variants\":[{\"name\":\"a\"},{\"name\":\"b\"}]}");
    }

    private InProcessCli.Result estimate(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--estimate", "--mst", mst.toString()));
        args.addAll(List.of(more));
        args.addAll(List.of(
                "--",
                "--config",
                config.toString(),
                "--runner",
                "docker",
                "--runner-option",
                "contexts=engine-1,engine-2",
                "--runner-option",
                "shards=2"));
        return InProcessCli.run(args.toArray(String[]::new));
    }

    /** Two earlier runs: trials of 40 s in a, 80 s in b (each recording a cost of $0.10), in runs that took 5 min. */
    private void history() {
        for (String id : List.of("20260105T101500Z-a1b2c3", "20260106T101500Z-d4e5f6")) {
            RunFixture f = RunFixture.create(project.resolve(".mcp-test-results"), "shop", id)
                    .runJson("shop", "a", "b");
            for (String c : List.of("refund", "gift", "address")) {
                for (int t = 0; t < 2; t++) {
                    f.trace("a", c, t, took(40_000));
                    f.trace("b", c, t, took(80_000));
                }
            }
        }
    }

    private static com.fasterxml.jackson.databind.node.ObjectNode took(long ms) {
        var n = RunFixture.fields().put("durationMs", ms);
        n.putObject("clientUsage").put("totalCostUsd", 0.10);
        return n;
    }

    @Test
    void withoutAnEarlierRunItSaysTimeUnknownAndStartsNothing() throws Exception {
        InProcessCli.Result r = estimate();

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("no earlier run of this eval: time unknown\n");
        assertThat(mark).doesNotExist();

        JsonNode json = JSON.readTree(estimate("--json").out());
        assertThat(json.get("wallSeconds").isNull()).isTrue();
        assertThat(json.get("containerHours").isNull()).isTrue();
        assertThat(json.get("costUsd").isNull()).isTrue();
        assertThat(json.get("basedOnRuns").asInt()).isZero();
        assertThat(json.get("trials").asInt()).isEqualTo(12);
        assertThat(mark).doesNotExist();
    }

    @Test
    void fromEarlierRunsItGivesTimeRangeContainerHoursAndCostAndStartsNothing() throws Exception {
        history();

        InProcessCli.Result text = estimate();
        InProcessCli.Result json = estimate("--json");

        assertThat(text.code()).as(text.err()).isZero();
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode j = JSON.readTree(json.out());
        assertThat(j.get("basedOnRuns").asInt()).isEqualTo(2);
        assertThat(j.get("trials").asInt()).isEqualTo(12);
        // 12 trials of 40 and 80 s are 720 s of work: two shards on two contexts end no sooner than 360 s
        assertThat(j.at("/wallSeconds/expected").asLong()).isGreaterThanOrEqualTo(360);
        assertThat(j.at("/wallSeconds/low").asLong())
                .isLessThanOrEqualTo(j.at("/wallSeconds/expected").asLong());
        assertThat(j.at("/wallSeconds/high").asLong())
                .isGreaterThanOrEqualTo(j.at("/wallSeconds/expected").asLong());
        assertThat(j.get("costUsd").asDouble()).isEqualTo(1.2);
        assertThat(j.get("containerHours").asDouble()).isPositive();
        assertThat(text.out()).startsWith("about ").contains("$1.20; from 2 earlier runs");
        assertThat(text.out()).contains("  3 cases × 2 variants × 2 trials = 12 trials");
        assertThat(mark).doesNotExist();
        String tmp = project.toString();
        Golden.assertMatches("run-estimate", text.out().replace(tmp, "<tmp>"));
        Golden.assertMatches("run-estimate-json", json.out().replace(tmp, "<tmp>"));
    }

    @Test
    void jsonWithoutEstimateIsAUsageError() {
        InProcessCli.Result r = InProcessCli.run(
                "run", "--json", "--mst", mst.toString(), "--", "--config", config.toString(), "--runner", "docker");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--json goes with --estimate");
        assertThat(mark).doesNotExist();
    }
}
