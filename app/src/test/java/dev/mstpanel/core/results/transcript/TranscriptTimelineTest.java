package dev.mstpanel.core.results.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TranscriptEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TranscriptTimelineTest {
    private static final Instant T0 = Instant.parse("2026-12-05T10:00:00Z");

    private static String at(long ms) {
        return T0.plusMillis(ms).toString();
    }

    private static TranscriptEvent event(
            int index, String kind, String name, String startedAt, Long durationMs, String completedAt) {
        return new TranscriptEvent(
                index,
                kind,
                "mcp",
                "shop",
                name,
                null,
                null,
                null,
                0,
                false,
                durationMs,
                startedAt,
                completedAt,
                null,
                null,
                Map.of(),
                null);
    }

    @Test
    void callsOneAfterAnotherShareTheMainLaneAndTheTimeBetweenThemIsTheModelsOwn() {
        List<TranscriptEvent> events = List.of(
                event(0, "tool_call", "a", at(0), 100L, null),
                event(1, "tool_call", "b", at(600), 200L, null),
                event(2, "tool_call", "c", null, 300L, at(1_500)));
        TranscriptTimeline t = TranscriptTimeline.of(events, -1);
        assertThat(t.lanes()).hasSize(1);
        assertThat(t.lanes().get(0).label()).isEqualTo("main");
        assertThat(t.spans()).extracting(TranscriptTimeline.Span::startMs).containsExactly(0L, 600L, 1_200L);
        assertThat(t.gaps())
                .containsExactly(new TranscriptTimeline.Gap(100, 600), new TranscriptTimeline.Gap(800, 1_200));
        assertThat(t.gapsMs()).isEqualTo(900);
        assertThat(t.spanMs()).isEqualTo(1_500);
        assertThat(t.notPlacedText()).isNull();
    }

    @Test
    void aSubagentAndTheCallsInsideItGetTheirOwnLanesAndNestedOnesOneMore() {
        List<TranscriptEvent> events = List.of(
                event(0, "tool_call", "first", at(0), 100L, null),
                event(1, "subagent", "research", at(200), 5_000L, null),
                event(2, "subagent", "inner", at(300), 2_000L, null),
                event(3, "tool_call", "inside-inner", at(400), 500L, null),
                event(4, "tool_call", "inside-outer", at(3_000), 500L, null),
                event(5, "tool_call", "after", at(6_000), 100L, null));
        TranscriptTimeline t = TranscriptTimeline.of(events, -1);
        assertThat(t.lanes()).hasSize(3);
        assertThat(t.spans()).extracting(TranscriptTimeline.Span::lane).containsExactly(0, 0, 1, 2, 1, 0);
        assertThat(t.lanes().get(1).label()).isEqualTo("subagent, tool_call");
        // the calls inside the subagent are busy time: the only gaps are before it and after it
        assertThat(t.gaps())
                .containsExactly(new TranscriptTimeline.Gap(100, 200), new TranscriptTimeline.Gap(5_200, 6_000));
    }

    @Test
    void eventsWithoutATimeOrWithOneThatCannotBeReadAreCountedNotPlaced() {
        List<TranscriptEvent> events = List.of(
                event(0, "tool_call", "timed", at(0), 100L, null),
                event(1, "tool_call", "duration only", null, 100L, null),
                event(2, "tool_call", "nothing", null, null, null),
                event(3, "tool_call", "garbled", "yesterday-ish", 100L, null),
                event(4, "tool_call", "negative", at(10), -5L, null),
                event(5, "tool_call", "backwards", at(500), null, at(400)));
        TranscriptTimeline t = TranscriptTimeline.of(events, -1);
        assertThat(t.spans()).extracting(TranscriptTimeline.Span::eventIndex).containsExactly(0);
        assertThat(t.untimed()).containsExactly(1, 2);
        assertThat(t.unreadable()).containsExactly(3, 4, 5);
        assertThat(t.notPlacedText())
                .isEqualTo("2 events have no time · 3 events have a time that cannot be read: not on the timeline");
        assertThat(TranscriptTimeline.of(List.of(events.get(2)), -1).notPlacedText())
                .isEqualTo("1 event has no time: not on the timeline");
        assertThat(TranscriptTimeline.of(List.of(events.get(2)), -1).lanes()).isEmpty();
    }

    @Test
    void zeroDurationsAndStartsWithoutDurationAreMomentsThatShareALane() {
        List<TranscriptEvent> events = List.of(
                event(0, "command", "instant", at(0), 0L, null),
                event(1, "command", "no duration", at(0), null, null),
                event(2, "tool_call", "then", at(0), 50L, null));
        TranscriptTimeline t = TranscriptTimeline.of(events, -1);
        TranscriptTimeline.Span noDuration = t.spans().get(1);
        assertThat(noDuration.durationKnown()).isFalse();
        assertThat(noDuration.durationMs()).isZero();
        assertThat(t.spans().get(0).durationKnown()).isTrue();
        // the call that took time takes the first lane; the two moments at its start share the next
        assertThat(t.spans()).extracting(TranscriptTimeline.Span::lane).containsExactly(1, 1, 0);
        assertThat(t.gaps()).isEmpty();
    }

    @Test
    void theFailingCallAndOtherFailedCallsAreMarked() {
        TranscriptEvent failed = new TranscriptEvent(
                1,
                "tool_call",
                "mcp",
                "shop",
                "cancel",
                null,
                null,
                null,
                0,
                true,
                30L,
                at(200),
                null,
                null,
                null,
                Map.of(),
                null);
        List<TranscriptEvent> events = List.of(event(0, "tool_call", "lookup", at(0), 100L, null), failed);
        TranscriptTimeline t = TranscriptTimeline.of(events, 1);
        assertThat(t.failingSpan().eventIndex()).isEqualTo(1);
        assertThat(t.failingSpan().failing()).isTrue();
        assertThat(t.failingSpan().title()).isEqualTo("shop · cancel");
        assertThat(t.spans().get(0).failing()).isFalse();
    }

    @Test
    void fiveThousandEventsWithOverlapsAreLaidOutQuickly() {
        List<TranscriptEvent> events = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            // every tenth a subagent of 2 s, the calls 100 ms apart taking 250 ms: up to three overlap
            boolean sub = i % 10 == 0;
            events.add(event(i, sub ? "subagent" : "tool_call", "t" + i, at(i * 100L), sub ? 2_000L : 250L, null));
        }
        long start = System.nanoTime();
        TranscriptTimeline t = TranscriptTimeline.of(events, 4_321);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(t.spans()).hasSize(5_000);
        assertThat(t.lanes().size()).isBetween(3, 30);
        for (TranscriptTimeline.Lane lane : t.lanes()) { // no two spans of a lane overlap
            for (int i = 1; i < lane.spans().size(); i++) {
                assertThat(lane.spans().get(i).startMs())
                        .isGreaterThanOrEqualTo(lane.spans().get(i - 1).endMs());
            }
        }
        assertThat(t.failingSpan().eventIndex()).isEqualTo(4_321);
        assertThat(ms).as("ms, cold, on a shared machine").isLessThan(2_000);
    }
}
