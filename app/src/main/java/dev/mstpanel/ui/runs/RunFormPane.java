package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.KeepPolicy;
import dev.mstpanel.core.mst.RunChecks.Field;
import dev.mstpanel.core.mst.RunChecks.Severity;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.FormFields;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
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
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The left of the Runs view: the form that makes an {@code mst run} (or {@code mst grade}) command
 * line, with each field's problems beside it, and under it (always in view) the command preview,
 * MST's note and the Start and Cancel buttons. Reads and writes {@link RunViewModel}'s form
 * properties; starts nothing itself.
 */
final class RunFormPane extends BorderPane {
    private final RunViewModel model;
    private final DialogService dialogs;
    private final java.util.function.Consumer<String> openImages;
    private final VBox contextsBox = new VBox(6);

    /**
     * @param model the Runs view's model
     * @param dialogs shows notices
     * @param openImages shows the Images view on a context ("Rebuild the image on &lt;context&gt;")
     */
    RunFormPane(RunViewModel model, DialogService dialogs, java.util.function.Consumer<String> openImages) {
        this.model = model;
        this.dialogs = dialogs;
        this.openImages = openImages;
        ScrollPane formScroll = new ScrollPane(form());
        formScroll.setFitToWidth(true);
        formScroll.getStyleClass().add("edge-to-edge");
        setCenter(formScroll);
        setBottom(footer());
        setMinWidth(420);
    }

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
        client.textProperty()
                .bind(Bindings.when(model.clientTextProperty().isEmpty())
                        .then("read from the eval config")
                        .otherwise(model.clientTextProperty()));
        client.getStyleClass().add("client-line");
        addField(g, row, "Client", client, null, "client");

        Label settings = new Label();
        settings.setId("eval-settings");
        settings.setWrapText(true);
        settings.textProperty().bind(model.evalSettingsTextProperty());
        settings.getStyleClass().add("client-line");
        Label settingsLabel = addField(g, row, "In the container", settings, Field.EVAL_SETTINGS, "eval-settings");
        settingsLabel.visibleProperty().bind(model.evalSettingsTextProperty().isNotEmpty());
        settingsLabel.managedProperty().bind(settingsLabel.visibleProperty());
        settings.visibleProperty().bind(settingsLabel.visibleProperty());
        settings.managedProperty().bind(settingsLabel.visibleProperty());

        // contexts
        contextsBox.setId("contexts");
        model.contextChoices().addListener((ListChangeListener<ContextChoice>) c -> renderContexts());
        renderContexts();
        addField(g, row, "Contexts", contextsBox, Field.CONTEXTS, "contexts");

        addField(
                g,
                row,
                "Shards",
                text(
                        model.shardsProperty(),
                        "shards",
                        "1",
                        6,
                        "How many containers split the cases. It decides which shard each case is on: keep it when you resume."),
                Field.SHARDS,
                "shards");

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
        model.keepProperty()
                .addListener((o, a, b) -> keepGroup.getToggles().forEach(t -> t.setSelected(t.getUserData() == b)));
        Label keepHint = new Label("keep containers to look at afterwards (renamed <name>-kept)");
        keepHint.getStyleClass().addAll("text-muted", "text-small");
        keepHint.setWrapText(true);
        VBox keepBox = new VBox(2, keep, keepHint);
        runOnly(addField(g, row, "Keep", keepBox, Field.KEEP, "keep"), keepBox);
        addField(g, row, "Grading", gradingField(), null, "grading");

        TextField memory = text(
                model.memoryProperty(),
                "memory",
                "MST's default",
                8,
                "Each container's memory in Docker's syntax (8g, 512m). Default: all a context can spare for Cowork, 2g for others.");
        TextField cpus = text(
                model.cpusProperty(), "cpus", "no limit", 5, "Each container's CPUs (1.5, 4), at most a context's.");
        Label cpusLabel = new Label("cpus");
        cpusLabel.setLabelFor(cpus);
        cpusLabel.setMinWidth(Region.USE_PREF_SIZE);
        HBox sizing = new HBox(8, memory, cpusLabel, cpus);
        sizing.setAlignment(Pos.CENTER_LEFT);
        Label cpuMessage = message(Field.CPUS, "cpus");
        Label memMessage = message(Field.MEMORY, "memory");
        addField(g, row, "Memory", sizing, null, "memory-row");
        g.add(new VBox(2, memMessage, cpuMessage), 1, row[0]++);

