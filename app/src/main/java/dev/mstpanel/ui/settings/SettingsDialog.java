package dev.mstpanel.ui.settings;

import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.FormFields;
import dev.mstpanel.ui.common.ThemeSwitcher;
import java.io.File;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Settings dialog: MST path, terminal, refresh interval, probe timeout and theme. Each field
 * shows its problem beside it and Save stays disabled until all are fine. The theme applies
 * live while the dialog is open and reverts on Cancel. Binds to {@link SettingsDialogModel}.
 */
public final class SettingsDialog extends Dialog<ButtonType> {
    /** The Save button's type (tests look it up). */
    public static final ButtonType SAVE = new ButtonType("Save", ButtonBar.ButtonData.OK_DONE);

    private final SettingsDialogModel model;

    /**
     * @param settings the live settings; changed only when the person presses Save
     * @param env where the terminal is looked up
     * @param dialogs gives the owner window and icon
     * @param theme applies the theme live
     * @param onSave called on the FX thread with the changed settings after Save (to persist and apply)
     */
    public SettingsDialog(
            Settings settings,
            HostEnvironment env,
            DialogService dialogs,
            ThemeSwitcher theme,
            Consumer<Settings> onSave) {
        this.model = new SettingsDialogModel(settings, env);
        dialogs.adopt(this);
        setTitle("Settings");
        setHeaderText(null);
        getDialogPane().getStyleClass().add("settings-dialog");
        getDialogPane().setId("settings-dialog");
        getDialogPane().getButtonTypes().setAll(SAVE, ButtonType.CANCEL);
        getDialogPane()
                .lookupButton(SAVE)
                .disableProperty()
                .bind(model.validProperty().not());
        ((Button) getDialogPane().lookupButton(SAVE)).setId("settings-save");

        TextField mstPath =
                field("settings-mst-path", model.mstPathProperty(), "Found automatically (node_modules/.bin, PATH)");
        mstPath.setAccessibleText("MST path");
        Button browse = new Button(null, new FontIcon(Feather.FOLDER));
        browse.setId("settings-mst-browse");
        browse.setTooltip(new Tooltip("Choose the mst program"));
        browse.setAccessibleText("Choose the mst program");
        browse.setOnAction(e -> {
            File f = dialogs.chooseFile(getDialogPane().getScene().getWindow(), "Choose the mst program", null);
            if (f != null) {
                model.mstPathProperty().set(f.getAbsolutePath());
            }
        });
        HBox mstRow = new HBox(6, mstPath, browse);
        HBox.setHgrow(mstPath, Priority.ALWAYS);

        ComboBox<String> terminal = new ComboBox<>();
        terminal.setId("settings-terminal");
        terminal.setEditable(true);
        terminal.getItems().setAll(terminals(env.os()));
        terminal.setPromptText("The system's default terminal");
        terminal.getEditor().textProperty().bindBidirectional(model.terminalAppProperty());
        terminal.setMaxWidth(Double.MAX_VALUE);
        terminal.setAccessibleText("Terminal app");

        TextField refresh = field("settings-refresh", model.refreshSecondsProperty(), "10");
        refresh.setPrefColumnCount(6);
        refresh.setMaxWidth(120);
        refresh.setAccessibleText("Refresh interval in seconds");
        TextField timeout = field("settings-probe-timeout", model.probeTimeoutSecondsProperty(), "3");
        timeout.setPrefColumnCount(6);
        timeout.setMaxWidth(120);
        timeout.setAccessibleText("Probe timeout in seconds");

        ToggleGroup themes = new ToggleGroup();
        HBox themeRow = new HBox(14);
        for (Settings.Theme t : Settings.Theme.values()) {
            RadioButton rb = new RadioButton(
                    switch (t) {
                        case SYSTEM -> "Like the system";
                        case LIGHT -> "Light";
                        case DARK -> "Dark";
                    });
            rb.setId("settings-theme-" + t.name().toLowerCase(java.util.Locale.ROOT));
            rb.setUserData(t);
            rb.setToggleGroup(themes);
            rb.setSelected(t == model.themeProperty().get());
            themeRow.getChildren().add(rb);
        }
        Settings.Theme before = model.themeProperty().get();
        themes.selectedToggleProperty().addListener((o, a, v) -> {
            if (v != null) {
                model.themeProperty().set((Settings.Theme) v.getUserData());
                theme.apply(model.themeProperty().get());
            }
        });

        GridPane grid = new GridPane();
        grid.setHgap(14);
        grid.setVgap(4);
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(130);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setMinWidth(380);
        grid.getColumnConstraints().setAll(labels, fields);
        int row = 0;
        row = addRow(
                grid,
                row,
                "MST program",
                mstRow,
                model.mstPathErrorProperty(),
                "Leave blank to use node_modules/.bin/mst of the eval's folder, then mst on PATH.");
        row = addRow(
                grid,
                row,
                "Terminal",
                terminal,
                model.terminalAppErrorProperty(),
                "Opens shells into kept containers. Blank: the system's default.");
        row = addRow(
                grid,
                row,
                "Refresh every",
                FormFields.withUnit(refresh, "seconds"),
                model.refreshErrorProperty(),
                "How often the Contexts view probes every context.");
        row = addRow(
                grid,
                row,
                "Probe timeout",
                FormFields.withUnit(timeout, "seconds"),
                model.probeTimeoutErrorProperty(),
                "How long one context may take to answer before it counts as down.");
        row = addRow(grid, row, "Theme", themeRow, null, null);
        javafx.scene.control.TextArea triageLabels = new javafx.scene.control.TextArea();
        triageLabels.setId("settings-triage-labels");
        triageLabels.setPrefRowCount(6);
        triageLabels.textProperty().bindBidirectional(model.triageLabelsProperty());
        addRow(
                grid,
                row,
                "Triage labels",
                triageLabels,
                model.triageLabelsErrorProperty(),
                "One label a line, in the order of the keys 1 to 9 in Results: add, rename, remove or move lines. "
                        + "Failures keep a label removed here as it was.");
        grid.setPadding(new Insets(8, 4, 4, 4));
        getDialogPane().setContent(grid);
        getDialogPane().setPrefWidth(640);

        setResultConverter(b -> b);
        setOnHidden(e -> {
            if (getResult() == SAVE) {
                model.applyTo(settings);
                onSave.accept(settings);
            } else if (model.themeProperty().get() != before) {
                theme.apply(before);
            }
        });
    }

