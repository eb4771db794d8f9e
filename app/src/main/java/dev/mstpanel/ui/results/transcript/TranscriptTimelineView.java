package dev.mstpanel.ui.results.transcript;

import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import dev.mstpanel.core.results.transcript.TranscriptTimeline;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.IntConsumer;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.util.Duration;

/**
 * The Timeline tab: a trial's events on a time axis ({@link TranscriptTimeline}, laid out off the FX thread), a row
 * per lane with its label, ticks with times, the gaps between busy stretches shaded, the failing call in the error
 * colour; hovering a span says what it was, clicking it opens its row in the transcript. Drawn with nodes for what
 * can be seen at this width only: spans narrower than a pixel share one node per pixel of a lane.
 */
public final class TranscriptTimelineView extends BorderPane {
    static final double LABEL_WIDTH = 130;
    static final double LANE_HEIGHT = 26;
    static final double AXIS_HEIGHT = 22;
    static final double SPAN_HEIGHT = 16;

    private final Label summary = new Label("Laying out the timeline…");
    private final Pane chart = new Pane();
    private final ScrollPane scroll = new ScrollPane(chart);
    private final IntConsumer open;
    private final BackgroundTask.Lane layouts = new BackgroundTask.Lane();
    private TranscriptTimeline timeline;

