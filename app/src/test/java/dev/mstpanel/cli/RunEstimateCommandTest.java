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

    private InProcessCli.Result estimateOf(Path config, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--estimate", "--mst", mst.toString()));
        args.addAll(List.of(more));
        args.addAll(List.of("--", "--config", config.toString(), "--runner", "docker"));
        return InProcessCli.run(args.toArray(String[]::new));
    }

    @Test
    void aConfigThatDoesNotExistIsAUsageErrorNamingItsPathAndTheFix() {
        Path nowhere = project.resolve("nonexistent.yaml");

        for (InProcessCli.Result r : List.of(estimateOf(nowhere), estimateOf(nowhere, "--json"))) {
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err())
                    .contains("there is no eval config at " + nowhere)
                    .contains("give --config the path of an existing eval config");
            assertThat(r.out()).isEmpty();
        }
        assertThat(mark).doesNotExist();
    }

    @Test
    void aConfigThatCannotBeReadIsAUsageErrorSayingWhereAndWhy() throws Exception {
        Path broken = project.resolve("broken.json");
        Files.writeString(broken, "{\"name\": ");

        InProcessCli.Result r = estimateOf(broken);

        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .contains("the eval config " + broken + " cannot be used (broken.json is not valid JSON at line 1")
                .contains("fix it, or give --config another eval config");
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).doesNotContain("Exception");
    }

    @Test
    void noConfigAtAllIsAUsageError() {
        InProcessCli.Result r =
                InProcessCli.run("run", "--estimate", "--mst", mst.toString(), "--", "--runner", "docker");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no eval config given: add --config <eval.json>");
        assertThat(mark).doesNotExist();
    }

    @Test
    void theDemosEvalConfigIsInstalledWithItsResultsAndItsRunCanBeEstimatedAndStarted() throws Exception {
        Path eval = dev.mstpanel.core.runs.DemoData.installResults(project.resolve("data"));
        Path demoConfig = eval.resolve("eval.json");
        assertThat(demoConfig)
                .isRegularFile()
                .isEqualTo(dev.mstpanel.core.runs.DemoData.evalConfig(project.resolve("data")));
        // a re-run of the demo's run (no recent config of the person's in its folder) picks the demo's config
        Path demoRun;
        try (var runs = Files.list(eval.resolve(".mcp-test-results/checkout-flow/runs"))) {
            demoRun = runs.sorted().reduce((a, b) -> b).orElseThrow();
        }
        assertThat(dev.mstpanel.core.results.compare.RerunConfig.pick(
                        demoRun, "", List.of("/elsewhere/eval.json", demoConfig.toString())))
                .isEqualTo(demoConfig.toString());

        InProcessCli.Result r = estimateOf(demoConfig);

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("about ").contains("  4 cases × 2 variants × 2 trials = 16 trials");
        // the window's Re-run checks the same config before it starts MST: nothing in it stops a start
        dev.mstpanel.core.mst.EvalConfig config = dev.mstpanel.core.mst.EvalConfig.read(demoConfig);
        assertThat(config.name()).isEqualTo("checkout-flow");
        assertThat(config.variants()).containsExactly("baseline", "with-skill");
        assertThat(dev.mstpanel.core.mst.RunChecks.canStart(
                        new dev.mstpanel.core.mst.RunChecks().checkEvalConfig(config, java.util.Map.of(), null)))
                .isTrue();
    }

    @Test
    void casesFromTheNewestRunCountThoseOfItsPlanThatNeverRan() throws Exception {
        Path eval = dev.mstpanel.core.runs.DemoData.installResults(project.resolve("data"));
        // the demo's newest run is partial: change-address's trials never ran, yet it is one of its 4 cases
        Path noDatasets = eval.resolve("no-datasets.json");
        Files.writeString(
                noDatasets,
                "{\"name\":\"checkout-flow\",\"client\":\"cowork\",\"trials\":2,"
                        + "\"variants\":[{\"name\":\"baseline\"},{\"name\":\"with-skill\"}]}");

        InProcessCli.Result r = estimateOf(noDatasets);

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .containsPattern("  the datasets could not be counted: 4 cases, as in run \\d{8}T\\d{6}Z-[0-9a-f]{6}\n")
                .contains("  4 cases × 2 variants × 2 trials = 16 trials");
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