    /** The dialog's model (tests). */
    public SettingsDialogModel model() {
        return model;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty value, String prompt) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(value);
        return f;
    }

    private static int addRow(
            GridPane grid, int row, String label, Node field, ReadOnlyStringProperty error, String help) {
        Label l = new Label(label);
        l.setMinWidth(Label.USE_PREF_SIZE);
        if (field instanceof javafx.scene.control.Control c) {
            l.setLabelFor(c);
        }
        GridPane.setValignment(l, javafx.geometry.VPos.TOP);
        l.setPadding(new Insets(5, 0, 0, 0));
        VBox box = new VBox(3, field);
        if (error != null) {
            Label err = new Label();
            err.getStyleClass().add("field-error");
            err.textProperty().bind(error);
            err.visibleProperty().bind(error.isNotNull());
            err.managedProperty().bind(err.visibleProperty());
            err.setWrapText(true);
            box.getChildren().add(err);
        }
        if (help != null) {
            Label h = new Label(help);
            h.getStyleClass().addAll("text-muted", "text-small");
            h.setWrapText(true);
            box.getChildren().add(h);
        }
        box.setPadding(new Insets(0, 0, 8, 0));
        grid.add(l, 0, row);
        grid.add(box, 1, row);
        return row + 1;
    }

    /** The terminals offered: exactly the ones {@link dev.mstpanel.core.docker.TerminalLauncher} can open on this OS. */
    static List<String> terminals(HostEnvironment.OsFamily os) {
        return dev.mstpanel.core.docker.TerminalLauncher.Terminal.of(os).stream()
                .map(dev.mstpanel.core.docker.TerminalLauncher.Terminal::displayName)
                .toList();
    }
}