    /**
     * @param open called with an event's index when its span is clicked
     */
    public TranscriptTimelineView(IntConsumer open) {
        this.open = open;
        setId("timeline");
        getStylesheets().add(TranscriptView.class.getResource("transcript.css").toExternalForm());
        summary.setId("timeline-summary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        summary.setPadding(new Insets(8, 12, 6, 12));
        chart.getStyleClass().add("timeline-lanes");
        chart.setId("timeline-chart");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        setTop(summary);
        setCenter(scroll);
        scroll.viewportBoundsProperty().addListener((o, a, b) -> {
            if (a == null || Math.abs(a.getWidth() - b.getWidth()) > 0.5) {
                draw();
            }
        });
    }

    /** Lays the transcript's events out off the FX thread, then draws them (a newer transcript wins). */
    public void show(Transcript t, Executor background) {
        timeline = null;
        summary.setText("Laying out the timeline…");
        chart.getChildren().clear();
        List<dev.mstpanel.core.results.model.TranscriptEvent> events = t.events();
        int failing = t.failingIndex();
        BackgroundTask.wrap(() -> TranscriptTimeline.of(events, failing))
                .onSuccess(tl -> {
                    timeline = tl;
                    summary.setText(summaryText(tl, events.size()));
                    draw();
                })
                .onFailure(e -> summary.setText("Could not lay the timeline out: " + e.getMessage()))
                .latestIn(layouts)
                .executeWith(UiExecutor.fx(), background);
    }

    /** The timeline shown, or null while it is laid out (tests). */
    public TranscriptTimeline timeline() {
        return timeline;
    }

    /** {@code 14 events on 3 lanes over 12.4 s · between calls (the model's own time) 4.1 s · 2 events have no time…}. */
    static String summaryText(TranscriptTimeline t, int events) {
        if (t.spans().isEmpty()) {
            String none = events == 0
                    ? "This trial has no events."
                    : !t.untimed().isEmpty()
                            // docs/dev/mst-format.md, Trace: startedAt/completedAt are optional per event
                            ? "No event of this trial can be placed: its trace gives no start time for them. MST"
                                    + " writes startedAt and completedAt for each event; an older trace or a stand-in"
                                    + " for MST may not, and a duration alone does not say when an event began."
                            : "No event of this trial has a time to place it by.";
            return t.notPlacedText() == null ? none : none + " " + t.notPlacedText() + ".";
        }
        StringBuilder b = new StringBuilder();
        b.append(t.spans().size())
                .append(t.spans().size() == 1 ? " event on " : " events on ")
                .append(t.lanes().size())
                .append(t.lanes().size() == 1 ? " lane" : " lanes")
                .append(" over ")
                .append(TranscriptFormat.duration(t.spanMs()));
        if (!t.gaps().isEmpty()) {
            b.append(" · between calls (the model's own time) ").append(TranscriptFormat.duration(t.gapsMs()));
        }
        if (t.failingSpan() != null) {
            b.append(" · the failing call in red");
        }
        if (t.notPlacedText() != null) {
            b.append(" · ").append(t.notPlacedText());
        }
        return b.toString();
    }

    private void draw() {
        chart.getChildren().clear();
        TranscriptTimeline t = timeline;
        if (t == null || t.spans().isEmpty()) {
            return;
        }
        double width = Math.max(200, scroll.getViewportBounds().getWidth());
        double axisWidth = width - LABEL_WIDTH - 16;
        double msPerPx = Math.max(1e-9, t.spanMs() / axisWidth);
        double height = AXIS_HEIGHT + t.lanes().size() * LANE_HEIGHT + 4;
        chart.setPrefSize(width, height);
        chart.setMinHeight(height);
        List<javafx.scene.Node> nodes = new ArrayList<>();
        // the gaps first, under the lanes, over every lane's height: one per pixel at most
        double lastGapPx = -1;
        for (TranscriptTimeline.Gap g : t.gaps()) {
            double x = LABEL_WIDTH + g.startMs() / msPerPx;
            double w = g.durationMs() / msPerPx;
            if (w < 1 || x < lastGapPx + 1) {
                continue;
            }
            lastGapPx = x + w;
            Region r = new Region();
            r.getStyleClass().add("timeline-gap");
            r.resizeRelocate(x, AXIS_HEIGHT, w, t.lanes().size() * LANE_HEIGHT);
            r.setManaged(false);
            Tooltip.install(
                    r,
                    tip("Between calls: " + TranscriptFormat.duration(g.durationMs()) + " (the model's own time), from "
                            + TranscriptFormat.duration(g.startMs())));
            nodes.add(r);
        }
        ticks(nodes, t.spanMs(), msPerPx, axisWidth, height);
        for (TranscriptTimeline.Lane lane : t.lanes()) {
            double y = AXIS_HEIGHT + lane.index() * LANE_HEIGHT;
            Label label = new Label(lane.label());
            label.getStyleClass().add("timeline-lane-label");
            label.setId("timeline-lane-" + lane.index());
            label.setManaged(false);
            label.resizeRelocate(8, y + 4, LABEL_WIDTH - 12, LANE_HEIGHT - 8);
            Region row = new Region();
            row.getStyleClass().add("timeline-lane-row");
            row.setManaged(false);
            row.setMouseTransparent(true);
            row.resizeRelocate(0, y, width, LANE_HEIGHT);
            nodes.add(row);
            nodes.add(label);
            int lastPx = Integer.MIN_VALUE;
            Region last = null;
            for (TranscriptTimeline.Span s : lane.spans()) {
                double x = LABEL_WIDTH + s.startMs() / msPerPx;
                double w = Math.max(3, s.durationMs() / msPerPx);
                int px = (int) Math.floor(x);
                if (px <= lastPx && last != null) {
                    // within a pixel already drawn on this lane: the failing call still shows in its colour
                    if (s.failing() && !last.getStyleClass().contains("timeline-failing")) {
                        last.getStyleClass().add("timeline-failing");
                        last.setId("timeline-failing");
                        last.setOnMouseClicked(e -> open.accept(s.eventIndex()));
                        Tooltip.install(last, tip(spanText(s)));
                    }
                    continue;
                }
                Region r = span(s);
                r.resizeRelocate(x, y + (LANE_HEIGHT - SPAN_HEIGHT) / 2, w, SPAN_HEIGHT);
                nodes.add(r);
                lastPx = (int) Math.floor(x + (s.durationMs() / msPerPx >= 1 ? w - 1 : 0));
                last = r;
            }
        }
        chart.getChildren().setAll(nodes);
    }

    private Region span(TranscriptTimeline.Span s) {
        Region r = new Region();
        r.getStyleClass().add("timeline-span");
        if ("subagent".equals(s.kind())) {
            r.getStyleClass().add("timeline-subagent");
        }
        if (!s.durationKnown() || s.durationMs() == 0) {
            r.getStyleClass().add("timeline-moment");
        }
        if (s.failing()) {
            r.getStyleClass().add("timeline-failing");
            r.setId("timeline-failing");
        } else {
            r.setId("timeline-event-" + s.eventIndex());
        }
        r.setManaged(false);
        r.setOnMouseClicked(e -> open.accept(s.eventIndex()));
        Tooltip.install(r, tip(spanText(s)));
        return r;
    }

    /** What a span's tooltip says: {@code #4 shop · cancel (tool_call) · 1.2 s from 4.0 s · failed}. */
    static String spanText(TranscriptTimeline.Span s) {
        return "#" + (s.eventIndex() + 1) + " " + s.title() + (s.kind() == null ? "" : " (" + s.kind() + ")") + " · "
                + (s.durationKnown() ? TranscriptFormat.duration(s.durationMs()) : "duration not known") + " from "
                + TranscriptFormat.duration(s.startMs()) + (s.failing() ? " · failed" : "")
                + " · click to open its row";
    }

    private static Tooltip tip(String text) {
        Tooltip t = new Tooltip(text);
        t.setShowDelay(Duration.millis(150));
        return t;
    }

    /** Ticks at 1, 2 or 5 × 10^k ms, about one per 90 px, with their times. */
    private void ticks(List<javafx.scene.Node> nodes, long spanMs, double msPerPx, double axisWidth, double height) {
        double target = Math.max(1, spanMs / Math.max(1, axisWidth / 90));
        double pow = Math.pow(10, Math.floor(Math.log10(target)));
        double step = pow;
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * pow >= target) {
                step = m * pow;
                break;
            }
        }
        for (double ms = 0; ms <= spanMs + 0.5; ms += step) {
            double x = LABEL_WIDTH + ms / msPerPx;
            Region tick = new Region();
            tick.getStyleClass().add("timeline-tick");
            tick.setManaged(false);
            tick.setMouseTransparent(true);
            tick.resizeRelocate(x, AXIS_HEIGHT - 5, 1, height - AXIS_HEIGHT + 5);
            Label l = new Label(TranscriptFormat.duration(Math.round(ms)));
            l.getStyleClass().add("timeline-tick-label");
            l.setManaged(false);
            l.resizeRelocate(x - 30, 2, 60, AXIS_HEIGHT - 6);
            l.setAlignment(javafx.geometry.Pos.CENTER);
            nodes.add(tick);
            nodes.add(l);
        }
    }

    /** The labels of the lanes shown, top to bottom (tests). */
    public List<String> laneLabels() {
        return timeline == null
                ? List.of()
                : timeline.lanes().stream().map(TranscriptTimeline.Lane::label).toList();
    }

    /** A short text of the layout for logs: {@code 3 lanes, 14 spans}. */
    @Override
    public String toString() {
        return timeline == null
                ? "timeline (laying out)"
                : String.format(
                        Locale.ROOT,
                        "timeline %d lanes, %d spans",
                        timeline.lanes().size(),
                        timeline.spans().size());
    }
}
