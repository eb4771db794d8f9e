package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.text.Texts;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.Pill;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.collections.SetChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The Results view: open a results folder, browse eval → run → variant → case → trial with counts
 * per status, filter by status (failures only in one click) and search case ids; the selected
 * run's header (phases, runner, shards, keep, pass figures) and the trial inspector beside.
 */
public final class ResultsView extends BorderPane {
    private final ResultsViewModel model;
    private final TrialInspectorViewModel inspector;
    /** The navigator's narrowest and preferred widths, in px. */
    static final double NAVIGATOR_MIN_WIDTH = 320;

    static final double NAVIGATOR_PREF_WIDTH = 480;
    private final TextField pathField = new TextField();
    private final TreeView<Node> tree = new TreeView<>();
    private final Map<TrialStatus, ToggleButton> toggles = new EnumMap<>(TrialStatus.class);
    private final Label statusScope = new Label();
    private final Label message = new Label();
    private final VBox runHeader = new VBox(6);
    private final Set<String> expanded = new HashSet<>();
    private final Set<String> collapsed = new HashSet<>();
    private boolean rebuilding;
    /** True while a click in the navigator sets the selected run and trial ({@link #select}). */
    private boolean selecting;

    private final dev.mstpanel.ui.results.compare.CompareViewModel compare;
    private final Button exportButton = new Button("Export…", new FontIcon(Feather.SHARE));
    private final HBox exportNotice = new HBox(8);
    private ResultsExport export;
    private VBox right;
    private FailuresByCausePane causes;
    /** Labels of failures, or null for a view without triage. */
    private TriageViewModel triage;

    private TriageBar triageBar;
    private final dev.mstpanel.ui.common.Navigator navigator;
    private final dev.mstpanel.ui.results.compare.TrendViewModel trend;

    /**
     * A navigator node.
     *
     * @param note muted text between the label and the counts (an eval's "3 runs · latest"), or null
     */
    record Node(
            Kind kind,
            String id,
            String label,
            Path runDir,
            TrialRecord trial,
            Map<TrialStatus, Integer> counts,
            String note) {
        Node(Kind kind, String id, String label, Path runDir, TrialRecord trial, Map<TrialStatus, Integer> counts) {
            this(kind, id, label, runDir, trial, counts, null);
        }
    }

    enum Kind {
        EVAL,
        RUN,
        VARIANT,
        CASE,
        TRIAL
    }

    private final Label demoMark = new Label(
            "Demo data: a run the panel recorded of a stand-in for MST, copied into the panel's "
                    + "data folder. These are not your results.",
            new FontIcon(Feather.INFO));
    private final javafx.scene.control.Hyperlink demoLink = new javafx.scene.control.Hyperlink(
            "Nothing open yet? Open the demo's results (a recorded 3-shard run with failed trials)");
    private Path demoFolder;
    private boolean demoOffered;

    /**
     * Marks demo data and offers the demo: a banner while a folder under
     * {@code demoFolder} is open, a link while nothing is open.
     *
     * @param demoFolder where the demo's results are copied ({@code <data folder>/demo})
     * @param openDemo opens the demo's results
     */
    public void setDemo(Path demoFolder, Runnable openDemo) {
        this.demoFolder = demoFolder.toAbsolutePath().normalize();
        this.demoOffered = openDemo != null;
        demoLink.setOnAction(e -> openDemo.run());
        updateDemo();
    }

    private void updateDemo() {
        Path at = model.locationProperty().get();
        demoMark.setVisible(demoFolder != null
                && at != null
                && at.toAbsolutePath().normalize().startsWith(demoFolder));
        demoLink.setVisible(demoOffered && at == null);
    }

    public ResultsView(
            ResultsViewModel model, TrialInspectorViewModel inspector, DialogService dialogs, Executor background) {
        this(model, inspector, dialogs, background, null, null, null);
    }

