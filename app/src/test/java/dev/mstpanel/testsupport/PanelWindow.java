package dev.mstpanel.testsupport;

import dev.mstpanel.core.settings.Settings;
import dev.mstpanel.core.settings.SettingsStore;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.stage.Stage;

/**
 * The panel's real main window on a TestFX stage, set up as the app sets itself up (the light
 * theme, one {@link AppContext} on the FX executor, the scene the app uses), so window tests
 * share one set-up. Call from a TestFX {@code @Start} method; {@link #close()} from
 * {@code @AfterEach}.
 *
 * <pre>{@code
 * panel = PanelWindow.of(TestEngines.environment(home)).size(1280, 820).open("containers").show(stage);
 * }</pre>
 */
public final class PanelWindow implements AutoCloseable {
    private final AppContext app;
    private final MainWindow window;
    private final Stage stage;
    private final FxThreadGuard guard;

    private PanelWindow(AppContext app, MainWindow window, Stage stage, FxThreadGuard guard) {
        this.app = app;
        this.window = window;
        this.stage = stage;
        this.guard = guard;
    }

    /** A window for this environment (its settings and data folders follow it, see {@link AppPaths#of}). */
    public static Builder of(HostEnvironment env) {
        return new Builder(env);
    }

    /**
     * A window on this machine's environment with all the panel's folders under {@code panelHome}
     * ({@code MST_PANEL_HOME}): for views that read files only (no engines).
     */
    public static Builder withPanelHome(Path panelHome) {
        java.util.Map<String, String> vars = new java.util.HashMap<>(System.getenv());
        vars.put("MST_PANEL_HOME", panelHome.toString());
        return of(HostEnvironment.fromSystem().withVariables(vars));
    }

    /** The stand-in MST, a test double of MST's CLI ({@code app/src/test/resources/mst-standin/mst}). */
    public static final Path STANDIN_MST = TestEngines.projectRoot().resolve("app/src/test/resources/mst-standin/mst");

    /**
     * The Runs view on the test engines, with the stand-in MST as the MST in settings and a 15 s
     * probe timeout (a busy test machine answers slowly); the contexts are probed once it shows.
     *
     * @param home the test's home folder (settings, data)
     * @param variables environment variables on top of the engines' (the stand-in's {@code MST_STANDIN_*}, secrets)
     */
    public static Builder runsWithStandIn(Path home, java.util.Map<String, String> variables) {
        HostEnvironment engines = TestEngines.environment(home);
        java.util.Map<String, String> vars = new java.util.HashMap<>(engines.variables());
        vars.putAll(variables);
        Settings saved = new Settings();
        saved.probeTimeoutSeconds = 15;
        saved.mstPath = STANDIN_MST.toString();
        return of(engines.withVariables(vars)).savedSettings(saved).open("runs").refreshContexts();
    }

    public AppContext app() {
        return app;
    }

    public MainWindow window() {
        return window;
    }

    public Stage stage() {
        return stage;
    }

    /**
     * Closes the app context (stops its refreshes, watchers and runs), then fails the test when the
     * window's scene graph was changed off the FX thread while it was open ({@link FxThreadGuard}).
     */
    @Override
    public void close() {
        app.close();
        guard.assertNone();
    }

    /** What the window starts with. */
    public static final class Builder {
        private final HostEnvironment env;
        private double width = 1280;
        private double height = 820;
        private String view;
        private Settings saved;
        private Consumer<Settings> adjust = s -> {};
        private boolean refreshContexts;

        private Builder(HostEnvironment env) {
            this.env = env;
        }

        /** The scene's size in pixels (default 1280 × 820). */
        public Builder size(double width, double height) {
            this.width = width;
            this.height = height;
            return this;
        }

        /** The view to open first, by its id in {@code ui/Views} (default: the app's first). */
        public Builder open(String viewId) {
            this.view = viewId;
            return this;
        }

        /** Settings written to the settings file before the app reads it, as a user's saved settings. */
        public Builder savedSettings(Settings settings) {
            this.saved = settings;
            return this;
        }

        /** Changes the loaded settings in memory (not saved), e.g. a longer probe timeout. */
        public Builder settings(Consumer<Settings> adjust) {
            this.adjust = adjust;
            return this;
        }

        /** Probes the contexts once the window shows. */
        public Builder refreshContexts() {
            this.refreshContexts = true;
            return this;
        }

        /** Builds the window on {@code stage} and shows it. Call on the FX thread. */
        public PanelWindow show(Stage stage) {
            AppPaths paths = AppPaths.of(env);
            if (saved != null) {
                try {
                    new SettingsStore(paths.configDir()).save(saved);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            App.applyTheme(false);
            AppContext app = new AppContext(env, paths, UiExecutor.fx());
            adjust.accept(app.settings());
            MainWindow window = new MainWindow(app);
            app.dialogs().setOwner(stage);
            stage.setScene(App.sceneFor(window, width, height));
            FxThreadGuard guard = FxThreadGuard.watch(stage.getScene());
            // the TestFX stage is reused between test classes: a size set on it earlier (e.g. TranscriptFxTest's
            // 1860 px) would otherwise stay and put the right of this window off the screen, where clicks miss
            stage.sizeToScene();
            stage.show();
            stage.centerOnScreen();
            if (view != null) {
                window.open(view);
            }
            if (refreshContexts) {
                app.contexts().refresh();
            }
            return new PanelWindow(app, window, stage, guard);
        }
    }
}
