package dev.mstpanel.ui.runs;

import dev.mstpanel.core.docker.ByteSize;
import dev.mstpanel.core.mst.KeepPolicy;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.ui.common.DialogService;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Runs view: the Run form on the left (eval config, client, contexts with their split, the
 * runner options, secrets file, output folder, each with its problem beside it, the command
 * preview, Start and Cancel), the live run on the right (overall bar, shard rows, memory chart,
 * log with search, result). Binds to {@link RunViewModel}; never starts processes itself.
 */
public final class RunView extends BorderPane {
    /** The lines of the log that stay in sight however short the window (22 px each). */
    static final int LOG_MIN_LINES = 6;
    private final RunViewModel model;
    private final DialogService dialogs;
    private final java.util.function.Consumer<Path> openInResults;
    private final java.util.function.Consumer<String> openImages;
    private final VBox contextsBox = new VBox(6);
    private final LineChart<Number, Number> chart;
    private final Map<Integer, XYChart.Series<Number, Number>> series = new TreeMap<>();

    /**
     * @param model the view model
     * @param dialogs shows notices
     * @param openInResults shows a run folder in the Results view (the shell's {@code Navigator#openResults})
     */
    public RunView(RunViewModel model, DialogService dialogs, java.util.function.Consumer<Path> openInResults) {
        this(model, dialogs, openInResults, context -> { }, null);
    }

    /**
     * @param openImages shows the Images view on a context ("Rebuild the image on &lt;context&gt;")
     */
    public RunView(RunViewModel model, DialogService dialogs, java.util.function.Consumer<Path> openInResults,
                   java.util.function.Consumer<String> openImages) {
        this(model, dialogs, openInResults, openImages, null);
    }

    /**
     * The Run view for a replay (issue 12): the live part only (no form, no Start or Cancel),
     * under a bar that says it is a replay and holds its controls.
     *
     * @param model a view model shown with {@link RunViewModel#watch}
     * @param dialogs shows notices
     * @param openInResults opens a run folder in the Results view's model
     * @param replayBar the replay's banner and controls
     * @return the view
     */
    public static RunView forReplay(RunViewModel model, DialogService dialogs, java.util.function.Consumer<Path> openInResults,
                                    Node replayBar) {
        return new RunView(model, dialogs, openInResults, context -> { }, Objects.requireNonNull(replayBar));
    }

    /** Offers the built-in demo in the empty live part ("nothing ran yet"). */
    public void setOnOpenDemo(Runnable open) {
        demoLink.setOnAction(e -> open.run());
        demoLink.setVisible(open != null);
        demoLink.setManaged(open != null);
    }

    private final Hyperlink demoLink = new Hyperlink("No Docker or MST at hand? Watch the demo run");