    /**
     * @param compare the Compare screen's state, or null for a view without it
     * @param navigator opens the Compare screen and the Runs form, or null (then with {@code compare} null too)
     * @param trend the trend screen's state, or null (with {@code compare} null too)
     */
    public ResultsView(
            ResultsViewModel model,
            TrialInspectorViewModel inspector,
            DialogService dialogs,
            Executor background,
            dev.mstpanel.ui.results.compare.CompareViewModel compare,
            dev.mstpanel.ui.common.Navigator navigator,
            dev.mstpanel.ui.results.compare.TrendViewModel trend) {
        this.model = model;
        this.inspector = inspector;
        this.compare = compare;
        this.navigator = navigator;
        this.trend = trend;
        getStyleClass().add("results-view");

        Label title = new Label("Results");
        title.getStyleClass().add("view-title");
        pathField.setId("results-path");
        pathField.setPromptText(
                "Your eval's project folder, a .mcp-test-results folder, an eval folder or a run folder");
        pathField.setOnAction(e -> openTyped());
        HBox.setHgrow(pathField, Priority.ALWAYS);
        Button browse = new Button("Browse…", new FontIcon(Feather.FOLDER));
        browse.setOnAction(e -> {
            Path cur = model.locationProperty().get();
            File f = dialogs.chooseDirectory(
                    getScene() == null ? null : getScene().getWindow(),
                    "Open MST results",
                    cur != null && Files.isDirectory(cur) ? cur.toFile() : null);
            if (f != null) {
                openFolder(f.toPath());
            }
        });
        Button reload = new Button(null, new FontIcon(Feather.REFRESH_CW));
        reload.setTooltip(new Tooltip("Read the folder again"));
        reload.setOnAction(e -> openTyped());
        exportButton.setId("results-export");
        exportButton.setTooltip(
                new Tooltip("Save the trial, run or comparison shown as one HTML file that opens in any browser"));
        exportButton.setOnAction(e -> export());
        exportButton.setVisible(false);
        exportButton.managedProperty().bind(exportButton.visibleProperty());
        HBox openBar = new HBox(8, title, pathField, browse, reload, exportButton);
        openBar.setAlignment(Pos.CENTER_LEFT);

        FlowPane filters = new FlowPane(6, 6);
        filters.setAlignment(Pos.CENTER_LEFT);
        Button failures = new Button("Failures only", new FontIcon(Feather.ALERT_OCTAGON));
        failures.setId("failures-only");
        failures.setOnAction(e -> model.failuresOnly());
        Button all = new Button("All");
        all.setId("all-statuses");
        all.setOnAction(e -> model.allStatuses());
        failures.getStyleClass().add("small");
        all.getStyleClass().add("small");
        filters.getChildren().addAll(failures, all);
        // the chips count every run shown while the header counts the selected run: the scope said in words
        statusScope.setId("status-scope");
        statusScope.getStyleClass().addAll("text-muted", "text-small");
        statusScope.setMinWidth(Region.USE_PREF_SIZE);
        filters.getChildren().add(statusScope);
        for (TrialStatus s : TrialStatus.values()) {
            ToggleButton t = new ToggleButton(s.jsonName());
            t.setId("status-" + s.jsonName());
            t.getStyleClass().addAll("small", "status-toggle", pillClass(s));
            t.setSelected(true);
            t.selectedProperty().addListener((o, a, b) -> {
                if (!rebuilding) {
                    model.toggleStatus(s, b);
                }
            });
            toggles.put(s, t);
            filters.getChildren().add(t);
        }
        TextField search = new TextField();
        search.setId("case-search");
        search.setPromptText("Search case ids…");
        search.textProperty().bindBidirectional(model.caseSearchProperty());
        search.setPrefColumnCount(16);

        message.setWrapText(true);
        message.getStyleClass().add("banner-warning");
        message.setId("results-message");
        message.managedProperty().bind(message.visibleProperty());
        message.visibleProperty().bind(model.messageProperty().isNotNull());
        message.textProperty().bind(model.messageProperty());

        tree.setId("results-tree");
        tree.setShowRoot(false);
        tree.setCellFactory(tv -> new NodeCell(this::labelOf));
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> select(item));
        Label loading = new Label("Reading…");
        loading.getStyleClass().add("text-muted");
        loading.visibleProperty().bind(model.loadingProperty());
        loading.managedProperty().bind(loading.visibleProperty());
        // the search across trials, the failures by cause: panes of their own
        TrialSearchBar trialSearch =
                new TrialSearchBar(new TrialSearchViewModel(model, dev.mstpanel.ui.common.UiExecutor.fx(), background));
        causes = new FailuresByCausePane(model);
        RunGroupsPane groups = new RunGroupsPane(model.groups());
        VBox left = new VBox(8, search, trialSearch, filters, causes, groups, loading, tree);
        VBox.setVgrow(tree, Priority.ALWAYS);
        left.setPadding(new Insets(0, 8, 8, 0));
        // wide enough for a case name and its count badges without a horizontal scroll bar
        left.setMinWidth(NAVIGATOR_MIN_WIDTH);
        left.setPrefWidth(NAVIGATOR_PREF_WIDTH);
        left.setId("results-navigator");

        runHeader.setId("run-header");
        runHeader.getStyleClass().add("run-header");
        runHeader.managedProperty().bind(runHeader.visibleProperty());
        runHeader.setVisible(false);
        TrialInspectorView inspectorView = new TrialInspectorView(inspector, dialogs, background);
        inspectorView.setExtraTop(new CaseHistoryBar(model));
        inspectorView.setAlignWith(model::passingTrialOf, dir -> {
            ResultsViewModel.RunState r = model.run(dir);
            return r == null || r.info() == null ? null : r.info().redactStoredResponses();
        });
        right = new VBox(runHeader, inspectorView);
        VBox.setVgrow(inspectorView, Priority.ALWAYS);

