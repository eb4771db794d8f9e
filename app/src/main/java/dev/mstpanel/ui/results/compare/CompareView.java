package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.CaseTally;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.ui.common.Pill;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.collections.SetChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Compare screen: pick a base and a candidate (two variants of a run, or one variant
 * in two runs of an eval); both sides' figures, the verdict, and the case table (case, base outcome
 * and trials, candidate outcome and trials, change), regressions first, filterable by change.
 * Opening a case shows the two sides' trials next to each other, each as one row of trials
 * above that side's transcript (the Results view's {@link dev.mstpanel.ui.results.transcript.TranscriptView}),
 * so the two transcripts sit side by side; the figures fold into one line meanwhile, to give them
 * the height.
 */
public final class CompareView extends BorderPane {
    private final CompareViewModel model;
    private final ComboBox<CompareSide> basePicker = new ComboBox<>();
    private final ComboBox<CompareSide> candidatePicker = new ComboBox<>();
    private final HBox figures = new HBox(12);
    private final Map<CaseChange, ToggleButton> toggles = new EnumMap<>(CaseChange.class);
    private final TableView<CaseComparison> table = new TableView<>();
    private final Label compactFigures = new Label();
    private final SplitPane split = new SplitPane();
    /** True while the case table's rows are held back after the first figures of a pick (see the constructor). */
    private final javafx.beans.property.BooleanProperty rowsHeld =
            new javafx.beans.property.SimpleBooleanProperty(this, "rowsHeld");
    /** The opened case: both sides' trials and transcripts. */
    private final CompareCasePane casePane;
    /** The groups' table, first in the split while grouped and no case is open ({@link #arrangeSplit()}). */
    private CompareGroupsPane groupsPane;
    /** The opened case's pane, last in the split. */
    private VBox caseBox;
    /**
     * The least height of an opened case's pane, px: its title, each side's row of trials, the transcripts' search
     * bars and a few of their rows (at 1280 × 820 the figures, filters and three case rows above leave about this).
     */
    private static final double CASE_OPEN_MIN = 260;

    private final VBox top = new VBox(10);
    /** Two runs on one variant: the other variants' changes, under the verdict ({@link #otherVariantsRow()}). */
    private final FlowPane otherVariants;

    private boolean syncing;
    /** A case is open: the figures fold into one line. */
    private boolean caseOpen;
    /** The cards fit above the case table at the view's height (else they fold into one line too). */
    private boolean cardsFit = true;

