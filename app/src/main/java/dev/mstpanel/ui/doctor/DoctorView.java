package dev.mstpanel.ui.doctor;

import dev.mstpanel.core.doctor.CheckStatus;
import dev.mstpanel.core.doctor.ContextReadiness;
import dev.mstpanel.core.doctor.DoctorCheck;
import dev.mstpanel.core.doctor.DoctorReport;
import dev.mstpanel.ui.common.ViewHeader;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Doctor view: a checklist for this machine (docker CLI, BuildKit, Node, MST) and one per
 * context (engine, architecture, memory, disk, the four VM devices); each failing line has its
 * fix and, where there is one, a command with a copy button.
 */
public final class DoctorView extends BorderPane {
    private final DoctorViewModel model;
    private final VBox sections = new VBox(16);

    public DoctorView(DoctorViewModel model) {
        this.model = model;
        getStyleClass().add("view");
        getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/images/tools.css"));
        Button run = new Button("Run checks", new FontIcon(Feather.ACTIVITY));
        run.setId("run-doctor");
        run.setMinWidth(Region.USE_PREF_SIZE);
        run.disableProperty().bind(model.runningProperty());
        run.setOnAction(e -> model.run());
        ViewHeader header = new ViewHeader(
                        "Doctor",
                        "Is each context ready for Cowork? Checks KVM and the VM devices with a short container of a local image, memory, disk, and the tools on this machine.")
                .busyWhile(model.runningProperty())
                .withActions(run);
        Label summary = new Label();
        summary.setId("doctor-summary");
        summary.getStyleClass().add("text-muted");
        summary.textProperty().bind(model.summaryProperty());
        ScrollPane scroll = new ScrollPane(sections);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        sections.setPadding(new Insets(4, 12, 16, 0));
        setTop(new VBox(8, header, summary));
        setCenter(scroll);
        BorderPane.setMargin(scroll, new Insets(12, 0, 0, 0));
        setPadding(new Insets(20, 24, 8, 24));
        model.reportProperty().addListener((o, a, r) -> render(r));
        model.run();
    }

    private void render(DoctorReport r) {
        sections.getChildren().clear();
        if (r == null) {
            return;
        }
        sections.getChildren().add(section("This machine", null, r.host()));
        for (ContextReadiness c : r.contexts()) {
            String note = dev.mstpanel.core.doctor.Doctor.checkImageNote(c.checkImage());
            sections.getChildren().add(section("Context " + c.context(), note, c.checks()));
        }
    }

    private Node section(String title, String note, List<DoctorCheck> checks) {
        Label t = new Label(title);
        t.getStyleClass().add("section-title");
        VBox box = new VBox(6, t);
        if (note != null) {
            Label n = new Label(note);
            n.getStyleClass().addAll("text-muted", "text-small");
            n.setWrapText(true);
            box.getChildren().add(n);
        }
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        int row = 0;
        for (DoctorCheck c : checks) {
            FontIcon icon = new FontIcon(
                    switch (c.status()) {
                        case PASS -> Feather.CHECK_CIRCLE;
                        case WARN -> Feather.ALERT_TRIANGLE;
                        case FAIL -> Feather.X_CIRCLE;
                        case SKIPPED -> Feather.MINUS_CIRCLE;
                    });
            icon.getStyleClass().add("check-" + c.status().jsonName());
            icon.setIconSize(16);
            Label name = new Label(c.title());
            name.getStyleClass().add("check-title");
            name.setMinWidth(290);
            name.setMinHeight(Region.USE_PREF_SIZE);
            name.setAccessibleText(c.title() + ": " + c.status().jsonName());
            Label detail = new Label(c.detail());
            detail.setWrapText(true);
            VBox right = new VBox(4, detail);
            if (c.fix() != null && c.status() != CheckStatus.PASS) {
                Label fix = new Label("Fix: " + c.fix());
                fix.getStyleClass().add("check-fix");
                fix.setWrapText(true);
                right.getChildren().add(fix);
            }
            if (c.fixCommand() != null && c.status() != CheckStatus.PASS) {
                Label cmd = new Label(c.fixCommand());
                cmd.getStyleClass().add("command-box");
                cmd.setWrapText(true);
                Button copy = new Button(null, new FontIcon(Feather.COPY));
                copy.getStyleClass().add("flat");
                copy.setTooltip(new Tooltip("Copy the command"));
                copy.setAccessibleText("Copy " + c.fixCommand());
                copy.setOnAction(e -> {
                    ClipboardContent cc = new ClipboardContent();
                    cc.putString(c.fixCommand());
                    Clipboard.getSystemClipboard().setContent(cc);
                    copy.setGraphic(new FontIcon(Feather.CHECK));
                });
                HBox line = new HBox(6, cmd, copy);
                line.setAlignment(Pos.CENTER_LEFT);
                right.getChildren().add(line);
            }
            GridPane.setHgrow(right, Priority.ALWAYS);
            grid.addRow(row++, icon, name, right);
            GridPane.setValignment(icon, javafx.geometry.VPos.TOP);
            GridPane.setValignment(name, javafx.geometry.VPos.TOP);
        }
        box.getChildren().add(grid);
        box.getStyleClass().add("tool-card");
        return box;
    }
}
