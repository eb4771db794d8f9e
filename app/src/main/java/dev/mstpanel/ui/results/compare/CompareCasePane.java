package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.ui.common.Pill;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Compare screen's opened case: the two sides' trials next to each other, each as one
 * row of trials (a status pill each) above that side's transcript (the Results view's
 * {@link dev.mstpanel.ui.results.transcript.TranscriptView}), so the two transcripts sit side by side.
 */
final class CompareCasePane {
    private final CompareViewModel model;
    private final ListView<TrialRecord> baseTrials = new ListView<>();
    private final ListView<TrialRecord> candidateTrials = new ListView<>();
    private final Label baseTitle = new Label();
    private final Label candidateTitle = new Label();
    private final Label caseTitle = new Label();
    private final javafx.scene.layout.StackPane baseTranscript = new javafx.scene.layout.StackPane();
    private final javafx.scene.layout.StackPane candidateTranscript = new javafx.scene.layout.StackPane();
    private boolean syncing;
    /** The height a trial row takes in a side's one-row list of trials, px. */
    private static final double TRIAL_ROW = 40;

    CompareCasePane(CompareViewModel model) {
        this.model = model;
    }

    /** A side's empty list: before a case is chosen it says so; for a chosen case, that this side has no trials of it. */
    private Label sidePlaceholder() {
        Label l = new Label();
        l.setWrapText(true);
        l.getStyleClass().add("text-muted");
        l.textProperty()
                .bind(javafx.beans.binding.Bindings.when(
                                model.selectedCaseProperty().isNull())
                        .then("Choose a case to see its trials")
                        .otherwise("Not on this side."));
        return l;
    }

    /** The pane's nodes (id {@code compare-case}); {@code closeCase} clears the case table's selection. */
    VBox build(Runnable closeCase) {
        caseTitle.getStyleClass().add("side-title");
        caseTitle.setId("compare-case-title");
        caseTitle.setText("Open a case to see both sides' trials.");
        Button close = new Button("Close the case", new FontIcon(Feather.X));
        close.setId("compare-case-close");
        close.getStyleClass().add("small");
        close.setOnAction(e -> closeCase.run());
        close.visibleProperty().bind(model.selectedCaseProperty().isNotNull());
        close.managedProperty().bind(close.visibleProperty());
        close.setMinWidth(Region.USE_PREF_SIZE);
        Button align = new Button("Align base and candidate trial", new FontIcon(Feather.COLUMNS));
        align.setId("compare-case-align");
        align.getStyleClass().add("small");
        align.setMinWidth(Region.USE_PREF_SIZE);
        align.setTooltip(
                new Tooltip("The two chosen trials call by call: where they first part, and every call side by side."));
        align.disableProperty()
                .bind(model.baseTrial()
                        .trialProperty()
                        .isNull()
                        .or(model.candidateTrial().trialProperty().isNull()));
        align.visibleProperty().bind(model.selectedCaseProperty().isNotNull());
        align.managedProperty().bind(align.visibleProperty());
        align.setOnAction(e -> model.alignChosenTrials(
                align.getScene() == null ? null : align.getScene().getWindow()));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox head = new HBox(8, caseTitle, gap, align, close);
        head.setAlignment(Pos.CENTER_LEFT);
        baseTrials.setId("compare-base-trials");
        candidateTrials.setId("compare-candidate-trials");
        baseTranscript.setId("compare-base-transcript");
        candidateTranscript.setId("compare-candidate-transcript");
        baseTitle.getStyleClass().add("text-muted");
        candidateTitle.getStyleClass().add("text-muted");
        VBox left = side(baseTitle, baseTrials, baseTranscript, model.baseTrial());
        VBox right = side(candidateTitle, candidateTrials, candidateTranscript, model.candidateTrial());
        HBox sides = new HBox(12, left, right);
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        left.setPrefWidth(100);
        right.setPrefWidth(100);
        VBox box = new VBox(6, head, sides);
        VBox.setVgrow(sides, Priority.ALWAYS);
        box.setPadding(new Insets(8, 0, 0, 0));
        box.setId("compare-case");
        return box;
    }