    /**
     * @param model the screen's state
     * @param navigator opens the Runs form for "Re-run the regressed and flaky cases"
     */
    public CompareView(CompareViewModel model, dev.mstpanel.ui.common.Navigator navigator) {
        this.model = model;
        this.otherVariants = otherVariantsRow();
        this.casePane = new CompareCasePane(model);
        getStyleClass().add("compare-view");
        setId("compare-view");
        getStylesheets()
                .add(Objects.requireNonNull(CompareView.class.getResource("compare.css"))
                        .toExternalForm());

        Button back = new Button("Back", new FontIcon(Feather.ARROW_LEFT));
        back.setId("compare-back");
        back.getStyleClass().add("small");
        back.setOnAction(e -> model.close());
        Label title = new Label("Compare");
        title.getStyleClass().add("compare-title");
        basePicker.setId("compare-base");
        candidatePicker.setId("compare-candidate");
        basePicker.setItems(model.sides());
        candidatePicker.setItems(model.sides());
        basePicker.setAccessibleText("Base");
        candidatePicker.setAccessibleText("Candidate");
        basePicker.valueProperty().bindBidirectional(model.baseProperty());
        candidatePicker.valueProperty().bindBidirectional(model.candidateProperty());
        Button swap = new Button(null, new FontIcon(Feather.REPEAT));
        swap.setTooltip(new Tooltip("Swap base and candidate"));
        swap.setAccessibleText("Swap base and candidate");
        swap.setOnAction(e -> model.swap());
        Label vs = new Label("→");
        Label baseLabel = new Label("Base");
        Label candidateLabel = new Label("Candidate");
        for (Label l : List.of(title, baseLabel, candidateLabel, vs)) {
            l.setMinWidth(Region.USE_PREF_SIZE);
        }
        back.setMinWidth(Region.USE_PREF_SIZE);
        // the pickers take the row's free room (up to 460 px), so a run's time, what tells two runs apart, is not cut
        for (ComboBox<CompareSide> picker : List.of(basePicker, candidatePicker)) {
            // narrower than its label: the variant, what a person picked, stays whole and the run's time is cut
            // first (the run's id before it still tells two runs of one variant apart); the tooltip has it all
            picker.setButtonCell(new javafx.scene.control.ListCell<>() {
                private final Label variant = new Label();
                private final Label run = new Label();
                private final Label dot = new Label(" · ");
                private final HBox parts = new HBox(variant, dot, run);

                {
                    variant.setMinWidth(Region.USE_PREF_SIZE);
                    variant.getStyleClass().add("text-bold");
                    run.setMinWidth(0);
                    parts.setAlignment(Pos.CENTER_LEFT);
                    dot.setMinWidth(Region.USE_PREF_SIZE);
                }

                @Override
                protected void updateItem(CompareSide side, boolean empty) {
                    super.updateItem(side, empty);
                    setText(null);
                    if (empty || side == null) {
                        setGraphic(null);
                        setTooltip(null);
                        return;
                    }
                    variant.setText(side.variantText());
                    run.setText(side.runText());
                    setGraphic(parts);
                    setAccessibleText(side.label());
                    setTooltip(new Tooltip(side.label()));
                }
            });
            picker.setPrefWidth(320);
            picker.setMinWidth(160);
            picker.setMaxWidth(460);
            HBox.setHgrow(picker, Priority.ALWAYS);
        }
        HBox pickers = new HBox(
                8, back, title, new Region(), baseLabel, basePicker, vs, candidateLabel, candidatePicker, swap);
        ((Region) pickers.getChildren().get(2)).setMinWidth(12);
        pickers.setAlignment(Pos.CENTER_LEFT);

        Label message = new Label();
        message.setId("compare-message");
        message.setWrapText(true);
        message.getStyleClass().add("banner-warning");
        // messages name runs and variants from files: their control characters shown escaped, line by line
        message.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> dev.mstpanel.core.text.ControlCharacters.escapeLines(
                                model.messageProperty().get()),
                        model.messageProperty()));
        message.setMaxWidth(Double.MAX_VALUE);
        message.setMinHeight(Region.USE_PREF_SIZE);
        // a load that failed says why in place, with "Try again" (its stack trace is in the panel's log only)
        Button retry = new Button("Try again", new FontIcon(Feather.ROTATE_CCW));
        retry.setId("compare-retry");
        retry.getStyleClass().add("small");
        retry.setMinWidth(Region.USE_PREF_SIZE);
        retry.setOnAction(e -> model.retry());
        retry.visibleProperty().bind(model.canRetryProperty());
        retry.managedProperty().bind(retry.visibleProperty());
        // a side collected with --no-grade: grade it from here (the Runs form, filled in, for the person to start)
        Button grade = new Button("Grade…", new FontIcon(Feather.CHECK_SQUARE));
        grade.setId("compare-grade");
        grade.getStyleClass().add("small");
        grade.setMinWidth(Region.USE_PREF_SIZE);
        grade.setOnAction(e -> {
            java.nio.file.Path run = model.toGradeProperty().get();
            if (run != null) {
                navigator.openGradeForm(run);
            }
        });
        grade.visibleProperty().bind(model.toGradeProperty().isNotNull());
        grade.managedProperty().bind(grade.visibleProperty());
        // named as the pickers name a run (its id's last part), which the message names whole
        model.toGradeProperty()
                .addListener((o, a, run) -> grade.setText(
                        run == null
                                ? "Grade…"
                                : "Grade run " + shortRun(run.getFileName().toString()) + "…"));
        HBox messageRow = new HBox(10, message, retry, grade);
        messageRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(message, Priority.ALWAYS);
        messageRow.visibleProperty().bind(model.messageProperty().isNotNull());
        messageRow.managedProperty().bind(messageRow.visibleProperty());
        // a compared run whose run.json could not be read: its baseline and id come from its folders
        Label runJsonNote = new Label();
        runJsonNote.setId("compare-run-json-note");
        runJsonNote.setWrapText(true);
        runJsonNote.getStyleClass().add("banner-warning");
        runJsonNote.setMaxWidth(Double.MAX_VALUE);
        runJsonNote.setMinHeight(Region.USE_PREF_SIZE);
        runJsonNote
                .textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> dev.mstpanel.core.text.ControlCharacters.escapeLines(
                                model.runJsonNoteProperty().get()),
                        model.runJsonNoteProperty()));
        runJsonNote.visibleProperty().bind(model.runJsonNoteProperty().isNotNull());
        runJsonNote.managedProperty().bind(runJsonNote.visibleProperty());
        Label loading = new Label();
        loading.setId("compare-loading");
        loading.getStyleClass().add("text-muted");
        // what has been counted so far, so a big pair of runs shows progress at once
        loading.textProperty()
                .bind(javafx.beans.binding.Bindings.when(
                                model.progressProperty().isNotNull())
                        .then(model.progressProperty())
                        .otherwise("Reading and comparing both sides…"));
        loading.visibleProperty().bind(model.loadingProperty());
        loading.managedProperty().bind(loading.visibleProperty());

        figures.setId("compare-figures");
        figures.setAlignment(Pos.TOP_LEFT);

        FlowPane filters = new FlowPane(6, 6);
        filters.setAlignment(Pos.CENTER_LEFT);
        Button rerunOnly = new Button("Regressed and flaky");
        rerunOnly.getStyleClass().add("small");
        rerunOnly.setOnAction(e -> model.onlyRerunCases());
        Button all = new Button("All");
        all.getStyleClass().add("small");
        all.setOnAction(e -> model.allCases());
        filters.getChildren().addAll(rerunOnly, all);
        for (CaseChange c : CaseChange.values()) {
            ToggleButton t = new ToggleButton(c.jsonName());
            t.setId("change-" + c.jsonName());
            t.getStyleClass().addAll("small", "change-toggle");
            Pill.mark(t, pillClass(c));
            t.setSelected(true);
            t.selectedProperty().addListener((o, a, b) -> {
                if (!syncing) {
                    model.toggleChange(c, b);
                }
            });
            toggles.put(c, t);
            filters.getChildren().add(t);
        }
        Button rerun = new Button("Re-run the regressed and flaky cases", new FontIcon(Feather.ROTATE_CW));
        rerun.setId("compare-rerun");
        rerun.disableProperty().bind(model.canRerunProperty().not());
        rerun.setOnAction(e -> navigator.openRunsForm(model.rerunRunDir(), model.rerunArgs()));
        Tooltip rerunTip =
                new Tooltip("Opens the Runs form with --case and --variant filled in; you check it and press Start.");
        rerun.setTooltip(rerunTip);
        // a case id starting with "-" would be read as an option by MST: say which cases the re-run leaves out
        model.comparisonProperty().addListener((o, a, c) -> {
            List<String> out = c == null ? List.of() : c.rerunLeftOut();
            rerunTip.setText("Opens the Runs form with --case and --variant filled in; you check it and press Start."
                    + (out.isEmpty()
                            ? ""
                            : " Left out, as --case would read an id starting with - as an option: "
                                    + String.join(", ", out) + "."));
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox filterBar = new HBox(8, filters, grow, rerun);
        groupsPane = new CompareGroupsPane(model.groups());
        filterBar.getChildren().add(1, groupsPane.choice());
        HBox.setHgrow(filters, Priority.ALWAYS);
        filterBar.setAlignment(Pos.CENTER_LEFT);

        CompareCaseTable.build(table, model, rowsHeld);
        caseBox = casePane.build(() -> table.getSelectionModel().clearSelection());
        split.getItems().setAll(table, caseBox);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.6);
        // at the default window size the cards and filters above take most of the height: keep about five case rows
        table.setMinHeight(170);
        caseBox.setMinHeight(44); // 110 once a case is open (showCase)

        compactFigures.setId("compare-figures-line");
        Pill.wrappingLine(compactFigures, "pill-muted");
        compactFigures.setVisible(false);
        compactFigures.managedProperty().bind(compactFigures.visibleProperty());
        figures.managedProperty().bind(figures.visibleProperty());
        top.getChildren().setAll(pickers, messageRow, runJsonNote, loading, figures, compactFigures, filterBar);
        // the groups take a share of the split above the cases (a divider to move), not the crowded top
        model.groups().groupByProperty().addListener((o, a, by) -> arrangeSplit());
        top.setPadding(new Insets(0, 0, 10, 0));
        setTop(top);
        setCenter(split);
        setPadding(new Insets(10, 12, 10, 12));
        // a pick that cannot be compared says why above: no empty table, filters or "Choose a case" boxes below it
        javafx.beans.binding.BooleanBinding nothingCompared = model.messageProperty()
                .isNotNull()
                .and(model.comparisonProperty().isNull());
        split.visibleProperty().bind(nothingCompared.not());
        filterBar.visibleProperty().bind(nothingCompared.not());
        filterBar.managedProperty().bind(filterBar.visibleProperty());

        model.comparisonProperty().addListener((o, a, c) -> showFigures(c));
        // the first figures of a pick come alone: the case table's rows follow two pulses later, so no pulse
        // styles and lays out both the new cards and the table's first rows (the longest FX gap of a first comparison)
        model.comparisonProperty().addListener((o, a, c) -> {
            if (a == null && c != null && table.getItems() == model.rows()) {
                rowsHeld.set(true);
                table.setItems(javafx.collections.FXCollections.emptyObservableList());
                new dev.mstpanel.ui.common.PulseSteps(
                                "compare: the case table after the cards", 0, 5_000_000_000L, () -> false, how -> {
                                    table.setItems(model.rows());
                                    rowsHeld.set(false);
                                })
                        .then(() -> {})
                        .then(() -> {})
                        .start();
            }
        });
        model.changeFilter().addListener((SetChangeListener<CaseChange>) c -> syncToggles());
        model.selectedCaseProperty().addListener((o, a, c) -> showCase(c));
        showFigures(model.comparisonProperty().get());
        // the first comparison of a fresh JVM as fast as later ones: done ahead, offscreen, while the user reads the
        // listing
        sceneProperty().addListener((o, a, sc) -> {
            if (sc != null) {
                CompareWarmUp.start(this, model);
            }
        });
    }

    /**
     * The first styling and layout of this view cut in pieces, each small enough for one pulse
     * ({@link CompareWarmUp} runs them one per pulse on a copy in an offscreen scene). The view must
     * not be in a scene yet: the steps put it into {@code holder} part by part (the bar, each card and
     * each of a card's parts, the verdict, the filters, the case table, the case pane), each styled as
     * it joins (a node joining a styled parent is styled alone; styling a view that joins whole styles
     * all of it at once), then lay it out short (a few case rows) and then at {@code width} × {@code height} px.
     */
    List<Runnable> warmUpSteps(javafx.scene.layout.Pane holder, double width, double height) {
        List<Runnable> steps = new java.util.ArrayList<>();
        List<javafx.scene.Node> items = List.copyOf(split.getItems());
        split.getItems().clear();
        List<Runnable> parts = new java.util.ArrayList<>();
        piecewise(top, parts, 2);
        steps.add(() -> {
            holder.getChildren().add(this);
            holder.applyCss();
        });
        steps.addAll(parts);
        for (javafx.scene.Node n : items) {
            steps.add(() -> {
                split.getItems().add(n);
                n.applyCss();
            });
        }
        steps.add(() -> {
            resize(width, Math.min(height, 480));
            layout();
        });
        steps.add(() -> {
            resize(width, (Math.min(height, 480) + height) / 2);
            layout();
        });
        steps.add(() -> {
            resize(width, height);
            layout();
        });
        steps.add(this::applyCss);
        steps.add(this::layout);
        return steps;
    }

    /** Takes {@code p}'s children out now; the steps put them back one by one (and theirs, {@code depth} levels down), each styled as it joins. */
    private static void piecewise(javafx.scene.layout.Pane p, List<Runnable> steps, int depth) {
        List<javafx.scene.Node> kids = List.copyOf(p.getChildren());
        p.getChildren().clear();
        for (javafx.scene.Node k : kids) {
            steps.add(() -> {
                p.getChildren().add(k);
                k.applyCss();
            });
            if (depth > 0
                    && k instanceof javafx.scene.layout.Pane kp
                    && kp.getChildren().size() > 1) {
                piecewise(kp, steps, depth - 1);
            }
        }
    }

    /**
     * The variant cards and verdict, or (a case open, or too little height for the cards above the
     * case table, e.g. a 1280 × 800 window) the same figures in one line.
     */
    private void foldFigures() {
        // grouped, the groups' rows carry the rates: the cards fold into their line to leave the rows the room
        boolean cards =
                !caseOpen && cardsFit && model.groups().groupByProperty().get() == null;
        figures.setVisible(cards);
        compactFigures.setVisible(!cards);
        Comparison c = model.comparisonProperty().get();
        compactFigures.setText(cards ? "" : figuresLine(c));
        compactFigures.setGraphic(cards || c == null ? null : verdictBadge(c));
    }

    /**
     * The verdict as a headline at the start of the one-line figures, in its colour (green better, red worse), so a
     * person sees it where the verdict's card does not fit.
     */
    private static Label verdictBadge(Comparison c) {
        Label badge = new Label(c.verdict().jsonName());
        badge.setId("compare-figures-verdict");
        badge.getStyleClass().addAll("verdict-badge", "verdict-" + c.verdict().jsonName());
        badge.setMinWidth(Region.USE_PREF_SIZE);
        return badge;
    }

    @Override
    protected void layoutChildren() {
        boolean fit = cardsFitIn(
                getWidth() - snappedLeftInset() - snappedRightInset(),
                getHeight() - snappedTopInset() - snappedBottomInset());
        if (fit != cardsFit) {
            cardsFit = fit;
            foldFigures();
        }
        super.layoutChildren();
    }

    /** Whether the cards, the rows above and below them and the case table's and case pane's least heights fit in w × h px. */
    private boolean cardsFitIn(double w, double h) {
        if (w <= 0 || h <= 0 || figures.getChildren().isEmpty()) {
            return true;
        }
        double above = top.getPadding().getTop() + top.getPadding().getBottom();
        int rows = 0;
        for (javafx.scene.Node n : top.getChildren()) {
            if (n == figures) {
                above += figures.prefHeight(w);
                rows++;
            } else if (n != compactFigures && n.isManaged()) {
                above += n.prefHeight(w);
                rows++;
            }
        }
        above += top.getSpacing() * Math.max(0, rows - 1);
        double below = 12; // the split's dividers
        for (javafx.scene.Node item : split.getItems()) {
            below += item == table ? table.getMinHeight() : item.minHeight(w);
        }
        return above + below <= h;
    }

    private void showFigures(Comparison c) {
        figures.getChildren().clear();
        syncToggles();
        if (c == null) {
            foldFigures();
            return;
        }
        // two sides that share no case: their rates are of different cases, so no "−5 pp vs base"
        Double delta = c.sharesNoCase()
                        || c.base().trialPassRate() == null
                        || c.candidate().trialPassRate() == null
                ? null
                : c.candidate().trialPassRate() - c.base().trialPassRate();
        VariantCard b = new VariantCard(c.base(), "base: " + sideName(c, true), null, "base", null);
        VariantCard k = new VariantCard(c.candidate(), "candidate: " + sideName(c, false), null, "base", delta);
        b.setId("compare-base-card");
        k.setId("compare-candidate-card");
        VBox verdict = new VBox();
        verdict.getStyleClass().addAll("verdict-box", "verdict-" + c.verdict().jsonName());
        verdict.setId("compare-verdict");
        Label word = new Label(c.verdict().jsonName());
        word.getStyleClass().add("verdict-word");
        word.setId("compare-verdict-word");
        int n = c.positive() + c.negative();
        Label p = new Label(
                Comparison.pText(c.pValue()) + "  ·  exact sign test over the " + n + (n == 1 ? " case" : " cases")
                        + " whose pass fraction changed: " + c.positive() + " up, " + c.negative() + " down");
        p.setWrapText(true);
        p.setMinHeight(Region.USE_PREF_SIZE);
        p.setId("compare-p");
        StringBuilder counts = new StringBuilder();
        c.countsByName().forEach((k2, v) -> {
            if (v > 0) {
                counts.append(counts.length() == 0 ? "" : " · ")
                        .append(v)
                        .append(' ')
                        .append(k2);
            }
        });
        Label cl = new Label(counts.toString());
        cl.setWrapText(true);
        cl.setMinHeight(Region.USE_PREF_SIZE);
        Label rule = new Label(c.sharesNoCase() ? SHARE_NO_CASE : verdictRule(c.verdict(), n));
        rule.getStyleClass().addAll("text-muted", "text-small");
        rule.setWrapText(true);
        rule.setMinHeight(Region.USE_PREF_SIZE);
        // how many trials per case would tell the sides apart: the words an unclear verdict needs
        Label plan = new Label(c.trialsPlan().text());
        plan.setId("compare-trials-needed");
        plan.getStyleClass().add("text-small");
        plan.setWrapText(true);
        plan.setMinHeight(Region.USE_PREF_SIZE);
        // each side's runner and client, and a warning when they differ, above the verdict they may explain
        Label setup = new Label(dev.mstpanel.core.text.ControlCharacters.escapeLines(
                "base: " + c.baseSetup() + "\ncandidate: " + c.candidateSetup()));
        setup.setId("compare-setup");
        setup.getStyleClass().addAll("text-muted", "text-small");
        setup.setWrapText(true);
        setup.setMinHeight(Region.USE_PREF_SIZE);
        verdict.getChildren().add(setup);
        if (!c.warnings().isEmpty()) {
            Label warn = new Label(dev.mstpanel.core.text.ControlCharacters.escapeLines(String.join(
                    "\n",
                    c.warnings().stream()
                            .map(dev.mstpanel.core.results.compare.CompareWarning::message)
                            .toList())));
            warn.setId("compare-runner-warning");
            warn.getStyleClass().addAll("text-warning", "compare-runner-warning");
            warn.setGraphic(new org.kordamp.ikonli.javafx.FontIcon(org.kordamp.ikonli.feather.Feather.ALERT_TRIANGLE));
            warn.setWrapText(true);
            warn.setMinHeight(Region.USE_PREF_SIZE);
            verdict.getChildren().add(warn);
        }
        verdict.getChildren().addAll(new Label("Verdict"), word, p, cl, rule, plan, otherVariants);
        verdict.setMaxWidth(520);
        verdict.setPrefWidth(380);
        // the three share the width: less wrapping, so less height
        b.setMaxWidth(420);
        k.setMaxWidth(420);
        HBox.setHgrow(b, Priority.ALWAYS);
        HBox.setHgrow(k, Priority.ALWAYS);
        HBox.setHgrow(verdict, Priority.ALWAYS);
        figures.getChildren().addAll(b, k, verdict);
        foldFigures(); // the one-line text follows the comparison
        requestLayout();
    }

    /**
     * Two runs compared on one variant: the other variants they share, each a link that compares them on
     * it, those with regressed cases marked; under the verdict, hidden when there are none.
     */
    private FlowPane otherVariantsRow() {
        FlowPane row = new FlowPane(8, 4);
        row.setId("compare-other-variants");
        row.setAlignment(Pos.CENTER_LEFT);
        Runnable fill = () -> {
            row.getChildren().clear();
            if (model.otherVariants().isEmpty()) {
                return;
            }
            Label head = new Label("Other variants in these runs:");
            head.getStyleClass().add("text-muted");
            row.getChildren().add(head);
            for (var v : model.otherVariants()) {
                if (!v.compared()) { // said, not a link to a comparison that cannot be made
                    Label l = new Label(v.summary());
                    l.setId("compare-other-" + v.variant());
                    l.getStyleClass().add("text-muted");
                    row.getChildren().add(l);
                    continue;
                }
                javafx.scene.control.Hyperlink link = new javafx.scene.control.Hyperlink(v.summary());
                link.setId("compare-other-" + v.variant());
                if (v.regressed() > 0) {
                    link.getStyleClass().add("danger");
                }
                link.setTooltip(new Tooltip("Compares the two runs on " + v.variant() + " (verdict: "
                        + v.verdict().jsonName() + ")."));
                link.setOnAction(e -> model.pickVariant(v.variant()));
                row.getChildren().add(link);
            }
        };
        model.otherVariants().addListener((javafx.collections.ListChangeListener<Object>) ch -> fill.run());
        row.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(model.otherVariants()));
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    /** Under the verdict of two sides that share no case ({@link Comparison#sharesNoCase}). */
    static final String SHARE_NO_CASE =
            "The two sides share no case: their pass rates are of different cases, not a comparison.";

    /** The verdict's sentence under its figures; with no case changed there is nothing the test could tell apart. */
    static String verdictRule(dev.mstpanel.core.results.compare.Verdict v, int changed) {
        if (v != dev.mstpanel.core.results.compare.Verdict.UNCLEAR) {
            return "The candidate is " + v.jsonName() + " than the base at p < 0.05.";
        }
        return changed == 0
                ? "No case's pass fraction changed: the two sides cannot be told apart."
                : "Not enough evidence either way at p < 0.05: " + (changed == 1 ? "one flip" : "flips this few")
                        + " could be chance.";
    }

    static String sideName(Comparison c, boolean base) {
        var f = base ? c.base() : c.candidate();
        return f.variant() + " · run " + shortRun(f.runId());
    }

    /** A run id's last part, as the pickers and cards name a run: {@code 20261007T182504Z-7f3c2a} → {@code 7f3c2a}. */
    static String shortRun(String runId) {
        int dash = runId.lastIndexOf('-');
        return dash < 0 ? runId : runId.substring(dash + 1);
    }

    private void syncToggles() {
        syncing = true;
        try {
            Comparison c = model.comparisonProperty().get();
            for (var e : toggles.entrySet()) {
                e.getValue().setSelected(model.changeFilter().contains(e.getKey()));
                // no count before the cases are counted: "regressed 0" while loading would be a wrong figure
                e.getValue()
                        .setText(
                                c == null
                                        ? e.getKey().jsonName()
                                        : e.getKey().jsonName() + " "
                                                + c.counts().getOrDefault(e.getKey(), 0));
            }
        } finally {
            syncing = false;
        }
    }

    private void showCase(CaseComparison c) {
        caseOpen = c != null;
        arrangeSplit();
        casePane.show(c, model.comparisonProperty().get());
    }

    /**
     * Shares the split between the groups, the case table and the opened case. An opened case takes the height: the
     * figures fold into one line, the groups give way (they come back when the case closes) and the case table keeps
     * a couple of rows, to pick the next case; so its trials and transcripts show at 1280 × 820, grouped or not.
     * Closed, the case pane holds only "Open a case": it gives its height up to the cards and the tables.
     */
    private void arrangeSplit() {
        boolean groupsShown = model.groups().groupByProperty().get() != null && !caseOpen;
        if (groupsShown != split.getItems().contains(groupsPane)) {
            if (groupsShown) {
                split.getItems().add(0, groupsPane);
            } else {
                split.getItems().remove(groupsPane);
            }
        }
        table.setMinHeight(caseOpen ? 120 : 170);
        caseBox.setMinHeight(caseOpen ? CASE_OPEN_MIN : 44);
        foldFigures();
        if (groupsShown) {
            split.setDividerPositions(0.4, 0.8);
        } else {
            split.setDividerPositions(caseOpen ? 0.2 : 0.6); // open: the table at about its least height
        }
    }

    /** The figures in one line while a case is open: both sides' rates, the verdict and the trials it needs. */
    static String figuresLine(Comparison c) {
        if (c == null) {
            return "";
        }
        return "base " + sideName(c, true) + "  " + c.base().rateWithIntervalText() + ", "
                + c.base().basisText()
                + "   →   candidate " + sideName(c, false) + "  "
                + c.candidate().rateWithIntervalText() + ", " + c.candidate().basisText()
                // the verdict and its p kept on one line: "p =" and its number never part at a wrap
                + "   ·   " + (c.verdict().jsonName() + ", " + Comparison.pText(c.pValue())).replace(' ', '\u00a0')
                // what would tell the sides apart, as under the verdict's card: the words an unclear verdict needs
                + "   ·   " + c.trialsPlan().text();
    }

    static String outcome(CaseTally t) {
        return t == null ? "—" : t.outcome().jsonName() + "  " + t.countsText(); // infra said as infra
    }

    static String pillClass(CaseChange c) {
        return switch (c) {
            case REGRESSED -> "pill-danger";
            case FLAKY -> "pill-warning";
            case IMPROVED -> "pill-success";
            case ADDED, REMOVED -> "pill-accent";
            case NO_RESULT, UNCHANGED -> "pill-muted";
        };
    }
}
