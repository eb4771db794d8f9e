package dev.mstpanel.ui.common;

import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A read-only monospace text with a search field: Enter (or the arrow) selects the next match,
 * and a label counts the matches (case-insensitive). Extra controls go to the left of the field.
 */
public final class SearchableText extends VBox {
    private final TextArea area = new TextArea();
    private final TextField search = new TextField();
    private final Label count = new Label();
    private final HBox bar;

    /** @param idPrefix prefix for the ids of the area ({@code -text}) and the field ({@code -search}) */
    public SearchableText(String idPrefix) {
        area.setEditable(false);
        area.setWrapText(false);
        area.getStyleClass().add("monospace");
        area.setId(idPrefix + "-text");
        search.setPromptText("Search");
        search.setId(idPrefix + "-search");
        search.setPrefColumnCount(16);
        search.setAccessibleText("Search in the text");
        count.getStyleClass().addAll("text-muted", "text-small");
        count.setMinWidth(80);
        Button next = new Button(null, new FontIcon(Feather.ARROW_DOWN));
        next.setAccessibleText("Next match");
        next.setOnAction(e -> findNext());
        search.setOnAction(e -> findNext());
        search.textProperty().addListener((o, a, b) -> recount());
        area.textProperty().addListener((o, a, b) -> recount());
        HBox grow = new HBox();
        HBox.setHgrow(grow, Priority.ALWAYS);
        bar = new HBox(8, grow, count, search, next);
        bar.setAlignment(Pos.CENTER_LEFT);
        setSpacing(6);
        VBox.setVgrow(area, Priority.ALWAYS);
        getChildren().addAll(bar, area);
    }

    /** The text area (bind its text). */
    public TextArea area() {
        return area;
    }

    /** Adds controls at the left of the search bar. */
    public void addControls(javafx.scene.Node... nodes) {
        bar.getChildren().addAll(0, java.util.List.of(nodes));
    }

    private void recount() {
        String q = search.getText();
        if (q == null || q.isEmpty()) {
            count.setText("");
            return;
        }
        String text = area.getText().toLowerCase(Locale.ROOT);
        String needle = q.toLowerCase(Locale.ROOT);
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length())) {
            n++;
        }
        count.setText(n == 1 ? "1 match" : n + " matches");
    }

    private void findNext() {
        String q = search.getText();
        if (q == null || q.isEmpty()) {
            return;
        }
        String text = area.getText().toLowerCase(Locale.ROOT);
        String needle = q.toLowerCase(Locale.ROOT);
        int from = area.getSelection().getLength() > 0 ? area.getSelection().getEnd() : area.getCaretPosition();
        int at = text.indexOf(needle, from);
        if (at < 0) {
            at = text.indexOf(needle);
        }
        if (at >= 0) {
            area.selectRange(at, at + needle.length());
        }
    }
}
