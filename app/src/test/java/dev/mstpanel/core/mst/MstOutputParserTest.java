package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.MstLine.OutOfMemory.Kind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class MstOutputParserTest {
    private final MstOutputParser parser = new MstOutputParser();

    private static List<String> transcript(String name) throws IOException {
        try (InputStream in = MstOutputParserTest.class.getResourceAsStream("/mst-transcripts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private List<MstLine> parseAll(List<String> lines) {
        return lines.stream().map(parser::parse).toList();
    }

    @Test
    void dockerTranscriptGivesCapacityHellosTrialsOomAndTheEnd() throws IOException {
        List<MstLine> stderr = parseAll(transcript("docker-3-shards-oom.stderr.txt"));
        List<MstLine> stdout = parseAll(transcript("docker-3-shards-oom.stdout.txt"));

        assertThat(stderr.get(0))
                .isEqualTo(new MstLine.Capacity(
                        "[mst] colima-mst-kvm has 11.7 GiB and 6 CPUs: 1 Cowork container at a time, 10.7 GiB each",
                        "colima-mst-kvm",
                        12562779341L,
                        6,
                        1,
                        "Cowork",
                        11489037517L));
        assertThat(stderr.get(2))
                .isEqualTo(new MstLine.ShardHello(
                        "[mst] shard 1/3: cowork on MST 2.0.0-beta.7 (mst-cowork-linux:2.0.0-beta.7)",
                        1,
                        3,
                        "cowork",
                        "2.0.0-beta.7",
                        "mst-cowork-linux:2.0.0-beta.7"));
        assertThat(stderr.get(4)).isInstanceOf(MstLine.Unknown.class);
        assertThat(stderr.get(5))
                .isEqualTo(new MstLine.TrialLine(
                        "[mst] shard 1/3: baseline refund-order #1 collected",
                        1,
                        3,
                        "baseline",
                        "refund-order",
                        1,
                        MstLine.TrialStatus.COLLECTED));
        assertThat(stderr.get(8))
                .isInstanceOfSatisfying(
                        MstLine.TrialLine.class, t -> assertThat(t.status()).isEqualTo(MstLine.TrialStatus.INFRA));
        assertThat(stderr.get(9)).isInstanceOfSatisfying(MstLine.OutOfMemory.class, o -> {
            assertThat(o.kind()).isEqualTo(Kind.WORKER_KILLED);
            assertThat(o.container()).isEqualTo("mst-20261129t101500z-a1b2c3-2");
            assertThat(o.shard()).isEqualTo(2);
        });
        assertThat(stderr.get(10)).isInstanceOfSatisfying(MstLine.ShardStopped.class, s -> {
            assertThat(s.shard()).isEqualTo(2);
            assertThat(s.reason()).isEqualTo("Container mst-20261129t101500z-a1b2c3-2 ran out of memory");
            assertThat(s.outOfMemory().container()).isEqualTo("mst-20261129t101500z-a1b2c3-2");
        });
        assertThat(stderr.get(13)).isEqualTo(new MstLine.ShardDone("[mst] shard 1/3: done", 1, 3));
        assertThat(stderr.get(20))
                .isEqualTo(new MstLine.TrialsMissing("[mst] 2 trials are missing: the run is partial.", 2));
        assertThat(stderr).filteredOn(MstLine.TrialLine.class::isInstance).hasSize(10);

        assertThat(stdout.get(0)).isEqualTo(new MstLine.EvalComplete("Eval complete: checkout-flow", "checkout-flow"));
        assertThat(stdout.get(1)).isEqualTo(new MstLine.Results("Results: 4/6 passed (66.7%)", 4, 6, 66.7));
        assertThat(stdout.get(2))
                .isInstanceOfSatisfying(
                        MstLine.Output.class,
                        o -> assertThat(o.runDir())
                                .isEqualTo(
                                        "/Users/me/evals/.mcp-test-results/checkout-flow/runs/20261129T101500Z-a1b2c3"));
        assertThat(stdout.get(3)).isInstanceOf(MstLine.Unknown.class);
    }

    @Test
    void crlfLinesParseAsTheirLfTwins() throws IOException {
        for (String line : transcript("docker-3-shards-oom.stderr.txt")) {
            MstLine lf = parser.parse(line);
            MstLine crlf = parser.parse(line + "\r");
            assertThat(crlf).isEqualTo(lf);
        }
    }

    @Test
    void interleavedStreamsAndColourCodesStillParsePerLine() throws IOException {
        List<String> err = transcript("docker-3-shards-oom.stderr.txt");
        List<String> out = transcript("docker-3-shards-oom.stdout.txt");
        java.util.ArrayList<String> mixed = new java.util.ArrayList<>();
        for (int i = 0; i < Math.max(err.size(), out.size()); i++) {
            if (i < out.size()) {
                mixed.add("\u001B[32m" + out.get(i) + "\u001B[0m");
            }
            if (i < err.size()) {
                mixed.add(err.get(i));
            }
        }
        List<MstLine> parsed = parseAll(mixed);
        assertThat(parsed).filteredOn(MstLine.TrialLine.class::isInstance).hasSize(10);
        assertThat(parsed).filteredOn(MstLine.Output.class::isInstance).hasSize(1);
        assertThat(parsed).filteredOn(MstLine.Results.class::isInstance).hasSize(1);
        assertThat(parsed).filteredOn(MstLine.EvalComplete.class::isInstance).hasSize(1);
    }

    @Test
    void unicodeCaseIdsAndCaseIdsWithSpacesKeepEveryCharacter() {
        assertThat(parser.parse("[mst] shard 2/4: tool-search-off 注文の返金 ✓ #3 infra"))
                .isEqualTo(new MstLine.TrialLine(
                        "[mst] shard 2/4: tool-search-off 注文の返金 ✓ #3 infra",
                        2,
                        4,
                        "tool-search-off",
                        "注文の返金 ✓",
                        3,
                        MstLine.TrialStatus.INFRA));
        assertThat(parser.parse("[mst] shard 1/1: default café-résumé #1 collected"))
                .isInstanceOfSatisfying(
                        MstLine.TrialLine.class, t -> assertThat(t.caseId()).isEqualTo("café-résumé"));
    }

    @Test
    void theThreeOutOfMemoryMessagesAreTold() {
        assertThat(parser.parse("Couldn't create a machine for shard 3: Container mst-x-3 ran out of memory"))
                .isEqualTo(new MstLine.OutOfMemory(
                        "Couldn't create a machine for shard 3: Container mst-x-3 ran out of memory",
                        Kind.DESKTOP_AT_START,
                        "mst-x-3",
                        3));
        assertThat(parser.parse("[mst] shard 1/2: done, but Container mst-x-1 ran out of memory"))
                .isInstanceOfSatisfying(MstLine.OutOfMemory.class, o -> {
                    assertThat(o.kind()).isEqualTo(Kind.MID_RUN);
                    assertThat(o.shard()).isEqualTo(1);
                    assertThat(o.container()).isEqualTo("mst-x-1");
                });
        assertThat(parser.parse("Container mst-abc-4 ran out of memory"))
                .isInstanceOfSatisfying(
                        MstLine.OutOfMemory.class, o -> assertThat(o.kind()).isEqualTo(Kind.WORKER_KILLED));
    }

    @Test
    void workspaceUnavailableAndHeadlessHelloWithoutImage() {
        assertThat(parser.parse("[mst] shard 2/2: Cowork's workspace was unavailable: VM service not running"))
                .isEqualTo(new MstLine.WorkspaceUnavailable(
                        "[mst] shard 2/2: Cowork's workspace was unavailable: VM service not running",
                        "VM service not running",
                        2));
        assertThat(parser.parse("[mst] shard 1/2: codex-cli on MST 2.0.1"))
                .isEqualTo(new MstLine.ShardHello(
                        "[mst] shard 1/2: codex-cli on MST 2.0.1", 1, 2, "codex-cli", "2.0.1", null));
        assertThat(parser.parse("[mst] build-box has 1.5 GiB and 2 CPUs: 4 grade containers at a time, 0.4 GiB each"))
                .isInstanceOfSatisfying(
                        MstLine.Capacity.class, c -> assertThat(c.containers()).isEqualTo(4));
        assertThat(parser.parse("[mst] 1 trial is missing: the run is partial."))
                .isInstanceOf(MstLine.TrialsMissing.class);
    }

    @Test
    void unknownLinesAreKeptNeverFatal() {
        for (String s : List.of(
                "",
                "   ",
                "[mst] shard x/y: ???",
                "[mst] shard 1/2: something new",
                "Results: lots",
                "\u0000\u001B[",
                "[mst] shard 99999999999/1: done",
                "Output:")) {
            MstLine l = parser.parse(s);
            assertThat(l).isNotNull();
            assertThat(l.text()).isNotNull();
        }
        assertThat(parser.parse("[mst] shard 1/2: something new"))
                .isEqualTo(new MstLine.Unknown("[mst] shard 1/2: something new", 1));
    }
}
