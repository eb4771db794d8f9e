package dev.mstpanel.ui;

import dev.mstpanel.AppVersion;
import dev.mstpanel.ui.common.AppView;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/** The main window's layout: a sidebar of views, the open view, and a status bar. */
public final class MainWindow extends BorderPane {
    private final List<AppView> views;
    private final ListView<AppView> sidebar = new ListView<>();
    private final StackPane content = new StackPane();
    private final Map<String, Node> built = new HashMap<>();
    private final Label status = new Label();
    private final AppContext app;

    public MainWindow(AppContext app) {
        this.app = app;
        this.views = Views.all(app);
        getStyleClass().add("main-window");

        Label brand = new Label("mst-panel");
        brand.getStyleClass().add("brand");
        sidebar.getItems().setAll(views);
        sidebar.setId("sidebar");
        sidebar.getStyleClass().add("sidebar-list");
        sidebar.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(AppView v, boolean empty) {
                super.updateItem(v, empty);
                if (empty || v == null) {
                    setText(null);
                    setGraphic(null);
                } else {
                    setText(v.title());
                    setGraphic(new FontIcon(v.icon()));
                    setAccessibleText(v.title() + " view");
                }
            }
        });
        sidebar.getSelectionModel().selectedItemProperty().addListener((o, a, v) -> {
            if (v != null) {
                show(v);
            }
        });
        VBox side = new VBox(8, brand, sidebar);
        side.getStyleClass().add("sidebar");
        side.setPadding(new Insets(16, 8, 8, 8));
        side.setPrefWidth(190);
        VBox.setVgrow(sidebar, Priority.ALWAYS);

        status.setId("status-text");
        status.textProperty().bind(app.contexts().summaryProperty());
        Label version = new Label("mst-panel " + AppVersion.get());
        version.getStyleClass().add("text-muted");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox statusBar = new HBox(12, status, grow, version);
        statusBar.getStyleClass().add("status-bar");
        statusBar.setAlignment(Pos.CENTER_LEFT);
        statusBar.setPadding(new Insets(4, 12, 4, 12));

        setLeft(side);
        setCenter(content);
        setBottom(statusBar);

        String open = app.settings().openView;
        AppView first = views.stream().filter(v -> v.id().equals(open)).findFirst().orElse(views.get(0));
        sidebar.getSelectionModel().select(first);

        sceneProperty().addListener((o, a, scene) -> {
            if (scene == null) {
                return;
            }
            for (int i = 0; i < views.size() && i < 9; i++) {
                AppView v = views.get(i);
                scene.getAccelerators().put(new KeyCodeCombination(KeyCode.getKeyCode(String.valueOf(i + 1)), KeyCombination.SHORTCUT_DOWN),
                        () -> sidebar.getSelectionModel().select(v));
            }
            scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), () -> app.contexts().refresh());
        });
    }

    /** Opens a view by id (e.g. {@code results}); false when there is none. */
    public boolean open(String id) {
        for (AppView v : views) {
            if (v.id().equals(id)) {
                sidebar.getSelectionModel().select(v);
                return true;
            }
        }
        return false;
    }

    /**
     * Opens a run folder in the Results view and shows that view; the run is watched, so traces
     * appear as MST writes them.
     *
     * @param runDir a folder {@code .mcp-test-results/<eval>/runs/<runId>}
     */
    public void openRun(java.nio.file.Path runDir) {
        app.results().openRun(runDir);
        open("results");
    }

    /** The id of the open view. */
    public String openViewId() {
        AppView v = sidebar.getSelectionModel().getSelectedItem();
        return v == null ? null : v.id();
    }

    private void show(AppView v) {
        Node node = built.computeIfAbsent(v.id(), id -> v.content().get());
        content.getChildren().setAll(node);
    }
}