        addField(
                g,
                row,
                "Image",
                text(
                        model.imageProperty(),
                        "image",
                        "mst-…-linux:<MST version>",
                        20,
                        "Another image, such as one your organization builds."),
                Field.IMAGE,
                "image");
        Node readyTimeout = FormFields.withUnit(
                text(
                        model.readyTimeoutProperty(),
                        "ready-timeout",
                        "1200",
                        6,
                        "Seconds a new container's desktop has to come up."),
                "seconds");
        runOnly(addField(g, row, "Ready timeout", readyTimeout, Field.READY_TIMEOUT, "ready-timeout"), readyTimeout);
        Node resume = text(
                model.resumeProperty(),
                "resume",
                "run id or its 6-hex short id",
                20,
                "Run only the trials a previous run is missing (--resume).");
        runOnly(addField(g, row, "Resume", resume, Field.RESUME, "resume"), resume);

        TextField secrets = text(
                model.secretsFileProperty(),
                "secrets-file",
                "none",
                20,
                "A JSON object of strings or KEY=VALUE lines. Only the path is shown; its values never appear in the panel.");
        addField(
                g,
                row,
                "Secrets file",
                withBrowse(secrets, "secrets-browse", model.secretsFileProperty(), w -> {
                    return dialogs.chooseFile(w, "Choose a secrets file", initialDir());
                }),
                Field.SECRETS_FILE,
                "secrets-file");

        TextField output = text(
                model.outputDirProperty(),
                "output-dir",
                ".mcp-test-results beside the eval config",
                20,
                "Where MST writes the run's results (--output-dir).");
        addField(
                g,
                row,
                "Output folder",
                withBrowse(output, "output-browse", model.outputDirProperty(), w -> {
                    return dialogs.chooseDirectory(w, "Choose the output folder", initialDir());
                }),
                Field.OUTPUT_DIR,
                "output-dir");

