package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.EndOfRunReport;
import dev.mstpanel.core.mst.MstLine;
import java.util.List;
import java.util.Locale;
import javafx.beans.value.ObservableValue;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * MST's end-of-run lines in a finished run's result card (contract, section 10): the variant table
 * as a grid (or as printed, in a fixed-width font, when its rows do not split like its head), each
 * {@code Pairwise …} line with a win / loss / tie bar, and the {@code Previous run …} line with its
 * per-variant regressed / improved cases. Hidden when MST printed none of them. FX thread only.
 */
final class EndOfRunView extends VBox {

    EndOfRunView(ObservableValue<EndOfRunReport> report) {
        super(6);
        setId("end-of-run");
        report.addListener((o, a, b) -> show(b));
        show(report.getValue());
    }

    private void show(EndOfRunReport r) {
        getChildren().clear();
        boolean any = r != null && !r.isEmpty();
        setVisible(any);
        setManaged(any);
        if (!any) {
            return;
        }
        if (r.table() != null) {
            getChildren().add(title("Variants, as MST printed them"));
            getChildren().add(r.table().parsed() ? grid(r.table()) : printed(r.table().lines(), "end-of-run-table-printed"));
        }
        if (!r.pairwise().isEmpty()) {
            getChildren().add(title("Pairwise judges"));
            int i = 0;
            for (MstLine.Pairwise p : r.pairwise()) {
                getChildren().add(pairwise(p, i++));
            }
        }
        if (r.previousRun() != null) {
            MstLine.PreviousRun p = r.previousRun();
            Label line = new Label(String.format(Locale.ROOT, "Previous run %s (%s): pass rate %s → %s", p.runId(), p.time(),
                    percent(p.fromPercent()), percent(p.toPercent())));
            line.setId("end-of-run-previous");
            line.getStyleClass().add(p.toPercent() > p.fromPercent() ? "end-of-run-up" : p.toPercent() < p.fromPercent() ? "end-of-run-down" : "");
            wrap(line);
            getChildren().addAll(title("Against the previous run"), line);
        }
        int i = 0;
        for (MstLine.CaseChanges c : r.caseChanges()) {
            Label l = new Label((c.variant() == null ? "" : c.variant() + ": ") + cases(c.regressed(), "regressed", c.regressedCases())
                    + " · " + cases(c.improved(), "improved", c.improvedCases()));
            l.setId("end-of-run-changes-" + i++);
            wrap(l);
            getChildren().add(l);
        }
        if (!r.printed().isEmpty()) {
            getChildren().add(printed(r.printed(), "end-of-run-printed"));
        }
    }

    private static GridPane grid(EndOfRunReport.VariantTable t) {
        GridPane g = new GridPane();
        g.setId("end-of-run-table");
        g.getStyleClass().add("end-of-run-table");
        g.setHgap(16);
        g.setVgap(2);
        List<String> head = t.header();
        for (int c = 0; c < head.size(); c++) {
            Label h = new Label(head.get(c));
            h.getStyleClass().add("end-of-run-head");
            h.setMinWidth(Region.USE_PREF_SIZE);
            g.add(h, c, 0);
            ColumnConstraints cc = new ColumnConstraints();
            cc.setHalignment(c == 0 ? HPos.LEFT : HPos.RIGHT); // the first column names the variant, the rest are figures
            g.getColumnConstraints().add(cc);
        }
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = t.rows().get(r);
            for (int c = 0; c < row.size(); c++) {
                Label cell = new Label(row.get(c));
                cell.setMinWidth(Region.USE_PREF_SIZE);
                cell.setId("end-of-run-cell-" + r + "-" + c);
                g.add(cell, c, r + 1);
            }
        }
        return g;
    }

    private static HBox pairwise(MstLine.Pairwise p, int i) {
        Label text = new Label(String.format(Locale.ROOT, "%s: %s vs %s: %s win · %s loss · %s tie (%d cases)", p.judge(), p.variant(),
                p.baseline(), percent(p.winPercent()), percent(p.lossPercent()), percent(p.tiePercent()), p.cases()));
        text.setId("end-of-run-pairwise-" + i);
        wrap(text);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox bar = new HBox();
        bar.setMinWidth(120);
        bar.setPrefWidth(120);
        bar.setMaxWidth(120);
        bar.setPrefHeight(10);
        bar.setMaxHeight(10);
        double total = Math.max(1e-9, p.winPercent() + p.lossPercent() + p.tiePercent());
        bar.getChildren().addAll(segment(p.winPercent() / total, "pairwise-win"), segment(p.lossPercent() / total, "pairwise-loss"),
                segment(p.tiePercent() / total, "pairwise-tie"));
        Tooltip.install(bar, new Tooltip(p.text()));
        HBox row = new HBox(10, bar, text);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private static Region segment(double fraction, String style) {
        Region r = new Region();
        r.getStyleClass().add(style);
        r.setPrefWidth(120 * fraction);
        r.setMinWidth(120 * fraction);
        r.setPrefHeight(10);
        return r;
    }

    private static String cases(int n, String word, List<String> ids) {
        return n + " " + word + (ids.isEmpty() ? "" : " (" + String.join(", ", ids) + ")");
    }

    private static Label printed(List<String> lines, String id) {
        Label l = new Label(String.join("\n", lines));
        l.setId(id);
        l.getStyleClass().add("end-of-run-printed");
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label title(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("end-of-run-title");
        return l;
    }

    private static void wrap(Label l) {
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setMaxWidth(Double.MAX_VALUE);
    }

    private static String percent(double p) {
        return p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f %%", p) : String.format(Locale.ROOT, "%.1f %%", p);
    }
}
