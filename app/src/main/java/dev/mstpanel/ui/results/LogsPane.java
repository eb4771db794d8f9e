package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.diagnosis.TrialDetails;
import dev.mstpanel.ui.common.BackgroundTask;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * A failure diagnosis's {@code logs/} in one viewer: a list of the logs, and the
 * selected one loaded in the background when it is chosen, so a trial with 2,000 logs opens at once
 * (one tab per log froze the window for minutes). The first log is shown when the pane opens.
 */
final class LogsPane extends SplitPane {
    private final ListView<Path> list = new ListView<>();
    private final StackPane viewer = new StackPane();
    private final Executor background;
    /** The log shown: choosing another drops an older, slower read. */
    private final BackgroundTask.Lane reads = new BackgroundTask.Lane();

    LogsPane(List<TrialDetails.Log> logs, Executor background) {
        this.background = background;
        setId("logs-pane");
        list.setId("log-list");
        list.getStyleClass().add("log-list");
        list.setItems(FXCollections.observableArrayList(
                logs.stream().map(TrialDetails.Log::file).toList()));
        list.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(Path p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.getFileName().toString());
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, p) -> show(p));
        Label count =
                new Label(logs.size() == 1 ? "1 log" : String.format(java.util.Locale.ROOT, "%,d logs", logs.size()));
        count.getStyleClass().addAll("text-muted", "text-small");
        count.setPadding(new Insets(4, 8, 4, 8));
        VBox left = new VBox(count, list);
        VBox.setVgrow(list, javafx.scene.layout.Priority.ALWAYS);
        left.setMinWidth(140);
        getItems().setAll(left, viewer);
        setDividerPositions(0.24);
        SplitPane.setResizableWithParent(left, false);
        if (!logs.isEmpty()) {
            list.getSelectionModel().select(0);
        }
    }

    /** The list of logs (tests). */
    ListView<Path> list() {
        return list;
    }

    private void show(Path p) {
        if (p == null) {
            reads.cancelAll();
            viewer.getChildren().clear();
            return;
        }
        viewer.getChildren().setAll(new ProgressIndicator());
        BackgroundTask.wrap(() -> TrialDetails.loadLog(p))
                .latestIn(reads)
                .onSuccess(log -> {
                    if (log.text() != null) {
                        viewer.getChildren().setAll(new TextDumpView(log.text(), false, "log"));
                    } else {
                        Label l = new Label(log.problem());
                        l.setWrapText(true);
                        l.getStyleClass().add("inspector-notice");
                        VBox box = new VBox(l);
                        box.setPadding(new Insets(14));
                        viewer.getChildren().setAll(box);
                    }
                })
                .executeWith(dev.mstpanel.ui.common.UiExecutor.fx(), background);
    }
}
