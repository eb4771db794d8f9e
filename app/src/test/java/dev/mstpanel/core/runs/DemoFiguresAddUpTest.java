package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.core.results.transcript.TranscriptTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in demo's figures add up, as a newcomer checks them: every trial's duration fits its run's own clock,
 * every event and every desktop log line happens inside its trial's time, the agent's {@code date} prints the day it
 * ran, the two variants do not report the same calls, tokens and cost, the failed gift card's Timeline has a subagent
 * with calls inside it, and a kept container's memory stays where the run left it (so the replay's last figure and
 * the one {@code demo --speed max} prints agree). They hold for any remake by scripts/make-demo.sh.
 */
class DemoFiguresAddUpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LOG_TIME = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z) ");

    @TempDir
    Path data;

    private List<Path> runs() throws Exception {
        Path eval = DemoData.installResults(data);
        try (Stream<Path> listed = Files.list(eval.resolve(".mcp-test-results/checkout-flow/runs"))) {
            return listed.sorted().toList();
        }
    }

    private static List<Path> traces(Path run) throws Exception {
        try (Stream<Path> walk = Files.walk(run.resolve("traces"))) {
            return walk.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static Instant at(String iso) {
        return Instant.parse(iso);
    }

    @Test
    void everyTrialFitsItsRunsClockAndEveryEventAndLogLineHappensInsideItsTrial() throws Exception {
        TranscriptReader reader = new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS);
        int timedEvents = 0;
        for (Path run : runs()) {
            JsonNode runJson = JSON.readTree(run.resolve("run.json").toFile());
            Instant created = at(runJson.path("createdAt").asText());
            Instant finished = at(runJson.path("finishedAt").asText());
            long wallMs = finished.toEpochMilli() - created.toEpochMilli();
            for (Path trace : traces(run)) {
                JsonNode trial = JSON.readTree(trace.toFile());
                String which = run.getFileName() + " " + run.relativize(trace);
                assertThat(trial.path("durationMs").asLong())
                        .as("%s: its duration within the run's", which)
                        .isLessThanOrEqualTo(wallMs);
                Transcript t = reader.read(trace);
                long first = Long.MAX_VALUE;
                long last = Long.MIN_VALUE;
                for (TranscriptEvent e : t.events()) {
                    Instant s = at(e.startedAt());
                    Instant c = at(e.completedAt());
                    assertThat(c.toEpochMilli() - s.toEpochMilli())
                            .as("%s %s: its times and its durationMs", which, e.name())
                            .isEqualTo(e.durationMs());
                    assertThat(s).as("%s %s: inside the run", which, e.name()).isBetween(created, finished);
                    assertThat(c).as("%s %s: inside the run", which, e.name()).isBetween(created, finished);
                    first = Math.min(first, s.toEpochMilli());
                    last = Math.max(last, c.toEpochMilli());
                    if ("command".equals(e.kind())) {
                        assertThat(e.output())
                                .as("%s: date -u +%%F prints the trial's day", which)
                                .isEqualTo(s.toString().substring(0, 10));
                    }
                    timedEvents++;
                }
                if (!t.events().isEmpty()) {
                    assertThat(last - first)
                            .as("%s: its events within its duration", which)
                            .isLessThanOrEqualTo(trial.path("durationMs").asLong());
                }
            }
            try (Stream<Path> walk =
                    Files.exists(run.resolve("artifacts")) ? Files.walk(run.resolve("artifacts")) : Stream.empty()) {
                for (Path log : walk.filter(p -> p.toString().endsWith(".log")).toList()) {
                    for (String line : Files.readAllLines(log)) {
                        Matcher m = LOG_TIME.matcher(line);
                        assertThat(m.find()).as(line).isTrue();
                        assertThat(at(m.group(1)))
                                .as("%s: %s inside the run", run.relativize(log), line)
                                .isBetween(created, finished);
                    }
                }
            }
        }
        assertThat(timedEvents).isGreaterThan(100);
    }

    @Test
    void theLatestRunsTrialsFitTheRecordingsLength() throws Exception {
        List<Path> runs = runs();
        long recordedMs = DemoData.recording(null).durationMs();
        for (Path trace : traces(runs.get(runs.size() - 1))) {
            assertThat(JSON.readTree(trace.toFile()).path("durationMs").asLong())
                    .as(trace.toString())
                    .isLessThan(recordedMs);
        }
    }

    @Test
    void theTwoVariantsReportDifferentCallsTokensAndCost() throws Exception {
        List<Path> runs = runs();
        Map<String, double[]> byVariant = new TreeMap<>(); // calls, tokens, cost
        for (Path trace : traces(runs.get(runs.size() - 1))) {
            JsonNode trial = JSON.readTree(trace.toFile());
            if (trial.path("infrastructureError").asBoolean()) {
                continue;
            }
            double[] sum = byVariant.computeIfAbsent(trial.path("variant").asText(), v -> new double[3]);
            trial.path("trace")
                    .path("events")
                    .forEach(e -> sum[0] += "mcp".equals(e.path("source").asText()) ? 1 : 0);
            JsonNode usage = trial.path("trace").path("usage");
            sum[1] += usage.path("inputTokens").asLong()
                    + usage.path("outputTokens").asLong();
            sum[2] += usage.path("estimatedCostUsd").asDouble();
        }
        assertThat(byVariant).containsOnlyKeys("baseline", "with-skill");
        double[] a = byVariant.get("baseline");
        double[] b = byVariant.get("with-skill");
        for (int i = 0; i < 3; i++) {
            assertThat(a[i]).as(List.of("MCP calls", "tokens", "cost").get(i)).isNotEqualTo(b[i]);
        }
    }

    @Test
    void theFailedGiftCardsTimelineHasASubagentWithItsCallsOnLanesOfTheirOwnGapsAndTheFailingCall() throws Exception {
        List<Path> runs = runs();
        Path trace = runs.get(runs.size() - 1).resolve("traces/baseline/gift-card/0.json");
        Transcript t = new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS).read(trace);
        TranscriptTimeline timeline = TranscriptTimeline.of(t.events(), t.failingIndex());
        assertThat(timeline.untimed()).isEmpty();
        assertThat(timeline.unreadable()).isEmpty();
        assertThat(timeline.lanes()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(timeline.gaps()).isNotEmpty();
        TranscriptTimeline.Span sub = timeline.spans().stream()
                .filter(s -> "subagent".equals(s.kind()))
                .findFirst()
                .orElseThrow();
        List<TranscriptTimeline.Span> inside = new ArrayList<>();
        for (TranscriptTimeline.Span s : timeline.spans()) {
            if ("tool_call".equals(s.kind()) && s.startMs() >= sub.startMs() && s.endMs() <= sub.endMs()) {
                inside.add(s);
            }
        }
        assertThat(inside)
                .as("calls made inside the subagent")
                .hasSizeGreaterThanOrEqualTo(2)
                .allMatch(s -> s.lane() != sub.lane());
        TranscriptTimeline.Span failing = timeline.spans().stream()
                .filter(s -> s.eventIndex() == t.failingIndex())
                .findFirst()
                .orElseThrow();
        assertThat(failing.failing()).isTrue();
        assertThat(failing.startMs())
                .as("the failing call comes after the subagent")
                .isGreaterThanOrEqualTo(sub.endMs());
    }

    @Test
    void aKeptContainersMemoryStaysWhereItsShardLeftIt() throws Exception {
        RunRecording rec = DemoData.recording(null);
        Map<String, Long> atKept = new HashMap<>();
        Map<String, Long> lastSample = new HashMap<>();
        try (RunRecording.Entries entries = rec.entries()) {
            while (entries.hasNext()) {
                JsonNode e = entries.next();
                if (e.path("k").asText().equals("stats") && e.path("m").asLong() > 0) {
                    lastSample.put(e.path("c").asText(), e.path("m").asLong());
                } else if (e.path("type").asText().equals("container")
                        && e.path("f").path("name").asText().endsWith("-kept")
                        && e.path("f").path("state").asText().equals("running")) {
                    atKept.putIfAbsent(
                            e.path("f").path("name").asText(),
                            e.path("f").path("memoryBytes").asLong());
                }
            }
        }
        assertThat(atKept).as("kept containers left running").isNotEmpty();
        atKept.forEach((name, kept) -> assertThat(lastSample.get(name))
                .as("%s: its last memory sample against its memory when kept", name)
                .isBetween(kept - (kept / 20), kept + (kept / 20)));
    }
}
