package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.search.TranscriptQuery;
import javafx.collections.FXCollections;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The search across trials, under the case search: what to look for (text in the transcript, a
 * tool called, a tool that failed), the text, and while it runs a progress bar with Cancel; then how
 * many trials it kept, with Clear.
 */
final class TrialSearchBar extends VBox {
    private final ComboBox<TranscriptQuery.Mode> mode =
            new ComboBox<>(FXCollections.observableArrayList(TranscriptQuery.Mode.values()));
    private final TextField text = new TextField();

    TrialSearchBar(TrialSearchViewModel model) {
        super(4);
        setId("trial-search");
        mode.setId("trial-search-mode");
        mode.getSelectionModel().select(TranscriptQuery.Mode.TEXT);
        mode.setCellFactory(lv -> new ModeCell());
        mode.setButtonCell(new ModeCell());
        mode.setTooltip(new Tooltip("Search the transcripts of every trial open here"));
        text.setId("trial-search-text");
        text.setPromptText("Search transcripts…");
        text.setTooltip(new Tooltip(
                "Finds the text in tools, arguments, outputs, final answers and errors of every trial open here"));
        text.setMinWidth(120);
        mode.setMinWidth(Region.USE_PREF_SIZE); // the chosen mode's name is never cut
        HBox.setHgrow(text, Priority.ALWAYS);
        Button go = new Button(null, new FontIcon(Feather.SEARCH));
        go.setId("trial-search-go");
        go.getStyleClass().add("small");
        go.setTooltip(new Tooltip("Search (Enter)"));
        Runnable run = () -> model.search(new TranscriptQuery(mode.getValue(), text.getText()));
        go.setOnAction(e -> run.run());
        text.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                run.run();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                text.clear();
                model.clear();
            }
        });
        mode.valueProperty()
                .addListener((o, a, b) -> text.setPromptText(
                        switch (b) {
                            case TEXT -> "Search transcripts…";
                            case CALLED_TOOL -> "Tool name, e.g. send_message…";
                            case TOOL_FAILED -> "Tool name that failed…";
                        }));
        HBox row = new HBox(6, mode, text, go);
        row.setAlignment(Pos.CENTER_LEFT);

        ProgressBar bar = new ProgressBar();
        bar.setId("trial-search-progress");
        bar.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        bar.progressProperty()
                .bind(javafx.beans.binding.Bindings.createDoubleBinding(
                        () -> model.totalProperty().get() == 0
                                ? 0
                                : (double) model.searchedProperty().get()
                                        / model.totalProperty().get(),
                        model.searchedProperty(),
                        model.totalProperty()));
        Label count = new Label();
        count.getStyleClass().addAll("text-muted", "text-small");
        count.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> String.format(
                                java.util.Locale.ROOT,
                                "%,d of %,d",
                                model.searchedProperty().get(),
                                model.totalProperty().get()),
                        model.searchedProperty(),
                        model.totalProperty()));
        Button cancel = new Button("Cancel");
        cancel.setId("trial-search-cancel");
        cancel.getStyleClass().add("small");
        cancel.setOnAction(e -> model.cancel());
        HBox progress = new HBox(6, bar, count, cancel);
        progress.setAlignment(Pos.CENTER_LEFT);
        progress.visibleProperty().bind(model.runningProperty());
        progress.managedProperty().bind(progress.visibleProperty());

        Label summary = new Label();
        summary.setId("trial-search-summary");
        summary.getStyleClass().addAll("text-small");
        summary.setWrapText(true);
        summary.textProperty().bind(model.summaryProperty());
        summary.setMaxWidth(Double.MAX_VALUE);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        Button clear = new Button("Clear", new FontIcon(Feather.X));
        clear.setId("trial-search-clear");
        clear.getStyleClass().addAll("small", "flat");
        clear.setOnAction(e -> {
            text.clear();
            model.clear();
        });
        // the summary above its Clear button: a long one ("… traces could not be searched: …") wraps whole in the
        // narrow pane
        VBox done = new VBox(4, summary, clear);
        done.setAlignment(Pos.CENTER_LEFT);
        model.folderProperty().addListener((o, was, now) -> text.clear());
        done.visibleProperty()
                .bind(model.summaryProperty()
                        .isNotNull()
                        .and(model.runningProperty().not()));
        done.managedProperty().bind(done.visibleProperty());
        getChildren().addAll(row, progress, done);
    }

    private static final class ModeCell extends ListCell<TranscriptQuery.Mode> {
        @Override
        protected void updateItem(TranscriptQuery.Mode m, boolean empty) {
            super.updateItem(m, empty);
            setText(
                    empty || m == null
                            ? null
                            : switch (m) {
                                case TEXT -> "Transcript has";
                                case CALLED_TOOL -> "Called tool";
                                case TOOL_FAILED -> "Tool failed";
                            });
        }
    }
}
