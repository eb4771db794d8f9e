package dev.mstpanel.ui.runs;

import dev.mstpanel.core.text.ByteSize;
import dev.mstpanel.ui.common.DialogService;
import dev.mstpanel.ui.common.ViewHeader;
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
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
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
    /** Opens the Images view on a context with an eval config for {@code --config}; by default the context alone. */
    private java.util.function.BiConsumer<String, Path> rebuildWithPlugins;

    private final LineChart<Number, Number> chart;
    private final Map<Integer, XYChart.Series<Number, Number>> series = new TreeMap<>();

    /**
     * @param model the view model
     * @param dialogs shows notices
     * @param openInResults shows a run folder in the Results view (the shell's {@code Navigator#openResults})
     */
    public RunView(RunViewModel model, DialogService dialogs, java.util.function.Consumer<Path> openInResults) {
        this(model, dialogs, openInResults, context -> {}, null);
    }

    /**
     * @param openImages shows the Images view on a context ("Rebuild the image on &lt;context&gt;")
     */
    public RunView(
            RunViewModel model,
            DialogService dialogs,
            java.util.function.Consumer<Path> openInResults,
            java.util.function.Consumer<String> openImages) {
        this(model, dialogs, openInResults, openImages, null);
    }

    /**
     * The Run view for a replay: the live part only (no form, no Start or Cancel),
     * under a bar that says it is a replay and holds its controls.
     *
     * @param model a view model shown with {@link RunViewModel#watch}
     * @param dialogs shows notices
     * @param openInResults opens a run folder in the Results view's model
     * @param replayBar the replay's banner and controls
     * @return the view
     */
    public static RunView forReplay(
            RunViewModel model,
            DialogService dialogs,
            java.util.function.Consumer<Path> openInResults,
            Node replayBar) {
        return new RunView(model, dialogs, openInResults, context -> {}, Objects.requireNonNull(replayBar));
    }

    /** Offers the built-in demo in the empty live part ("nothing ran yet"). */
    public void setOnOpenDemo(Runnable open) {
        demoLink.setOnAction(e -> open.run());
        demoLink.setVisible(open != null);
        demoLink.setManaged(open != null);
    }

    private final Hyperlink demoLink = new Hyperlink("No Docker or MST at hand? Watch the demo run");

    private RunView(
            RunViewModel model,
            DialogService dialogs,
            java.util.function.Consumer<Path> openInResults,
            java.util.function.Consumer<String> openImages,
            Node replayBar) {
        this.model = model;
        this.dialogs = dialogs;
        this.openInResults = openInResults;
        this.openImages = openImages;
        this.rebuildWithPlugins = (context, config) -> openImages.accept(context);
        getStyleClass().addAll("view", "run-view");
        getStylesheets()
                .add(Objects.requireNonNull(RunView.class.getResource("runs.css"))
                        .toExternalForm());

        setTop(
                replayBar == null
                        ? new ViewHeader("Runs", "Start an eval in Docker containers and watch every shard.")
                        : new ViewHeader(
                                "Runs · replay", "A recorded run, played back as it looked live. Nothing is running."));

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
        RunFormPane formPane = new RunFormPane(model, dialogs, openImages);

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

    // ---- the live run ----

    private Node live() {
        Label placeholder =
                new Label("Fill in the form and press Start: each shard gets a row here, with its container, "
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
        Tooltip eta = new Tooltip(
                "The ETA follows the observed trial rate; it is unknown when the panel cannot count the eval's cases.");
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
        rebuild.setTooltip(new javafx.scene.control.Tooltip(
                "A shard stopped because the worker's MST differs from the run's: the context's MST image is stale."));
        rebuild.setOnAction(
                e -> openImages.accept(model.staleImageContextProperty().get()));
        rebuild.setMinWidth(Region.USE_PREF_SIZE);
        Button rebuildPlugins = new Button("", new FontIcon(Feather.LAYERS));
        rebuildPlugins.setId("rebuild-image-plugins");
        rebuildPlugins
                .textProperty()
                .bind(Bindings.concat(
                        "Rebuild the image on ", model.pluginImageContextProperty(), " with this eval's plugins"));
        rebuildPlugins.visibleProperty().bind(model.pluginImageContextProperty().isNotNull());
        rebuildPlugins.managedProperty().bind(rebuildPlugins.visibleProperty());
        rebuildPlugins.setTooltip(
                new javafx.scene.control.Tooltip(
                        "A shard stopped because the worker's image holds other plugins "
                                + "than the run: set the image up again with this eval config (mst runner setup docker --config)."));
        rebuildPlugins.setOnAction(e ->
                rebuildWithPlugins.accept(model.pluginImageContextProperty().get(), configPathOrNull()));
        rebuildPlugins.setMinWidth(Region.USE_PREF_SIZE);
        HBox actions = new HBox(12, resume, rebuild, rebuildPlugins, open);
        actions.setAlignment(Pos.CENTER_LEFT);
        actions.visibleProperty()
                .bind(open.visibleProperty()
                        .or(resume.visibleProperty())
                        .or(rebuild.visibleProperty())
                        .or(rebuildPlugins.visibleProperty()));
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
        logCount.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            long all = model.linesReceivedProperty().get();
                            String kept = all > model.log().size()
                                    ? " (the last " + model.log().size() + " of " + all
                                            + " are here; all are in the run's log file)"
                                    : "";
                            return model.logFilterProperty().get().isBlank()
                                    ? model.log().size() + " lines" + kept
                                    : model.filteredLog().size() + " of "
                                            + model.log().size() + " lines match";
                        },
                        model.log(),
                        model.filteredLog(),
                        model.logFilterProperty(),
                        model.linesReceivedProperty()));
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
            if (!model.filteredLog().isEmpty()
                    && model.logFilterProperty().get().isBlank()) {
                logView.scrollTo(model.filteredLog().size() - 1);
            }
        });
        VBox.setVgrow(logView, Priority.ALWAYS);

        VBox content = new VBox(
                10,
                overall,
                resultBox,
                section("Shards"),
                shardScroll,
                section("Memory per shard"),
                chart,
                logHeader,
                logView);
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
        double lastSecond = history.values().stream()
                .flatMap(List::stream)
                .mapToDouble(MemorySample::seconds)
                .max()
                .orElse(0);
        long maxBytes = history.values().stream()
                .flatMap(List::stream)
                .mapToLong(MemorySample::bytes)
                .max()
                .orElse(0);
        boolean minutes = lastSecond >= 300;
        boolean gib = maxBytes >= ByteSize.GIB;
        double xScale = minutes ? 60.0 : 1.0;
        double yScale = gib ? ByteSize.GIB : ByteSize.MIB;
        chart.getXAxis().setLabel(minutes ? "minutes since start" : "seconds since start");
        chart.getYAxis().setLabel(gib ? "GiB" : "MiB");
        // a series for every shard from 1 up to the highest with samples, made in shard order: the chart
        // gives each new series the first free colour, so shard n has the n-th colour at every play,
        // whichever shard reported first (past COLOURED_SHARDS, in the order they report)
        int highest =
                history.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int k = 1; k <= Math.min(highest, COLOURED_SHARDS); k++) {
            seriesOf(k);
        }
        history.keySet().forEach(this::seriesOf);
        for (Map.Entry<Integer, XYChart.Series<Number, Number>> e : series.entrySet()) {
            // a shard the history has no samples of (not started yet, or a replay sought back before it) keeps its
            // series, empty
            List<XYChart.Data<Number, Number>> points = history.getOrDefault(e.getKey(), List.of()).stream()
                    .map(m -> new XYChart.Data<Number, Number>(m.seconds() / xScale, m.bytes() / yScale))
                    .toList();
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
        private static final dev.mstpanel.core.mst.MstOutputParser LINES = new dev.mstpanel.core.mst.MstOutputParser();
        private static final Predicate<String> BAD = LINES::saysTrouble;

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

    /**
     * How "Rebuild the image on &lt;context&gt; with this eval's plugins" opens the Images view: on
     * the context, with the run's eval config for {@code --config}.
     */
    public RunView onRebuildWithPlugins(java.util.function.BiConsumer<String, Path> action) {
        this.rebuildWithPlugins = action;
        return this;
    }

    /** The form's eval config as a path, or null when blank or not a path. */
    private Path configPathOrNull() {
        String text = model.configPathProperty().get();
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Path.of(text.strip());
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }
}
