package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.VariantFigures;
import dev.mstpanel.core.text.Texts;
import dev.mstpanel.ui.common.Pill;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * One variant's figures as a card: the trial pass rate with its 95% interval drawn as a
 * bar, cases passed, tool calls, tokens, cost and time per trial, the delta against the baseline,
 * and where the figures came from when not from {@code summary.json}.
 */
public final class VariantCard extends VBox {

    /**
     * @param f the figures
     * @param title the card's title (the variant, or "base: …")
     * @param previousRunLine the previous run's line, or null
     */
    /** The most of a title shown, in code points (about two lines of a card): the rest is cut with "…". */
    static final int TITLE_CODE_POINTS = 60;

    public VariantCard(VariantFigures f, String title, String previousRunLine) {
        this(f, title, previousRunLine, null, null);
    }

    /**
     * A card in a comparison: the delta is against the other side, not the run's baseline.
     *
     * @param against the other side's name for the delta ("base"), or null for the run's baseline
     * @param delta this rate − the other side's, or null (with {@code against} set: this is the base side)
     */
    public VariantCard(VariantFigures f, String title, String previousRunLine, String against, Double delta) {
        getStyleClass().add("variant-card");
        getStylesheets()
                .add(java.util.Objects.requireNonNull(VariantCard.class.getResource("compare.css"))
                        .toExternalForm());
        if (f.baseline() == null) {
            getStyleClass().add("variant-card-baseline");
        }
        setMinWidth(230);
        setPrefWidth(270);
        setMaxWidth(340);
        // a long variant name is cut (whole in its tooltip), so the card keeps its height and the cards stay shown
        title = dev.mstpanel.core.text.ControlCharacters.escape(
                title); // a variant name from files: control characters shown escaped
        Label name = new Label(Texts.cut(title, TITLE_CODE_POINTS));
        if (!name.getText().equals(title)) {
            name.setTooltip(new Tooltip(title));
        }
        name.getStyleClass().add("variant-name");
        name.setWrapText(true);
        name.setMinHeight(Region.USE_PREF_SIZE);
        Label rate = new Label(f.rateText());
        rate.getStyleClass().add("variant-rate");
        rate.setAccessibleText("trial pass rate " + f.rateText());
        Label deltaLabel = new Label();
        Double d = against != null ? delta : f.trialPassRateDelta();
        String vs = against != null ? against : f.baseline();
        if (against != null && delta == null) {
            deltaLabel.setText("base");
            Pill.mark(deltaLabel, "pill-accent");
        } else if (vs == null) {
            deltaLabel.setText("baseline");
            Pill.mark(deltaLabel, "pill-accent");
        } else {
            deltaLabel.setText(VariantFigures.points(d) + " vs " + vs);
            long pp = d == null ? 0 : Math.round(d * 100);
            deltaLabel.getStyleClass().add(pp > 0 ? "delta-up" : pp < 0 ? "delta-down" : "text-muted");
        }
        // the rate never shrinks to "100…"; the delta wraps in the room left instead of being cut
        rate.setMinWidth(Region.USE_PREF_SIZE);
        deltaLabel.setWrapText(true);
        deltaLabel.setMinWidth(0);
        deltaLabel.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(deltaLabel, Priority.ALWAYS);
        HBox top = new HBox(10, rate, deltaLabel);
        top.setAlignment(Pos.BASELINE_LEFT);
        IntervalBar bar = new IntervalBar(f);
        // the number of graded trials sits beside the interval, so a wide one reads as "few trials", not as noise
        Label interval = new Label(
                f.interval() == null
                        ? f.basisText()
                        : "95 % interval " + Math.round(f.interval().low() * 100) + "–"
                                + Math.round(f.interval().high() * 100) + " %, " + f.basisText());
        interval.getStyleClass().addAll("text-muted", "text-small");
        interval.setId("variant-interval-" + f.variant());
        interval.setWrapText(true);
        interval.setMinHeight(Region.USE_PREF_SIZE);
        Label trials = new Label(f.gradedText());
        trials.setWrapText(true);
        trials.setMinHeight(Region.USE_PREF_SIZE);
        // what could not be read, and how to fix it, where the figures it changes are
        Label unreadable = new Label(f.unreadableText() == null ? "" : f.unreadableText());
        unreadable.setId("variant-unreadable-" + f.variant());
        unreadable.getStyleClass().addAll("text-small", "danger");
        unreadable.setStyle("-fx-text-fill: -color-danger-fg;");
        unreadable.setWrapText(true);
        unreadable.setMinHeight(Region.USE_PREF_SIZE);
        unreadable.setVisible(f.unreadableText() != null);
        unreadable.setManaged(f.unreadableText() != null);
        // with nothing graded no case passed or failed: not "0 of 9", which reads as nine failures
        Label cases = new Label(
                f.graded() == 0
                        ? "cases passed – (none graded)"
                        : "cases passed " + f.casesPassed() + " of " + f.cases());
        StringBuilder means = new StringBuilder();
        // the compare command's formatter: one text for a figure, "–" never shown here (a figure not known is left out)
        append(means, f.toolCallsMean() == null ? null : f.toolCallsText() + " tool calls");
        append(means, f.tokensMean() == null ? null : f.tokensText() + " tokens");
        append(means, f.costUsdMean() == null ? null : f.costText());
        append(means, f.secondsPerTrial() == null ? null : f.secondsText());
        Label perTrial = new Label(
                f.meansPending()
                        ? (means.length() == 0 ? "" : means + " per trial · ")
                                + "tool calls, tokens and cost: reading the traces…"
                        : means.length() == 0 ? "no means recorded" : means + " per trial");
        perTrial.setId("variant-means-" + f.variant());
        if (f.meansPending()) {
            perTrial.getStyleClass().add("text-muted");
        }
        perTrial.setWrapText(true);
        perTrial.setMinHeight(Region.USE_PREF_SIZE);
        getChildren().addAll(name, top, bar, interval, trials, unreadable, cases, perTrial);
        if (!f.meansPending()
                && (!f.fromSummary()
                        || !f.leftOut().isEmpty()
                        || !f.fromTrials().isEmpty())) {
            // as the compare command's figures line says it: what came from where, and summary.json's figures left out
            Label src = new Label(f.sourceText()); // an unreadable summary.json by why, as the command says it
            src.setId("variant-source-" + f.variant());
            src.getStyleClass().addAll("text-muted", "text-small");
            src.setTooltip(new Tooltip(f.source()));
            src.setWrapText(true);
            src.setMinHeight(Region.USE_PREF_SIZE);
            getChildren().add(src);
        }
        if (previousRunLine != null) {
            Label prev = new Label(previousRunLine);
            prev.getStyleClass().addAll("text-small");
            prev.setWrapText(true);
            prev.setMinHeight(Region.USE_PREF_SIZE);
            prev.setId("previous-run-line");
            getChildren().add(prev);
        }
        setId("variant-card-" + f.variant());
    }