        return g;
    }

    /**
     * Where {@code mst run} grades: here (MST's default), in containers ({@code --grade-runner docker}),
     * or not at all ({@code --no-grade}, to grade later from Results); with grade containers, how many
     * fit on each chosen context (2 GiB each unless memory is set; docs/dev/mst-format.md, Capacity).
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
        model.gradingProperty()
                .addListener((o, a, b) -> group.getToggles().forEach(t -> t.setSelected(t.getUserData() == b)));
        Label hint = new Label();
        hint.setId("grading-hint");
        hint.getStyleClass().addAll("text-muted", "text-small");
        hint.setWrapText(true);
        hint.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> switch (model.gradingProperty().get()) {
                            case HERE -> "MST's default: it grades on this machine after collecting.";
                            case IN_CONTAINERS ->
                                "--grade-runner docker: grade shards share each context. Judges' SDKs need an Image of your own.";
                            case NONE -> "--no-grade: collect only, and grade later from Results (Grade…).";
                        },
                        model.gradingProperty()));
        Label capacity = new Label();
        capacity.setId("grade-capacity");
        capacity.setWrapText(true);
        capacity.getStyleClass().add("text-small");
        capacity.textProperty().bind(model.gradeCapacityProperty());
        // the count matters where grade containers run: with --grade-runner docker, or for mst grade
        capacity.visibleProperty()
                .bind(model.gradeCapacityProperty()
                        .isNotEmpty()
                        .and(model.gradingProperty()
                                .isEqualTo(dev.mstpanel.core.mst.Grading.IN_CONTAINERS)
                                .or(model.gradeRunProperty().isNotEmpty())));
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
        preview.textProperty()
                .bind(Bindings.when(model.previewProperty().isEmpty())
                        .then("Choose an eval config to see the command.")
                        .otherwise(model.previewProperty()));
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
        cancel.setTooltip(new Tooltip(
                "Cancel stops the shards and keeps the trials that came back; press again to stop at once."));
        Label startHint = new Label();
        startHint.setId("start-hint");
        startHint.getStyleClass().addAll("text-muted", "text-small");
        startHint.setWrapText(true);
        startHint
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            if (model.runningProperty().get()) {
                                return "MST is running.";
                            }
                            if (model.checkingProperty().get()) {
                                return "Checking…";
                            }
                            if (model.canStartProperty().get()) {
                                return "";
                            }
                            if (model.configPathProperty().get() == null
                                    || model.configPathProperty().get().isBlank()) {
                                return "Choose an eval config to start.";
                            }
                            return model.formErrorsProperty().get()
                                    ? "Fix the fields marked in red to start."
                                    : "MST is needed to start (see above).";
                        },
                        model.runningProperty(),
                        model.checkingProperty(),
                        model.canStartProperty(),
                        model.formErrorsProperty(),
                        model.configPathProperty()));
        // the buttons keep their labels whatever the hint says; the hint wraps in the room left
        start.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        startHint.setMinWidth(0);
        startHint.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(startHint, Priority.ALWAYS);
        HBox buttons = new HBox(10, start, cancel, startHint);
        buttons.setAlignment(Pos.CENTER_LEFT);
        Label estimate = new Label();
        estimate.setId("run-estimate");
        estimate.getStyleClass().addAll("text-muted", "text-small");
        estimate.setWrapText(true);
        estimate.setMaxWidth(Double.MAX_VALUE);
        estimate.textProperty().bind(model.estimateTextProperty());
        estimate.visibleProperty()
                .bind(model.estimateTextProperty()
                        .isNotEmpty()
                        .and(model.runningProperty().not()));
        estimate.managedProperty().bind(estimate.visibleProperty());
        estimate.setAccessibleText("estimate of the run");
        Label selection = new Label();
        selection.setId("run-selection");
        selection.setWrapText(true);
        selection.setMaxWidth(Double.MAX_VALUE);
        selection
                .textProperty()
                .bind(Bindings.createStringBinding(
                        () -> "Runs only "
                                + dev.mstpanel.core.text.ControlCharacters.escape(
                                        model.selectionProperty().get().describe())
                                + " (--case, --variant).",
                        model.selectionProperty()));
        Hyperlink everything = new Hyperlink("Run everything");
        everything.setId("run-selection-clear");
        everything.setOnAction(e -> model.selectionProperty().set(dev.mstpanel.core.mst.RunSelection.ALL));
        everything.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(selection, Priority.ALWAYS);
        HBox selectionBox = new HBox(8, selection, everything);
        selectionBox.setAlignment(Pos.CENTER_LEFT);
        selectionBox.getStyleClass().add("banner-warning");
        selectionBox
                .visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !model.selectionProperty().get().isAll(), model.selectionProperty()));
        selectionBox.managedProperty().bind(selectionBox.visibleProperty());
        Label grade = new Label();
        grade.setId("run-grade");
        grade.setWrapText(true);
        grade.setMaxWidth(Double.MAX_VALUE);
        grade.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> "Grades the run " + model.gradeRunProperty().get()
                                + " in containers (mst grade): its grades appear beside it in Results as a regrade.",
                        model.gradeRunProperty()));
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
        VBox footer = new VBox(6, selectionBox, gradeBox, previewHeader, preview, mstNote, buttons, estimate);
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
            m.getStyleClass()
                    .add(
                            st.severity() == Severity.ERROR
                                    ? "field-error"
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

    /** A path field with a Browse… button ({@code id}) after it: {@code choose} asks for the file or folder, put into {@code into}. */
    private Node withBrowse(
            TextField field,
            String id,
            javafx.beans.property.StringProperty into,
            java.util.function.Function<javafx.stage.Window, File> choose) {
        Button browse = new Button("Browse…");
        browse.setId(id);
        browse.setMinWidth(Region.USE_PREF_SIZE);
        browse.setOnAction(e -> {
            File f = choose.apply(getScene().getWindow());
            if (f != null) {
                into.set(f.getAbsolutePath());
            }
        });
        HBox.setHgrow(field, Priority.ALWAYS);
        return new HBox(8, field, browse);
    }

    private void renderContexts() {
        contextsBox.getChildren().clear();
        if (model.contextChoices().isEmpty()) {
            Label none = new Label(
                    "No Docker context yet: see the Contexts view. Without one, MST uses the current context.");
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
            boolean none = model.contextChoices().stream()
                    .noneMatch(c -> c.selectedProperty().get());
            hint.setVisible(none);
            hint.setManaged(none);
        };
        model.contextChoices().forEach(c -> c.selectedProperty().addListener((o, a, b) -> showHint.run()));
        showHint.run();
        contextsBox.getChildren().add(hint);
    }

    private void chooseConfig() {
        File f = dialogs.chooseFile(
                getScene().getWindow(),
                "Choose an eval config",
                initialDir(),
                new FileChooser.ExtensionFilter("Eval configs (*.json)", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        if (f != null) {
            model.chooseConfig(f.toPath());
        }
    }

    /** The folder the form's choosers open in (see below), or null for the system's choice. */
    private File initialDir() {
        File[] dir = new File[1];
        initialDir(d -> dir[0] = d);
        return dir[0];
    }

    private void initialDir(java.util.function.Consumer<File> set) {
        String current = model.configPathProperty().get();
        if ((current == null || current.isBlank())
                && model.browseFrom() != null
                && Files.isDirectory(model.browseFrom())) {
            set.accept(model.browseFrom().toFile()); // a re-run's project folder, named by the hint beside the field
            return;
        }
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
}
