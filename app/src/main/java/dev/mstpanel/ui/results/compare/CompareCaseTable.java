package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.CaseTally;
import dev.mstpanel.ui.common.Pill;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The Compare screen's case table: case, base outcome and trials, candidate outcome and
 * trials, change; its rows are the model's {@link CompareViewModel#rows()} (regressions first,
 * filtered by change), and selecting a row opens that case. Cells keep their nodes (see {@link OutcomeCell}).
 */
final class CompareCaseTable {
    private CompareCaseTable() {}

    /**
     * Fills {@code table} (id {@code compare-cases}) with the model's rows, its columns and placeholder.
     *
     * @param held true while the view holds the rows back for a pulse or two after the first figures (the placeholder then says they come)
     */
    static void build(
            TableView<CaseComparison> table, CompareViewModel model, javafx.beans.value.ObservableBooleanValue held) {
        table.setId("compare-cases");
        table.setItems(model.rows());
        Label none = new Label();
        none.textProperty()
                .bind(javafx.beans.binding.Bindings.when(model.loadingProperty().or(held))
                        .then("Counting the cases of both sides…")
                        .otherwise(javafx.beans.binding.Bindings.when(model.canRetryProperty())
                                .then("Nothing compared yet: see the message above.")
                                .otherwise("No cases to show.")));
        table.setPlaceholder(none);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<CaseComparison, String> caseCol = new TableColumn<>("Case");
        // a case id's control characters shown escaped, so a newline or tab in one does not split its row
        caseCol.setCellValueFactory(r -> new ReadOnlyStringWrapper(
                dev.mstpanel.core.text.ControlCharacters.escape(r.getValue().caseId())));
        caseCol.setPrefWidth(300);
        TableColumn<CaseComparison, CaseTally> baseCol = new TableColumn<>("Base");
        baseCol.setCellValueFactory(
                r -> new ReadOnlyObjectWrapper<>(r.getValue().base()));
        baseCol.setCellFactory(c -> new OutcomeCell());
        baseCol.setPrefWidth(150);
        TableColumn<CaseComparison, CaseTally> candCol = new TableColumn<>("Candidate");
        candCol.setCellValueFactory(
                r -> new ReadOnlyObjectWrapper<>(r.getValue().candidate()));
        candCol.setCellFactory(c -> new OutcomeCell());
        candCol.setPrefWidth(150);
        TableColumn<CaseComparison, CaseChange> changeCol = new TableColumn<>("Change");
        changeCol.setCellValueFactory(
                r -> new ReadOnlyObjectWrapper<>(r.getValue().change()));
        changeCol.setCellFactory(c -> new ChangeCell());
        changeCol.setPrefWidth(120);
        // a side's column sorts by its outcome (no side, no result, then pass fraction: fail 0/3 < mixed 1/3 < pass
        // 3/3), not by
        // the case id its text starts with
        baseCol.setComparator(BY_OUTCOME);
        candCol.setComparator(BY_OUTCOME);
        table.getColumns().setAll(List.of(caseCol, baseCol, candCol, changeCol));
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, a, r) -> model.selectedCaseProperty().set(r));
    }

    /** A side's trials in outcome order: none on this side, no graded trial, then by pass fraction, then by graded trials. */
    static final java.util.Comparator<CaseTally> BY_OUTCOME = java.util.Comparator.nullsFirst(
            java.util.Comparator.<CaseTally, Double>comparing(t -> t.passFraction() == null ? -1.0 : t.passFraction())
                    .thenComparingInt(CaseTally::graded));

    static String pillClass(dev.mstpanel.core.results.compare.CaseOutcome o) {
        return switch (o) {
            case PASS -> "pill-success";
            case FAIL -> "pill-danger";
            case MIXED -> "pill-warning";
            case NO_RESULT -> "pill-muted";
        };
    }

    /**
     * A side's outcome in the case table: its pill and {@code passed/graded}. The cell keeps its
     * nodes and only changes their texts and pill class, so filling or scrolling the table makes
     * no new nodes (and no new CSS to apply) per row.
     */
    private static final class OutcomeCell extends TableCell<CaseComparison, CaseTally> {
        private final Label outcome = new Label();
        private final Label counts = new Label();
        private final HBox box = new HBox(6, outcome, counts);
        private final Tooltip notGraded = new Tooltip();
        /** The pill class shown; "" at first, so that a first side without the case drops the plain pill too. */
        private String pill = "";

        OutcomeCell() {
            counts.getStyleClass().add("text-muted");
            box.setAlignment(Pos.CENTER_LEFT);
        }

        @Override
        protected void updateItem(CaseTally t, boolean empty) {
            super.updateItem(t, empty);
            setText(null);
            if (empty) {
                setGraphic(null);
                return;
            }
            if (t == null) {
                setPill(null);
                outcome.setText("—");
                counts.setText("");
                counts.setTooltip(null);
                setGraphic(box);
                return;
            }
            setPill(pillClass(t.outcome()));
            outcome.setText(t.outcome().jsonName());
            counts.setText(t.countsText()); // not a bare "+2"
            if (t.trials() > t.graded()) {
                notGraded.setText("Left out of the graded trials: " + t.leftOutText());
                counts.setTooltip(notGraded);
            } else {
                counts.setTooltip(null);
            }
            setGraphic(box);
        }

        /** The outcome label's pill colour, or none (a muted dash for a side without the case). */
        private void setPill(String cls) {
            if (Objects.equals(cls, pill)) {
                return;
            }
            pill = cls;
            if (cls == null) {
                Pill.unmark(outcome);
                outcome.getStyleClass().add("text-muted");
            } else {
                outcome.getStyleClass().remove("text-muted");
                Pill.restyle(outcome, cls);
            }
        }
    }

    /** The change of a case in the case table: one pill, kept by the cell (see {@link OutcomeCell}). */
    private static final class ChangeCell extends TableCell<CaseComparison, CaseChange> {
        private final Label pill = new Label();
        private String cls;

        ChangeCell() {
            Pill.mark(pill);
        }

        @Override
        protected void updateItem(CaseChange ch, boolean empty) {
            super.updateItem(ch, empty);
            setText(null);
            if (empty || ch == null) {
                setGraphic(null);
                return;
            }
            String c = CompareView.pillClass(ch);
            if (!c.equals(cls)) {
                if (cls != null) {
                    pill.getStyleClass().remove(cls);
                }
                pill.getStyleClass().add(c);
                cls = c;
            }
            pill.setText(ch.jsonName());
            setGraphic(pill);
        }
    }
}
