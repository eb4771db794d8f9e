package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.EndOfRunReport;
import dev.mstpanel.core.mst.MstLine;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * MST's end-of-run lines in a finished run's result card (docs/dev/mst-format.md, Run flags): the variant table
 * as a grid (or as printed, in a fixed-width font, when its rows do not split like its head), each
 * {@code Pairwise …} line with a win / loss / tie bar, and the {@code Previous run …} line with its
 * per-variant regressed / improved cases. Hidden when MST printed none of them. The lines scroll
 * inside the card past {@link #MAX_BODY_HEIGHT}, and "Hide" folds them to a one-line summary, so
 * the Runs view's log keeps its lines at a short window. FX thread only.
 */
final class EndOfRunView extends VBox {
    /** The most height the lines take in the card before they scroll, px: the log below keeps the rest. */
    static final double MAX_BODY_HEIGHT = 150;
    /** The least height the lines keep while shown (about four lines), px: squeezed further they could not be read. */
    static final double MIN_BODY_HEIGHT = 84;

    private final VBox body = new VBox(6);
    private final ScrollPane scroll = new ScrollPane(body);
    private final Label summary = new Label();
    private final Button toggle = new Button();
    /** The user's choice: folded to its one-line summary (kept for the next run's card). */
    private final BooleanProperty folded = new SimpleBooleanProperty(this, "folded");

    EndOfRunView(ObservableValue<EndOfRunReport> report) {
        super(4);
        setId("end-of-run");
        Label head = title("MST's end of run");
        head.setMinWidth(Region.USE_PREF_SIZE);
        summary.setId("end-of-run-summary");
        summary.getStyleClass().addAll("text-muted", "text-small");
        summary.setMinWidth(0);
        summary.visibleProperty().bind(folded);
        summary.managedProperty().bind(folded);
        toggle.setId("end-of-run-toggle");
        toggle.getStyleClass().addAll("small", "flat");
        toggle.setMinWidth(Region.USE_PREF_SIZE);
        toggle.textProperty().bind(Bindings.when(folded).then("Show").otherwise("Hide"));
        toggle.graphicProperty()
                .bind(Bindings.when(folded)
                        .then((javafx.scene.Node) new FontIcon(Feather.CHEVRON_RIGHT))
                        .otherwise(new FontIcon(Feather.CHEVRON_DOWN)));
        toggle.setAccessibleText("Show or hide MST's end-of-run lines");
        toggle.setOnAction(e -> folded.set(!folded.get()));
        HBox header = new HBox(8, toggle, head, summary);
        header.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(summary, Priority.ALWAYS);
        // the lines scroll inside the card past MAX_BODY_HEIGHT, so a long table or many pairwise
        // judges never squeeze the log at a short window (820-900 px high)
        scroll.setId("end-of-run-scroll");
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        body.heightProperty().addListener((o, a, h) -> {
            scroll.setPrefViewportHeight(Math.min(MAX_BODY_HEIGHT, h.doubleValue()));
            scroll.setMinViewportHeight(Math.min(MIN_BODY_HEIGHT, h.doubleValue()));
        });
        scroll.setMaxHeight(MAX_BODY_HEIGHT + 4);
        scroll.visibleProperty().bind(folded.not());
        scroll.managedProperty().bind(scroll.visibleProperty());
        getChildren().addAll(header, scroll);
        report.addListener((o, a, b) -> show(b));
        show(report.getValue());
    }

    /** True while the lines are folded to their one-line summary. */
    BooleanProperty foldedProperty() {
        return folded;
    }

    private void show(EndOfRunReport r) {
        body.getChildren().clear();
        boolean any = r != null && !r.isEmpty();
        setVisible(any);
        setManaged(any);
        if (!any) {
            summary.setText("");
            return;
        }
        summary.setText(summaryText(r));
        summary.setTooltip(new Tooltip(summary.getText())); // cut at a narrow window
        fill(body.getChildren(), r);
    }

    /** The folded line: what the lines hold, e.g. "2 variants · 1 pairwise judge · previous run 100 % → 75 %". */
    static String summaryText(EndOfRunReport r) {
        List<String> parts = new java.util.ArrayList<>();
        if (r.table() != null) {
            int n = r.table().parsed() ? r.table().rows().size() : 0;
            parts.add(n > 0 ? n + (n == 1 ? " variant" : " variants") : "the variant table");
        }
        if (!r.pairwise().isEmpty()) {
            parts.add(r.pairwise().size() + (r.pairwise().size() == 1 ? " pairwise judge" : " pairwise judges"));
        }
        if (r.previousRun() != null) {
            parts.add("previous run " + percent(r.previousRun().fromPercent()) + " → "
                    + percent(r.previousRun().toPercent()));
        }
        int regressed = r.caseChanges().stream()
                .mapToInt(MstLine.CaseChanges::regressed)
                .sum();
        if (!r.caseChanges().isEmpty()) {
            parts.add(regressed + " regressed");
        }
        if (!r.printed().isEmpty()) {
            parts.add(r.printed().size() + (r.printed().size() == 1 ? " other line" : " other lines"));
        }
        return String.join(" · ", parts);
    }

    private static void fill(List<javafx.scene.Node> children, EndOfRunReport r) {
        if (r.table() != null) {
            children.add(title("Variants, as MST printed them"));
            children.add(
                    r.table().parsed() ? grid(r.table()) : printed(r.table().lines(), "end-of-run-table-printed"));
        }
        if (!r.pairwise().isEmpty()) {
            children.add(title("Pairwise judges"));
            int i = 0;
            for (MstLine.Pairwise p : r.pairwise()) {
                children.add(pairwise(p, i++));
            }
        }
        if (r.previousRun() != null) {
            MstLine.PreviousRun p = r.previousRun();
            Label line = new Label(String.format(
                    Locale.ROOT,
                    "Previous run %s (%s): pass rate %s → %s",
                    p.runId(),
                    p.time(),
                    percent(p.fromPercent()),
                    percent(p.toPercent())));
            line.setId("end-of-run-previous");
            line.getStyleClass()
                    .add(
                            p.toPercent() > p.fromPercent()
                                    ? "end-of-run-up"
                                    : p.toPercent() < p.fromPercent() ? "end-of-run-down" : "");
            wrap(line);
            children.addAll(List.of(title("Against the previous run"), line));
        }
        int i = 0;
        for (MstLine.CaseChanges c : r.caseChanges()) {
            Label l = new Label((c.variant() == null ? "" : c.variant() + ": ")
                    + cases(c.regressed(), "regressed", c.regressedCases()) + " · "
                    + cases(c.improved(), "improved", c.improvedCases()));
            l.setId("end-of-run-changes-" + i++);
            wrap(l);
            children.add(l);
        }
        if (!r.printed().isEmpty()) {
            children.add(printed(r.printed(), "end-of-run-printed"));
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
            cc.setHalignment(
                    c == 0 ? HPos.LEFT : HPos.RIGHT); // the first column names the variant, the rest are figures
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
        Label text = new Label(String.format(
                Locale.ROOT,
                "%s: %s vs %s: %s win · %s loss · %s tie (%d cases)",
                p.judge(),
                p.variant(),
                p.baseline(),
                percent(p.winPercent()),
                percent(p.lossPercent()),
                percent(p.tiePercent()),
                p.cases()));
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
        bar.getChildren()
                .addAll(
                        segment(p.winPercent() / total, "pairwise-win"),
                        segment(p.lossPercent() / total, "pairwise-loss"),
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
