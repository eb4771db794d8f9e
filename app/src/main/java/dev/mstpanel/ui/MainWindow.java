package dev.mstpanel.ui;

import dev.mstpanel.core.build.AppVersion;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.about.AboutDialog;
import dev.mstpanel.ui.common.AppView;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.Searchable;
import dev.mstpanel.ui.containers.OrphanBanner;
import dev.mstpanel.ui.containers.OrphanBannerViewModel;
import dev.mstpanel.ui.settings.SettingsDialog;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.kordamp.ikonli.javafx.FontIcon;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main window's layout: a menu bar (the system's on macOS), a sidebar of views, the open
 * view, and a status bar. Shortcuts (Ctrl on Linux/Windows, ⌘ on macOS): 1–9 open the views in
 * sidebar order, R refreshes, F focuses the open view's search field ({@link Searchable}),
 * comma opens Settings, Q quits (asking while a run is in progress).
 */
public final class MainWindow extends BorderPane implements dev.mstpanel.ui.common.Navigator {
    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);
    private final AppContext app;
    private final MenuBar menuBar;
    private final List<AppView> views;
    private final ListView<AppView> sidebar = new ListView<>();
    private final StackPane content = new StackPane();
    private final Map<String, Node> built = new HashMap<>();
    private final Label status = new Label();
    private final OrphanBannerViewModel orphans;
    private boolean quitting;
    private final VBox notices = new VBox();

    public MainWindow(AppContext app) {
        this.app = app;
        this.views = Views.all(app, this);
        getStyleClass().add("main-window");

        Label brand = new Label("mst-panel");
        brand.getStyleClass().add("brand");
        sidebar.getItems().setAll(views);
        sidebar.setId("sidebar");
        sidebar.getStyleClass().add("sidebar-list");
        sidebar.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(AppView v, boolean empty) {
                super.updateItem(v, empty);
                if (empty || v == null) {
                    setText(null);
                    setGraphic(null);
                } else {
                    setText(v.title());
                    setGraphic(new FontIcon(v.icon()));
                    setAccessibleText(v.title() + " view");
                }
            }
        });
        sidebar.getSelectionModel().selectedItemProperty().addListener((o, a, v) -> {
            if (v != null) {
                show(v);
            }
        });
        VBox side = new VBox(8, brand, sidebar);
        side.getStyleClass().add("sidebar");
        side.setPadding(new Insets(16, 8, 8, 8));
        side.setPrefWidth(190);
        VBox.setVgrow(sidebar, Priority.ALWAYS);

        status.setId("status-text");
        status.textProperty().bind(app.contexts().summaryProperty());
        Label version = new Label("mst-panel " + AppVersion.get());
        version.getStyleClass().add("text-muted");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox statusBar = new HBox(12, status, grow, version);
        statusBar.getStyleClass().add("status-bar");
        statusBar.setAlignment(Pos.CENTER_LEFT);
        statusBar.setPadding(new Insets(4, 12, 4, 12));

        orphans = new OrphanBannerViewModel(app.containerServices(), app.ui(), app.background());
        notices.setId("notices");
        VBox center = new VBox(notices, new OrphanBanner(orphans, app.dialogs(), () -> open("containers")), content);
        VBox.setVgrow(content, Priority.ALWAYS);
        // a run that ended with containers still there: the orphan banner offers the one removal
        app.runs().leftContainersProperty().addListener((o, a, left) -> {
            if (left != null && !left.isEmpty() && !quitting) {
                orphans.check();
            }
        });

        menuBar = buildMenu();
        setTop(menuBar);
        setLeft(side);
        setCenter(center);
        setBottom(statusBar);

        String open = app.settings().openView;
        AppView first =
                views.stream().filter(v -> v.id().equals(open)).findFirst().orElse(views.get(0));
        sidebar.getSelectionModel().select(first);
    }

    private MenuBar buildMenu() {
        MenuItem settings = item("menu-settings", "Settings…", KeyCode.COMMA, this::openSettings);
        MenuItem quit = item("menu-quit", "Quit mst-panel", KeyCode.Q, this::quit);
        MenuItem openRecording = item("menu-open-recording", "Open recording…", KeyCode.O, this::chooseRecording);
        Menu recent = new Menu("Open recent recording");
        recent.setId("menu-recent-recordings");
        recent.getItems().add(new MenuItem("(none)"));
        recent.setOnShowing(e -> fillRecentRecordings(recent));
        MenuItem export = item("menu-export", "Export…", KeyCode.E, this::exportShown);
        Menu file = new Menu(
                "File",
                null,
                openRecording,
                recent,
                new SeparatorMenuItem(),
                export,
                new SeparatorMenuItem(),
                settings,
                new SeparatorMenuItem(),
                quit);
        file.setOnShowing(e -> fillRecentRecordings(recent));
        file.setId("menu-file");

        Menu view = new Menu("View");
        view.setId("menu-view");
        for (int i = 0; i < views.size(); i++) {
            AppView v = views.get(i);
            MenuItem open = new MenuItem(v.title(), new FontIcon(v.icon()));
            open.setId("menu-view-" + v.id());
            if (i < 9) {
                open.setAccelerator(new KeyCodeCombination(
                        KeyCode.getKeyCode(String.valueOf(i + 1)), KeyCombination.SHORTCUT_DOWN));
            }
            open.setOnAction(e -> sidebar.getSelectionModel().select(v));
            view.getItems().add(open);
        }
        view.getItems()
                .addAll(
                        new SeparatorMenuItem(),
                        item(
                                "menu-refresh",
                                "Refresh",
                                KeyCode.R,
                                () -> app.contexts().refresh()),
                        item("menu-find", "Find", KeyCode.F, this::focusSearch));

        Menu help = new Menu(
                "Help",
                null,
                item("menu-open-demo", "Open the demo", null, this::openDemo),
                new SeparatorMenuItem(),
                item("menu-about", "About mst-panel", null, this::openAbout));
        help.setId("menu-help");
        MenuBar bar = new MenuBar(file, view, help);
        bar.setId("menu-bar");
        bar.setUseSystemMenuBar(app.environment().os() == HostEnvironment.OsFamily.MAC);
        dev.mstpanel.ui.common.MacApplicationMenu.attach(
                bar, app.environment().os(), this::openAbout, this::openSettings);
        return bar;
    }

    /** File → Export…: the trial, run or comparison the Results view shows (opened first, so its notice is seen). */
    private void exportShown() {
        open("results");
        if (built.get("results") instanceof dev.mstpanel.ui.results.ResultsView v) {
            v.export();
        }
    }

    private static MenuItem item(String id, String text, KeyCode key, Runnable action) {
        MenuItem m = new MenuItem(text);
        m.setId(id);
        if (key != null) {
            m.setAccelerator(new KeyCodeCombination(key, KeyCombination.SHORTCUT_DOWN));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    /** The menu bar (on macOS it shows in the system's menu bar). */
    public MenuBar menuBar() {
        return menuBar;
    }

    /** Opens the Settings dialog; Save persists the settings in the background and applies them at once. */
    public SettingsDialog openSettings() {
        SettingsDialog dialog =
                new SettingsDialog(app.settings(), app.environment(), app.dialogs(), app.theme(), this::settingsSaved);
        dialog.show();
        return dialog;
    }

    private void settingsSaved(Settings s) {
        app.contexts().startAutoRefresh(Duration.ofSeconds(Math.max(2, s.refreshIntervalSeconds)));
        BackgroundTask.wrap(() -> {
                    app.settingsStore().save(s);
                    return s;
                })
                .onFailure(e -> {
                    LOG.warn(
                            "could not save settings to {}: {}",
                            app.settingsStore().file(),
                            e.getMessage());
                    app.dialogs()
                            .showError(
                                    "Could not save settings",
                                    "The settings apply until you quit, but could not be written to "
                                            + app.settingsStore().file() + ".",
                                    e);
                })
                .executeWith(app.ui(), app.background());
    }

    /** Opens the About dialog (versions load in the background). */
    public AboutDialog openAbout() {
        AboutDialog dialog = new AboutDialog(
                app.toolVersions(), app.settings().mstPath, app.paths(), app.dialogs(), app.background(), app.ui());
        dialog.show();
        return dialog;
    }

    /** Focuses the open view's search field, when it has one. */
    public void focusSearch() {
        if (!content.getChildren().isEmpty() && content.getChildren().get(0) instanceof Searchable s) {
            s.focusSearch();
        }
    }

    /**
     * Quits like the window's close button: a close request the app may veto (it asks while a
     * run is in progress, see {@link #confirmQuit()}).
     */
    public void quit() {
        Window w = getScene() == null ? null : getScene().getWindow();
        if (w != null) {
            w.fireEvent(new WindowEvent(w, WindowEvent.WINDOW_CLOSE_REQUEST));
        }
    }

    /**
     * Whether the window may close now: true when no run is in progress, else the person's answer.
     * Blocks in a modal dialog while asking (FX thread).
     */
    public boolean confirmQuit() {
        if (!app.runInProgress().get()) {
            return true;
        }
        return app.dialogs()
                .confirm(
                        "A run is in progress",
                        "Quitting stops the run first: MST stops its shards and removes its containers (it gets a grace period,"
                                + " counted down; then its processes are ended). Trials that came back are kept.",
                        "Quit");
    }

    /** True once Quit is stopping a run; a second close request waits for it. */
    public boolean isQuitting() {
        return quitting;
    }

    /**
     * Stops the run in progress as the quit dialog says, then quits: MST gets
     * SIGINT and its grace period, counted down in a banner above the open view, then its process
     * tree is ended; the run's containers still there are named in a dialog; only then
     * {@code quit} runs. FX thread.
     *
     * @param quit closes the window (and so the app)
     */
    public void stopRunThenQuit(Runnable quit) {
        if (quitting) {
            return;
        }
        quitting = true;
        Label label = new Label();
        label.setId("quit-status");
        label.setWrapText(true);
        label.setMaxWidth(Double.MAX_VALUE);
        label.textProperty()
                .bind(Bindings.when(app.runs().quitStatusProperty().isEmpty())
                        .then("Stopping the run…")
                        .otherwise(app.runs().quitStatusProperty()));
        HBox.setHgrow(label, Priority.ALWAYS);
        javafx.scene.control.ProgressIndicator spinner = new javafx.scene.control.ProgressIndicator();
        spinner.setPrefSize(18, 18);
        HBox box = new HBox(8, spinner, label);
        box.setId("quit-banner");
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("banner-warning");
        VBox.setMargin(box, new Insets(8, 12, 0, 12));
        notices.getChildren().add(box);
        app.runs().stopForQuit().thenAccept(left -> {
            notices.getChildren().remove(box);
            if (!left.isEmpty()) {
                // waits for the person: the window closes after they read which containers remain
                javafx.scene.control.Alert alert =
                        new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.INFORMATION);
                app.dialogs().adopt(alert);
                alert.setTitle("Containers of the run are still there");
                alert.setHeaderText("Containers of the run are still there");
                alert.setContentText(
                        "MST did not remove " + (left.size() == 1 ? "this container" : "these containers") + ": "
                                + String.join(", ", left) + ". The next start of mst-panel offers to remove them"
                                + " (or run `mst-panel containers remove-orphans`).");
                alert.getDialogPane().setMinWidth(460);
                alert.showAndWait();
            }
            quit.run();
        });
    }

    /** Opens a view by id (e.g. {@code results}); false when there is none. */
    public boolean open(String id) {
        for (AppView v : views) {
            if (v.id().equals(id)) {
                sidebar.getSelectionModel().select(v);
                return true;
            }
        }
        return false;
    }

    /**
     * Opens a run folder in the Results view and shows that view; the run is watched, so traces
     * appear as MST writes them.
     *
     * @param runDir a folder {@code .mcp-test-results/<eval>/runs/<runId>}
     */
    public void openRun(java.nio.file.Path runDir) {
        openResults(runDir);
    }

    @Override
    public void openResults(java.nio.file.Path runDir) {
        app.compare().close();
        app.trend().close();
        java.nio.file.Path demo =
                app.paths().dataDir().resolve("demo").toAbsolutePath().normalize();
        if (runDir.toAbsolutePath().normalize().startsWith(demo)) {
            app.results().openRunInItsEval(runDir); // the demo's run among its eval's runs (finished: nothing to watch)
        } else {
            app.results().openRun(runDir);
        }
        open("results");
        if (built.get("results") instanceof dev.mstpanel.ui.results.ResultsView v) {
            v.focusNavigator(); // the folder may be open already: J and K work at once all the same
        }
    }

    @Override
    public void openComparison(
            java.nio.file.Path baseRunDir,
            String baseVariant,
            java.nio.file.Path candidateRunDir,
            String candidateVariant) {
        app.trend().close();
        app.compare().open(baseRunDir, baseVariant, candidateRunDir, candidateVariant);
        open("results");
    }

    @Override
    public void openRunsForm(java.nio.file.Path runDir, List<String> mstArgs) {
        showRunsForm();
        var runs = app.runs();
        String config = dev.mstpanel.core.results.compare.RerunConfig.pick(
                runDir, runs.configPathProperty().get(), rerunCandidates(runs.recentConfigs()));
        runs.prefillSelection(config, dev.mstpanel.core.mst.RunSelection.parse(mstArgs));
        runs.hintConfig(
                config == null ? dev.mstpanel.core.results.compare.RerunConfig.notFoundHint(runDir) : null,
                dev.mstpanel.core.results.compare.RerunConfig.projectFolder(runDir));
    }

    /** The configs a re-run may use: the recent ones, then the demo's (picked only for the demo's own runs). */
    private List<String> rerunCandidates(List<String> recent) {
        List<String> all = new java.util.ArrayList<>(recent);
        all.add(dev.mstpanel.core.runs.DemoData.evalConfig(app.paths().dataDir())
                .toString());
        return all;
    }

    @Override
    public void openGradeForm(java.nio.file.Path runDir) {
        showRunsForm();
        var runs = app.runs();
        String config = dev.mstpanel.core.results.compare.RerunConfig.pick(
                runDir, runs.configPathProperty().get(), rerunCandidates(runs.recentConfigs()));
        runs.prefillGrade(config, runDir.getFileName().toString());
        runs.hintConfig(
                config == null ? dev.mstpanel.core.results.compare.RerunConfig.notFoundHint(runDir) : null,
                dev.mstpanel.core.results.compare.RerunConfig.projectFolder(runDir));
    }

    @Override
    public void openImages(String context, java.nio.file.Path evalConfig) {
        open("images");
        if (built.get("images") instanceof dev.mstpanel.ui.images.ImagesView v) {
            v.showContext(context, evalConfig);
        }
    }

    @Override
    public void openImages(String context) {
        open("images");
        if (built.get("images") instanceof dev.mstpanel.ui.images.ImagesView v) {
            v.showContext(context);
        }
    }

    /**
     * Shows a dismissable notice above the open view (e.g. the login shell's environment could not
     * be read). Call on the FX thread.
     *
     * @param text one or two sentences for people
     */
    public void showNotice(String text) {
        Label label = new Label(
                text, new org.kordamp.ikonli.javafx.FontIcon(org.kordamp.ikonli.feather.Feather.ALERT_TRIANGLE));
        label.setWrapText(true);
        label.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(label, Priority.ALWAYS);
        javafx.scene.control.Button close = new javafx.scene.control.Button(
                "", new org.kordamp.ikonli.javafx.FontIcon(org.kordamp.ikonli.feather.Feather.X));
        close.getStyleClass().addAll("flat", "small");
        close.setTooltip(new javafx.scene.control.Tooltip("Dismiss"));
        close.setAccessibleText("Dismiss the notice");
        HBox box = new HBox(8, label, close);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("banner-warning");
        VBox.setMargin(box, new Insets(8, 12, 0, 12));
        close.setOnAction(e -> notices.getChildren().remove(box));
        notices.getChildren().add(box);
    }

    /**
     * Looks for this machine's orphaned MST containers in the background and shows the banner
     * offering to clean them when there are any (the next start after the panel died).
     * {@link App} calls it once after the first frame.
     */
    public void checkForOrphans() {
        orphans.check();
    }

    /** The id of the open view. */
    public String openViewId() {
        AppView v = sidebar.getSelectionModel().getSelectedItem();
        return v == null ? null : v.id();
    }

    // ---- recordings and the demo ----

    private void fillRecentRecordings(Menu recent) {
        recent.getItems().clear();
        for (String f : app.settings().recentRecordings) {
            MenuItem m = new MenuItem(java.nio.file.Path.of(f).getFileName().toString());
            m.setOnAction(e -> openRecording(java.nio.file.Path.of(f)));
            recent.getItems().add(m);
        }
        if (recent.getItems().isEmpty()) {
            MenuItem none = new MenuItem("No recordings opened yet");
            none.setDisable(true);
            recent.getItems().add(none);
        }
    }

    /** File → Open recording…: chooses a recording (the data folder's runs/ first) and plays it. */
    public void chooseRecording() {
        java.io.File runs = app.paths().dataDir().resolve("runs").toFile();
        java.io.File f = app.dialogs()
                .chooseFile(
                        getScene() == null ? null : getScene().getWindow(),
                        "Open a run's recording",
                        runs.isDirectory() ? runs : null,
                        new javafx.stage.FileChooser.ExtensionFilter(
                                "Run recordings", "*.recording.jsonl.gz", "*.jsonl"),
                        new javafx.stage.FileChooser.ExtensionFilter("All files", "*"));
        if (f != null) {
            openRecording(f.toPath());
        }
    }

    /**
     * Plays a run's recording in the Runs view (read in the background; a file that is not a
     * recording gets a plain message). Its run folder, when still on disk, is offered in Results.
     *
     * @param file a {@code .recording.jsonl.gz} file
     */
    public void openRecording(java.nio.file.Path file) {
        BackgroundTask.wrap(() -> {
                    dev.mstpanel.core.runs.RunRecording rec = dev.mstpanel.core.runs.RunRecording.read(file);
                    return new Replay(rec, existingRunDir(rec), null);
                })
                .onSuccess(r -> {
                    Settings.remember(
                            app.settings().recentRecordings,
                            file.toAbsolutePath().toString());
                    BackgroundTask.wrap(() -> saveQuietly(app.settings())).executeWith(app.ui(), app.background());
                    playRecording(
                            r.rec(),
                            r.dir(),
                            file.getFileName().toString(),
                            r.dir() == null ? "Its run folder is no longer on disk." : null);
                })
                .onFailure(e -> app.dialogs()
                        .showError(
                                "Cannot open the recording",
                                e instanceof IOException
                                        ? e.getMessage() + "." // RunRecording.read's message names the file
                                        : "The file " + file + " cannot be played: " + e.getMessage(),
                                (String) null))
                .executeWith(app.ui(), app.background());
    }

    /** A recording read off the FX thread: its run folder when still on disk, and a line about it. */
    private record Replay(dev.mstpanel.core.runs.RunRecording rec, java.nio.file.Path dir, String about) {}

    /** Help → Open the demo: plays the built-in demo run; its results are copied into the data folder first. */
    public void openDemo() {
        java.nio.file.Path dataDir = app.paths().dataDir();
        BackgroundTask.wrap(() -> {
                    // results that cannot be copied (a data folder that cannot be written) still leave the replay: said
                    // beside it
                    java.nio.file.Path eval = null;
                    String notCopied = "";
                    try {
                        eval = dev.mstpanel.core.runs.DemoData.installResults(dataDir);
                    } catch (IOException e) {
                        notCopied = " " + e.getMessage() + "; until then its results cannot open.";
                    }
                    dev.mstpanel.core.runs.RunRecording rec = dev.mstpanel.core.runs.DemoData.recording(eval);
                    java.nio.file.Path dir = existingRunDir(rec);
                    String about =
                            "The latest of four runs of a Cowork eval: 3 shards on two contexts, a shard runs out of memory, "
                                    + "keep=failed keeps the failed shards' containers, 6 trials go missing; a case regressed since the run before. "
                                    + "Its results are demo data." + notCopied;
                    return new Replay(rec, dir, about);
                })
                .onSuccess(r -> playRecording(r.rec(), r.dir(), "the built-in demo", r.about()))
                .onFailure(e -> app.dialogs().showError("The demo cannot open", e.getMessage(), e))
                .executeWith(app.ui(), app.background());
    }

    /** Opens the demo's results in the Results view (copied into the data folder first). */
    public void openDemoResults() {
        java.nio.file.Path dataDir = app.paths().dataDir();
        BackgroundTask.wrap(() -> {
                    java.nio.file.Path eval = dev.mstpanel.core.runs.DemoData.installResults(dataDir);
                    java.nio.file.Path dir = existingRunDir(dev.mstpanel.core.runs.DemoData.recording(eval));
                    return dir != null ? dir : eval.resolve(".mcp-test-results");
                })
                .onSuccess(this::openRun)
                .onFailure(e -> app.dialogs().showError("The demo cannot open", e.getMessage(), e))
                .executeWith(app.ui(), app.background());
    }

    private static java.nio.file.Path existingRunDir(dev.mstpanel.core.runs.RunRecording rec) {
        String d = rec.runDir();
        if (d == null) {
            return null;
        }
        java.nio.file.Path p = java.nio.file.Path.of(d);
        return java.nio.file.Files.isDirectory(p) ? p : null;
    }

    /** The Runs view with its form in sight: a replay over it (the demo's, ended or not) is closed. */
    private void showRunsForm() {
        open("runs");
        if (built.get("runs") instanceof dev.mstpanel.ui.runs.RunsHost host) {
            host.closeReplay();
        }
    }

    private dev.mstpanel.ui.runs.ReplayPane playRecording(
            dev.mstpanel.core.runs.RunRecording rec, java.nio.file.Path runDir, String title, String note) {
        open("runs");
        if (built.get("runs") instanceof dev.mstpanel.ui.runs.RunsHost host) {
            return host.play(rec, runDir, title, note);
        }
        return null;
    }

    private void saveQuietly(Settings s) {
        try {
            app.settingsStore().save(s);
        } catch (IOException e) {
            LOG.warn("could not save settings to {}: {}", app.settingsStore().file(), e.getMessage());
        }
    }

    private void show(AppView v) {
        Node node = built.computeIfAbsent(v.id(), id -> {
            Node n = v.content().get();
            if (n instanceof dev.mstpanel.ui.runs.RunsHost host) {
                host.live().setOnOpenDemo(this::openDemo);
            } else if (n instanceof dev.mstpanel.ui.contexts.ContextsView contexts) {
                contexts.setOnOpenDemo(this::openDemo);
            } else if (n instanceof dev.mstpanel.ui.results.ResultsView results) {
                results.setDemo(app.paths().dataDir().resolve("demo"), this::openDemoResults);
            }
            return n;
        });
        content.getChildren().setAll(node);
    }
}
