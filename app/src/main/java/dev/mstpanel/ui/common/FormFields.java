package dev.mstpanel.ui.common;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/** Small pieces the panel's forms share (the Run form, Settings). */
public final class FormFields {
    private FormFields() {}

    /** A field with its unit after it in muted text, e.g. a seconds field: {@code [ 20 ] seconds}. */
    public static HBox withUnit(Node field, String unit) {
        Label u = new Label(unit);
        u.getStyleClass().add("text-muted");
        HBox box = new HBox(8, field, u);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
