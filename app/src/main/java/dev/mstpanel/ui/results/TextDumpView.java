package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.diagnosis.TextDocument;
import java.util.Arrays;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * A text file of a failure diagnosis in a virtualized list with line numbers: search as you type
 * with next/previous (Enter, Shift+Enter), a filter that keeps only matching lines, "jump to end",
 * and, for an accessibility dump, disabled controls set apart. The list shows an {@code int[]} of
 * line indexes, so 200,000 lines cost no copy, and stays virtualized: only the visible cells exist.
 *
 * <p>Each keystroke searches incrementally: a query that extends the previous one scans only the
 * previous hits, and a query typed before (a backspace) comes from a small cache. Without the
 * filter the list's items never change on a keystroke: the visible cells re-check whether their
 * line matches (a style class), and the list scrolls only when the current match moves.
 */
public final class TextDumpView extends BorderPane {
    private final TextDocument doc;
    private final boolean accessibility;
    private final ListView<Integer> list = new ListView<>();
    private final TextField search = new TextField();
    private final ToggleButton filter = new ToggleButton("Only matches", new FontIcon(Feather.FILTER));
    private final Label count = new Label();
    private int[] hits = new int[0];
    private int current = -1;
    /** The query {@link #hits} answer, lower case. */
    private String hitsQuery = "";
    /** Earlier answers for the queries typed since the view opened (backspace), most recent last. */
    private final java.util.LinkedHashMap<String, int[]> recent = new java.util.LinkedHashMap<>(16, 0.75f, true);

    private long recentInts;
    private static final long RECENT_MAX_INTS = 4_000_000;
    /** Bumped when {@link #hits} change; visible cells listen and re-check their line. */
    private final javafx.beans.property.IntegerProperty hitsVersion = new javafx.beans.property.SimpleIntegerProperty();

    private int revealedRow = -1;
    private boolean filtered;
    private final int[] allLines;
    private final int numberWidth;