    private static void append(StringBuilder sb, String s) {
        if (s != null) {
            sb.append(sb.length() == 0 ? "" : " · ").append(s);
        }
    }

    /** The rate's interval drawn on a 0–100 % track, the rate as a tick. */
    static final class IntervalBar extends Pane {
        private final Region span = new Region();
        private final Region point = new Region();
        private final VariantFigures f;

        IntervalBar(VariantFigures f) {
            this.f = f;
            getStyleClass().add("interval-track");
            span.getStyleClass().add("interval-span");
            point.getStyleClass().add("interval-point");
            setMinHeight(12);
            setPrefHeight(12);
            setMaxHeight(12);
            setPadding(Insets.EMPTY);
            getChildren().addAll(span, point);
            span.setVisible(f.interval() != null);
            point.setVisible(f.trialPassRate() != null);
            if (f.interval() != null) {
                Tooltip.install(
                        this, new Tooltip("trial pass rate " + f.rateWithIntervalText() + " (95 % Wilson interval)"));
            }
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth();
            double h = getHeight();
            if (f.interval() != null) {
                double x0 = f.interval().low() * w;
                double x1 = f.interval().high() * w;
                span.resizeRelocate(x0, 2, Math.max(2, x1 - x0), h - 4);
            }
            if (f.trialPassRate() != null) {
                point.resizeRelocate(Math.min(w - 2, f.trialPassRate() * w - 1), 0, 2, h);
            }
        }
    }
}
