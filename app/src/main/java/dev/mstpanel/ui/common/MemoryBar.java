package dev.mstpanel.ui.common;

import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * A horizontal bar split in segments whose widths follow byte figures, e.g. Docker's reserve,
 * the Cowork container's share and what is left of a context's memory. Each segment has a style
 * class (for colour) and a tooltip.
 */
public final class MemoryBar extends HBox {

    /** A segment: its bytes, style class and tooltip text. */
    public record Segment(long bytes, String styleClass, String tooltip) {}

    public MemoryBar() {
        getStyleClass().add("memory-bar");
        setMinHeight(12);
        setPrefHeight(12);
        setMaxHeight(12);
        setFillHeight(true);
    }

    /**
     * Replaces the segments.
     *
     * @param total the bar's full width in bytes
     * @param segments left to right; what they leave of {@code total} is shown as free
     */
    public void setSegments(long total, Segment... segments) {
        getChildren().clear();
        long used = 0;
        for (Segment s : segments) {
            if (s.bytes() <= 0) {
                continue;
            }
            used += s.bytes();
            getChildren().add(segment(s.bytes(), total, s.styleClass(), s.tooltip()));
        }
        if (total > used) {
            getChildren().add(segment(total - used, total, "memory-free", null));
        }
    }

    private Region segment(long bytes, long total, String style, String tip) {
        Region r = new Region();
        r.getStyleClass().addAll("memory-segment", style);
        r.setMinWidth(0);
        r.prefWidthProperty()
                .bind(widthProperty().multiply(Math.max(0, Math.min(1.0, (double) bytes / Math.max(1, total)))));
        HBox.setHgrow(r, Priority.NEVER);
        if (tip != null) {
            Tooltip.install(r, new Tooltip(tip));
        }
        return r;
    }
}
