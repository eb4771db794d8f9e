package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.diagnosis.SystemState;
import dev.mstpanel.core.results.diagnosis.TrialDetails;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.Pill;
import dev.mstpanel.ui.results.transcript.TranscriptView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * One trial: its status, error text, cause and scores on top, then what the agent did beside its
 * failure diagnosis. On a wide inspector ({@value #WIDE_MIN_WIDTH} px or more) the Transcript and the
 * diagnosis tabs (Screenshot, Accessibility, Logs, System) sit side by side; on a narrow one the
 * Transcript is the first tab. The header and the transcript show as soon as they are read, the
 * diagnosis when it follows. A part that is missing or broken says so in its own place.
 */
final class TrialInspectorView extends BorderPane {
    /** The inspector width from which the transcript and the screenshot sit side by side, in px. */
    static final double WIDE_MIN_WIDTH = 880;

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
    private final Label empty = new Label(
            "Choose a trial to see what the agent did, its screenshot, accessibility dump, logs and system state.");
    private final StackPane transcriptHolder = new StackPane();
    private final Tab transcriptTab = new Tab("Transcript");
    /** The events on a time axis, beside the transcript (after the diagnosis tabs); a click opens the row. */
    private final Tab timelineTab = new Tab("Timeline");

    private final dev.mstpanel.ui.results.transcript.TranscriptTimelineView timelineView =
            new dev.mstpanel.ui.results.transcript.TranscriptTimelineView(this::openEvent);
    private final List<Tab> diagnosisTabs = new ArrayList<>();
    private Node diagnosisTop;
    private TranscriptView transcriptView;
    /** The trial shown, as the trial property last said it. */
    private TrialRecord shownTrial;

    private Boolean wide;
    private BorderPane diag;
    private Node body;
    private final VBox extraTop = new VBox();

    TrialInspectorView(TrialInspectorViewModel model, DialogService dialogs, Executor background) {
        this.model = model;
        this.dialogs = dialogs;
        this.background = background;
        getStyleClass().add("trial-inspector");
        screenshot = new ScreenshotPane(this::openScreenshot);
        title.getStyleClass().add("inspector-title");
        title.setId("trial-title");
        // the trial's name is what the pane is about: it keeps its width (up to 360 px) and the button beside it
        // gives way first, down to its icon (its whole text in its tooltip)
        title.minWidthProperty()
                .bind(javafx.beans.binding.Bindings.createDoubleBinding(
                        () -> Math.min(title.prefWidth(-1), 360), title.textProperty(), title.fontProperty()));
        status.setId("trial-status");
        meta.getStyleClass().add("text-muted");
        meta.setId("trial-meta");
        meta.setWrapText(true);
        error.setEditable(false);
        error.setWrapText(true);
        error.setPrefRowCount(3);
        error.setId("trial-error");
        error.getStyleClass().addAll("trial-error", "monospace");
        tabs.setId("inspector-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        dev.mstpanel.ui.common.TabHeaders.keepNamesWhole(tabs);
        transcriptTab.setId("tab-transcript");
        transcriptTab.setGraphic(new FontIcon(Feather.MESSAGE_SQUARE));
        timelineTab.setId("tab-timeline");
        timelineTab.setGraphic(new FontIcon(Feather.BAR_CHART_2));
        timelineTab.setContent(loadingNode("Reading the transcript…"));
        empty.getStyleClass().add("text-muted");
        empty.setWrapText(true);
        setCenter(emptyPane());
        // invalidation listeners, each reading the new value: a change listener compares the new value with the old
        // by equals, and the first equals of a record class (Transcript: 17 components) links its method handles, tens
        // of ms on the FX thread in a trial's first open (first rows within 300 ms)
        model.trialProperty().addListener(o -> {
            TrialRecord before = shownTrial;
            shownTrial = model.trialProperty().get();
            showTrial(shownTrial, before);
        });
        model.transcriptSoFarProperty()
                .addListener(
                        o -> showTranscriptSoFar(model.transcriptSoFarProperty().get()));
        model.transcriptProperty()
                .addListener(o -> showTranscript(model.transcriptProperty().get()));
        model.detailsProperty().addListener(o -> show(model.detailsProperty().get()));
        model.screenshotProperty().addListener((o, a, b) -> updateScreenshot());
        model.screenshotProblemProperty().addListener((o, a, b) -> updateScreenshot());
        model.screenshotNoteProperty().addListener((o, a, b) -> updateScreenshot());
        widthProperty().addListener((o, a, w) -> {
            if (model.trialProperty().get() != null && (wide == null || wide != isWide())) {
                layoutBody();
            }
        });
    }

    /** Another trial of the same case and run that passed, or null: what "Compare with a passing trial" aligns with. */
    private java.util.function.Function<TrialRecord, TrialRecord> passingTrialOf = t -> null;
    /** A run folder's {@code redactStoredResponses}, or null when unknown. */
    private java.util.function.Function<java.nio.file.Path, Boolean> redactedRun = d -> null;

    /**
     * Where "Compare with a passing trial of this case" finds that trial (called on the FX thread when a trial is
     * shown) and each run's {@code redactStoredResponses}.
     */
    void setAlignWith(
            java.util.function.Function<TrialRecord, TrialRecord> passingTrialOf,
            java.util.function.Function<java.nio.file.Path, Boolean> redactedRun) {
        this.passingTrialOf = passingTrialOf;
        this.redactedRun = redactedRun;
    }

    /** A bar shown under the trial's header (the case across runs), or null. */
    void setExtraTop(Node node) {
        extraTop.getChildren().setAll(node == null ? List.of() : List.of(node));
    }

    private boolean isWide() {
        return getWidth() >= WIDE_MIN_WIDTH;
    }

    /** The placeholder, kept off the divider and the window's edge. */
    private StackPane emptyPane() {
        StackPane p = new StackPane(empty);
        p.setPadding(new Insets(16, 24, 16, 24));
        return p;
    }

    private void showTrial(TrialRecord t, TrialRecord before) {
        if (t == null) {
            setTop(null);
            setCenter(emptyPane());
            wide = null;
            return;
        }
        TranscriptWarmUp.trialOpened();
        showHeader(t);
        boolean same = before != null
                && before.runDir().equals(t.runDir())
                && before.key().equals(t.key());
        if (!same) {
            transcriptView = null;
            transcriptHolder.getChildren().setAll(loadingNode("Reading the transcript…"));
            timelineTab.setContent(loadingNode("Reading the transcript…"));
            diagnosisTabs.clear();
            diagnosisTop = null;
            Tab loading = new Tab("Failure diagnosis");
            loading.setGraphic(new FontIcon(Feather.IMAGE));
            loading.setContent(loadingNode("Reading the failure diagnosis…"));
            diagnosisTabs.add(loading);
            layoutBody();
        }
    }

    private static Node loadingNode(String text) {
        ProgressIndicator p = new ProgressIndicator();
        p.setMaxSize(36, 36);
        Label l = new Label(text);
        l.getStyleClass().add("text-muted");
        VBox box = new VBox(8, p, l);
        box.setAlignment(Pos.CENTER);
        return box;
    }

    /** The first events of a long transcript while the rest is read, then more of them as they come (and the warm-up's). */
    void showTranscriptSoFar(Transcript t) {
        if (t == null) {
            return;
        }
        if (transcriptView != null && transcriptView.isReading()) {
            transcriptView.reading(t);
            return;
        }
        transcriptView = TranscriptView.whileReading(t);
        transcriptHolder.getChildren().setAll(transcriptView);
        // once a pulse has laid the first rows out, the read of the rest goes on (it waits for this)
        javafx.scene.Scene scene = getScene();
        if (scene == null) {
            model.firstRowsShown();
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            model.firstRowsShown();
            javafx.application.Platform.runLater(
                    () -> scene.removePostLayoutPulseListener(once[0])); // not while the scene runs its listeners
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    /** The whole transcript: finishes the view of the transcript so far, or shows a new one (and the warm-up's). */
    void showTranscript(Transcript t) {
        if (t == null) {
            return;
        }
        // laid out off the FX thread once the whole trace is read
        timelineView.show(t, background);
        timelineTab.setContent(timelineView);
        if (transcriptView != null && transcriptView.isReading() && transcriptView.shows(t.trial())) {
            transcriptView.finish(t); // the rows shown stay, the rest is added
            return;
        }
        transcriptView = new TranscriptView(t);
        transcriptHolder.getChildren().setAll(transcriptView);
    }

    /** A span of the timeline clicked: its row opened in the transcript, which a narrow inspector brings forward. */
    private void openEvent(int eventIndex) {
        if (transcriptView == null) {
            return;
        }
        if (!Boolean.TRUE.equals(wide)) {
            tabs.getSelectionModel().select(transcriptTab);
        }
        transcriptView.openEvent(eventIndex);
    }

    /** The timeline shown in its tab (tests). */
    dev.mstpanel.ui.results.transcript.TranscriptTimelineView timelineView() {
        return timelineView;
    }

    /** The transcript shown, or null (tests). */
    TranscriptView transcriptView() {
        return transcriptView;
    }

    /** Puts the transcript and the diagnosis tabs side by side (wide) or in one tab pane (narrow). */
    private void layoutBody() {
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        boolean nowWide = isWide();
        if (wide != null && wide == nowWide && body != null && getCenter() == body) {
            // the same arrangement: only the diagnosis tabs change, the transcript stays in place (taken out and
            // put back, its thousands of rows' cells would be styled a second time)
            tabs.getTabs().remove(wide ? 0 : 1, tabs.getTabs().size());
            tabs.getTabs().addAll(diagnosisTabs);
            tabs.getTabs().add(timelineTab);
            diag.setTop(diagnosisTop);
            selectAgain(selected);
            return;
        }
        wide = nowWide;
        tabs.getTabs().clear();
        transcriptTab.setContent(null);
        if (diag != null) {
            diag.setCenter(null);
        }
        diag = new BorderPane(tabs);
        diag.setTop(diagnosisTop);
        if (wide) {
            tabs.getTabs().setAll(diagnosisTabs);
            tabs.getTabs().add(timelineTab);
            SplitPane split = new SplitPane(transcriptHolder, diag);
            split.setId("inspector-split");
            split.setDividerPositions(0.52);
            setCenter(split);
            body = split;
        } else {
            transcriptTab.setContent(transcriptHolder);
            tabs.getTabs().add(transcriptTab);
            tabs.getTabs().addAll(diagnosisTabs);
            tabs.getTabs().add(timelineTab);
            setCenter(diag);
            body = diag;
        }
        selectAgain(selected);
    }

    private void selectAgain(Tab selected) {
        if (selected != null && tabs.getTabs().contains(selected)) {
            tabs.getSelectionModel().select(selected);
        } else if (!tabs.getTabs().isEmpty()) {
            tabs.getSelectionModel().select(0);
        }
    }

    private void showHeader(TrialRecord t) {
        title.setText(dev.mstpanel.core.text.ControlCharacters.escape(t.label()) + "  ·  "
                + dev.mstpanel.core.text.ControlCharacters.escape(t.variant()));
        status.setText(t.status().jsonName());
        Pill.restyle(status, ResultsView.pillClass(t.status()));
        meta.setText(String.join(
                "  ·  ",
                java.util.stream.Stream.of(
                                t.datasetName() == null ? null : "dataset " + t.datasetName(),
                                t.durationMs() == null
                                        ? null
                                        : String.format(Locale.ROOT, "%.1f s", t.durationMs() / 1000.0),
                                t.failureKind() == null ? null : "failure kind " + t.failureKind(),
                                t.toolCalls() == 0
                                        ? null
                                        : t.toolCalls()
                                                + (t.toolCalls() == 1 ? " tool call" : " tool calls")
                                                + (t.toolErrors() == 0 ? "" : ", " + t.toolErrors() + " failed"),
                                t.runId())
                        .filter(x -> x != null)
                        .toList()));
        HBox head = new HBox(10, title, status);
        head.setAlignment(Pos.CENTER_LEFT);
        String cause = t.cause();
        if (cause != null) {
            Label c = Pill.of("cause: " + cause, "pill-muted");
            c.setId("trial-cause");
            head.getChildren().add(c);
        }
        TrialRecord passing = passingTrialOf.apply(t);
        Button align = new Button("Compare with a passing trial of this case", new FontIcon(Feather.COLUMNS));
        align.setId("trial-compare-passing");
        align.getStyleClass().add("small");
        align.setMinWidth(40);
        align.setDisable(passing == null);
        align.setTooltip(new javafx.scene.control.Tooltip(
                passing == null
                        ? "Compare with a passing trial of this case: no other trial of this case passed in this run."
                        : "Compare with a passing trial of this case: align " + passing.label()
                                + " (passed) with this trial, call by call."));
        align.setOnAction(e -> dev.mstpanel.ui.results.align.TrialAlignmentView.open(
                getScene() == null ? null : getScene().getWindow(),
                passing,
                redactedRun.apply(passing.runDir()),
                t,
                redactedRun.apply(t.runDir()),
                background));
        Region gap = new Region();
        HBox.setHgrow(gap, javafx.scene.layout.Priority.ALWAYS);
        head.getChildren().addAll(gap, align);
        VBox top = new VBox(6, head, meta);
        // each text once: a broken score's problem is the trial's problem too, and its score row shows it
        java.util.Set<String> lines = new java.util.LinkedHashSet<>();
        if (t.error() != null) {
            lines.add(t.error());
        }
        if (t.gradingError() != null) {
            lines.add("Grading error: " + t.gradingError());
        }
        if (t.problem() != null
                && t.scores().stream().noneMatch(s -> t.problem().equals(s.problem()))) {
            lines.add(t.problem());
        }
        if (!lines.isEmpty()) {
            error.setText(String.join("\n", lines));
            top.getChildren().add(error);
        }
        scores.getChildren().clear();
        for (ScoreRecord s : t.scores()) {
            Label pill = Pill.of(
                    s.pass() == null ? "unreadable" : s.pass() ? "pass" : "fail",
                    s.pass() == null ? "pill-muted" : s.pass() ? "pill-success" : "pill-danger");
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
        top.getChildren().add(extraTop);
        top.setPadding(new Insets(12, 14, 8, 14));
        setTop(top);
    }

    private void show(TrialDetails d) {
        if (d == null) {
            return;
        }
        showHeader(d.trial());
        diagnosisTabs.clear();
        diagnosisTop = null;
        if (d.diagnosis().isEmpty()) {
            Tab none = new Tab("Failure diagnosis");
            none.setGraphic(new FontIcon(Feather.IMAGE));
            none.setId("tab-diagnosis");
            Label n = new Label(d.diagnosis().notice());
            n.setWrapText(true);
            n.setId("diagnosis-notice");
            n.getStyleClass().add("inspector-notice");
            VBox box = new VBox(n);
            box.setPadding(new Insets(14));
            none.setContent(box);
            diagnosisTabs.add(none);
            layoutBody();
            return;
        }
        Tab shot = new Tab("Screenshot");
        shot.setGraphic(new FontIcon(Feather.IMAGE));
        shot.setId("tab-screenshot");
        shot.setContent(
                d.diagnosis().screenshot() == null ? notice("No screen.png in this failure diagnosis.") : screenshot);
        diagnosisTabs.add(shot);
        updateScreenshot();

        Tab ax = new Tab("Accessibility");
        ax.setGraphic(new FontIcon(Feather.LIST));
        ax.setId("tab-accessibility");
        if (d.accessibility() != null) {
            ax.setContent(new TextDumpView(d.accessibility(), true, "ax"));
        } else {
            ax.setContent(notice(
                    d.accessibilityProblem() != null
                            ? d.accessibilityProblem()
                            : "No accessibility.txt in this failure diagnosis."));
        }
        diagnosisTabs.add(ax);

        Tab lt = new Tab(
                d.logs().size() <= 1
                        ? "Logs"
                        : String.format(Locale.ROOT, "Logs (%,d)", d.logs().size()));
        lt.setGraphic(new FontIcon(Feather.FILE_TEXT));
        lt.setId("tab-logs");
        lt.setContent(
                d.logs().isEmpty()
                        ? notice("No logs/ in this failure diagnosis.")
                        : new LogsPane(d.logs(), background));
        diagnosisTabs.add(lt);

        Tab sys = new Tab("System");
        sys.setGraphic(new FontIcon(Feather.CPU));
        sys.setId("tab-system");
        sys.setContent(
                d.system() == null ? notice("No system.json in this failure diagnosis.") : systemView(d.system()));
        diagnosisTabs.add(sys);
        Label where = new Label(
                (d.diagnosis().sources().get(0).sessionCopy() ? "From the session copy's mst-diagnosis/: " : "From ")
                        + d.diagnosis().sources().get(0).folder());
        where.getStyleClass().addAll("text-muted", "text-small");
        where.setPadding(new Insets(2, 14, 6, 14));
        where.setId("diagnosis-folder");
        diagnosisTop = where;
        layoutBody();
    }

    private void updateScreenshot() {
        TrialDetails d = model.detailsProperty().get();
        if (d == null || d.diagnosis().screenshot() == null) {
            return;
        }
        screenshot.show(
                d.diagnosis().screenshot(),
                model.screenshotProperty().get(),
                model.screenshotProblemProperty().get(),
                model.screenshotNoteProperty().get());
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
        note.setCellValueFactory(c -> new ReadOnlyStringWrapper(
                c.getValue().note() == null ? "" : c.getValue().note()));
        note.setPrefWidth(260);
        table.getColumns().setAll(java.util.List.of(name, value, note));
        table.getItems().setAll(s.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(28 * (s.rows().size() + 1) + 6);
        table.setMaxHeight(Double.MAX_VALUE);
        Label thresholds =
                new Label("Warnings: free memory under 512 MiB (low-memory threshold), free sessions disk under 2 GiB "
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
            try {
                dev.mstpanel.core.shell.Desktop.open(file);
            } catch (java.io.IOException e) {
                javafx.application.Platform.runLater(() -> dialogs.showError(
                        "Could not open the screenshot",
                        "No system viewer could open " + file + ". Open it from your file manager.",
                        e));
            }
        });
    }

    /** Selects a tab by id (tests, keyboard); the transcript, shown beside the tabs on a wide inspector, counts as selected. */
    boolean selectTab(String id) {
        if ("tab-transcript".equals(id) && Boolean.TRUE.equals(wide)) {
            return true;
        }
        for (Tab t : tabs.getTabs()) {
            if (id.equals(t.getId())) {
                tabs.getSelectionModel().select(t);
                return true;
            }
        }
        return false;
    }
}
