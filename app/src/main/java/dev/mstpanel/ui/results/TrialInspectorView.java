package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.ScoreRecord;
import dev.mstpanel.core.results.SystemState;
import dev.mstpanel.core.results.TrialDetails;
import dev.mstpanel.core.results.TrialRecord;
import dev.mstpanel.ui.common.DialogService;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * One trial: its status, error text and scores on top, then its failure diagnosis in tabs:
 * Screenshot, Accessibility, one tab per log, System. A part that is missing or broken says so in
 * its own tab.
 */
final class TrialInspectorView extends BorderPane {
    private final TrialInspectorViewModel model;
    private final DialogService dialogs;
    private final Executor background;
    private final Label title = new Label();
    private final Label status = new Label();
    private final Label meta = new Label();
    private final TextArea error = new TextArea();
    private final VBox scores = new VBox(4);
    private final TabPane tabs = new TabPane();
    private final ScreenshotPane screenshot;
    private final Label empty = new Label("Choose a trial to see its screenshot, accessibility dump, logs and system state.");

    TrialInspectorView(TrialInspectorViewModel model, DialogService dialogs, Executor background) {
        this.model = model;
        this.dialogs = dialogs;
        this.background = background;
        getStyleClass().add("trial-inspector");
        screenshot = new ScreenshotPane(this::openScreenshot);
        title.getStyleClass().add("inspector-title");
        title.setId("trial-title");
        status.setId("trial-status");
        meta.getStyleClass().add("text-muted");
        error.setEditable(false);
        error.setWrapText(true);
        error.setPrefRowCount(3);
        error.setId("trial-error");
        error.getStyleClass().addAll("trial-error", "monospace");
        tabs.setId("inspector-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        empty.getStyleClass().add("text-muted");
        empty.setWrapText(true);
        setCenter(new StackPane(empty));
        model.detailsProperty().addListener((o, a, d) -> show(d));
        model.loadingProperty().addListener((o, a, b) -> {
            if (b && model.detailsProperty().get() == null) {
                setCenter(new StackPane(new ProgressIndicator()));
            }
        });
        model.screenshotProperty().addListener((o, a, b) -> updateScreenshot());
        model.screenshotProblemProperty().addListener((o, a, b) -> updateScreenshot());
    }

    private void show(TrialDetails d) {
        if (d == null) {
            setTop(null);
            setCenter(new StackPane(empty));
            return;
        }
        TrialRecord t = d.trial();
        title.setText(t.label() + "  ·  " + t.variant());
        status.setText(t.status().jsonName());
        status.getStyleClass().setAll("label", "pill", ResultsView.pillClass(t.status()));
        meta.setText(String.join("  ·  ", java.util.stream.Stream.of(
                        t.datasetName() == null ? null : "dataset " + t.datasetName(),
                        t.durationMs() == null ? null : String.format(Locale.ROOT, "%.1f s", t.durationMs() / 1000.0),
                        t.failureKind() == null ? null : "failure kind " + t.failureKind(),
                        t.runId())
                .filter(x -> x != null).toList()));
        HBox head = new HBox(10, title, status);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, head, meta);
        // each text once: a broken score's problem is the trial's problem too, and its score row shows it
        java.util.Set<String> lines = new java.util.LinkedHashSet<>();
        if (t.error() != null) {
            lines.add(t.error());
        }
        if (t.gradingError() != null) {
            lines.add("Grading error: " + t.gradingError());
        }
        if (t.problem() != null && t.scores().stream().noneMatch(s -> t.problem().equals(s.problem()))) {
            lines.add(t.problem());
        }
        if (!lines.isEmpty()) {
            error.setText(String.join("\n", lines));
            top.getChildren().add(error);
        }
        scores.getChildren().clear();
        for (ScoreRecord s : t.scores()) {
            Label pill = new Label(s.pass() == null ? "unreadable" : s.pass() ? "pass" : "fail");
            pill.getStyleClass().addAll("pill", s.pass() == null ? "pill-muted" : s.pass() ? "pill-success" : "pill-danger");
            Label g = new Label(s.grader());
            g.getStyleClass().add("score-grader");
            Label why = new Label(s.problem() != null ? s.problem() : s.reasoning() == null ? "" : s.reasoning());
            why.setWrapText(true);
            HBox row = new HBox(8, pill, g, why);
            row.setAlignment(Pos.TOP_LEFT);
            scores.getChildren().add(row);
        }
        if (!t.scores().isEmpty()) {
            top.getChildren().add(scores);
        }
        top.setPadding(new Insets(12, 14, 8, 14));
        setTop(top);

        tabs.getTabs().clear();
        if (d.diagnosis().isEmpty()) {
            Label n = new Label(d.diagnosis().notice());
            n.setWrapText(true);
            n.setId("diagnosis-notice");
            n.getStyleClass().add("inspector-notice");
            VBox box = new VBox(n);
            box.setPadding(new Insets(14));
            setCenter(box);
            return;
        }
        Tab shot = new Tab("Screenshot");
        shot.setGraphic(new FontIcon(Feather.IMAGE));
        shot.setId("tab-screenshot");
        shot.setContent(d.diagnosis().screenshot() == null ? notice("No screen.png in this failure diagnosis.") : screenshot);
        tabs.getTabs().add(shot);
        updateScreenshot();

        Tab ax = new Tab("Accessibility");
        ax.setGraphic(new FontIcon(Feather.LIST));
        ax.setId("tab-accessibility");
        if (d.accessibility() != null) {
            ax.setContent(new TextDumpView(d.accessibility(), true, "ax"));
        } else {
            ax.setContent(notice(d.accessibilityProblem() != null ? d.accessibilityProblem() : "No accessibility.txt in this failure diagnosis."));
        }
        tabs.getTabs().add(ax);

        int i = 0;
        for (TrialDetails.Log log : d.logs()) {
            Tab lt = new Tab(log.title());
            lt.setGraphic(new FontIcon(Feather.FILE_TEXT));
            lt.setId("tab-log-" + i);
            lt.setContent(log.text() != null ? new TextDumpView(log.text(), false, "log" + i) : notice(log.problem()));
            tabs.getTabs().add(lt);
            i++;
        }
        if (d.logs().isEmpty()) {
            Tab lt = new Tab("Logs");
            lt.setGraphic(new FontIcon(Feather.FILE_TEXT));
            lt.setContent(notice("No logs/ in this failure diagnosis."));
            tabs.getTabs().add(lt);
        }

        Tab sys = new Tab("System");
        sys.setGraphic(new FontIcon(Feather.CPU));
        sys.setId("tab-system");
        sys.setContent(d.system() == null ? notice("No system.json in this failure diagnosis.") : systemView(d.system()));
        tabs.getTabs().add(sys);
        Label where = new Label((d.diagnosis().sources().get(0).sessionCopy() ? "From the session copy's mst-diagnosis/: " : "From ")
                + d.diagnosis().sources().get(0).folder());
        where.getStyleClass().addAll("text-muted", "text-small");
        where.setPadding(new Insets(2, 14, 6, 14));
        where.setId("diagnosis-folder");
        BorderPane center = new BorderPane(tabs);
        center.setTop(where);
        setCenter(center);
    }

