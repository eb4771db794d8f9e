package dev.mstpanel.ui.results;

import dev.mstpanel.ui.common.Pill;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * "Failures by cause": the failed, infra, missing and unreadable trials of the
 * selected run grouped by cause (or of every open run, across the runs of an eval), most frequent
 * first; a click filters the navigator to that cause, a second click or Clear shows all again.
 */
final class FailuresByCausePane extends VBox {
    private static final int VISIBLE_ROWS = 6;
    private static final double ROW = 24;
    private final ResultsViewModel model;
    private final ListView<Map.Entry<String, Integer>> list = new ListView<>();
    private final Label title = new Label("Failures by cause");
    private final CheckBox everyRun = new CheckBox("every run");
    private final Button clear = new Button("Clear");
    private boolean updating;
    private final javafx.scene.layout.FlowPane byLabel = new javafx.scene.layout.FlowPane(6, 4);
    private TriageViewModel triage;

    /** Shows the failures' labels under the causes: a chip per label with its count, then the unlabelled. */
    void setTriage(TriageViewModel triage) {
        this.triage = triage;
        triage.revisionProperty().addListener((o, a, b) -> update());
        update();
    }

    FailuresByCausePane(ResultsViewModel model) {
        super(4);
        this.model = model;
        setId("failures-by-cause");
        title.getStyleClass().add("text-bold");
        everyRun.setId("causes-every-run");
        everyRun.setTooltip(new Tooltip("Group the failures of every open run, not only the selected one"));
        everyRun.getStyleClass().add("text-small");
        clear.setId("causes-clear");
        clear.getStyleClass().addAll("small", "flat");
        clear.setOnAction(e -> model.causeFilterProperty().set(null));
        clear.visibleProperty().bind(model.causeFilterProperty().isNotNull());
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox head = new HBox(6, title, grow, everyRun, clear);
        head.setAlignment(Pos.CENTER_LEFT);
        list.setId("cause-list");
        list.getStyleClass().add("cause-list");
        list.setFixedCellSize(ROW);
        list.setCellFactory(lv -> new CauseCell());
        list.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> {
            if (!updating && e != null) {
                String c = e.getKey();
                model.causeFilterProperty()
                        .set(c.equals(model.causeFilterProperty().get()) ? null : c);
            }
        });
        getChildren().addAll(head, list);
        byLabel.setId("label-counts");
        byLabel.managedProperty().bind(byLabel.visibleProperty());
        byLabel.setVisible(false);
        getChildren().add(byLabel);
        managedProperty().bind(visibleProperty());
        model.revisionProperty().addListener((o, a, b) -> update());
        model.selectedRunDirProperty().addListener((o, a, b) -> update());
        model.causeFilterProperty().addListener((o, a, b) -> update());
        everyRun.selectedProperty().addListener((o, a, b) -> update());
        update();
    }

    private void update() {
        updating = true;
        try {
            Path dir = model.selectedRunDirProperty().get();
            ResultsViewModel.RunState run = model.run(dir);
            List<ResultsViewModel.RunState> runs = model.runs();
            everyRun.setVisible(runs.size() > 1);
            everyRun.setManaged(runs.size() > 1);
            everyRun.setDisable(run == null); // nothing selected: every run is grouped already
            List<ResultsViewModel.RunState> scope = everyRun.isSelected() || run == null ? runs : List.of(run);
            List<Map.Entry<String, Integer>> causes = ResultsViewModel.causes(scope);
            title.setText(scope.size() > 1 ? "Failures by cause, " + scope.size() + " runs" : "Failures by cause");
            list.setItems(FXCollections.observableArrayList(causes));
            list.setPrefHeight(Math.min(VISIBLE_ROWS, Math.max(1, causes.size())) * ROW + 4);
            // a short window squeezes the navigator's tree, not this list below three rows
            list.setMinHeight(Math.min(3, Math.max(1, causes.size())) * ROW + 4);
            String sel = model.causeFilterProperty().get();
            list.getSelectionModel().clearSelection();
            for (int i = 0; i < causes.size(); i++) {
                if (causes.get(i).getKey().equals(sel)) {
                    list.getSelectionModel().select(i);
                }
            }
            if (triage != null) {
                List<TriageViewModel.LabelCount> counts = triage.labelCounts(scope);
                byLabel.getChildren().clear();
                for (TriageViewModel.LabelCount c : counts) {
                    Label chip = Pill.of(c.text(), "pill-count", c.unlabelled() ? "pill-muted" : "pill-accent");
                    byLabel.getChildren().add(chip);
                }
                byLabel.setVisible(!counts.isEmpty());
            }
            setVisible(!causes.isEmpty() || sel != null);
        } finally {
            updating = false;
        }
    }

    private static final class CauseCell extends ListCell<Map.Entry<String, Integer>> {
        private final Label cause = new Label();
        private final Label count = new Label();
        private final HBox box;

        CauseCell() {
            count.getStyleClass().add("cause-count");
            count.setMinWidth(Region.USE_PREF_SIZE);
            cause.setMaxWidth(Double.MAX_VALUE);
            HBox.setHgrow(cause, Priority.ALWAYS);
            box = new HBox(8, cause, count);
            box.setAlignment(Pos.CENTER_LEFT);
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(Map.Entry<String, Integer> e, boolean empty) {
            super.updateItem(e, empty);
            setText(null);
            if (empty || e == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            cause.setText(e.getKey());
            count.setText(String.format(java.util.Locale.ROOT, "%,d", e.getValue()));
            setTooltip(new Tooltip(e.getKey()));
            setGraphic(box);
        }
    }
}
