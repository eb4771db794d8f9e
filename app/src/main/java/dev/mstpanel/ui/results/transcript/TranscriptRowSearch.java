package dev.mstpanel.ui.results.transcript;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The search within one transcript's rows (the search across trials is
 * {@link dev.mstpanel.core.results.transcript.TranscriptSearch}): a field ({@code #transcript-search}) whose
 * text, case-insensitive, is looked for in every row as it is typed; next and previous
 * ({@code #transcript-next}, {@code #transcript-prev}, Enter and Shift+Enter) move between the rows
 * that hold it, each revealed in turn; the count says "2 of 5" or "no match"
 * ({@code #transcript-count}); Escape clears it. Typing starts at the first match at or after the
 * selected row, so it does not jump back to the top. Used on the FX thread.
 */
final class TranscriptRowSearch {
    private final TextField field = new TextField();
    private final Label count = new Label();
    private final Button prev;
    private final Button next;
    private final IntFunction<String> rowText;
    private final IntSupplier rowCount;
    private final IntSupplier selectedRow;
    private final IntConsumer reveal;
    private final Runnable refresh;
    private final Map<Integer, String> texts = new HashMap<>();
    private List<Integer> hits = List.of();
    private Set<Integer> hitRows = Set.of();
    private int current = -1;

    /**
     * @param rowText a row's searchable text (any case), by row index
     * @param rowCount the rows there are now
     * @param selectedRow the selected row, or -1
     * @param reveal expands, selects and scrolls to a row
     * @param refresh redraws the visible rows (their hit marks changed)
     */
    TranscriptRowSearch(
            IntFunction<String> rowText,
            IntSupplier rowCount,
            IntSupplier selectedRow,
            IntConsumer reveal,
            Runnable refresh) {
        this.rowText = rowText;
        this.rowCount = rowCount;
        this.selectedRow = selectedRow;
        this.reveal = reveal;
        this.refresh = refresh;
        field.setId("transcript-search");
        field.setPromptText("Search the transcript…");
        field.textProperty().addListener((o, a, b) -> run());
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                step(e.isShiftDown() ? -1 : 1);
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                field.clear();
            }
        });
        HBox.setHgrow(field, Priority.ALWAYS);
        field.setMinWidth(150);
        prev = small(Feather.CHEVRON_UP, "Previous match (Shift+Enter)", "transcript-prev");
        prev.setOnAction(e -> step(-1));
        next = small(Feather.CHEVRON_DOWN, "Next match (Enter)", "transcript-next");
        next.setOnAction(e -> step(1));
        prev.disableProperty().bind(field.disableProperty());
        next.disableProperty().bind(field.disableProperty());
        count.setId("transcript-count");
        count.getStyleClass().add("text-muted");
        count.setMinWidth(Region.USE_PREF_SIZE);
    }

    /** The field, previous, next and the count, in that order, for the transcript's bar. */
    List<Node> controls() {
        return List.of(field, prev, next, count);
    }

    /**
     * Turns the search on or off: off while the trace is read, as it would miss what is not read yet.
     * Turning it on forgets the rows' texts (the rows after the events changed).
     */
    void enable(boolean on) {
        field.setDisable(!on);
        field.setPromptText(on ? "Search the transcript…" : "Search when the transcript is read…");
        if (on) {
            texts.clear();
        }
    }

    /**
     * A row's search mark.
     *
     * @return {@code transcript-current} for the match moved to, {@code transcript-hit} for another match, or null
     */
    String styleOf(int row) {
        if (!hitRows.contains(row)) {
            return null;
        }
        return current >= 0 && hits.get(current) == row ? "transcript-current" : "transcript-hit";
    }

    private void run() {
        String q = field.getText() == null ? "" : field.getText().strip().toLowerCase(Locale.ROOT);
        if (q.isEmpty()) {
            hits = List.of();
            hitRows = Set.of();
            current = -1;
            count.setText("");
            refresh.run();
            return;
        }
        List<Integer> found = new ArrayList<>();
        int n = rowCount.getAsInt();
        for (int i = 0; i < n; i++) {
            if (text(i).contains(q)) {
                found.add(i);
            }
        }
        hits = found;
        hitRows = new HashSet<>(found);
        current = -1;
        if (found.isEmpty()) {
            count.setText("no match");
            refresh.run();
            return;
        }
        // the first match at or after the selected row, so typing does not jump back to the top
        int sel = Math.max(0, selectedRow.getAsInt());
        int start = 0;
        for (int k = 0; k < found.size(); k++) {
            if (found.get(k) >= sel) {
                start = k;
                break;
            }
        }
        go(start);
    }

    private void step(int delta) {
        if (hits.isEmpty()) {
            return;
        }
        go(Math.floorMod(current + delta, hits.size()));
    }

    private void go(int k) {
        current = k;
        count.setText((k + 1) + " of " + hits.size());
        reveal.accept(hits.get(k));
    }

    /** A row's searchable text, lower case, made once. */
    private String text(int row) {
        return texts.computeIfAbsent(row, i -> rowText.apply(i).toLowerCase(Locale.ROOT));
    }

    private static Button small(Ikon icon, String tip, String id) {
        Button b = new Button(null, new FontIcon(icon));
        b.getStyleClass().add("small");
        b.setTooltip(new Tooltip(tip));
        b.setId(id);
        return b;
    }
}
