package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.TrendPoint;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Rectangle;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The trend screen: a title, a legend per variant, and the {@link TrendChart}; Back returns to the navigator. */
public final class TrendView extends BorderPane {
    private final TrendChart chart;
    private final FlowPane legend = new FlowPane(14, 6);

    /**
     * @param model the screen's state
     * @param openRun opens a run (a dot was clicked); the screen closes
     */
    public TrendView(TrendViewModel model, Consumer<Path> openRun) {
        setId("trend-view");
        getStylesheets()
                .add(Objects.requireNonNull(TrendView.class.getResource("compare.css"))
                        .toExternalForm());
        chart = new TrendChart(dir -> {
            model.close();
            openRun.accept(dir);
        });
        chart.setId("trend-chart");
        Button back = new Button("Back", new FontIcon(Feather.ARROW_LEFT));
        back.setId("trend-back");
        back.getStyleClass().add("small");
        back.setOnAction(e -> model.close());
        Label title = new Label();
        title.getStyleClass().add("compare-title");
        title.textProperty().bind(model.titleProperty());
        HBox top = new HBox(10, back, title);
        top.setAlignment(Pos.CENTER_LEFT);
        Label message = new Label();
        message.getStyleClass().add("banner-warning");
        message.setWrapText(true); // a run that could not be read is named with its reason and fix
        message.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> dev.mstpanel.core.text.ControlCharacters.escapeLines(
                                model.messageProperty().get()),
                        model.messageProperty()));
        message.visibleProperty().bind(model.messageProperty().isNotNull());
        message.managedProperty().bind(message.visibleProperty());
        Label loading = new Label("Counting each run's trials…");
        loading.getStyleClass().add("text-muted");
        loading.visibleProperty().bind(model.loadingProperty());
        loading.managedProperty().bind(loading.visibleProperty());
        Label note = new Label(
                "Trial pass rate (passed ÷ graded trials) of each variant per run; the band (a bar for a run alone) is its 95 % interval. Click a dot to open that run.");
        note.getStyleClass().addAll("text-muted", "text-small");
        note.setWrapText(true);
        legend.setId("trend-legend");
        VBox header = new VBox(8, top, message, loading, note, legend);
        header.setPadding(new Insets(0, 0, 8, 0));
        setTop(header);
        setCenter(chart);
        setPadding(new Insets(10, 12, 10, 12));
        model.points().addListener((ListChangeListener<TrendPoint>) c -> show(model));
        show(model);
    }

    private void show(TrendViewModel model) {
        chart.setPoints(model.points());
        legend.getChildren().clear();
        chart.colours().forEach((v, c) -> {
            Rectangle swatch = new Rectangle(14, 4, c);
            Label l = new Label(v, swatch);
            legend.getChildren().add(l);
        });
    }
}