    /**
     * One side of an opened case: its title, its trials in one row (each a status pill; the chosen
     * one's transcript below), and the transcript of the chosen trial.
     */
    private VBox side(
            Label title, ListView<TrialRecord> trials, javafx.scene.layout.StackPane transcript, SideTrial st) {
        trials.setOrientation(Orientation.HORIZONTAL);
        trials.setCellFactory(l -> new TrialCell(model::trialLabel));
        if (model.trialLabelsChanged() != null) {
            model.trialLabelsChanged().addListener(o -> trials.refresh());
        }
        trials.setPlaceholder(sidePlaceholder());
        // one row of trials, high enough for a cell and the horizontal scroll bar, never squeezed
        trials.setMinHeight(TRIAL_ROW + 16);
        trials.setPrefHeight(TRIAL_ROW + 16);
        trials.setMaxHeight(TRIAL_ROW + 16);
        trials.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> {
            if (t != null && !syncing) {
                st.trialProperty().set(t);
            }
        });
        st.trialProperty().addListener((o, a, t) -> select(trials, t, true));
        st.transcriptProperty().addListener((o, a, tr) -> {
            if (tr != null) {
                transcript.getChildren().setAll(new dev.mstpanel.ui.results.transcript.TranscriptView(tr));
            } else if (st.trialProperty().get() != null) {
                Label reading = new Label("Reading the transcript…");
                reading.getStyleClass().add("text-muted");
                transcript.getChildren().setAll(reading);
            } else {
                transcript.getChildren().clear();
            }
        });
        transcript.setMinHeight(0);
        VBox.setVgrow(transcript, Priority.ALWAYS);
        VBox box = new VBox(4, title, trials, transcript);
        box.setMinWidth(0);
        return box;
    }

    /** Shows the case opened ({@code c}, or none) of the comparison {@code cmp}. */
    void show(CaseComparison c, Comparison cmp) {
        if (c == null) {
            caseTitle.setText("Open a case to see both sides' trials.");
            baseTrials.getItems().clear();
            candidateTrials.getItems().clear();
            baseTitle.setText("");
            candidateTitle.setText("");
            return;
        }
        caseTitle.setText(dev.mstpanel.core.text.ControlCharacters.escape(c.caseId()) + "  ·  "
                + c.change().jsonName());
        baseTitle.setText("base: " + (cmp == null ? "" : CompareView.sideName(cmp, true)) + "  ·  "
                + CompareView.outcome(c.base()));
        candidateTitle.setText("candidate: " + (cmp == null ? "" : CompareView.sideName(cmp, false)) + "  ·  "
                + CompareView.outcome(c.candidate()));
        baseTrials.getItems().setAll(c.base() == null ? List.of() : c.base().records());
        candidateTrials
                .getItems()
                .setAll(c.candidate() == null ? List.of() : c.candidate().records());
        // the model chose each side's first trial to show before the lists had the case's trials
        select(baseTrials, model.baseTrial().trialProperty().get(), false);
        select(candidateTrials, model.candidateTrial().trialProperty().get(), false);
    }

    /**
     * Selects the side's trial {@code t} in its list (none when null) without it reaching the model
     * back (the list's listener skips while {@code syncing}); {@code scroll} brings it into view.
     */
    private void select(ListView<TrialRecord> list, TrialRecord t, boolean scroll) {
        syncing = true;
        try {
            if (t == null) {
                list.getSelectionModel().clearSelection();
            } else {
                list.getSelectionModel().select(t);
                if (scroll) {
                    list.scrollTo(t);
                }
            }
        } finally {
            syncing = false;
        }
    }

    static String pillClass(TrialStatus s) {
        return switch (s) {
            case PASSED -> "pill-success";
            case FAILED, UNREADABLE -> "pill-danger";
            case INFRA -> "pill-warning";
            case MISSING, UNGRADED -> "pill-muted";
        };
    }

    private static final class TrialCell extends ListCell<TrialRecord> {
        private final java.util.function.Function<TrialRecord, String> labels;

        TrialCell(java.util.function.Function<TrialRecord, String> labels) {
            this.labels = labels;
        }

        @Override
        protected void updateItem(TrialRecord t, boolean empty) {
            super.updateItem(t, empty);
            setText(null);
            if (empty || t == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            Label n = new Label("trial #" + t.number());
            n.setMinWidth(Region.USE_PREF_SIZE);
            Label s = Pill.of(t.status().jsonName(), pillClass(t.status()));
            String msg = t.message();
            // one row of trials: the cell is the number and the status; the message is in the tooltip and the
            // transcript
            HBox box = new HBox(8, n, s);
            String label = labels.apply(t);
            if (label != null) {
                Label chip = Pill.of(label, "pill-accent", "triage-chip");
                box.getChildren().add(chip);
            }
            box.setAlignment(Pos.CENTER_LEFT);
            setGraphic(box);
            setPrefHeight(TRIAL_ROW);
            setTooltip(msg == null ? null : new Tooltip(msg));
        }
    }
}
