package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.compare.GroupBy;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * "Pass rate by: none | dataset | tag" in the Results view's navigator: the selected run's cases grouped, a row
 * per group with each variant's trial pass rate, its 95% interval and passed/graded.
 */
final class RunGroupsPane extends VBox {
    private static final int VISIBLE_ROWS = 3;
    private static final double ROW = 40;
    private final ListView<RunGroupsModel.Row> list = new ListView<>();

    RunGroupsPane(RunGroupsModel model) {
        super(4);
        setId("run-groups");
        Label title = new Label("Pass rate by");
        title.getStyleClass().add("text-bold");
        ToggleGroup group = new ToggleGroup();
        HBox head = new HBox(4, title);
        head.setAlignment(Pos.CENTER_LEFT);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        head.getChildren().add(grow);
        for (GroupBy by : new GroupBy[] {null, GroupBy.DATASET, GroupBy.TAG}) {
            ToggleButton t = new ToggleButton(by == null ? "none" : by.word());
            t.setId("run-group-by-" + (by == null ? "none" : by.word()));
            t.getStyleClass().addAll("small", "flat");
            t.setUserData(by);
            t.setToggleGroup(group);
            t.setSelected(by == model.groupByProperty().get());
            head.getChildren().add(t);
        }
        group.selectedToggleProperty().addListener((o, a, t) -> {
            if (t == null) { // one of the three is always selected
                a.setSelected(true);
                return;
            }
            model.groupByProperty().set((GroupBy) t.getUserData());
        });
        list.setId("run-group-list");
        list.setFixedCellSize(ROW);
        list.setItems(model.rows());
        list.setCellFactory(lv -> new RowCell());
        Label empty = new Label();
        empty.textProperty().bind(model.noteProperty());
        empty.setWrapText(true);
        list.setPlaceholder(empty);
        list.visibleProperty().bind(model.groupByProperty().isNotNull());
        list.managedProperty().bind(list.visibleProperty());
        model.rows().addListener((javafx.collections.ListChangeListener<RunGroupsModel.Row>) c -> size());
        size();
        Label note = new Label();
        note.setId("run-groups-note");
        note.getStyleClass().add("text-small");
        note.setWrapText(true);
        note.textProperty().bind(model.noteProperty());
        // said below the rows when there are rows; with none the list's placeholder says it
        note.visibleProperty()
                .bind(model.noteProperty().isNotNull().and(javafx.beans.binding.Bindings.isNotEmpty(model.rows())));
        note.managedProperty().bind(note.visibleProperty());
        getChildren().addAll(head, list, note);
        // the navigator's tree below gives way, not these rows: three groups stay in view at 1280 x 820
        setMinHeight(Region.USE_PREF_SIZE);
    }

    private void size() {
        int n = Math.max(1, Math.min(VISIBLE_ROWS, list.getItems().size()));
        list.setPrefHeight(n * ROW + 4);
        list.setMinHeight(Math.min(2, n) * ROW + 4);
    }

    /** {@code baseline 75 % (41–93 %) · 6/8}, each variant of the group in the run's order. */
    static String variantsText(RunGroupsModel.Row row) {
        StringBuilder b = new StringBuilder();
        row.variants().forEach((variant, side) -> {
            b.append(b.length() == 0 ? "" : "   ").append(variant).append(' ');
            b.append(
                    side.graded() == 0
                            ? "none graded"
                            : side.rateWithIntervalText() + " · " + side.passed() + "/" + side.graded());
        });
        return b.toString();
    }

    private static final class RowCell extends ListCell<RunGroupsModel.Row> {
        private final Label name = new Label();
        private final Label figures = new Label();
        private final VBox box = new VBox(0, name, figures);

        RowCell() {
            name.getStyleClass().add("text-bold");
            figures.getStyleClass().add("text-small");
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(RunGroupsModel.Row row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            if (empty || row == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            // names from the files: a line end or tab in one is shown escaped, so the row stays two lines
            name.setText(dev.mstpanel.core.text.ControlCharacters.escape(row.name()));
            figures.setText(dev.mstpanel.core.text.ControlCharacters.escape(variantsText(row)));
            setTooltip(new Tooltip(name.getText() + "\n" + figures.getText()));
            setGraphic(box);
        }
    }
}
