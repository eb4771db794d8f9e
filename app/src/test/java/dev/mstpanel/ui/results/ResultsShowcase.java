package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Opens the real window on a run with one trial and one inspector tab selected, for screenshots
 * under Xvfb: {@code ResultsShowcase RUN_DIR CASE_ID TAB_ID [SEARCH]} (tab ids: tab-transcript,
 * tab-screenshot, tab-accessibility, tab-logs, tab-system; SEARCH goes to the transcript's search for
 * tab-transcript, else to the accessibility dump's). The window is 1440 × 900 unless the system
 * property {@code showcase.size} says {@code WIDTHxHEIGHT}. Not a test.
 */
public final class ResultsShowcase extends Application {
    /** Entry point of the launcher class below (an Application cannot be the main class on the class path). */
    public static final class Launcher {
        public static void main(String[] args) {
            Application.launch(ResultsShowcase.class, args);
        }
    }

    @Override
    public void start(Stage stage) {
        var args = getParameters().getRaw();
        HostEnvironment env = HostEnvironment.fromSystem();
        App.applyTheme(false);
        AppContext app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        MainWindow window = new MainWindow(app);
        String[] size = System.getProperty("showcase.size", "1440x900").split("x");
        stage.setScene(App.sceneFor(window, Integer.parseInt(size[0]), Integer.parseInt(size[1])));
        stage.setTitle("mst-panel");
        stage.show();
        window.openRun(Path.of(args.get(0)));
        PauseTransition wait = new PauseTransition(Duration.seconds(6));
        wait.setOnFinished(e -> {
            ResultsViewModel.RunState run = app.results().runs().get(0);
            TrialRecord t = run.trials().stream()
                    .filter(x -> x.caseId().equals(args.get(1)))
                    .findFirst()
                    .orElseThrow();
            app.results().selectedRunDirProperty().set(t.runDir());
            app.results().selectedTrialProperty().set(t);
            PauseTransition tab = new PauseTransition(Duration.seconds(4));
            tab.setOnFinished(f -> {
                TabPane tabs = (TabPane) stage.getScene().lookup("#inspector-tabs");
                for (Tab x : tabs.getTabs()) {
                    if (args.get(2).equals(x.getId())) {
                        tabs.getSelectionModel().select(x);
                    }
                }
                if (args.size() > 3) {
                    PauseTransition s = new PauseTransition(Duration.seconds(0.5));
                    String field = args.get(2).equals("tab-transcript") ? "#transcript-search" : "#ax-search";
                    s.setOnFinished(g ->
                            ((javafx.scene.control.TextField) stage.getScene().lookup(field)).setText(args.get(3)));
                    s.play();
                }
            });
            tab.play();
        });
        wait.play();
    }
}
