package dev.mstpanel.ui.common;

import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.layout.Region;

/**
 * The small rounded status words ("fail", "running", "kept", "3 infra"). A pill is read whole or not
 * at all: a row that runs out of room squeezes its free text, never a pill down to "…" (a verdict
 * chip that read "…" beside a long reason hid the one word that mattered). So every pill is made
 * here, with its minimum width held at its preferred width.
 */
public final class Pill {
    private Pill() {}

    /** A new pill with the given text and colour classes ({@code pill-success}, {@code pill-danger}, …). */
    public static Label of(String text, String... styles) {
        return mark(new Label(text), styles);
    }

    /** Makes {@code node} a pill with the given colour classes; returns it. */
    public static <T extends Labeled> T mark(T node, String... styles) {
        node.getStyleClass().add("pill");
        node.getStyleClass().addAll(styles);
        node.setMinWidth(Region.USE_PREF_SIZE);
        return node;
    }

    /** Gives a pill other colour classes: the ones it had ({@code pill-*}) go. */
    public static <T extends Labeled> T restyle(T node, String... styles) {
        unmark(node);
        return mark(node, styles);
    }

    /** Makes {@code node} plain text again (a cell that shows a pill for some rows only). */
    public static void unmark(Labeled node) {
        node.getStyleClass().removeIf(c -> c.equals("pill") || c.startsWith("pill-"));
        node.setMinWidth(Region.USE_COMPUTED_SIZE);
    }

    /**
     * A line of figures drawn like a pill that wraps onto more lines when the row is narrow: the one
     * pill-shaped text that is long by nature, so it wraps rather than be held whole on one line.
     */
    public static Label wrappingLine(Label node, String... styles) {
        node.getStyleClass().add("pill");
        node.getStyleClass().addAll(styles);
        node.setWrapText(true);
        node.setMinHeight(Region.USE_PREF_SIZE);
        return node;
    }
}
