package dev.mstpanel.ui.containers;

import dev.mstpanel.core.docker.ContainerKind;
import dev.mstpanel.core.docker.MstContainer;
import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.Pill;
import dev.mstpanel.ui.common.SearchableText;
import dev.mstpanel.ui.common.ViewHeader;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Containers view: MST's containers on every context in a table with a kind filter, the
 * actions for the selected one (Open shell, Copy command, Session files, Logs, Remove) and Clean
 * orphans. Another machine's containers are shown but offer no action that changes them.
 */
public final class ContainersView extends BorderPane {
    private final ContainersViewModel model;
    private final DialogService dialogs;
    private final TableView<MstContainer> table = new TableView<>();

    public ContainersView(ContainersViewModel model, DialogService dialogs) {
        this.model = model;
        this.dialogs = dialogs;
        getStyleClass().addAll("view", "containers-view");
        getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/images/tools.css"));

        ComboBox<ContainersViewModel.KindFilter> filter = new ComboBox<>();
        filter.getItems().setAll(ContainersViewModel.KindFilter.values());
        filter.valueProperty().bindBidirectional(model.filterProperty());
        filter.setId("kind-filter");
        filter.setAccessibleText("Show containers of kind");
        Button refresh = new Button("Refresh", new FontIcon(Feather.REFRESH_CW));
        refresh.setId("refresh-containers");
        refresh.setOnAction(e -> model.refresh());
        Button clean = new Button("Clean orphans", new FontIcon(Feather.TRASH_2));
        clean.setId("clean-orphans");
        clean.setTooltip(new Tooltip("Remove this machine's orphaned containers (their mst process is gone)"));
        clean.setOnAction(e -> cleanOrphans());
        ViewHeader header = new ViewHeader(
                        "Containers",
                        "MST's containers on every context, found by their labels. Another machine's are shown read-only; unlabelled containers are not listed.")
                .busyWhile(model.refreshingProperty())
                .withActions(filter, refresh, clean);

        Label message = new Label();
        message.setId("containers-message");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        message.textProperty().bind(model.messageProperty());
        message.visibleProperty().bind(model.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        model.messageIsErrorProperty()
                .addListener(
                        (o, a, err) -> message.getStyleClass().setAll("label", err ? "banner-error" : "banner-info"));
        message.getStyleClass().add("banner-info");
        VBox failures = new VBox(4);
        model.failures().addListener((ListChangeListener<String>) c -> renderFailures(failures));
        Label summary = new Label();
        summary.setId("containers-summary");
        summary.getStyleClass().add("text-muted");
        summary.textProperty().bind(model.summaryProperty());
        VBox top = new VBox(10, header, summary, message, failures);

        buildTable();
        Label empty = new Label(
                "No MST containers here. Kept containers (keep=failed|always) and orphaned ones after a crash show up here.");
        empty.setWrapText(true);
        empty.getStyleClass().add("text-muted");
        table.setPlaceholder(empty);

        Button shell = new Button("Open shell", new FontIcon(Feather.TERMINAL));
        shell.setId("open-shell");
        Button copy = new Button("Copy command", new FontIcon(Feather.COPY));
        copy.setId("copy-command");
        Button remove = new Button("Remove…", new FontIcon(Feather.TRASH));
        remove.setId("remove-container");
        remove.getStyleClass().add("danger");
        var selected = table.getSelectionModel().selectedItemProperty();
        shell.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> selected.get() == null
                                || selected.get().kind() == ContainerKind.OTHER_HOST
                                || !"running".equals(selected.get().state()),
                        selected));
        copy.disableProperty().bind(selected.isNull());
        remove.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> selected.get() == null || !selected.get().kind().removable(), selected));
        shell.setOnAction(e -> model.openShell(selected.get()));
        copy.setOnAction(e -> {
            String cmd = model.copyCommand(selected.get());
            if (cmd != null) {
                ClipboardContent cc = new ClipboardContent();
                cc.putString(cmd);
                Clipboard.getSystemClipboard().setContent(cc);
            }
        });
        remove.setOnAction(e -> removeSelected());
        Label selectedName = new Label();
        selectedName.getStyleClass().add("text-muted");
        selectedName
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> selected.get() == null
                                ? "Select a container"
                                : selected.get().context() + " / "
                                        + selected.get().name(),
                        selected));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox rowActions = new HBox(8, selectedName, grow, shell, copy, remove);
        rowActions.setAlignment(Pos.CENTER_LEFT);

        SearchableText session = new SearchableText("session-files");
        session.area().textProperty().bind(model.sessionTextProperty());
        Button loadSession = new Button("Read session files", new FontIcon(Feather.FILE_TEXT));
        loadSession.setId("read-session-files");
        loadSession.disableProperty().bind(selected.isNull());
        loadSession.setOnAction(e -> model.loadSessionFiles(selected.get()));
        session.addControls(loadSession);

        SearchableText logs = new SearchableText("logs");
        logs.area().textProperty().bind(model.logTextProperty());
        logs.area().textProperty().addListener((o, a, b) -> logs.area().setScrollTop(Double.MAX_VALUE));
        ToggleButton follow = new ToggleButton("Follow", new FontIcon(Feather.PLAY));
        follow.setId("follow-logs");
        follow.disableProperty().bind(selected.isNull());
        follow.setOnAction(e -> {
            if (follow.isSelected()) {
                model.openLog(selected.get(), true);
            } else {
                model.stopLog();
            }
        });
        model.followingProperty().addListener((o, a, f) -> follow.setSelected(f));
        Button showLog = new Button("Show log", new FontIcon(Feather.ALIGN_LEFT));
        showLog.setId("show-logs");
        showLog.disableProperty().bind(selected.isNull());
        showLog.setOnAction(e -> model.openLog(selected.get(), false));
        logs.addControls(showLog, follow);

        Tab sessionTab = new Tab("Session files", session);
        Tab logsTab = new Tab("Logs", logs);
        TabPane tabs = new TabPane(sessionTab, logsTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("container-details");
        VBox detail = new VBox(8, rowActions, tabs);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        detail.setPadding(new Insets(8, 0, 0, 0));
        selected.addListener((o, a, k) -> model.select(k));

        SplitPane split = new SplitPane(table, detail);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        setTop(top);
        setCenter(split);
        BorderPane.setMargin(split, new Insets(12, 0, 0, 0));
        setPadding(new Insets(20, 24, 8, 24));
        model.refresh();
    }

    private void buildTable() {
        table.setId("containers-table");
        table.setItems(model.containers());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<MstContainer, MstContainer> kind = new TableColumn<>("Kind");
        kind.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        kind.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(MstContainer k, boolean empty) {
                super.updateItem(k, empty);
                if (empty || k == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                Label pill = Pill.of(
                        kindLabel(k.kind()),
                        switch (k.kind()) {
                            case RUNNING -> "pill-success";
                            case KEPT -> "pill-accent";
                            case ORPHANED -> "pill-danger";
                            case OTHER_HOST -> "pill-muted";
                        });
                if (k.kind() == ContainerKind.OTHER_HOST) {
                    pill.setTooltip(new Tooltip("Started by " + k.ownerHost() + ": read-only"));
                }
                setGraphic(pill);
                setText(null);
            }
        });
        kind.setPrefWidth(165);
        kind.setMinWidth(165);
        table.getColumns().add(kind);
        table.getColumns().add(column("Context", MstContainer::context, 120));
        table.getColumns().add(nameColumn());
        table.getColumns().add(column("ID", MstContainer::shortId, 110));
        table.getColumns().add(column("Image", MstContainer::image, 150));
        table.getColumns().add(column("State", MstContainer::state, 85));
        table.getColumns().add(column("Age", k -> age(k.createdEpochSeconds()), 75));
        table.getColumns().add(column("Memory", k -> k.memoryBytes() < 0 ? "–" : ByteSize.human(k.memoryBytes()), 95));
        table.getColumns()
                .add(column(
                        "Owner", k -> k.ownerHost() + " / pid " + (k.ownerPid() == null ? "?" : k.ownerPid()), 200));
    }

    /**
     * The Name column: resizable, wide enough for MST's usual names, cut in the middle when
     * narrower (so a {@code -kept} or {@code -N} suffix stays visible), the full name in a tooltip.
     */
    private static TableColumn<MstContainer, String> nameColumn() {
        TableColumn<MstContainer, String> c = new TableColumn<>("Name");
        c.setId("name-column");
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(d.getValue().name()));
        c.setCellFactory(col -> new TableCell<>() {
            {
                setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
                setEllipsisString("…");
            }

            @Override
            protected void updateItem(String name, boolean empty) {
                super.updateItem(name, empty);
                setText(empty ? null : name);
                setTooltip(empty || name == null ? null : new Tooltip(name));
            }
        });
        c.setPrefWidth(300);
        c.setMinWidth(140);
        c.setResizable(true);
        return c;
    }

    static String kindLabel(ContainerKind k) {
        return switch (k) {
            case RUNNING -> "running";
            case KEPT -> "kept";
            case ORPHANED -> "orphaned";
            case OTHER_HOST -> "another machine's";
        };
    }

    private static TableColumn<MstContainer, String> column(
            String title, Function<MstContainer, String> value, double width) {
        TableColumn<MstContainer, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        c.setPrefWidth(width);
        if (width <= 110) {
            c.setMinWidth(width);
        }
        return c;
    }

    /** A short age: {@code 45 s}, {@code 12 min}, {@code 3 h}, {@code 2 d}. */
    static String age(long createdEpochSeconds) {
        if (createdEpochSeconds <= 0) {
            return "–";
        }
        long s = Math.max(
                0,
                Duration.between(Instant.ofEpochSecond(createdEpochSeconds), Instant.now())
                        .getSeconds());
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return s / 60 + " min";
        }
        if (s < 86400) {
            return s / 3600 + " h";
        }
        return s / 86400 + " d";
    }

    private void renderFailures(VBox box) {
        box.getChildren().clear();
        if (model.failures().isEmpty()) {
            return;
        }
        // one line, so the table keeps its room; each context's full reason is in the tooltip
        String names = model.failures().stream()
                .map(f -> f.contains(": ") ? f.substring(0, f.indexOf(": ")) : f)
                .collect(java.util.stream.Collectors.joining(", "));
        Label l = new Label(
                "Not listed: " + names + " (unreachable; hover for why, or see the Contexts view)",
                new FontIcon(Feather.ALERT_TRIANGLE));
        l.setId("containers-failures");
        l.setTooltip(new javafx.scene.control.Tooltip(String.join("\n", model.failures())));
        l.setAccessibleHelp(String.join("\n", model.failures()));
        l.setWrapText(false);
        l.setMaxWidth(Double.MAX_VALUE);
        l.getStyleClass().add("banner-warning");
        box.getChildren().add(l);
    }

    private void removeSelected() {
        MstContainer k = table.getSelectionModel().getSelectedItem();
        if (k == null || !k.kind().removable()) {
            return;
        }
        String what = k.kind() == ContainerKind.KEPT ? "kept container" : "orphaned container";
        if (dialogs.confirm(
                "Remove " + k.name() + "?",
                "The " + what + " " + k.name() + " on " + k.context()
                        + " and everything in it (its session files, its unpacked VM) will be deleted. Results already copied out are kept.",
                "Remove")) {
            model.remove(k);
        }
    }

    private void cleanOrphans() {
        var orphans = model.orphans();
        if (orphans.isEmpty()) {
            dialogs.showInfo("No orphaned containers", "No container of this machine has lost its mst process.");
            return;
        }
        String names = String.join(
                ", ", orphans.stream().map(k -> k.context() + "/" + k.name()).toList());
        if (dialogs.confirm(
                "Remove " + orphans.size() + (orphans.size() == 1 ? " orphaned container?" : " orphaned containers?"),
                "Their mst process on this machine is gone: " + names
                        + ". Kept containers and other machines' are left alone.",
                "Remove")) {
            model.cleanOrphans();
        }
    }
}
