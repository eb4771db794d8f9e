package dev.mstpanel.core.results.transcript;

import dev.mstpanel.core.results.model.TranscriptEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A trial's events on a time axis, from each event's {@code startedAt}, {@code durationMs} and {@code completedAt}
 * (docs/dev/mst-format.md, Trace): each event a span on a lane, events that overlap in time (a subagent and the calls
 * made inside it, calls made in parallel) on lanes of their own, the gaps between busy stretches (where no call ran:
 * the model's own time) as items of their own, and the events that give no usable time counted rather than placed
 * where they might have been. Times are in ms from the earliest start. Immutable; pure, so it is made off the FX
 * thread and tested without a window.
 *
 * @param spanMs from the earliest start to the latest end, in ms (0 when no event has a time)
 * @param lanes the lanes, the first holding the earliest event; each lane's spans by start
 * @param spans every span, in event order
 * @param gaps the stretches between busy ones, by start
 * @param untimed the indexes of the events with no time at all
 * @param unreadable the indexes of the events whose time is written but cannot be used (not a time, a negative
 *     duration, an end before its start)
 * @param failingIndex the event where the trial went wrong, or -1
 */
public record TranscriptTimeline(
        long spanMs,
        List<Lane> lanes,
        List<Span> spans,
        List<Gap> gaps,
        List<Integer> untimed,
        List<Integer> unreadable,
        int failingIndex) {

    public TranscriptTimeline {
        lanes = List.copyOf(lanes);
        spans = List.copyOf(spans);
        gaps = List.copyOf(gaps);
        untimed = List.copyOf(untimed);
        unreadable = List.copyOf(unreadable);
    }

    /**
     * One event placed on the axis.
     *
     * @param eventIndex its index in the trace's events
     * @param lane the lane it is on, 0-based
     * @param startMs its start, ms from the earliest start
     * @param endMs its end (equal to the start for an event that took no time or whose duration is not known)
     * @param durationKnown false when only its start is known (shown as a moment, not as taking no time)
     * @param failing true for the call where the trial went wrong, and for any call that failed
     * @param kind its kind as written, or null
     * @param title how a person reads it ({@link TranscriptEvent#title()})
     */
    public record Span(
            int eventIndex,
            int lane,
            long startMs,
            long endMs,
            boolean durationKnown,
            boolean failing,
            String kind,
            String title) {
        public long durationMs() {
            return endMs - startMs;
        }
    }

    /**
     * A lane: the spans that do not overlap each other.
     *
     * @param index 0-based
     * @param label what it holds, for its label: {@code main}, or the kinds on it ({@code subagent}, {@code tool_call})
     * @param spans its spans, by start
     */
    public record Lane(int index, String label, List<Span> spans) {
        public Lane {
            spans = List.copyOf(spans);
        }
    }

    /** A stretch where no event ran, in ms from the earliest start: the model's own time between calls. */
    public record Gap(long startMs, long endMs) {
        public long durationMs() {
            return endMs - startMs;
        }
    }

    /** The events of a transcript laid out; {@code failingIndex} as the transcript gives it, or -1. */
    public static TranscriptTimeline of(List<TranscriptEvent> events, int failingIndex) {
        List<long[]> timed = new ArrayList<>(); // {start, end, event index, duration known}
        List<Integer> untimed = new ArrayList<>();
        List<Integer> unreadable = new ArrayList<>();
        for (TranscriptEvent e : events) {
            long start = TranscriptFormat.millis(e.startedAt());
            long end = TranscriptFormat.millis(e.completedAt());
            boolean startGarbled =
                    start < 0 && e.startedAt() != null && !e.startedAt().isBlank();
            boolean endGarbled =
                    end < 0 && e.completedAt() != null && !e.completedAt().isBlank();
            Long d = e.durationMs();
            boolean badDuration = d != null && d < 0;
            if (startGarbled || endGarbled || badDuration || (start >= 0 && end >= 0 && end < start)) {
                unreadable.add(e.index());
                continue;
            }
            boolean known = true;
            if (start >= 0 && end < 0) {
                if (d != null) {
                    end = start + d;
                } else { // only its start: a moment, not a guess at how long it took
                    end = start;
                    known = false;
                }
            } else if (start < 0 && end >= 0 && d != null) {
                start = end - d;
            } else if (start < 0) { // no start, and no end with a duration to count back from: no place on the axis
                untimed.add(e.index());
                continue;
            }
            timed.add(new long[] {start, end, e.index(), known ? 1 : 0});
        }
        if (timed.isEmpty()) {
            return new TranscriptTimeline(0, List.of(), List.of(), List.of(), untimed, unreadable, failingIndex);
        }
        long origin = timed.stream().mapToLong(t -> t[0]).min().orElse(0);
        // by start, the longer first: a subagent takes its lane before the calls made inside it
        List<long[]> order = new ArrayList<>(timed);
        order.sort(Comparator.<long[]>comparingLong(t -> t[0])
                .thenComparing(Comparator.<long[]>comparingLong(t -> t[1]).reversed())
                .thenComparingLong(t -> t[2]));
        List<Long> laneEnds = new ArrayList<>(); // the end of the last span on each lane
        List<List<Span>> laneSpans = new ArrayList<>();
        Span[] byEvent = new Span[events.size()];
        int[] positionOf = new int[events.size()];
        for (int i = 0; i < events.size(); i++) {
            positionOf[i] = -1;
        }
        for (int i = 0; i < events.size(); i++) {
            int idx = events.get(i).index();
            if (idx >= 0 && idx < positionOf.length) {
                positionOf[idx] = i;
            }
        }
        List<long[]> busy = new ArrayList<>(); // merged stretches where something ran
        for (long[] t : order) {
            int lane = -1;
            for (int l = 0; l < laneEnds.size(); l++) {
                // a span that took time does not share a lane with one it overlaps; moments may touch
                if (laneEnds.get(l) <= t[0]) {
                    lane = l;
                    break;
                }
            }
            if (lane < 0) {
                lane = laneEnds.size();
                laneEnds.add(Long.MIN_VALUE);
                laneSpans.add(new ArrayList<>());
            }
            laneEnds.set(lane, t[1]);
            int idx = (int) t[2];
            TranscriptEvent e = events.get(positionOf[idx] >= 0 ? positionOf[idx] : idx);
            Span s = new Span(
                    idx,
                    lane,
                    t[0] - origin,
                    t[1] - origin,
                    t[3] == 1,
                    idx == failingIndex || e.failed(),
                    e.kind(),
                    e.title());
            laneSpans.get(lane).add(s);
            if (positionOf[idx] >= 0) {
                byEvent[positionOf[idx]] = s;
            }
            if (!busy.isEmpty() && t[0] <= busy.get(busy.size() - 1)[1]) {
                long[] last = busy.get(busy.size() - 1);
                last[1] = Math.max(last[1], t[1]);
            } else {
                busy.add(new long[] {t[0], t[1]});
            }
        }
        List<Gap> gaps = new ArrayList<>();
        for (int i = 1; i < busy.size(); i++) {
            gaps.add(new Gap(busy.get(i - 1)[1] - origin, busy.get(i)[0] - origin));
        }
        List<Lane> lanes = new ArrayList<>();
        for (int l = 0; l < laneSpans.size(); l++) {
            lanes.add(new Lane(l, label(l, laneSpans.get(l)), laneSpans.get(l)));
        }
        List<Span> spans = new ArrayList<>();
        for (Span s : byEvent) {
            if (s != null) {
                spans.add(s);
            }
        }
        long spanMs = busy.get(busy.size() - 1)[1] - origin;
        return new TranscriptTimeline(spanMs, lanes, spans, gaps, untimed, unreadable, failingIndex);
    }

    /** {@code main} for the first lane; the kinds on another, in order of first appearance. */
    private static String label(int lane, List<Span> spans) {
        if (lane == 0) {
            return "main";
        }
        java.util.LinkedHashSet<String> kinds = new java.util.LinkedHashSet<>();
        for (Span s : spans) {
            kinds.add(s.kind() == null ? "(no kind)" : s.kind());
        }
        return String.join(", ", kinds);
    }

    /** The span of the failing call, or null when it has none or no time. */
    public Span failingSpan() {
        return spans.stream()
                .filter(s -> s.eventIndex() == failingIndex)
                .findFirst()
                .orElse(null);
    }

    /** The model's own time: the gaps' sum, in ms. */
    public long gapsMs() {
        return gaps.stream().mapToLong(Gap::durationMs).sum();
    }

    /**
     * What could not be placed, for people: {@code 12 events have no time · 1 has a time that cannot be read}; null
     * when every event is on the axis.
     */
    public String notPlacedText() {
        List<String> parts = new ArrayList<>();
        if (!untimed.isEmpty()) {
            parts.add(untimed.size() + (untimed.size() == 1 ? " event has no time" : " events have no time"));
        }
        if (!unreadable.isEmpty()) {
            parts.add(unreadable.size()
                    + (unreadable.size() == 1
                            ? " event has a time that cannot be read"
                            : " events have a time that cannot be read"));
        }
        return parts.isEmpty() ? null : String.join(" · ", parts) + ": not on the timeline";
    }
}
