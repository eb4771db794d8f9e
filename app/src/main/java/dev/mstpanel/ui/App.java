package dev.mstpanel.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.mstpanel.core.settings.AppPaths;
import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SystemTheme;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.runs.RunView;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The JavaFX application: builds the {@link AppContext}, the main window, and shows it. */
public final class App extends Application {
    private static final Logger LOG = LoggerFactory.getLogger(App.class);
    private AppContext app;
    private MainWindow window;
    private Stage stage;

    @Override
    public void start(Stage stage) {
        this.stage = stage;
        HostEnvironment env = HostEnvironment.fromSystem();
        app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        Settings settings = app.settings();
        applyTheme(settings.theme == Settings.Theme.DARK);

        window = new MainWindow(app);
        Scene scene = sceneFor(window, settings.windowWidth, settings.windowHeight);
        stage.setTitle("mst-panel");
        stage.setScene(scene);
        stage.setMinWidth(760);
        stage.setMinHeight(480);
        if (!Double.isNaN(settings.windowX) && !Double.isNaN(settings.windowY)) {
            stage.setX(settings.windowX);
            stage.setY(settings.windowY);
        }
        stage.setMaximized(settings.windowMaximized);
        app.dialogs().setOwner(stage);
        reportFirstFrame(scene);
        stage.setOnCloseRequest(e -> {
            if (!RunView.mayQuit(app.runs(), app.dialogs())) {
                e.consume();
                return;
            }
            saveWindow();
        });
        stage.show();

        app.contexts().startAutoRefresh(Duration.ofSeconds(Math.max(2, settings.refreshIntervalSeconds)));
        if (settings.theme == Settings.Theme.SYSTEM) {
            app.background().execute(() -> {
                boolean dark = SystemTheme.isDark(app.commandRunner());
                if (dark) {
                    Platform.runLater(() -> applyTheme(true));
                }
            });
        }
        app.settingsStore().notice().ifPresent(n -> Platform.runLater(() -> app.dialogs().showInfo("Settings were reset", n)));
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
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("app.css")).toExternalForm());
        return scene;
    }

    /** Sets AtlantaFX's Primer theme, light or dark, for every window. */
    public static void applyTheme(boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
    }

    private void reportFirstFrame(Scene scene) {
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            scene.removePostLayoutPulseListener(listener[0]);
            Instant started = ProcessHandle.current().info().startInstant().orElse(Instant.now());
            long ms = Duration.between(started, Instant.now()).toMillis();
            LOG.info("first frame {} ms after the process started", ms);
            if (System.getenv("MST_PANEL_TIMING") != null) {
                System.out.println("first-frame-ms " + ms);
            }
        };
        scene.addPostLayoutPulseListener(listener[0]);
    }

    private void saveWindow() {
        Settings s = app.settings();
        s.windowMaximized = stage.isMaximized();
        if (!stage.isMaximized()) {
            s.windowX = stage.getX();
            s.windowY = stage.getY();
            s.windowWidth = stage.getWidth();
            s.windowHeight = stage.getHeight();
        }
        s.openView = window.openViewId();
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