        SplitPane split = new SplitPane(left, right);
        split.setId("results-split");
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.36);
        SplitPane.setResizableWithParent(left, false);

        demoMark.setId("results-demo-mark");
        demoMark.getStyleClass().add("banner-info");
        demoMark.setWrapText(true);
        demoMark.setMaxWidth(Double.MAX_VALUE);
        demoLink.setId("open-demo-results");
        for (javafx.scene.Node n : List.of(demoMark, demoLink)) {
            n.setVisible(false);
            n.managedProperty().bind(n.visibleProperty());
        }
        model.locationProperty().addListener((o, a, p) -> updateDemo());
        exportNotice.setId("export-notice");
        exportNotice.setVisible(false);
        exportNotice.managedProperty().bind(exportNotice.visibleProperty());
        VBox top = new VBox(10, openBar, message, exportNotice, demoMark, demoLink);
        top.setPadding(new Insets(16, 16, 10, 16));
        setTop(top);
        setCenter(split);
        if (compare != null) {
            // the Compare screen takes the whole width below the folder bar; Back returns to the navigator
            var compareView = new dev.mstpanel.ui.results.compare.CompareView(compare, navigator);
            compareView.visibleProperty().bind(compare.shownProperty());
            var trendView = new dev.mstpanel.ui.results.compare.TrendView(trend, this::openFromTrend);
            trendView
                    .visibleProperty()
                    .bind(trend.shownProperty().and(compare.shownProperty().not()));
            split.visibleProperty()
                    .bind(compare.shownProperty()
                            .not()
                            .and(trend.shownProperty().not()));
            // a hidden screen is not laid out (the navigator of a 10,000-trial run is costly to lay out for nothing)
            split.managedProperty().bind(split.visibleProperty());
            compareView.managedProperty().bind(compareView.visibleProperty());
            trendView.managedProperty().bind(trendView.visibleProperty());
            setCenter(new javafx.scene.layout.StackPane(split, compareView, trendView));
            tree.setContextMenu(compareMenu());
        }
        BorderPane.setMargin(split, new Insets(0, 16, 12, 16));

        model.revisionProperty().addListener((o, a, b) -> rebuild());
        model.statusFilter().addListener((SetChangeListener<TrialStatus>) c -> rebuild());
        model.caseSearchProperty().addListener((o, a, b) -> rebuild());
        model.causeFilterProperty().addListener((o, a, b) -> rebuild());
        model.locationProperty().addListener((o, a, p) -> {
            pathField.setText(p == null ? "" : p.toString());
            expanded.clear();
            collapsed.clear();
        });
        model.selectedTrialProperty().addListener((o, a, t) -> {
            RunInfo info = t == null
                    ? null
                    : model.run(t.runDir()) == null
                            ? null
                            : model.run(t.runDir()).info();
            inspector.open(t, info == null ? null : info.redactStoredResponses());
            if (compare != null && !selecting || headerFoldChosen == null) {
                updateRunHeader(); // the variant cards shrink to one line while a trial is open; a short window folds
                // the header
            }
        });
        model.selectedRunDirProperty().addListener((o, a, b) -> {
            if (!selecting) {
                updateRunHeader();
            }
        });
        if (model.locationProperty().get() != null) {
            pathField.setText(model.locationProperty().get().toString());
        }
        focusNavigatorOnOpen();
        rebuild();
    }

    /**
     * Keyboard triage starts at once: a folder opened, or the view shown with one open, puts the focus on the
     * navigator's tree, so J and K move between failures instead of typing into "Search case ids" (the first
     * text field, where the scene would put the focus by itself). Shown, the focus moves only when it is nowhere, in
     * the view left, or in one of this view's empty text fields: a person moving through the sidebar by keyboard
     * keeps it there.
     */
    private void focusNavigatorOnOpen() {
        model.locationProperty().addListener((o, a, p) -> {
            if (p != null) {
                focusNavigator();
            }
        });
        sceneProperty().addListener((o, a, scene) -> {
            if (scene != null && model.locationProperty().get() != null) {
                javafx.application.Platform.runLater(() -> {
                    javafx.scene.Node owner = scene.getFocusOwner();
                    if (owner == null
                            || owner.getScene() != scene // the view left had it: the scene would pick the search
                            || (owner instanceof javafx.scene.control.TextInputControl field
                                    && field.getText().isEmpty()
                                    && isInThisView(owner))) {
                        tree.requestFocus();
                    }
                });
            }
        });
    }

    /** Puts the focus on the navigator's tree (after the view is shown), so the triage keys act at once. */
    public void focusNavigator() {
        javafx.application.Platform.runLater(() -> {
            if (getScene() != null && tree.isVisible() && tree.getScene() != null) {
                tree.requestFocus();
            }
        });
    }

    private boolean isInThisView(javafx.scene.Node n) {
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) {
            if (p == this) {
                return true;
            }
        }
        return false;
    }

    /**
     * Builds the view; when nothing is open yet and the working folder has a
     * {@code .mcp-test-results}, opens it (users start the panel from their eval's folder).
     */
    public static ResultsView openDefault(
            ResultsViewModel model, TrialInspectorViewModel inspector, DialogService dialogs, Executor background) {
        return openDefault(model, inspector, dialogs, background, null, null, null);
    }

    /** As {@link #openDefault(ResultsViewModel, TrialInspectorViewModel, DialogService, Executor)}, with the Compare screen. */
    public static ResultsView openDefault(
            ResultsViewModel model,
            TrialInspectorViewModel inspector,
            DialogService dialogs,
            Executor background,
            dev.mstpanel.ui.results.compare.CompareViewModel compare,
            dev.mstpanel.ui.common.Navigator navigator,
            dev.mstpanel.ui.results.compare.TrendViewModel trend) {
        ResultsView v = new ResultsView(model, inspector, dialogs, background, compare, navigator, trend);
        Path here = Path.of(System.getProperty("user.dir", ".")).resolve(".mcp-test-results");
        if (model.locationProperty().get() == null) {
            model.openIfFolder(here); // looked at off the FX thread: the first frame does not wait on the disk
        }
        return v;
    }

    /**
     * Lets this view export what it shows (its Export… button, File → Export…), with a notice under the folder bar
     * that says where the file went and offers Open and Reveal. Call on the FX thread, once.
     */
    public void enableExport(ResultsExport e) {
        this.export = e;
        exportButton.setVisible(true);
        exportButton.disableProperty().bind(e.busyProperty());
        Label text = new Label();
        text.setId("export-notice-text");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        text.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> e.exportedProperty().get() != null
                                ? "Exported to " + e.exportedProperty().get()
                                : e.busyProperty().get()
                                        ? "Exporting…"
                                        : e.messageProperty().get(),
                        e.exportedProperty(),
                        e.messageProperty(),
                        e.busyProperty()));
        Button open = new Button("Open");
        open.setId("export-open");
        open.setOnAction(x -> e.openExported());
        Button reveal = new Button("Reveal");
        reveal.setId("export-reveal");
        reveal.setTooltip(new Tooltip("Open the folder it is in"));
        reveal.setOnAction(x -> e.revealExported());
        for (Button b : List.of(open, reveal)) {
            b.getStyleClass().add("small");
            b.visibleProperty().bind(e.exportedProperty().isNotNull());
            b.managedProperty().bind(b.visibleProperty());
        }
        Button close = new Button("", new FontIcon(Feather.X));
        close.getStyleClass().addAll("flat", "small");
        close.setAccessibleText("Dismiss the notice");
        close.setOnAction(x -> e.dismiss());
        exportNotice.getChildren().setAll(text, open, reveal, close);
        exportNotice.setAlignment(Pos.CENTER_LEFT);
        exportNotice.getStyleClass().add("banner-info");
        exportNotice
                .visibleProperty()
                .bind(e.exportedProperty()
                        .isNotNull()
                        .or(e.messageProperty().isNotNull())
                        .or(e.busyProperty()));
    }

    /** Exports what is shown (File → Export…, the Export… button); does nothing before {@link #enableExport}. */
    public void export() {
        if (export != null) {
            export.export(shownForExport());
        }
    }

    /**
     * What this view shows, as an export takes it: the comparison when the Compare screen is up, else the trial
     * open in the inspector, else the run selected; null when nothing is.
     */
    public dev.mstpanel.core.export.ExportSubject shownForExport() {
        if (compare != null && compare.shownProperty().get()) {
            var base = compare.baseProperty().get();
            var candidate = compare.candidateProperty().get();
            return base == null || candidate == null
                    ? null
                    : dev.mstpanel.core.export.ExportSubject.comparison(
                            base.runDir(), base.variant(), candidate.runDir(), candidate.variant());
        }
        TrialRecord trial = model.selectedTrialProperty().get();
        if (trial != null && trial.traceFile() != null) {
            return dev.mstpanel.core.export.ExportSubject.trial(
                    trial.traceFile(), trial.caseId() + "-" + trial.number() + "-" + trial.variant());
        }
        Path run = model.selectedRunDirProperty().get();
        return run == null ? null : dev.mstpanel.core.export.ExportSubject.run(run, String.valueOf(run.getFileName()));
    }

    private void openTyped() {
        String text = pathField.getText() == null ? "" : pathField.getText().strip();
        if (text.startsWith("~/")) {
            text = System.getProperty("user.home") + text.substring(1);
        }
        if (!text.isEmpty()) {
            openFolder(Path.of(text));
        }
    }

    /** Opens a folder the user chose or typed (or Refresh): read anew, its runs' summary.json files too. */
    private void openFolder(Path folder) {
        if (compare != null) {
            compare.forgetSummaries();
        }
        // another folder: the trend or comparison of the one before would stay on screen over it
        Path shown = model.locationProperty().get();
        if (shown == null
                || !shown.toAbsolutePath()
                        .normalize()
                        .equals(folder.toAbsolutePath().normalize())) {
            if (trend != null) {
                trend.close();
            }
            if (compare != null) {
                compare.close();
            }
        }
        model.open(folder);
    }

    private void select(TreeItem<Node> item) {
        if (rebuilding || item == null) {
            return;
        }
        Node n = item.getValue();
        // the run and the trial change together: the run header is built once, after both (not once per change)
        selecting = true;
        try {
            model.selectedRunDirProperty().set(n.runDir());
            if (n.kind() == Kind.TRIAL) {
                model.selectedTrialProperty().set(n.trial());
            } else if (n.kind() == Kind.CASE && !item.getChildren().isEmpty()) {
                // a case opens its first trial shown: two clicks from the list to why it failed
                model.selectedTrialProperty()
                        .set(item.getChildren().get(0).getValue().trial());
            }
        } finally {
            selecting = false;
        }
        updateRunHeader();
    }

    /** Rebuilds the navigator from the model, keeping what was expanded and selected. */
    private void rebuild() {
        rebuilding = true;
        try {
            Map<TrialStatus, Integer> totals = model.totalCounts();
            int shown = model.runs().size();
            statusScope.setText(
                    shown == 1 ? "trials of 1 run:" : String.format(Locale.ROOT, "trials of all %,d runs:", shown));
            // a partial run whose missing trials have no trace: how many is unknown, not 0
            boolean missingUnknown = model.runs().stream()
                    .anyMatch(r -> r.info().isPartial() && r.counts().getOrDefault(TrialStatus.MISSING, 0) == 0);
            for (var e : toggles.entrySet()) {
                e.getValue().setSelected(model.statusFilter().contains(e.getKey()));
                int n = totals.getOrDefault(e.getKey(), 0);
                boolean unknown = e.getKey() == TrialStatus.MISSING && missingUnknown && n == 0;
                e.getValue()
                        .setText(e.getKey().jsonName()
                                + (unknown ? "" : String.format(Locale.ROOT, " %,d", n))); // 3,298 as below it
                e.getValue()
                        .setTooltip(
                                unknown
                                        ? new Tooltip(
                                                "A partial run: its files do not say how many trials are missing.")
                                        : null);
            }
            TreeItem<Node> root = new TreeItem<>(new Node(Kind.EVAL, "", "", null, null, Map.of()));
            Map<String, List<ResultsViewModel.RunState>> byEval = new LinkedHashMap<>();
            for (ResultsViewModel.RunState r : model.runs()) {
                byEval.computeIfAbsent(r.info().evalName(), k -> new ArrayList<>())
                        .add(r);
            }
            TrialRecord sel = model.selectedTrialProperty().get();
            TreeItem<Node> toSelect = null;
            for (var ev : byEval.entrySet()) {
                String evalId = "e:" + ev.getKey();
                // an eval shows how many runs it has and its latest run's figures, not a sum over runs
                Map<TrialStatus, Integer> evalCounts = Map.of();
                RunInfo latestRun = null;
                TreeItem<Node> evalItem = new TreeItem<>();
                for (ResultsViewModel.RunState r : ev.getValue()) {
                    RunInfo info = r.info();
                    String runId = "r:" + info.dir();
                    Map<TrialStatus, Integer> runCounts = new EnumMap<>(TrialStatus.class);
                    TreeItem<Node> runItem = new TreeItem<>();
                    Map<String, TreeItem<Node>> variants = new LinkedHashMap<>();
                    Map<String, Map<TrialStatus, Integer>> variantCounts = new LinkedHashMap<>();
                    Map<String, TreeItem<Node>> cases = new LinkedHashMap<>();
                    Map<String, Map<TrialStatus, Integer>> caseCounts = new LinkedHashMap<>();
                    for (TrialRecord t : r.trials()) {
                        if (!model.shows(t)) {
                            continue;
                        }
                        String vId = runId + "/v:" + t.key().variantSegment();
                        String cId = vId + "/c:" + t.key().caseSegment();
                        TreeItem<Node> vItem = variants.computeIfAbsent(vId, k -> new TreeItem<>());
                        if (vItem.getValue() == null) {
                            vItem.setValue(new Node(
                                    Kind.VARIANT,
                                    vId,
                                    t.variant(),
                                    info.dir(),
                                    null,
                                    variantCounts.computeIfAbsent(vId, k -> new EnumMap<>(TrialStatus.class))));
                            runItem.getChildren().add(vItem);
                        }
                        TreeItem<Node> cItem = cases.get(cId);
                        if (cItem == null) {
                            cItem = new TreeItem<>(new Node(
                                    Kind.CASE,
                                    cId,
                                    t.caseDisplay(),
                                    info.dir(),
                                    null,
                                    caseCounts.computeIfAbsent(cId, k -> new EnumMap<>(TrialStatus.class))));
                            cases.put(cId, cItem);
                            vItem.getChildren().add(cItem);
                        }
                        String tId = cId + "/t:" + t.trial();
                        TreeItem<Node> tItem = new TreeItem<>(new Node(
                                Kind.TRIAL, tId, "trial #" + t.number(), info.dir(), t, Map.of(t.status(), 1)));
                        cItem.getChildren().add(tItem);
                        caseCounts.get(cId).merge(t.status(), 1, Integer::sum);
                        variantCounts.get(vId).merge(t.status(), 1, Integer::sum);
                        runCounts.merge(t.status(), 1, Integer::sum);
                        if (sel != null
                                && sel.runDir().equals(t.runDir())
                                && sel.key().equals(t.key())) {
                            toSelect = tItem;
                        }
                        if (expanded.contains(cId)) {
                            cItem.setExpanded(true);
                        }
                    }
                    for (TreeItem<Node> v : variants.values()) {
                        v.setExpanded(!collapsed.contains(v.getValue().id()));
                        track(v);
                    }
                    cases.values().forEach(this::track);
                    String note = r.note(System.currentTimeMillis());
                    String label = info.runId() + (note.isEmpty() ? "" : "  " + note);
                    runItem.setValue(new Node(Kind.RUN, runId, label, info.dir(), null, runCounts));
                    // the latest by start, as "previous run" and the trend take it (RunInfo.BY_START)
                    if (latestRun == null || RunInfo.BY_START.compare(info, latestRun) > 0) {
                        latestRun = info;
                        evalCounts = runCounts;
                    }
                    runItem.setExpanded(!collapsed.contains(runId));
                    track(runItem);
                    evalItem.getChildren().add(runItem);
                }
                int runCount = ev.getValue().size();
                evalItem.setValue(new Node(
                        Kind.EVAL,
                        evalId,
                        ev.getKey(),
                        null,
                        null,
                        evalCounts,
                        runCount == 1 ? "1 run" : runCount + " runs · latest"));
                evalItem.setExpanded(!collapsed.contains(evalId));
                track(evalItem);
                root.getChildren().add(evalItem);
            }
            tree.setRoot(root);
            if (toSelect != null) {
                TreeItem<Node> p = toSelect.getParent();
                while (p != null) {
                    p.setExpanded(true);
                    p = p.getParent();
                }
                tree.getSelectionModel().select(toSelect);
            }
            if (!root.getChildren().isEmpty()) {
                TranscriptWarmUp.afterListing(this); // the first transcript opened then opens fast
            }
        } finally {
            rebuilding = false;
        }
        updateRunHeader();
    }

    private void track(TreeItem<Node> item) {
        item.expandedProperty().addListener((o, a, b) -> {
            if (rebuilding) {
                return;
            }
            String id = item.getValue().id();
            if (b) {
                expanded.add(id);
                collapsed.remove(id);
            } else {
                collapsed.add(id);
                expanded.remove(id);
            }
        });
    }

    /** Whether the person folded (true) or unfolded (false) the run header; null while they have not chosen. */
    private Boolean headerFoldChosen;

    /** Below this window height a trial opened under the run header gets the room: the header folds unless the person unfolded it. */
    static final double FOLD_BELOW_HEIGHT = 850;

    /**
     * Whether the run header shows only its title line: as the person chose, else folded while a
     * trial is open in a window under {@link #FOLD_BELOW_HEIGHT} (at 1280 x 820 the header's facts
     * and cards left the transcript about 125 px).
     */
    private boolean headerFolded() {
        if (headerFoldChosen != null) {
            return headerFoldChosen;
        }
        return model.selectedTrialProperty().get() != null
                && runHeader.getScene() != null
                && runHeader.getScene().getHeight() < FOLD_BELOW_HEIGHT;
    }

    private void updateRunHeader() {
        Path dir = model.selectedRunDirProperty().get();
        ResultsViewModel.RunState r = model.run(dir);
        if (r == null && !model.runs().isEmpty() && model.runs().size() == 1) {
            r = model.runs().get(0);
        }
        if (r == null) {
            runHeader.setVisible(false);
            return;
        }
        RunInfo info = r.info();
        List<javafx.scene.Node> facts = RunHeaderFacts.of(info, r.counts());
        // the header can fold to its title line, so a trial opened below it gets the window's height (a 1280 x 820
        // window left the transcript about 200 px under the run's facts and cards)
        boolean headerFolded = headerFolded();
        Button fold = new Button(
                headerFolded ? "Show run details" : "Hide run details",
                new FontIcon(headerFolded ? Feather.CHEVRON_DOWN : Feather.CHEVRON_UP));
        fold.setId("run-header-fold");
        fold.setMinWidth(Region.USE_PREF_SIZE);
        fold.getStyleClass().addAll("small", "flat");
        fold.setOnAction(e -> {
            headerFoldChosen = !headerFolded;
            updateRunHeader();
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox titleRow = new HBox(8, facts.get(0), grow, fold);
        dev.mstpanel.core.triage.TriageProgress progress = triage == null ? null : triage.progress(info.dir());
        if (progress != null && progress.failures() > 0) {
            Label p = new Label(progress.text(), new FontIcon(progress.done() ? Feather.CHECK_CIRCLE : Feather.TAG));
            p.setId("triage-progress");
            p.getStyleClass().addAll("text-small", progress.done() ? "text-success" : "text-muted");
            p.setMinWidth(Region.USE_PREF_SIZE);
            titleRow.getChildren().add(1, p);
        }
        titleRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        runHeader.getChildren().setAll(titleRow);
        if (!headerFolded) {
            runHeader.getChildren().addAll(facts.subList(1, facts.size()));
        }
        if (compare != null && !headerFolded) {
            Path headerRun = info.dir();
            RunHeaderCards.add(
                    runHeader,
                    r,
                    model.runs(),
                    compare,
                    navigator,
                    this::updateRunHeader,
                    () -> openTrend(headerRun),
                    model.selectedTrialProperty().get() != null);
        }
        if (info.problem() != null) {
            Label p = new Label(info.problem());
            p.setWrapText(true);
            p.getStyleClass().add("banner-warning");
            p.setId("run-problem");
            runHeader.getChildren().add(p);
        }
        runHeader.setVisible(true);
    }

    /** The navigator's menu: compare a run's variants, or a run or variant with the previous run of its eval. */
    private javafx.scene.control.ContextMenu compareMenu() {
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
        menu.setOnShowing(e -> {
            menu.getItems().clear();
            TreeItem<Node> item = tree.getSelectionModel().getSelectedItem();
            Node n = item == null ? null : item.getValue();
            if (n != null && n.kind() == Kind.EVAL && !item.getChildren().isEmpty()) {
                Path anyRun = item.getChildren().get(0).getValue().runDir();
                javafx.scene.control.MenuItem t = new javafx.scene.control.MenuItem("Show the trend of " + n.label());
                t.setId("menu-trend");
                t.setOnAction(a -> openTrend(anyRun));
                menu.getItems().add(t);
                return;
            }
            if (n == null || n.runDir() == null) {
                menu.getItems().add(disabled("Select a run or a variant to compare it"));
                return;
            }
            menu.getItems()
                    .addAll(RunHeaderCards.compareItems(
                            model.run(n.runDir()),
                            n.kind() == Kind.VARIANT ? n.label() : null,
                            model.runs(),
                            navigator,
                            compare));
            if (menu.getItems().isEmpty()) {
                menu.getItems().add(disabled("Nothing to compare with: one variant and no other run of this eval"));
            }
        });
        return menu;
    }

    /** Opens the trend of the eval a run is in: its runs open here, else every run folder of the eval. */
    private void openTrend(Path runDir) {
        RunInfo info = model.run(runDir) == null ? null : model.run(runDir).info();
        List<Path> dirs = new ArrayList<>();
        if (info != null) {
            for (ResultsViewModel.RunState r : model.runs()) {
                if (r.info().evalName().equals(info.evalName())) {
                    dirs.add(r.info().dir());
                }
            }
        }
        if (info != null && dirs.size() > 1) {
            trend.open(info.evalName(), dirs);
        } else {
            trend.openEvalOf(runDir);
        }
    }

    /** A dot of the trend was clicked: select that run when it is open here, else open it. */
    private void openFromTrend(Path runDir) {
        if (model.run(runDir) != null) {
            model.selectedTrialProperty().set(null);
            model.selectedRunDirProperty().set(runDir);
            // the navigator selects (and shows) that run too, so a case clicked next is of the run the header shows
            TreeItem<Node> item = runItem(tree.getRoot(), runDir);
            if (item != null && item != tree.getSelectionModel().getSelectedItem()) {
                for (TreeItem<Node> p = item.getParent(); p != null; p = p.getParent()) {
                    p.setExpanded(true);
                }
                tree.getSelectionModel().select(item);
                int row = tree.getRow(item);
                if (row >= 0) {
                    tree.scrollTo(row);
                }
            }
        } else {
            navigator.openResults(runDir);
        }
    }

    /** The navigator's row of a run, or null (runs are the children of the eval rows). */
    private static TreeItem<Node> runItem(TreeItem<Node> root, Path runDir) {
        if (root == null) {
            return null;
        }
        for (TreeItem<Node> eval : root.getChildren()) {
            for (TreeItem<Node> run : eval.getChildren()) {
                if (run.getValue() != null
                        && run.getValue().kind() == Kind.RUN
                        && runDir.equals(run.getValue().runDir())) {
                    return run;
                }
            }
        }
        return null;
    }

    private static javafx.scene.control.MenuItem disabled(String text) {
        javafx.scene.control.MenuItem m = new javafx.scene.control.MenuItem(text);
        m.setDisable(true);
        return m;
    }

    /** The pill style of a status. */
    static String pillClass(TrialStatus s) {
        return switch (s) {
            case PASSED -> "pill-success";
            case FAILED -> "pill-danger";
            case INFRA -> "pill-warning";
            case MISSING, UNGRADED -> "pill-muted";
            case UNREADABLE -> "pill-danger";
        };
    }

    private TriageLabelChip labelOf(TrialRecord t) {
        if (triage == null) {
            return null;
        }
        dev.mstpanel.core.triage.TriageLabel l = triage.labelOf(t);
        return l == null ? null : new TriageLabelChip(l.label(), l.note());
    }

    /** What a navigator row shows of a trial's label. */
    record TriageLabelChip(String label, String note) {}

    /**
     * Adds triage: the selected failure's label and the keys above the trial, label chips in the navigator, per-label
     * counts under "Failures by cause" and the run's triage progress in its header. The keys (digits, N, 0 or
     * Backspace, J and K) act while no text field has the focus, so typing in the search or a note is never taken
     * for them; none of them is bound elsewhere in the view.
     *
     * @return this view
     */
    public ResultsView withTriage(TriageViewModel triage) {
        this.triage = triage;
        triageBar = new TriageBar(triage, model);
        right.getChildren().add(1, triageBar);
        causes.setTriage(triage);
        triage.revisionProperty().addListener((o, a, b) -> {
            tree.refresh();
            updateRunHeader();
        });
        model.selectedTrialProperty().addListener((o, a, t) -> selectInTree(t));
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, this::triageKey);
        // labels given on the command line while the window was in the background show when it comes back
        javafx.beans.value.ChangeListener<Boolean> focused = (o, a, now) -> {
            if (now) {
                triage.reload();
            }
        };
        sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                scene.windowProperty().addListener((w, was, window) -> {
                    if (was != null) {
                        was.focusedProperty().removeListener(focused);
                    }
                    if (window != null) {
                        window.focusedProperty().addListener(focused);
                    }
                });
                if (scene.getWindow() != null) {
                    scene.getWindow().focusedProperty().addListener(focused);
                }
            }
        });
        updateRunHeader();
        return this;
    }

    private void triageKey(javafx.scene.input.KeyEvent e) {
        if (e.getTarget() instanceof javafx.scene.control.TextInputControl
                || e.isShortcutDown()
                || e.isControlDown()
                || e.isAltDown()
                || e.isMetaDown()
                || (compare != null && compare.shownProperty().get())
                || (trend != null && trend.shownProperty().get())) {
            return;
        }
        TrialRecord t = model.selectedTrialProperty().get();
        javafx.scene.input.KeyCode code = e.getCode();
        int digit = digit(code);
        if (code == javafx.scene.input.KeyCode.J) {
            triage.moveToFailure(true);
        } else if (code == javafx.scene.input.KeyCode.K) {
            triage.moveToFailure(false);
        } else if (digit >= 1 && TriageViewModel.needsLabel(t)) {
            triage.setLabel(t, digit);
        } else if ((digit == 0
                        || code == javafx.scene.input.KeyCode.BACK_SPACE
                        || code == javafx.scene.input.KeyCode.DELETE)
                && TriageViewModel.needsLabel(t)) {
            triage.clear(t);
        } else if (code == javafx.scene.input.KeyCode.N && TriageViewModel.needsLabel(t)) {
            triageBar.openEditor();
        } else {
            return;
        }
        e.consume();
    }

    /** The digit of a key (top row or keypad), or -1. */
    private static int digit(javafx.scene.input.KeyCode code) {
        if (code.isDigitKey()) {
            String n = code.getName(); // "1" or "Numpad 1"
            char c = n.charAt(n.length() - 1);
            return Character.isDigit(c) ? c - '0' : -1;
        }
        return -1;
    }

    /** Selects a trial's row in the navigator (after J or K), opening the rows above it and scrolling it into view. */
    private void selectInTree(TrialRecord t) {
        if (t == null || rebuilding || selecting || tree.getRoot() == null) {
            return;
        }
        TreeItem<Node> current = tree.getSelectionModel().getSelectedItem();
        if (current != null
                && current.getValue().trial() != null
                && current.getValue().trial().key().equals(t.key())
                && current.getValue().runDir().equals(t.runDir())) {
            return;
        }
        TreeItem<Node> found = findTrial(tree.getRoot(), t);
        if (found != null) {
            for (TreeItem<Node> p = found.getParent(); p != null; p = p.getParent()) {
                p.setExpanded(true);
            }
            tree.getSelectionModel().select(found);
            int row = tree.getRow(found);
            if (row >= 0) {
                tree.scrollTo(Math.max(0, row - 3));
            }
        }
    }

    private static TreeItem<Node> findTrial(TreeItem<Node> item, TrialRecord t) {
        Node n = item.getValue();
        if (n != null && n.kind() == Kind.TRIAL) {
            return n.trial().key().equals(t.key()) && n.runDir().equals(t.runDir()) ? item : null;
        }
        if (n != null && n.runDir() != null && !n.runDir().equals(t.runDir())) {
            return null;
        }
        for (TreeItem<Node> c : item.getChildren()) {
            TreeItem<Node> f = findTrial(c, t);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private static final class NodeCell extends TreeCell<Node> {
        private final java.util.function.Function<TrialRecord, TriageLabelChip> labels;
        private final Label name = new Label();
        private final Label note = new Label();
        // badges go to the next line when the name and they do not fit the navigator's width
        private final FlowPane box = new FlowPane(6, 4);

        NodeCell(java.util.function.Function<TrialRecord, TriageLabelChip> labels) {
            this.labels = labels;
            box.setAlignment(Pos.CENTER_LEFT);
            // the cell is as wide as the tree, never wider: no horizontal scroll bar; a long name is
            // cut with "…", the badges wrap and stay whole
            setPrefWidth(0);
            name.setMinWidth(40);
            name.setMaxWidth(Double.MAX_VALUE);
            note.setMinWidth(Region.USE_PREF_SIZE);
            note.getStyleClass().addAll("text-muted", "text-small");
            note.managedProperty().bind(note.visibleProperty());
        }

        @Override
        protected void updateItem(Node n, boolean empty) {
            super.updateItem(n, empty);
            if (empty || n == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            // names from the run's folders and files: control characters shown escaped, one row each
            String label = dev.mstpanel.core.text.ControlCharacters.escape(n.label());
            name.setText(Texts.cut(label, 48));
            name.getStyleClass().setAll("label", "nav-" + n.kind().name().toLowerCase(Locale.ROOT));
            note.setText(n.note());
            note.setVisible(n.note() != null);
            var counts = box.getChildren();
            counts.setAll(name, note);
            if (n.kind() == Kind.TRIAL) {
                Label s = Pill.of(
                        n.trial().status().jsonName(), pillClass(n.trial().status()));
                counts.add(s);
                TriageLabelChip l = labels.apply(n.trial());
                if (l != null) {
                    Label chip =
                            Pill.mark(new Label(l.label(), new FontIcon(Feather.TAG)), "pill-accent", "triage-chip");
                    counts.add(chip);
                }
                String msg = n.trial().message();
                setTooltip(msg == null ? null : new Tooltip(msg));
            } else {
                for (TrialStatus st : TrialStatus.values()) {
                    Integer c = n.counts().get(st);
                    if (c != null && c > 0) {
                        Label l = Pill.of(
                                String.format(Locale.ROOT, "%,d ", c) + st.jsonName(), "pill-count", pillClass(st));
                        counts.add(l);
                    }
                }
                setTooltip(n.label().length() > 48 ? new Tooltip(n.label()) : null);
            }
            setText(null);
            setGraphic(box);
        }
    }
}