    private void updateScreenshot() {
        TrialDetails d = model.detailsProperty().get();
        if (d == null || d.diagnosis().screenshot() == null) {
            return;
        }
        screenshot.show(d.diagnosis().screenshot(), model.screenshotProperty().get(), model.screenshotProblemProperty().get());
    }

    private static Node notice(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.getStyleClass().add("inspector-notice");
        VBox box = new VBox(l);
        box.setPadding(new Insets(14));
        return box;
    }

    private static Node systemView(SystemState s) {
        VBox box = new VBox(8);
        box.setPadding(new Insets(12));
        box.setId("system-state");
        if (s.problem() != null) {
            box.getChildren().add(notice(s.problem()));
            return box;
        }
        for (String w : s.warnings()) {
            Label l = new Label(w, new FontIcon(Feather.ALERT_TRIANGLE));
            l.setWrapText(true);
            l.getStyleClass().add("system-warning");
            box.getChildren().add(l);
        }
        TableView<SystemState.Row> table = new TableView<>();
        table.setId("system-table");
        TableColumn<SystemState.Row, String> name = new TableColumn<>("Field");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        name.setPrefWidth(240);
        TableColumn<SystemState.Row, String> value = new TableColumn<>("Value");
        value.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().value()));
        value.setPrefWidth(200);
        TableColumn<SystemState.Row, String> note = new TableColumn<>("Note");
        note.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().note() == null ? "" : c.getValue().note()));
        note.setPrefWidth(260);
        table.getColumns().setAll(java.util.List.of(name, value, note));
        table.getItems().setAll(s.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(28 * (s.rows().size() + 1) + 6);
        table.setMaxHeight(Double.MAX_VALUE);
        Label thresholds = new Label("Warnings: free memory under 512 MiB (low-memory threshold), free sessions disk under 2 GiB "
                + "(low-disk threshold), 1-minute load over 2 per CPU (high-load threshold).");
        thresholds.setWrapText(true);
        thresholds.getStyleClass().addAll("text-muted", "text-small");
        box.getChildren().addAll(table, thresholds);
        return box;
    }

    private void openScreenshot() {
        TrialDetails d = model.detailsProperty().get();
        if (d == null || d.diagnosis().screenshot() == null) {
            return;
        }
        Path file = d.diagnosis().screenshot();
        background.execute(() -> {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            ProcessBuilder pb = os.contains("mac") ? new ProcessBuilder("open", file.toString())
                    : os.contains("win") ? new ProcessBuilder("rundll32", "url.dll,FileProtocolHandler", file.toString())
                    : new ProcessBuilder("xdg-open", file.toString());
            try {
                pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            } catch (java.io.IOException e) {
                javafx.application.Platform.runLater(() -> dialogs.showError("Could not open the screenshot",
                        "No system viewer could open " + file + ". Open it from your file manager.", e));
            }
        });
    }

    /** Selects a tab by id (tests, keyboard). */
    boolean selectTab(String id) {
        for (Tab t : tabs.getTabs()) {
            if (id.equals(t.getId())) {
                tabs.getSelectionModel().select(t);
                return true;
            }
        }
        return false;
    }

}
