package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.triage.TriageLabel;
import dev.mstpanel.ui.common.Pill;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The selected failure's label above the trial: its label as a chip and its note, the keys that triage it, and the
 * note's small editor (N opens it, Enter saves, Escape leaves it). Shown only for a failed or infra trial.
 */
final class TriageBar extends VBox {
    private final TriageViewModel triage;
    private final ResultsViewModel results;
    private final Label chip = new Label();
    private final Label note = new Label();
    private final Label keys = new Label();
    private final TextField editor = new TextField();
    private final Label problem = new Label();
    private boolean openingKey;

    TriageBar(TriageViewModel triage, ResultsViewModel results) {
        super(4);
        this.triage = triage;
        this.results = results;
        setId("triage-bar");
        getStyleClass().add("triage-bar");
        chip.setId("triage-chip");
        chip.setMinWidth(Region.USE_PREF_SIZE);
        note.setId("triage-note");
        note.getStyleClass().add("text-muted");
        note.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(note, Priority.ALWAYS);
        keys.setId("triage-keys");
        keys.getStyleClass().addAll("text-muted", "text-small");
        // the keys give way before the chip and the note: the tooltip holds them all
        keys.setMinWidth(40);
        editor.setId("triage-note-editor");
        editor.setPromptText("A note on this failure (Enter saves, Escape leaves)");
        editor.setVisible(false);
        editor.managedProperty().bind(editor.visibleProperty());
        // the N that opened the editor is typed into it next (its key-typed event follows the key press): not part of
        // the note
        editor.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            if (openingKey && e.getCharacter().equalsIgnoreCase("n")) {
                e.consume();
            }
            openingKey = false;
        });
        editor.addEventFilter(KeyEvent.KEY_PRESSED, e -> openingKey = false);
        editor.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER) {
                triage.setNote(
                        results.selectedTrialProperty().get(), editor.getText().strip());
                closeEditor();
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                closeEditor();
                e.consume();
            }
        });
        problem.setId("triage-problem");
        problem.getStyleClass().add("banner-warning");
        problem.setWrapText(true);
        problem.textProperty().bind(triage.problemProperty());
        problem.visibleProperty().bind(triage.problemProperty().isNotNull());
        problem.managedProperty().bind(problem.visibleProperty());
        Label title = new Label("Triage");
        title.getStyleClass().add("text-bold");
        title.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, title, chip, note, keys);
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(row, editor, problem);
        setPadding(new javafx.geometry.Insets(4, 14, 4, 14));
        managedProperty().bind(visibleProperty());
        triage.revisionProperty().addListener((o, a, b) -> update());
        results.selectedTrialProperty().addListener((o, a, b) -> {
            closeEditor();
            update();
        });
        update();
    }

    /** Opens the note's editor on the selected failure, with its note. */
    void openEditor() {
        TrialRecord t = results.selectedTrialProperty().get();
        if (!TriageViewModel.needsLabel(t)) {
            return;
        }
        TriageLabel l = triage.labelOf(t);
        editor.setText(l == null ? "" : l.note());
        editor.setVisible(true);
        openingKey = true;
        editor.requestFocus();
        editor.end();
    }

    private void closeEditor() {
        boolean had = editor.isFocused();
        editor.setVisible(false);
        if (had && getScene() != null) {
            getParent().requestFocus(); // the keys work again at once
        }
    }

    private void update() {
        TrialRecord t = results.selectedTrialProperty().get();
        setVisible(TriageViewModel.needsLabel(t));
        if (!TriageViewModel.needsLabel(t)) {
            return;
        }
        TriageLabel l = triage.labelOf(t);
        chip.setText(l == null ? "no label" : l.label());
        Pill.restyle(chip, l == null ? "pill-muted" : "pill-accent", "triage-chip");
        note.setText(l == null || l.note().isEmpty() ? "" : l.note());
        List<String> names = triage.labelNames();
        int digits = Math.min(9, names.size());
        keys.setText("keys: 1–" + digits + " label · N note · 0 clear · J/K next/previous");
        StringBuilder help = new StringBuilder("Keys in the Results view:\n");
        for (int i = 0; i < digits; i++) {
            help.append(i + 1).append("  ").append(names.get(i)).append('\n');
        }
        help.append("N  write a note (Enter saves)\n0 or Backspace  clear the label\nJ / K  next / previous failure");
        keys.setTooltip(new Tooltip(help.toString()));
    }
}
