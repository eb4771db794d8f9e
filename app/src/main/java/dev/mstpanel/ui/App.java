package dev.mstpanel.ui;

import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.common.AppIcons;
import dev.mstpanel.ui.common.ThemeSwitcher;
import dev.mstpanel.ui.common.UiExecutor;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The JavaFX application: builds the {@link AppContext}, the main window, and shows it. */
public final class App extends Application {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);
    /** How long the window waits for the login shell before it goes on with its own environment. */
    static final Duration LOGIN_SHELL_WAIT = Duration.ofSeconds(4);

    private static volatile java.util.concurrent.CompletableFuture<dev.mstpanel.core.shell.LoginShellEnvironment.Result>
            loginShell;
    private AppContext app;
    private MainWindow window;

    /**
     * Starts reading the user's login-shell environment on a background thread (called by
     * {@code Main} before the toolkit starts, so both proceed together).
     *
     * @param base the JVM's environment
     */
    public static void startReadingLoginShell(HostEnvironment base) {
        loginShell = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> dev.mstpanel.core.shell.LoginShellEnvironment.read(base, LOGIN_SHELL_WAIT), r -> {
                    Thread t = new Thread(r, "login-shell-environment");
                    t.setDaemon(true);
                    t.start();
                });
    }

    /** The environment for every process the window starts: the login shell's, or the JVM's with the reason. */
    private static dev.mstpanel.core.shell.LoginShellEnvironment.Result environment() {
        HostEnvironment own = HostEnvironment.fromSystem();
        if (loginShell == null) {
            return new dev.mstpanel.core.shell.LoginShellEnvironment.Result(own, false, null, null, 0);
        }
        try {
            return loginShell.get(LOGIN_SHELL_WAIT.toMillis() + 500, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return new dev.mstpanel.core.shell.LoginShellEnvironment.Result(
                    own,
                    false,
                    "Your login shell did not give its environment in time, so the panel uses its own.",
                    null,
                    0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new dev.mstpanel.core.shell.LoginShellEnvironment.Result(own, false, "interrupted", null, 0);
        }
    }

    /**
     * Starts the window. Two variables serve {@code scripts/screenshots.sh}:
     * {@code MST_PANEL_OPEN_VIEW=<view id>} opens that view instead of the saved one, and
     * {@code MST_PANEL_OPEN_DIALOG=settings|about} opens that dialog once the window shows.
     */
    @Override
    public void start(Stage stage) {
        java.util.concurrent.CompletableFuture<dev.mstpanel.core.shell.LoginShellEnvironment.Result> reading =
                loginShell;
        if (reading == null || reading.isDone()) {
            startWith(stage, environment());
            return;
        }
        // The login shell is still answering (an nvm or conda set-up can take seconds): the first
        // frame does not wait for it. The window's frame shows now, its content once the
        // environment is known (every process the panel starts needs it), at most after the wait.
        Scene waiting = waitingScene();
        stage.setTitle("mst-panel");
        AppIcons.apply(stage);
        stage.setScene(waiting);
        stage.show();
        reportFirstFrame(waiting, null);
        reading.orTimeout(LOGIN_SHELL_WAIT.toMillis() + 500, java.util.concurrent.TimeUnit.MILLISECONDS)
                .whenComplete((r, e) -> Platform.runLater(() -> startWith(stage, environment())));
    }

    /** The window's frame while the login shell answers: the size the window had, a line saying what it waits for. */
    private static Scene waitingScene() {
        Settings saved = new dev.mstpanel.core.settings.SettingsStore(
                        AppPaths.of(HostEnvironment.fromSystem()).configDir())
                .load();
        applyTheme(saved.theme == Settings.Theme.DARK);
        javafx.scene.control.Label text = new javafx.scene.control.Label("Reading your login shell's environment…");
        text.getStyleClass().add("text-muted");
        javafx.scene.layout.StackPane root = new javafx.scene.layout.StackPane(text);
        root.getStyleClass().add("main-window");
        Scene scene = new Scene(root, saved.windowWidth, saved.windowHeight);
        scene.getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/app.css"));
        return scene;
    }

    private void startWith(Stage stage, dev.mstpanel.core.shell.LoginShellEnvironment.Result shell) {
        if (app != null) {
            return;
        }
        HostEnvironment env = shell.environment();
        LOG.info(
                "environment: {} ({} ms)",
                shell.fromLoginShell() ? "login shell " + shell.shell() : "the panel's own",
                shell.elapsedMillis());
        app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        String openView = System.getenv("MST_PANEL_OPEN_VIEW");
        window = showMain(stage, app, openView);
        if (firstFrameReported) {
            Platform.runLater(window::checkForOrphans);
        } else {
            // no frame yet: either the window opens now, or the waiting frame was replaced before
            // its first pulse (the login shell answered within a frame), so its listener never ran
            reportFirstFrame(stage.getScene(), window);
        }
        app.contexts().startAutoRefresh(Duration.ofSeconds(Math.max(2, app.settings().refreshIntervalSeconds)));
        shell.fallback().filter(reason -> !shell.turnedOff()).ifPresent(reason -> {
            LOG.warn("login shell environment not used: {}", reason);
            window.showNotice(
                    "Processes the panel starts use its own environment, not your login shell's: " + reason
                            + " If MST, node or docker are not found, set MST's path in Settings or start the panel from a terminal.");
        });
        String dialog = System.getenv("MST_PANEL_OPEN_DIALOG");
        if ("settings".equals(dialog)) {
            Platform.runLater(window::openSettings);
        } else if ("about".equals(dialog)) {
            Platform.runLater(window::openAbout);
        }
    }

    /**
     * Builds the main window on a stage and shows it, as the app does (tests call it too): theme,
     * icon, saved geometry (ignored when it is on no screen), saved open view, and a close request
     * that asks while a run is in progress and saves geometry and open view. Shows the notice
     * when the settings file was corrupt and set aside.
     *
     * @param stage the primary stage
     * @param app the composition root
     * @param openView a view id to open instead of the saved one (the {@code MST_PANEL_OPEN_VIEW}
     *     variable, used by {@code scripts/screenshots.sh}), or null
     * @return the main window
     */
    public static MainWindow showMain(Stage stage, AppContext app, String openView) {
        Settings settings = app.settings();
        app.theme().apply(settings.theme);
        MainWindow window = new MainWindow(app);
        if (openView != null && !openView.isBlank() && !window.open(openView.strip())) {
            LOG.warn("MST_PANEL_OPEN_VIEW={}: no such view", openView);
        }
        WindowPlacement place =
                WindowPlacement.fit(settings.windowX, settings.windowY, settings.windowWidth, settings.windowHeight);
        Scene scene = sceneFor(window, place.width(), place.height());
        stage.setTitle("mst-panel");
        AppIcons.apply(stage);
        stage.setScene(scene);
        stage.setMinWidth(760);
        stage.setMinHeight(480);
        place.applyPosition(stage);
        stage.setMaximized(settings.windowMaximized);
        app.dialogs().setOwner(stage);
        app.notifier().setMainStage(stage);
        stage.setOnCloseRequest(e -> {
            if (window.isQuitting()) {
                e.consume(); // the run is being stopped; the window closes when it has
                return;
            }
            if (!window.confirmQuit()) {
                e.consume();
                return;
            }
            saveWindow(stage, app, window);
            if (app.runInProgress().get()) {
                // do what the dialog said before closing: stop the run, then quit
                e.consume();
                window.stopRunThenQuit(() -> {
                    app.notifier().close();
                    stage.hide();
                });
                return;
            }
            app.notifier().close();
        });
        stage.show();
        app.settingsStore()
                .notice()
                .ifPresent(n -> Platform.runLater(() -> app.dialogs().showInfo("Settings were reset", n)));
        return window;
    }

    /**
     * The main window's scene with the panel's stylesheet (tests build the window the same way).
     *
     * @param window the main window
     * @param width in pixels
     * @param height in pixels
     */
    public static Scene sceneFor(MainWindow window, double width, double height) {
        Scene scene = new Scene(window, width, height);
        scene.getStylesheets().add(dev.mstpanel.ui.common.ThemeCompiler.stylesheet("/dev/mstpanel/ui/app.css"));
        return scene;
    }

    /** Sets AtlantaFX's Primer theme, light or dark, for every window (tests; the app uses {@link AppContext#theme()}). */
    public static void applyTheme(boolean dark) {
        Application.setUserAgentStylesheet(ThemeSwitcher.stylesheet(dark));
    }

    /** Whether the first frame was reported (FX thread only): once per process, whichever scene showed it. */
    private static boolean firstFrameReported;

    private static void reportFirstFrame(Scene scene, MainWindow window) {
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            scene.removePostLayoutPulseListener(listener[0]);
            if (firstFrameReported) {
                return;
            }
            firstFrameReported = true;
            Instant started = dev.mstpanel.core.startup.ClassDataArchive.processStart(System.getenv());
            long ms = Duration.between(started, Instant.now()).toMillis();
            LOG.info("first frame {} ms after the process started", ms);
            if (window != null) {
                window.checkForOrphans();
            }
            if (System.getenv("MST_PANEL_TIMING") != null) {
                System.out.println("first-frame-ms " + ms);
                // CPU time too: on a busy machine it varies less than the wall-clock figure
                ProcessHandle.current()
                        .info()
                        .totalCpuDuration()
                        .ifPresent(cpu -> System.out.println("first-frame-cpu-ms " + cpu.toMillis()));
                System.out.flush();
            }
            exitLaterIfAsked();
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }

    /**
     * With {@code MST_PANEL_EXIT_AFTER_MS=N} the app quits N ms after its first frame: the
     * packaging's class-list training run (AppCDS) and {@code scripts/bench/first-frame.sh} use it.
     */
    private static void exitLaterIfAsked() {
        String after = System.getenv("MST_PANEL_EXIT_AFTER_MS");
        if (after == null || after.isBlank()) {
            return;
        }
        long ms;
        try {
            ms = Long.parseLong(after.strip());
        } catch (NumberFormatException e) {
            return;
        }
        Thread t = new Thread(
                () -> {
                    try {
                        Thread.sleep(ms);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    Platform.runLater(Platform::exit);
                },
                "exit-after-first-frame");
        t.setDaemon(true);
        t.start();
    }

    /** Saves the window's geometry and open view into the settings file (on close). */
    private static void saveWindow(Stage stage, AppContext app, MainWindow window) {
        Settings s = app.settings();
        s.windowMaximized = stage.isMaximized();
        if (!stage.isMaximized()) {
            s.windowX = stage.getX();
            s.windowY = stage.getY();
            // the scene's size, not the stage's: the stage's includes the decorations, and the
            // scene is built with the saved size, so saving the stage's would grow the window each start
            s.windowWidth = stage.getScene().getWidth();
            s.windowHeight = stage.getScene().getHeight();
        }
        s.openView = window.openViewId();
        java.nio.file.Path results = app.results().locationProperty().get();
        java.nio.file.Path run = app.results().selectedRunDirProperty().get();
        s.openResults = results == null ? null : results.toString();
        s.openResultsRun = results == null || run == null ? null : run.toString();
        try {
            app.settingsStore().save(s);
        } catch (IOException e) {
            LOG.warn("could not save settings to {}: {}", app.settingsStore().file(), e.getMessage());
        }
    }

    @Override
    public void stop() {
        if (app != null) {
            app.close();
        }
    }
}
