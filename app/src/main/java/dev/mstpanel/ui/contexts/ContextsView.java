package dev.mstpanel.ui.contexts;

import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.ViewHeader;
import java.util.HashMap;
import java.util.Map;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Contexts view: a header with the run options that change the split, then one card per
 * Docker context. Binds to {@link ContextsViewModel}; never touches Docker itself.
 */
public final class ContextsView extends BorderPane {
    private final ContextsViewModel model;
    private final DialogService dialogs;
    private final FlowPane cards = new FlowPane(16, 16);
    private final Map<String, ContextCard> cardsByName = new HashMap<>();
    private final VBox warnings = new VBox(6);

    public ContextsView(ContextsViewModel model, DialogService dialogs) {
        this(model, dialogs, null);
    }

    /**
     * @param fleet the Colima VMs and remote hosts strip shown above the cards, or null for none
     */
    public ContextsView(ContextsViewModel model, DialogService dialogs, FleetPane fleet) {
        this.model = model;
        this.dialogs = dialogs;
        getStyleClass().add("view");

        TextField memory = new TextField();
        memory.setId("memory-option");
        memory.setPromptText("e.g. 8g");
        memory.setPrefColumnCount(6);
        memory.textProperty().bindBidirectional(model.memoryInputProperty());
        memory.setTooltip(
                new Tooltip("The run's memory option (each container's memory, Docker syntax). Blank: MST's default."));
        memory.setAccessibleText("memory per container");
        TextField cpus = new TextField();
        cpus.setId("cpus-option");
        cpus.setPromptText("e.g. 2");
        cpus.setPrefColumnCount(4);
        cpus.textProperty().bindBidirectional(model.cpusInputProperty());
        cpus.setTooltip(new Tooltip("The run's cpus option (each container's CPUs). Blank: no limit."));
        cpus.setAccessibleText("CPUs per container");

        Button refresh = new Button("Refresh", new FontIcon(Feather.REFRESH_CW));
        refresh.setId("refresh-contexts");
        refresh.setTooltip(new Tooltip("Probe every context now (Ctrl+R)"));
        refresh.setOnAction(e -> model.refresh());
        Label memLabel = new Label("memory");
        memLabel.setLabelFor(memory);
        Label cpuLabel = new Label("cpus");
        cpuLabel.setLabelFor(cpus);
        for (javafx.scene.control.Control c : java.util.List.of(memLabel, cpuLabel, refresh)) {
            c.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox options = new HBox(8, memLabel, memory, cpuLabel, cpus, refresh);
        options.setAlignment(Pos.CENTER_RIGHT);
        Label sizingError = new Label();
        sizingError.getStyleClass().add("field-error");
        sizingError.setWrapText(true);
        sizingError.setMaxWidth(440);
        sizingError.textProperty().bind(model.sizingErrorProperty());
        sizingError.visibleProperty().bind(model.sizingErrorProperty().isNotNull());
        sizingError.managedProperty().bind(sizingError.visibleProperty());
        VBox optionsBox = new VBox(4, options, sizingError);
        optionsBox.setAlignment(Pos.TOP_RIGHT);

        ViewHeader header = new ViewHeader(
                        "Contexts",
                        "Your Docker contexts, whether each answers, and how many MST containers fit on it.")
                .busyWhile(model.refreshingProperty())
                .withTrailing(optionsBox);

        warnings.managedProperty().bind(warnings.visibleProperty());
        model.warnings().addListener((ListChangeListener<String>) c -> renderWarnings());
        renderWarnings();

        cards.setPadding(new Insets(4, 0, 16, 0));
        cards.setId("context-cards");
        ScrollPane scroll = new ScrollPane(cards);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        cards.prefWrapLengthProperty().bind(scroll.widthProperty().subtract(24));

        demoOffer.setId("contexts-demo-offer");
        demoOffer.getStyleClass().add("banner-info");
        demoOffer.setAlignment(Pos.CENTER_LEFT);
        demoOffer.setVisible(false);
        demoOffer.managedProperty().bind(demoOffer.visibleProperty());
        model.refreshingProperty().addListener((o, a, b) -> updateDemoOffer());
        VBox top = new VBox(12, header, warnings, demoOffer);
        if (fleet != null) {
            top.getChildren().add(fleet);
        }
        setTop(top);
        setCenter(scroll);
        BorderPane.setMargin(scroll, new Insets(12, 0, 0, 0));
        setPadding(new Insets(20, 24, 8, 24));

        model.rows().addListener((ListChangeListener<ContextRow>) c -> {
            render();
            updateDemoOffer();
        });
        render();
    }

    private final HBox demoOffer = new HBox(8);
    private Runnable openDemo;

    /**
     * Offers the built-in demo while no context answers: a newcomer without Docker
     * sees what the panel is for.
     *
     * @param open plays the demo
     */
    public void setOnOpenDemo(Runnable open) {
        openDemo = open;
        javafx.scene.control.Hyperlink link = new javafx.scene.control.Hyperlink("Watch the demo run");
        link.setId("open-demo-contexts");
        link.setOnAction(e -> openDemo.run());
        Label text = new Label(
                "No Docker engine answers here, so nothing can run yet. The demo replays a recorded "
                        + "3-shard run and opens its results, without Docker or MST.",
                new FontIcon(Feather.INFO));
        text.setWrapText(true);
        HBox.setHgrow(text, Priority.ALWAYS);
        link.setMinWidth(Region.USE_PREF_SIZE);
        demoOffer.getChildren().setAll(text, link);
        updateDemoOffer();
    }

    private void updateDemoOffer() {
        boolean probed =
                !model.rows().isEmpty() && model.rows().stream().noneMatch(r -> r.state() == ContextRow.State.PROBING);
        demoOffer.setVisible(openDemo != null
                && (model.rows().isEmpty() || probed)
                && !model.refreshingProperty().get()
                && model.rows().stream().noneMatch(r -> r.state() == ContextRow.State.REACHABLE));
    }

    private void renderWarnings() {
        warnings.getChildren().clear();
        for (String w : model.warnings()) {
            Label l = new Label(w, new FontIcon(Feather.ALERT_TRIANGLE));
            l.setWrapText(true);
            l.getStyleClass().add("banner-warning");
            l.setMaxWidth(Double.MAX_VALUE);
            warnings.getChildren().add(l);
        }
        warnings.setVisible(!model.warnings().isEmpty());
    }

    private void render() {
        Map<String, ContextCard> keep = new HashMap<>();
        java.util.List<ContextCard> ordered = new java.util.ArrayList<>();
        for (ContextRow row : model.rows()) {
            ContextCard card = cardsByName.getOrDefault(row.name(), null);
            if (card == null) {
                card = new ContextCard(dialogs);
            }
            if (card.row() != row) {
                card.update(row);
            }
            keep.put(row.name(), card);
            ordered.add(card);
        }
        cardsByName.clear();
        cardsByName.putAll(keep);
        if (!cards.getChildren().equals(ordered)) {
            cards.getChildren().setAll(ordered);
        }
    }
}