    /**
     * @param doc the loaded file
     * @param accessibility true for an accessibility dump (disabled controls are set apart)
     * @param idPrefix a prefix for node ids (e.g. {@code ax}), so tests and people can find the controls
     */
    public TextDumpView(TextDocument doc, boolean accessibility, String idPrefix) {
        this.doc = doc;
        this.accessibility = accessibility;
        this.numberWidth = String.valueOf(Math.max(1, doc.lines().size())).length();
        getStyleClass().add("text-dump");
        list.setId(idPrefix + "-lines");
        search.setId(idPrefix + "-search");
        filter.setId(idPrefix + "-filter");
        count.setId(idPrefix + "-count");
        list.getStyleClass().add("dump-list");
        list.setFixedCellSize(22);
        allLines = doc.find("");
        list.setItems(FXCollections.observableList(new IntList(allLines)));
        list.setCellFactory(lv -> new LineCell());

        search.setPromptText(accessibility ? "Search controls (role, name)…" : "Search the log…");
        search.setPrefColumnCount(24);
        search.textProperty().addListener((o, a, b) -> runSearch());
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                step(e.isShiftDown() ? -1 : 1);
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                search.clear();
            }
        });
        filter.setTooltip(new Tooltip("Keep only the lines that match the search"));
        filter.selectedProperty().addListener((o, a, b) -> applyFilter());
        Button prev = new Button(null, new FontIcon(Feather.CHEVRON_UP));
        prev.setTooltip(new Tooltip("Previous match (Shift+Enter)"));
        prev.setOnAction(e -> step(-1));
        prev.setId(idPrefix + "-prev");
        Button next = new Button(null, new FontIcon(Feather.CHEVRON_DOWN));
        next.setTooltip(new Tooltip("Next match (Enter)"));
        next.setOnAction(e -> step(1));
        next.setId(idPrefix + "-next");
        Button end = new Button("End", new FontIcon(Feather.CHEVRONS_DOWN));
        end.setTooltip(new Tooltip("Jump to the last line"));
        end.setOnAction(e -> list.scrollTo(list.getItems().size() - 1));
        end.setId(idPrefix + "-end");
        for (var b : new javafx.scene.control.ButtonBase[] {prev, next, end, filter}) {
            b.getStyleClass().add("small");
        }
        count.getStyleClass().add("text-muted");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        Label size =
                new Label(String.format(Locale.ROOT, "%,d lines", doc.lines().size()));
        size.getStyleClass().add("text-muted");
        for (javafx.scene.control.Control c : java.util.List.of(count, filter, size, end)) {
            c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // the search field gives way, not these
        }
        search.setMinWidth(120);
        HBox bar = new HBox(6, search, prev, next, count, filter, grow, size, end);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 6, 8));
        VBox top = new VBox(bar);
        String notice = doc.notice();
        if (notice != null) {
            Label n = new Label(notice);
            n.setWrapText(true);
            n.getStyleClass().add("banner-warning");
            n.setId(idPrefix + "-notice");
            VBox.setMargin(n, new Insets(0, 8, 6, 8));
            top.getChildren().add(n);
        }
        if (accessibility) {
            int disabled = doc.disabledControls();
            if (disabled > 0) {
                Label d = new Label(String.format(
                        Locale.ROOT, "%,d disabled control%s, marked", disabled, disabled == 1 ? "" : "s"));
                d.getStyleClass().addAll("text-muted", "text-small");
                d.setGraphic(new FontIcon(Feather.SLASH));
                VBox.setMargin(d, new Insets(0, 8, 4, 10));
                top.getChildren().add(d);
            }
        }
        setTop(top);
        setCenter(list);
    }

    /** The search field (tests). */
    public TextField searchField() {
        return search;
    }
    /** Line indexes of the current matches. */
    public int[] hits() {
        return hits;
    }
    /** The index in {@link #hits()} of the current match, or -1. */
    public int currentHit() {
        return current;
    }
    /** The list of lines shown. */
    public ListView<Integer> lines() {
        return list;
    }

    /** Sets the search text as if typed. */
    public void search(String text) {
        search.setText(text);
    }

    private void runSearch() {
        String q = search.getText() == null ? "" : search.getText().toLowerCase(Locale.ROOT);
        hits = q.isEmpty() ? new int[0] : hitsFor(q);
        hitsQuery = q;
        current = hits.length == 0 ? -1 : 0;
        hitsVersion.set(hitsVersion.get() + 1);
        if (filter.isSelected()) {
            applyFilter();
        } else {
            reveal();
        }
        updateCount();
    }

    /** The hits of a lower-case query: from the cache, from the previous hits, or a full scan. */
    private int[] hitsFor(String q) {
        int[] known = recent.get(q);
        if (known != null) {
            return known;
        }
        int[] within = !hitsQuery.isEmpty() && q.contains(hitsQuery) ? hits : null;
        int[] found = doc.find(q, within);
        recent.put(q, found);
        recentInts += found.length;
        var it = recent.entrySet().iterator();
        while (recentInts > RECENT_MAX_INTS && recent.size() > 1 && it.hasNext()) {
            recentInts -= it.next().getValue().length;
            it.remove();
        }
        return found;
    }

    private void applyFilter() {
        boolean on = filter.isSelected() && !search.getText().isEmpty();
        if (on || filtered) {
            list.setItems(FXCollections.observableList(new IntList(on ? hits : allLines)));
            revealedRow = -1;
        }
        filtered = on;
        reveal();
    }

    private void step(int dir) {
        if (hits.length == 0) {
            return;
        }
        current = Math.floorMod(current + dir, hits.length);
        updateCount();
        reveal();
    }

    private void updateCount() {
        String q = search.getText();
        if (q == null || q.isEmpty()) {
            count.setText("");
        } else if (hits.length == 0) {
            count.setText("no matches");
        } else {
            count.setText(String.format(Locale.ROOT, "%,d of %,d", current + 1, hits.length));
        }
    }

    private void reveal() {
        if (current < 0 || current >= hits.length) {
            list.getSelectionModel().clearSelection();
            revealedRow = -1;
            return;
        }
        int line = hits[current];
        int row = filtered ? current : line;
        if (row == revealedRow && list.getSelectionModel().getSelectedIndex() == row) {
            return; // the current match did not move: nothing to scroll or select
        }
        list.getSelectionModel().clearAndSelect(row);
        list.scrollTo(Math.max(0, row - 3));
        revealedRow = row;
    }

    private final class LineCell extends ListCell<Integer> {
        private final Label number = new Label();
        private final Label text = new Label();
        private final HBox box = new HBox(10, number, text);

        LineCell() {
            number.getStyleClass().addAll("line-number", "monospace");
            number.setMinWidth(numberWidth * 8 + 8);
            number.setAlignment(Pos.CENTER_RIGHT);
            text.getStyleClass().add("monospace");
            text.setMinWidth(Region.USE_PREF_SIZE);
            box.setAlignment(Pos.CENTER_LEFT);
            setGraphic(null);
            // a new search re-checks only this cell's style, not its text (no relayout)
            hitsVersion.addListener(o -> markMatch());
        }

        @Override
        protected void updateItem(Integer line, boolean empty) {
            super.updateItem(line, empty);
            if (empty || line == null) {
                styleClass("line-match", false);
                styleClass("ax-disabled", false);
                setGraphic(null);
                setText(null);
                return;
            }
            number.setText(String.valueOf(line + 1));
            String s = doc.lines().get(line);
            text.setText(s.length() > 2000 ? s.substring(0, 2000) + " …" : s);
            markMatch();
            styleClass("ax-disabled", accessibility && doc.isDisabledControl(line));
            setGraphic(box);
        }

        private void markMatch() {
            Integer line = getItem();
            styleClass(
                    "line-match",
                    !isEmpty() && line != null && hits.length > 0 && Arrays.binarySearch(hits, line) >= 0);
        }

        private void styleClass(String name, boolean on) {
            if (getStyleClass().contains(name) != on) {
                if (on) {
                    getStyleClass().add(name);
                } else {
                    getStyleClass().remove(name);
                }
            }
        }
    }
}
