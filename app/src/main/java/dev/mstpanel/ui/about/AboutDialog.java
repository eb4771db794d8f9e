package dev.mstpanel.ui.about;

import dev.mstpanel.core.build.AppVersion;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.ToolVersions;
import dev.mstpanel.ui.common.AppIcons;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The About dialog: the panel's, MST's, Docker's (CLI and the current context's engine), Java's
 * and JavaFX's versions, and where the settings and logs are. MST and Docker answer in the
 * background ({@link ToolVersions}); their rows say "checking…" until then. "Copy" puts the
 * list on the clipboard for a bug report.
 */
public final class AboutDialog extends Dialog<ButtonType> {
    /** The Copy button's type. */
    public static final ButtonType COPY = new ButtonType("Copy versions", ButtonBar.ButtonData.LEFT);

    private final Map<String, Label> values = new LinkedHashMap<>();

    /**
     * @param versions asks MST and Docker (blocking; run on {@code background})
     * @param mstPath the MST path from the settings, or null
     * @param paths the panel's folders, shown for bug reports
     * @param dialogs gives the owner and icon
     * @param background runs the version commands
     * @param ui the FX-thread executor
     */
    public AboutDialog(
            ToolVersions versions,
            String mstPath,
            AppPaths paths,
            DialogService dialogs,
            Executor background,
            UiExecutor ui) {
        dialogs.adopt(this);
        setTitle("About mst-panel");
        setHeaderText(null);
        getDialogPane().setId("about-dialog");

        ImageView icon = new ImageView(AppIcons.largest());
        icon.setFitWidth(96);
        icon.setFitHeight(96);
        icon.setPreserveRatio(true);
        icon.setSmooth(true);
        Label name = new Label("mst-panel");
        name.getStyleClass().add("view-title");
        Label what = new Label("A control panel for running MST evals in Docker containers.");
        what.getStyleClass().add("text-muted");
        what.setWrapText(true);
        VBox titles = new VBox(4, name, what);
        titles.setAlignment(Pos.CENTER_LEFT);
        HBox header = new HBox(18, icon, titles);
        header.setAlignment(Pos.CENTER_LEFT);

        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(6);
        int row = 0;
        row = add(grid, row, "about-panel", "mst-panel", AppVersion.get());
        row = add(grid, row, "about-mst", "MST", "checking…");
        row = add(grid, row, "about-docker-engine", "Docker engine", "checking…");
        row = add(grid, row, "about-docker-cli", "Docker CLI", "checking…");
        row = add(
                grid,
                row,
                "about-java",
                "Java",
                System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", "
                        + System.getProperty("java.vendor") + ")");
        row = add(grid, row, "about-javafx", "JavaFX", System.getProperty("javafx.runtime.version", "unknown"));
        row = add(
                grid,
                row,
                "about-os",
                "System",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                        + System.getProperty("os.arch") + ")");
        row = add(
                grid,
                row,
                "about-settings",
                "Settings",
                paths.configDir().resolve("settings.json").toString());
        add(grid, row, "about-logs", "Logs", paths.logDir().toString());

        VBox content = new VBox(18, header, grid);
        content.setPadding(new Insets(10, 6, 4, 6));
        getDialogPane().setContent(content);
        getDialogPane().setPrefWidth(620);
        getDialogPane().getButtonTypes().setAll(COPY, ButtonType.CLOSE);
        Button copy = (Button) getDialogPane().lookupButton(COPY);
        copy.setId("about-copy");
        copy.addEventFilter(ActionEvent.ACTION, e -> {
            e.consume();
            ClipboardContent c = new ClipboardContent();
            c.putString(asText());
            Clipboard.getSystemClipboard().setContent(c);
            copy.setText("Copied");
        });

        BackgroundTask.wrap(() -> versions.mst(mstPath))
                .onSuccess(mst -> values.get("about-mst").setText(mst))
                .executeWith(ui, background);
        BackgroundTask.wrap(versions::docker)
                .onSuccess(docker -> {
                    values.get("about-docker-cli").setText(docker.get(0));
                    values.get("about-docker-engine").setText(docker.get(1));
                })
                .executeWith(ui, background);
    }

    /** The rows as {@code name: value} lines, as the Copy button puts them on the clipboard. */
    public String asText() {
        StringBuilder sb = new StringBuilder();
        values.forEach((id, v) -> sb.append(((Label) v.getUserData()).getText())
                .append(": ")
                .append(v.getText())
                .append('\n'));
        return sb.toString();
    }

    private int add(GridPane grid, int row, String id, String label, String value) {
        Label l = new Label(label);
        l.getStyleClass().add("text-muted");
        l.setMinWidth(Label.USE_PREF_SIZE);
        Label v = new Label(value);
        v.setId(id);
        v.setWrapText(true);
        v.setUserData(l);
        l.setLabelFor(v);
        values.put(id, v);
        grid.add(l, 0, row);
        grid.add(v, 1, row);
        return row + 1;
    }
}
