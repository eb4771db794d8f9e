package dev.mstpanel.bench;

import java.time.Duration;
import java.time.Instant;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/**
 * Benchmark baseline (not a test, not shipped): the smallest JavaFX window worth comparing the
 * panel's first frame with ("A first frame as fast as JavaFX allows"): a stage with a
 * menu bar, a list and a label, on JavaFX's own theme. Prints {@code first-frame-ms} and
 * {@code first-frame-cpu-ms} as the app does with {@code MST_PANEL_TIMING=1}, and quits
 * {@code MST_PANEL_EXIT_AFTER_MS} later. Run by {@code scripts/bench/first-frame.sh minimal}.
 */
public final class MinimalWindow {
    private MinimalWindow() {}

    /** A plain main class, as the panel's Main, so the window starts on the class path. */
    public static void main(String[] args) {
        Application.launch(Window.class, args);
    }

    /** The window. */
    public static final class Window extends Application {
        @Override
        public void start(Stage stage) {
            MenuBar bar = new MenuBar(new Menu("File", null, new MenuItem("Quit")), new Menu("Help"));
            ListView<String> list = new ListView<>();
            list.getItems().addAll("contexts", "runs", "results");
            BorderPane root = new BorderPane(list, bar, null, new Label("ready"), null);
            Scene scene = new Scene(root, 1280, 820);
            Runnable[] first = new Runnable[1];
            first[0] = () -> {
                scene.removePostLayoutPulseListener(first[0]);
                Instant started = ProcessHandle.current().info().startInstant().orElse(Instant.now());
                System.out.println("first-frame-ms "
                        + Duration.between(started, Instant.now()).toMillis());
                ProcessHandle.current()
                        .info()
                        .totalCpuDuration()
                        .ifPresent(c -> System.out.println("first-frame-cpu-ms " + c.toMillis()));
                System.out.flush();
                String after = System.getenv("MST_PANEL_EXIT_AFTER_MS");
                long ms = after == null ? 300 : Long.parseLong(after.strip());
                Thread t = new Thread(() -> {
                    try {
                        Thread.sleep(ms);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    Platform.runLater(Platform::exit);
                });
                t.setDaemon(true);
                t.start();
            };
            scene.addPostLayoutPulseListener(first[0]);
            stage.setTitle("minimal");
            stage.setScene(scene);
            stage.show();
        }
    }
}
