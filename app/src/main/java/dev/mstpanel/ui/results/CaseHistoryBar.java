package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.ui.common.Pill;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;

/**
 * A case across runs: the selected trial's case and variant in every open run of
 * its eval, newest run first, one pill per run and trial, so a user sees at once whether it always
 * failed or started failing. A pill opens that trial. Hidden when only one run is open.
 */
final class CaseHistoryBar extends HBox {
    private final ResultsViewModel model;
    private final FlowPane pills = new FlowPane(4, 4);

    CaseHistoryBar(ResultsViewModel model) {
        super(8);
        this.model = model;
        setId("case-history");
        getStyleClass().add("case-history");
        setAlignment(Pos.CENTER_LEFT);
        Label title = new Label("In every run, newest first:");
        title.getStyleClass().addAll("text-muted", "text-small");
        title.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        getChildren().addAll(title, pills);
        managedProperty().bind(visibleProperty());
        model.selectedTrialProperty().addListener((o, a, b) -> update());
        model.revisionProperty().addListener((o, a, b) -> update());
        update();
    }

    private void update() {
        TrialRecord sel = model.selectedTrialProperty().get();
        pills.getChildren().clear();
        if (sel == null) {
            setVisible(false);
            return;
        }
        List<Map.Entry<RunInfo, List<TrialRecord>>> runs = model.caseAcrossRuns(sel);
        // texts made with StringBuilder, not "+": this runs on the FX thread at a trial's first open, where each "+"
        // call
        // site's first use spins its concatenation's method handles (10 ms and more in a fresh JVM; 300 ms)
        setVisible(runs.size() > 1);
        for (Map.Entry<RunInfo, List<TrialRecord>> r : runs) {
            String run = r.getKey().shortId();
            if (r.getValue().isEmpty()) {
                Label none =
                        Pill.of(new StringBuilder().append(run).append(" –").toString(), "pill-muted");
                none.setTooltip(new Tooltip(new StringBuilder()
                        .append(r.getKey().runId())
                        .append(": this case did not run")
                        .toString()));
                pills.getChildren().add(none);
                continue;
            }
            for (TrialRecord t : r.getValue()) {
                StringBuilder text = new StringBuilder().append(run);
                if (r.getValue().size() > 1) {
                    text.append(" #").append(t.number());
                }
                Label p = Pill.of(
                        text.append(' ').append(t.status().jsonName()).toString(), ResultsView.pillClass(t.status()));
                boolean current = t.runDir().equals(sel.runDir()) && t.key().equals(sel.key());
                if (current) {
                    p.setStyle("-fx-border-color: -color-fg-default; -fx-border-radius: 10; -fx-border-width: 1.5;");
                }
                String cause = t.cause();
                StringBuilder tip = new StringBuilder().append(r.getKey().runId());
                if (r.getKey().startedText() != null) {
                    tip.append(", started ").append(r.getKey().startedText());
                }
                tip.append('\n')
                        .append(t.label())
                        .append(": ")
                        .append(t.status().jsonName());
                if (cause != null) {
                    tip.append(" (").append(cause).append(')');
                }
                p.setTooltip(new Tooltip(tip.toString()));
                p.setOnMouseClicked(e -> {
                    model.selectedRunDirProperty().set(t.runDir());
                    model.selectedTrialProperty().set(t);
                });
                pills.getChildren().add(p);
            }
        }
    }
}