    private RunView(RunViewModel model, DialogService dialogs, java.util.function.Consumer<Path> openInResults,
                    java.util.function.Consumer<String> openImages, Node replayBar) {
        this.model = model;
        this.dialogs = dialogs;
        this.openInResults = openInResults;
        this.openImages = openImages;
        getStyleClass().addAll("view", "run-view");
        getStylesheets().add(Objects.requireNonNull(RunView.class.getResource("runs.css")).toExternalForm());

        Label title = new Label("Runs");
        title.getStyleClass().add("view-title");
        Label subtitle = new Label("Start an eval in Docker containers and watch every shard.");
        subtitle.getStyleClass().add("text-muted");
        VBox header = new VBox(2, title, subtitle);
        header.getStyleClass().add("view-header");
        setTop(header);

        NumberAxis x = new NumberAxis();
        x.setLabel("seconds since start");
        x.setForceZeroInRange(true);
        NumberAxis y = new NumberAxis();
        y.setLabel("MiB");
        y.setForceZeroInRange(true);
        chart = new LineChart<>(x, y);
        chart.setId("memory-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendSide(Side.RIGHT);
        chart.setPrefHeight(170);
        chart.setMinHeight(100); // gives way before the log and MST's end-of-run lines at a short window

        if (replayBar != null) {
            title.setText("Runs · replay");
            subtitle.setText("A recorded run, played back as it looked live. Nothing is running.");
            // the live part scrolls when the window is too short for it (at its end the result box
            // comes in), instead of squeezing the rows over the banner and the header
            Node liveNode = live();
            if (liveNode.lookup("#run-log") instanceof Region log) {
                log.setMinHeight(4 * 22 + 4); // four lines of the log stay in sight; the page scrolls instead
            }
            ScrollPane liveScroll = new ScrollPane(liveNode);
            liveScroll.setId("replay-live-scroll");
            liveScroll.setFitToWidth(true);
            liveScroll.setFitToHeight(true);
            liveScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            liveScroll.getStyleClass().add("edge-to-edge");
            VBox replay = new VBox(10, replayBar, liveScroll);
            VBox.setVgrow(liveScroll, Priority.ALWAYS);
            setCenter(replay);
            BorderPane.setMargin(replay, new Insets(12, 0, 0, 0));
            setPadding(new Insets(20, 24, 8, 24));
            return;
        }
        ScrollPane formScroll = new ScrollPane(form());
        formScroll.setFitToWidth(true);
        formScroll.getStyleClass().add("edge-to-edge");
        BorderPane formPane = new BorderPane(formScroll);
        formPane.setBottom(footer());
        formPane.setMinWidth(420);

        SplitPane split = new SplitPane(formPane, live());
        split.setDividerPositions(0.46);
        // a run needs the room: the form narrows when one starts (the divider can be dragged back)
        model.runningProperty().addListener((o, a, running) -> {
            if (running && split.getDividerPositions()[0] > 0.34) {
                split.setDividerPositions(0.34);
            }
        });
        split.getStyleClass().add("run-split");
        setCenter(split);
        BorderPane.setMargin(split, new Insets(12, 0, 0, 0));
        setPadding(new Insets(20, 24, 8, 24));
    }

    // ---- the form ----

    private Node form() {
        GridPane g = new GridPane();
        g.setId("run-form");
        g.getStyleClass().add("run-form");
        g.setHgap(12);
        g.setVgap(4);
        g.setPadding(new Insets(4, 16, 16, 2));
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        g.getColumnConstraints().addAll(labels, fields);
        int[] row = {0};

        // eval config
        ComboBox<String> config = new ComboBox<>(model.recentConfigs());
        config.setId("config-path");
        config.setEditable(true);
        config.setMaxWidth(Double.MAX_VALUE);
        config.setPromptText("eval.json");
        config.getEditor().textProperty().bindBidirectional(model.configPathProperty());
        config.setAccessibleText("eval config");
        config.setTooltip(new Tooltip("The eval config MST runs (recent ones in the list)"));
        Button browse = new Button("Browse…");
        browse.setId("config-browse");
        browse.setMinWidth(Region.USE_PREF_SIZE);
        browse.setOnAction(e -> chooseConfig());
        HBox.setHgrow(config, Priority.ALWAYS);
        addField(g, row, "Eval config", new HBox(8, config, browse), Field.CONFIG, "config");

        Label client = new Label();
        client.setId("client");
        client.setWrapText(true);
        client.textProperty().bind(Bindings.when(model.clientTextProperty().isEmpty())
                .then("read from the eval config").otherwise(model.clientTextProperty()));
        client.getStyleClass().add("client-line");
        addField(g, row, "Client", client, null, "client");

        // contexts
        contextsBox.setId("contexts");
        model.contextChoices().addListener((ListChangeListener<ContextChoice>) c -> renderContexts());
        renderContexts();
        addField(g, row, "Contexts", contextsBox, Field.CONTEXTS, "contexts");

        addField(g, row, "Shards", text(model.shardsProperty(), "shards", "1", 6,
                "How many containers split the cases. It decides which shard each case is on: keep it when you resume."),
                Field.SHARDS, "shards");

        ToggleGroup keepGroup = new ToggleGroup();
        javafx.scene.layout.FlowPane keep = new javafx.scene.layout.FlowPane(14, 4); // wraps in a narrow column
        for (KeepPolicy p : KeepPolicy.values()) {
            RadioButton b = new RadioButton(p.value());
            b.setId("keep-" + p.value());
            b.setToggleGroup(keepGroup);
            b.setUserData(p);
            b.setSelected(model.keepProperty().get() == p);
            keep.getChildren().add(b);
        }
        keepGroup.selectedToggleProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.keepProperty().set((KeepPolicy) b.getUserData());
            }
        });
        model.keepProperty().addListener((o, a, b) -> keepGroup.getToggles().forEach(t -> t.setSelected(t.getUserData() == b)));
        Label keepHint = new Label("keep containers to look at afterwards (renamed <name>-kept)");
        keepHint.getStyleClass().addAll("text-muted", "text-small");
        keepHint.setWrapText(true);
        VBox keepBox = new VBox(2, keep, keepHint);
        runOnly(addField(g, row, "Keep", keepBox, Field.KEEP, "keep"), keepBox);
        addField(g, row, "Grading", gradingField(), null, "grading");

        TextField memory = text(model.memoryProperty(), "memory", "MST's default", 8,
                "Each container's memory in Docker's syntax (8g, 512m). Default: all a context can spare for Cowork, 2g for others.");
        TextField cpus = text(model.cpusProperty(), "cpus", "no limit", 5, "Each container's CPUs (1.5, 4), at most a context's.");
        Label cpusLabel = new Label("cpus");
        cpusLabel.setLabelFor(cpus);
        cpusLabel.setMinWidth(Region.USE_PREF_SIZE);
        HBox sizing = new HBox(8, memory, cpusLabel, cpus);
        sizing.setAlignment(Pos.CENTER_LEFT);
        Label cpuMessage = message(Field.CPUS, "cpus");
        Label memMessage = message(Field.MEMORY, "memory");
        addField(g, row, "Memory", sizing, null, "memory-row");
        g.add(new VBox(2, memMessage, cpuMessage), 1, row[0]++);

        addField(g, row, "Image", text(model.imageProperty(), "image", "mst-…-linux:<MST version>", 20,
                "Another image, such as one your organization builds."), Field.IMAGE, "image");
        Node readyTimeout = withUnit(text(model.readyTimeoutProperty(), "ready-timeout", "1200", 6,
                "Seconds a new container's desktop has to come up."), "seconds");
        runOnly(addField(g, row, "Ready timeout", readyTimeout, Field.READY_TIMEOUT, "ready-timeout"), readyTimeout);
        Node resume = text(model.resumeProperty(), "resume", "run id or its 6-hex short id", 20,
                "Run only the trials a previous run is missing (--resume).");
        runOnly(addField(g, row, "Resume", resume, Field.RESUME, "resume"), resume);

        TextField secrets = text(model.secretsFileProperty(), "secrets-file", "none", 20,
                "A JSON object of strings or KEY=VALUE lines. Only the path is shown; its values never appear in the panel.");
        Button secretsBrowse = new Button("Browse…");
        secretsBrowse.setId("secrets-browse");
        secretsBrowse.setMinWidth(Region.USE_PREF_SIZE);
        secretsBrowse.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Choose a secrets file");
            initialDir(fc::setInitialDirectory);
            File f = fc.showOpenDialog(getScene().getWindow());
            if (f != null) {
                model.secretsFileProperty().set(f.getAbsolutePath());
            }
        });
        HBox.setHgrow(secrets, Priority.ALWAYS);
        addField(g, row, "Secrets file", new HBox(8, secrets, secretsBrowse), Field.SECRETS_FILE, "secrets-file");

        TextField output = text(model.outputDirProperty(), "output-dir", ".mcp-test-results beside the eval config", 20,
                "Where MST writes the run's results (--output-dir).");
        Button outputBrowse = new Button("Browse…");
        outputBrowse.setId("output-browse");
        outputBrowse.setMinWidth(Region.USE_PREF_SIZE);
        outputBrowse.setOnAction(e -> {
            DirectoryChooser dc = new DirectoryChooser();
            dc.setTitle("Choose the output folder");
            initialDir(dc::setInitialDirectory);
            File f = dc.showDialog(getScene().getWindow());
            if (f != null) {
                model.outputDirProperty().set(f.getAbsolutePath());
            }
        });
        HBox.setHgrow(output, Priority.ALWAYS);
        addField(g, row, "Output folder", new HBox(8, output, outputBrowse), Field.OUTPUT_DIR, "output-dir");

        return g;
    }

    /**
     * Where {@code mst run} grades: here (MST's default), in containers ({@code --grade-runner docker}),
     * or not at all ({@code --no-grade}, to grade later from Results); with grade containers, how many
     * fit on each chosen context (2 GiB each unless memory is set; contract, section 3).
     */
    private Node gradingField() {
        ToggleGroup group = new ToggleGroup();
        // the choices wrap to a second line in the narrow column a run leaves the form, instead of widening it
        javafx.scene.layout.FlowPane choices = new javafx.scene.layout.FlowPane(12, 4);
        String[][] labels = {{"here", "here"}, {"in-containers", "in containers"}, {"none", "don't grade"}};
        dev.mstpanel.core.mst.Grading[] values = dev.mstpanel.core.mst.Grading.values();
        for (int i = 0; i < values.length; i++) {
            RadioButton b = new RadioButton(labels[i][1]);
            b.setId("grading-" + labels[i][0]);
            b.setToggleGroup(group);
            b.setUserData(values[i]);
            b.setSelected(model.gradingProperty().get() == values[i]);
            b.setMinWidth(Region.USE_PREF_SIZE);
            choices.getChildren().add(b);
        }
        group.selectedToggleProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.gradingProperty().set((dev.mstpanel.core.mst.Grading) b.getUserData());
            }
        });
        model.gradingProperty().addListener((o, a, b) -> group.getToggles().forEach(t -> t.setSelected(t.getUserData() == b)));
        Label hint = new Label();
        hint.setId("grading-hint");
        hint.getStyleClass().addAll("text-muted", "text-small");
        hint.setWrapText(true);
        hint.textProperty().bind(Bindings.createStringBinding(() -> switch (model.gradingProperty().get()) {
            case HERE -> "MST's default: it grades on this machine after collecting.";
            case IN_CONTAINERS -> "--grade-runner docker: grade shards share each context. Judges' SDKs need an Image of your own.";
            case NONE -> "--no-grade: collect only, and grade later from Results (Grade…).";
        }, model.gradingProperty()));
        Label capacity = new Label();
        capacity.setId("grade-capacity");
        capacity.setWrapText(true);
        capacity.getStyleClass().add("text-small");
        capacity.textProperty().bind(model.gradeCapacityProperty());
        // the count matters where grade containers run: with --grade-runner docker, or for mst grade
        capacity.visibleProperty().bind(model.gradeCapacityProperty().isNotEmpty().and(
                model.gradingProperty().isEqualTo(dev.mstpanel.core.mst.Grading.IN_CONTAINERS).or(model.gradeRunProperty().isNotEmpty())));
        capacity.managedProperty().bind(capacity.visibleProperty());
        // mst grade grades in containers by definition: only the capacity line is left
        for (Node n : List.of(choices, hint)) {
            n.visibleProperty().bind(model.gradeRunProperty().isEmpty());
            n.managedProperty().bind(n.visibleProperty());
        }
        return new VBox(2, choices, hint, capacity);
    }

    /** The command preview, MST's note and the Start/Cancel buttons: always in view under the form. */
    private Node footer() {
        // preview
        TextArea preview = new TextArea();
        preview.setId("preview");
        preview.setEditable(false);
        preview.setWrapText(true);
        preview.setPrefRowCount(4);
        preview.getStyleClass().addAll("monospace", "command-preview");
        preview.textProperty().bind(Bindings.when(model.previewProperty().isEmpty())
                .then("Choose an eval config to see the command.").otherwise(model.previewProperty()));
        preview.setAccessibleText("command line preview");
        Button copy = new Button("Copy", new FontIcon(Feather.COPY));
        copy.setId("copy-preview");
        copy.disableProperty().bind(model.previewProperty().isEmpty());
        copy.setTooltip(new Tooltip("Copy the command line (it holds no secrets)"));
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(model.previewProperty().get());
            Clipboard.getSystemClipboard().setContent(c);
        });
        copy.setMinWidth(Region.USE_PREF_SIZE);
        Label previewLabel = new Label("Command");
        previewLabel.getStyleClass().add("form-label");
        Region previewGrow = new Region();
        HBox.setHgrow(previewGrow, Priority.ALWAYS);
        HBox previewHeader = new HBox(8, previewLabel, previewGrow, copy);
        previewHeader.setAlignment(Pos.CENTER_LEFT);

        Label mstNote = new Label();
        mstNote.setId("mst-note");
        mstNote.setWrapText(true);
        mstNote.getStyleClass().add("field-error");
        mstNote.textProperty().bind(model.mstNoteProperty());
        mstNote.visibleProperty().bind(model.mstNoteProperty().isNotEmpty());
        mstNote.managedProperty().bind(mstNote.visibleProperty());

        Button start = new Button("Start", new FontIcon(Feather.PLAY));
        start.setId("start-run");
        start.getStyleClass().add("accent");
        start.setDefaultButton(false);
        start.disableProperty().bind(model.canStartProperty().not());
        start.setOnAction(e -> model.start());
        Button cancel = new Button();
        cancel.setId("cancel-run");
        cancel.setGraphic(new FontIcon(Feather.X_CIRCLE));
        cancel.textProperty().bind(model.cancelLabelProperty());
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        cancel.setTooltip(new Tooltip("Cancel stops the shards and keeps the trials that came back; press again to stop at once."));
        Label startHint = new Label();
        startHint.setId("start-hint");
        startHint.getStyleClass().addAll("text-muted", "text-small");
        startHint.setWrapText(true);
        startHint.textProperty().bind(Bindings.createStringBinding(() -> {
            if (model.runningProperty().get()) {
                return "MST is running.";
            }
            if (model.checkingProperty().get()) {
                return "Checking…";
            }
            if (model.canStartProperty().get()) {
                return "";
            }
            if (model.configPathProperty().get() == null || model.configPathProperty().get().isBlank()) {
                return "Choose an eval config to start.";
            }
            return model.formErrorsProperty().get() ? "Fix the fields marked in red to start." : "MST is needed to start (see above).";
        }, model.runningProperty(), model.checkingProperty(), model.canStartProperty(), model.formErrorsProperty(), model.configPathProperty()));
        // the buttons keep their labels whatever the hint says; the hint wraps in the room left
        start.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        startHint.setMinWidth(0);
        startHint.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(startHint, Priority.ALWAYS);
        HBox buttons = new HBox(10, start, cancel, startHint);
        buttons.setAlignment(Pos.CENTER_LEFT);
        Label selection = new Label();
        selection.setId("run-selection");
        selection.setWrapText(true);
        selection.setMaxWidth(Double.MAX_VALUE);
        selection.textProperty().bind(Bindings.createStringBinding(() -> "Runs only " + model.selectionProperty().get().describe()
                + " (--case, --variant).", model.selectionProperty()));
        Hyperlink everything = new Hyperlink("Run everything");
        everything.setId("run-selection-clear");
        everything.setOnAction(e -> model.selectionProperty().set(dev.mstpanel.core.mst.RunSelection.ALL));
        everything.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(selection, Priority.ALWAYS);
        HBox selectionBox = new HBox(8, selection, everything);
        selectionBox.setAlignment(Pos.CENTER_LEFT);
        selectionBox.getStyleClass().add("banner-warning");
        selectionBox.visibleProperty().bind(Bindings.createBooleanBinding(() -> !model.selectionProperty().get().isAll(), model.selectionProperty()));
        selectionBox.managedProperty().bind(selectionBox.visibleProperty());
        Label grade = new Label();
        grade.setId("run-grade");
        grade.setWrapText(true);
        grade.setMaxWidth(Double.MAX_VALUE);
        grade.textProperty().bind(Bindings.createStringBinding(() -> "Grades the run " + model.gradeRunProperty().get()
                + " again in containers (mst grade): its regrade appears beside it in Results.", model.gradeRunProperty()));
        Hyperlink runInstead = new Hyperlink("Run the eval instead");
        runInstead.setId("run-grade-clear");
        runInstead.setOnAction(e -> model.gradeRunProperty().set(""));
        runInstead.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(grade, Priority.ALWAYS);
        HBox gradeBox = new HBox(8, grade, runInstead);
        gradeBox.setAlignment(Pos.CENTER_LEFT);
        gradeBox.getStyleClass().add("banner-warning");
        gradeBox.visibleProperty().bind(model.gradeRunProperty().isNotEmpty());
        gradeBox.managedProperty().bind(gradeBox.visibleProperty());
        VBox footer = new VBox(6, selectionBox, gradeBox, previewHeader, preview, mstNote, buttons);
        footer.getStyleClass().add("run-footer");
        footer.setPadding(new Insets(10, 16, 4, 2));
        return footer;
    }

    private Label addField(GridPane g, int[] row, String label, Node field, Field problems, String id) {
        Label l = new Label(label);
        l.getStyleClass().add("form-label");
        if (field instanceof javafx.scene.control.Control c) {
            l.setLabelFor(c);
        }
        GridPane.setValignment(l, javafx.geometry.VPos.TOP);
        GridPane.setMargin(l, new Insets(14, 0, 0, 0));
        GridPane.setMargin(field, new Insets(10, 0, 0, 0));
        g.add(l, 0, row[0]);
        g.add(field, 1, row[0]++);
        if (problems != null) {
            g.add(message(problems, id), 1, row[0]++);
        }
        return l;
    }

    /** Hides a row of {@code mst run} only (keep, ready timeout, resume) while the form grades a run ({@code mst grade}). */
    private void runOnly(Label label, Node field) {
        for (Node n : List.of(label, field)) {
            n.visibleProperty().bind(model.gradeRunProperty().isEmpty());
            n.managedProperty().bind(n.visibleProperty());
        }
    }

    /** The label beside a field showing its problems, styled by severity; hidden when there are none. */
    private Label message(Field field, String id) {
        Label m = new Label();
        m.setId(id + "-message");
        m.setWrapText(true);
        m.setMaxWidth(Double.MAX_VALUE);
        Runnable apply = () -> {
            RunViewModel.FieldState st = model.fieldStateProperty(field).get();
            m.getStyleClass().removeAll("field-error", "field-warning", "field-note");
            if (st.message() == null) {
                m.setText(null);
                m.setGraphic(null);
                m.setVisible(false);
                m.setManaged(false);
                return;
            }
            m.setText(st.message());
            m.getStyleClass().add(st.severity() == Severity.ERROR ? "field-error"
                    : st.severity() == Severity.WARNING ? "field-warning" : "field-note");
            FontIcon icon = new FontIcon(st.severity() == Severity.NOTE ? Feather.INFO : Feather.ALERT_CIRCLE);
            icon.getStyleClass().add("message-icon");
            m.setGraphic(icon);
            m.setVisible(true);
            m.setManaged(true);
        };
        model.fieldStateProperty(field).addListener((o, a, b) -> apply.run());
        apply.run();
        return m;
    }

    private TextField text(javafx.beans.property.StringProperty p, String id, String prompt, int columns, String tip) {
        TextField t = new TextField();
        t.setId(id);
        t.setPromptText(prompt);
        t.setPrefColumnCount(columns);
        t.textProperty().bindBidirectional(p);
        t.setTooltip(new Tooltip(tip));
        t.setAccessibleText(id.replace('-', ' '));
        t.setMaxWidth(columns >= 20 ? Double.MAX_VALUE : Region.USE_PREF_SIZE);
        return t;
    }

    private static Node withUnit(TextField t, String unit) {
        Label u = new Label(unit);
        u.getStyleClass().add("text-muted");
        HBox box = new HBox(8, t, u);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private void renderContexts() {
        contextsBox.getChildren().clear();
        if (model.contextChoices().isEmpty()) {
            Label none = new Label("No Docker context yet: see the Contexts view. Without one, MST uses the current context.");
            none.getStyleClass().add("text-muted");
            none.setWrapText(true);
            contextsBox.getChildren().add(none);
            return;
        }
        for (ContextChoice c : model.contextChoices()) {
            CheckBox box = new CheckBox(c.name());
            box.setId("context-" + c.name());
            box.selectedProperty().bindBidirectional(c.selectedProperty());
            box.disableProperty().bind(c.availableProperty().not());
            Label line = new Label();
            line.setId("context-" + c.name() + "-split");
            line.textProperty().bind(c.splitLineProperty());
            line.setWrapText(true);
            line.getStyleClass().addAll("text-small", "split-line");
            Tooltip why = new Tooltip();
            why.textProperty().bind(c.reasonProperty());
            c.reasonProperty().addListener((o, a, b) -> line.setTooltip(b == null ? null : why));
            if (c.reasonProperty().get() != null) {
                line.setTooltip(why);
            }
            Runnable style = () -> {
                line.getStyleClass().removeAll("capacity-bad", "text-muted");
                line.getStyleClass().add(c.splitBadProperty().get() ? "capacity-bad" : "text-muted");
            };
            c.splitBadProperty().addListener((o, a, b) -> style.run());
            style.run();
            VBox.setMargin(line, new Insets(0, 0, 0, 26));
            contextsBox.getChildren().add(new VBox(1, box, line));
        }
        Label hint = new Label("None chosen: MST uses the current context.");
        hint.getStyleClass().addAll("text-muted", "text-small");
        Runnable showHint = () -> {
            boolean none = model.contextChoices().stream().noneMatch(c -> c.selectedProperty().get());
            hint.setVisible(none);
            hint.setManaged(none);
        };
        model.contextChoices().forEach(c -> c.selectedProperty().addListener((o, a, b) -> showHint.run()));
        showHint.run();
        contextsBox.getChildren().add(hint);
    }

    private void chooseConfig() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Choose an eval config");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Eval configs (*.json)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        initialDir(fc::setInitialDirectory);
        File f = fc.showOpenDialog(getScene().getWindow());
        if (f != null) {
            model.chooseConfig(f.toPath());
        }
    }

    private void initialDir(java.util.function.Consumer<File> set) {
        String current = model.configPathProperty().get();
        if (current != null && !current.isBlank()) {
            try {
                Path dir = Path.of(current.strip()).toAbsolutePath().getParent();
                if (dir != null && Files.isDirectory(dir)) {
                    set.accept(dir.toFile());
                }
            } catch (RuntimeException e) {
                // a malformed path: the chooser opens where it likes
            }
        }
    }

    // ---- the live run ----

    private Node live() {
        Label placeholder = new Label("Fill in the form and press Start: each shard gets a row here, with its container, "
                + "its trials and its memory.");
        placeholder.setWrapText(true);
        placeholder.getStyleClass().add("text-muted");
        placeholder.setMaxWidth(420);
        demoLink.setId("open-demo-runs");
        demoLink.setVisible(false);
        demoLink.setManaged(false);
        VBox emptyText = new VBox(10, placeholder, demoLink);
        emptyText.setAlignment(Pos.CENTER);
        emptyText.setMaxWidth(420);
        StackPane empty = new StackPane(emptyText);
        empty.setId("run-placeholder");

        ProgressBar bar = new ProgressBar();
        bar.setId("run-progress");
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        Label counts = new Label();
        counts.setId("run-counts");
        counts.getStyleClass().add("run-counts");
        counts.textProperty().bind(model.countsTextProperty());
        Label times = new Label();
        times.setId("run-time");
        times.getStyleClass().add("text-muted");
        times.textProperty().bind(model.timeTextProperty());
        times.setMinWidth(Region.USE_PREF_SIZE);
        counts.setMinWidth(Region.USE_PREF_SIZE);
        Tooltip eta = new Tooltip("The ETA follows the observed trial rate; it is unknown when the panel cannot count the eval's cases.");
        times.setTooltip(eta);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox overallText = new HBox(12, counts, grow, times);
        VBox overall = new VBox(6, overallText, bar);

        Label result = new Label();
        result.setId("run-result");
        result.setWrapText(true);
        result.getStyleClass().add("run-result");
        result.setMaxWidth(Double.MAX_VALUE);
        result.setMinHeight(Region.USE_PREF_SIZE);
        result.textProperty().bind(model.resultTextProperty());
        Hyperlink open = new Hyperlink("Open in Results");
        open.setId("open-results");
        open.visibleProperty().bind(model.canOpenResultsProperty());
        open.managedProperty().bind(open.visibleProperty());
        open.setOnAction(e -> openResults());
        Button resume = new Button("Resume missing trials", new FontIcon(Feather.ROTATE_CW));
        resume.setId("resume-missing");
        resume.visibleProperty().bind(model.canResumeProperty());
        resume.managedProperty().bind(resume.visibleProperty());
        resume.disableProperty().bind(model.runningProperty());
        resume.setOnAction(e -> model.resumeMissing());
        open.setMinWidth(Region.USE_PREF_SIZE);
        resume.setMinWidth(Region.USE_PREF_SIZE);
        Button rebuild = new Button("", new FontIcon(Feather.LAYERS));
        rebuild.setId("rebuild-image");
        rebuild.textProperty().bind(Bindings.concat("Rebuild the image on ", model.staleImageContextProperty()));
        rebuild.visibleProperty().bind(model.staleImageContextProperty().isNotNull());
        rebuild.managedProperty().bind(rebuild.visibleProperty());
        rebuild.setTooltip(new javafx.scene.control.Tooltip("A shard stopped because the worker's MST differs from the run's: the context's MST image is stale."));
        rebuild.setOnAction(e -> openImages.accept(model.staleImageContextProperty().get()));
        rebuild.setMinWidth(Region.USE_PREF_SIZE);
        HBox actions = new HBox(12, resume, rebuild, open);
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.visibleProperty().bind(open.visibleProperty().or(resume.visibleProperty()).or(rebuild.visibleProperty()));
        actions.managedProperty().bind(actions.visibleProperty());
        VBox resultBox = new VBox(8, result, new EndOfRunView(model.endOfRunProperty()), actions);
        resultBox.getStyleClass().add("result-box");
        resultBox.visibleProperty().bind(model.resultTextProperty().isNotEmpty());
        resultBox.managedProperty().bind(resultBox.visibleProperty());

        ShardRowsView shards = new ShardRowsView(model.shardRows());
        ScrollPane shardScroll = new ScrollPane(shards);
        shardScroll.setFitToWidth(true);
        shardScroll.getStyleClass().add("edge-to-edge");
        shardScroll.setPrefViewportHeight(232);
        shardScroll.setMinViewportHeight(60);
        // every shard row stays in sight (up to the preferred 232 px) when the result box appears
        // at the end and the window is short: the log below gives way instead
        // and a few rows do not ask for more than they need, so the log gets the rest
        shards.heightProperty().addListener((o, a, h) -> {
            shardScroll.setMinViewportHeight(Math.max(60, Math.min(232, h.doubleValue())));
            shardScroll.setPrefViewportHeight(Math.max(60, Math.min(232, h.doubleValue())));
        });

        model.memoryHistoryProperty().addListener((o, a, b) -> updateChart(b));

        TextField search = new TextField();
        search.setId("log-search");
        search.setPromptText("Search the log");
        search.textProperty().bindBidirectional(model.logFilterProperty());
        search.setPrefColumnCount(18);
        Label logTitle = section("Log");
        Label logCount = new Label();
        logCount.getStyleClass().addAll("text-muted", "text-small");
        logCount.textProperty().bind(Bindings.createStringBinding(() -> {
            long all = model.linesReceivedProperty().get();
            String kept = all > model.log().size() ? " (the last " + model.log().size() + " of " + all + " are here; all are in the run's log file)" : "";
            return model.logFilterProperty().get().isBlank() ? model.log().size() + " lines" + kept
                    : model.filteredLog().size() + " of " + model.log().size() + " lines match";
        }, model.log(), model.filteredLog(), model.logFilterProperty(), model.linesReceivedProperty()));
        Region g2 = new Region();
        HBox.setHgrow(g2, Priority.ALWAYS);
        HBox logHeader = new HBox(10, logTitle, logCount, g2, search);
        logHeader.setAlignment(Pos.CENTER_LEFT);
        ListView<String> logView = new ListView<>(model.filteredLog());
        logView.setId("run-log");
        logView.getStyleClass().addAll("run-log", "dense");
        logView.setCellFactory(lv -> new LogCell());
        logView.setFixedCellSize(22); // one line per cell: no per-cell measuring while lines stream in
        logView.setPrefHeight(220);
        // the log keeps six lines when the result card and MST's end-of-run lines come at a short window
        logView.setMinHeight(LOG_MIN_LINES * 22 + 2);
        model.filteredLog().addListener((ListChangeListener<String>) c -> {
            if (!model.filteredLog().isEmpty() && model.logFilterProperty().get().isBlank()) {
                logView.scrollTo(model.filteredLog().size() - 1);
            }
        });
        VBox.setVgrow(logView, Priority.ALWAYS);

        VBox content = new VBox(10, overall, resultBox, section("Shards"), shardScroll, section("Memory per shard"), chart,
                logHeader, logView);
        content.setId("run-live");
        content.setPadding(new Insets(4, 2, 8, 16));
        content.visibleProperty().bind(model.hasRunProperty());
        empty.visibleProperty().bind(model.hasRunProperty().not());
        return new StackPane(empty, content);
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-title");
        return l;
    }

    private void updateChart(Map<Integer, List<MemorySample>> history) {
        if (history.isEmpty()) {
            chart.getData().clear();
            series.clear();
            return;
        }
        // units that keep the ticks readable: seconds for the first minutes, MiB under 1 GiB
        double lastSecond = history.values().stream().flatMap(List::stream).mapToDouble(MemorySample::seconds).max().orElse(0);
        long maxBytes = history.values().stream().flatMap(List::stream).mapToLong(MemorySample::bytes).max().orElse(0);
        boolean minutes = lastSecond >= 300;
        boolean gib = maxBytes >= ByteSize.GIB;
        double xScale = minutes ? 60.0 : 1.0;
        double yScale = gib ? ByteSize.GIB : ByteSize.MIB;
        chart.getXAxis().setLabel(minutes ? "minutes since start" : "seconds since start");
        chart.getYAxis().setLabel(gib ? "GiB" : "MiB");
        // a series for every shard from 1 up to the highest with samples, made in shard order: the chart
        // gives each new series the first free colour, so shard n has the n-th colour at every play,
        // whichever shard reported first (past COLOURED_SHARDS, in the order they report)
        int highest = history.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int k = 1; k <= Math.min(highest, COLOURED_SHARDS); k++) {
            seriesOf(k);
        }
        history.keySet().forEach(this::seriesOf);
        for (Map.Entry<Integer, XYChart.Series<Number, Number>> e : series.entrySet()) {
            // a shard the history has no samples of (not started yet, or a replay sought back before it) keeps its series, empty
            List<XYChart.Data<Number, Number>> points = history.getOrDefault(e.getKey(), List.of()).stream()
                    .map(m -> new XYChart.Data<Number, Number>(m.seconds() / xScale, m.bytes() / yScale)).toList();
            e.getValue().getData().setAll(points);
        }
    }

    /** The shards whose chart colour is their number's (the chart has 8 colours; they repeat past 8). */
    static final int COLOURED_SHARDS = 64;

    /** A shard's series, made and put in shard order on first use. */
    private XYChart.Series<Number, Number> seriesOf(int shard) {
        XYChart.Series<Number, Number> s = series.get(shard);
        if (s == null) {
            s = new XYChart.Series<>();
            s.setName("shard " + shard);
            series.put(shard, s);
            int at = (int) series.keySet().stream().filter(k -> k < shard).count();
            chart.getData().add(Math.min(at, chart.getData().size()), s);
        }
        return s;
    }

    private void openResults() {
        Path dir = model.resultsFolderToOpen();
        if (dir == null) {
            return;
        }
        openInResults.accept(dir);
    }

    /** A log line, with MST's out-of-memory and failure lines stood out. */
    private static final class LogCell extends ListCell<String> {
        private static final Predicate<String> BAD = s -> s.contains("ran out of memory") || s.contains("stopped:")
                || s.contains("trials are missing") || s.contains("Workspace unavailable") || s.contains("workspace was unavailable");

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().remove("log-bad");
            if (empty || item == null) {
                setText(null);
            } else {
                setText(item);
                if (BAD.test(item)) {
                    getStyleClass().add("log-bad");
                }
            }
        }
    }
}
