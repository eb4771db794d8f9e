package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.CaseGroup;
import dev.mstpanel.core.results.compare.GroupBy;
import java.util.Locale;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * "Group by: none | dataset | tag" on the Compare screen, and above the cases a table of the groups: each
 * group's cases, both sides' trial pass rate with its 95% interval and passed/graded, and the change.
 */
final class CompareGroupsPane extends VBox {
    private static final double ROW = 26;
    private static final int VISIBLE_ROWS = 6;
    private final HBox choice = new HBox(4);
    private final TableView<CaseGroup> table = new TableView<>();
    private final Label note = new Label();

    CompareGroupsPane(CaseGroupsModel model) {
        super(4);
        setId("compare-groups-pane");
        Label label = new Label("Group by");
        label.getStyleClass().add("text-muted");
        ToggleGroup group = new ToggleGroup();
        choice.getChildren().add(label);
        choice.setAlignment(Pos.CENTER_LEFT);
        choice.setMinWidth(Region.USE_PREF_SIZE);
        for (GroupBy by : new GroupBy[] {null, GroupBy.DATASET, GroupBy.TAG}) {
            ToggleButton t = new ToggleButton(by == null ? "none" : by.word());
            t.setId("group-by-" + (by == null ? "none" : by.word()));
            t.getStyleClass().add("small");
            t.setUserData(by);
            t.setToggleGroup(group);
            t.setSelected(by == model.groupByProperty().get());
            choice.getChildren().add(t);
        }
        choice.getChildren()
                .get(2)
                .setAccessibleHelp("Group the cases by their dataset and show each group's pass rate on both sides");
        ((ToggleButton) choice.getChildren().get(3))
                .setTooltip(new Tooltip("A case with several tags counts in each of their groups"));
        group.selectedToggleProperty().addListener((o, a, t) -> {
            if (t == null) { // a second click on the selected one keeps it selected: one of the three always is
                a.setSelected(true);
                return;
            }
            model.groupByProperty().set((GroupBy) t.getUserData());
        });

        table.setId("compare-groups");
        table.setItems(model.groups());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setFixedCellSize(ROW);
        Label empty = new Label();
        empty.textProperty()
                .bind(javafx.beans.binding.Bindings.when(model.readingProperty())
                        .then("Grouping the cases…")
                        .otherwise("No cases to group."));
        table.setPlaceholder(empty);
        TableColumn<CaseGroup, String> name = column("Group", 220, g -> g.name());
        name.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> model.groupByProperty().get() == null
                                ? "Group"
                                : capital(model.groupByProperty().get().word()),
                        model.groupByProperty()));
        table.getColumns()
                .setAll(java.util.List.of(
                        name,
                        column("Cases", 60, g -> Integer.toString(cases(g))),
                        column("Base", 200, g -> side(g.base())),
                        column("Candidate", 200, g -> side(g.candidate())),
                        column("Change", 90, CaseGroup::changeText)));
        model.groups().addListener((javafx.collections.ListChangeListener<CaseGroup>) c -> size());
        size();

        note.setId("compare-groups-note");
        note.getStyleClass().add("text-muted");
        note.setWrapText(true);
        note.textProperty().bind(model.noteProperty());
        note.visibleProperty().bind(model.noteProperty().isNotNull());
        note.managedProperty().bind(note.visibleProperty());
        getChildren().setAll(table, note);
        VBox.setVgrow(table, javafx.scene.layout.Priority.ALWAYS);
        visibleProperty().bind(model.groupByProperty().isNotNull());
    }

    /** The three toggles, for the filter bar. */
    HBox choice() {
        return choice;
    }

    private void size() {
        int n = Math.max(1, Math.min(VISIBLE_ROWS, table.getItems().size()));
        double h = (n + 1) * ROW + 6; // the rows and the header
        table.setPrefHeight(h);
        // up to four groups in view whatever the divider: the screen folds its cards into one line to make room
        setMinHeight((Math.min(4, n) + 1) * ROW + 24);
    }

    private static int cases(CaseGroup g) {
        return Math.max(
                g.base() == null ? 0 : g.base().cases(),
                g.candidate() == null ? 0 : g.candidate().cases());
    }

    /** {@code 83 % (44–97 %) · 5/6 passed}, or {@code no case} for a side without one of the group's cases. */
    static String side(CaseGroup.Side s) {
        if (s == null) {
            return "no case";
        }
        return s.graded() == 0
                ? "none graded"
                : s.rateWithIntervalText() + " · " + s.passed() + "/" + s.graded() + " passed";
    }

    private static String capital(String w) {
        return w.substring(0, 1).toUpperCase(Locale.ROOT) + w.substring(1);
    }

    private static TableColumn<CaseGroup, String> column(
            String title, double width, java.util.function.Function<CaseGroup, String> text) {
        TableColumn<CaseGroup, String> c = new TableColumn<>(title);
        // a name from the files with a line end or tab in it is shown escaped, so its row stays one line
        c.setCellValueFactory(r ->
                new ReadOnlyStringWrapper(dev.mstpanel.core.text.ControlCharacters.escape(text.apply(r.getValue()))));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
