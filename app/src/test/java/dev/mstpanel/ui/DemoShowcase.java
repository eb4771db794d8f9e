package dev.mstpanel.ui;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.runs.ReplayPane;
import dev.mstpanel.ui.runs.RunsHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Takes the README's pictures of the built-in demo in the real window, as a person gets there
 * ("the README's pictures are retaken from the demo"): the Contexts view, the empty Runs
 * view offering the demo, the demo run replaying (paused mid-run) and ended, its failed trial's
 * screenshot, accessibility dump and transcript (beside the screenshot on a wide window), its two
 * variants compared, the run against the one before it (a regressed case open) and the trend of the
 * eval's runs. Each picture is the window's scene, saved as
 * {@code OUT_DIR/<name>.png}.
 *
 * <p>{@code DemoShowcase OUT_DIR [NAME ...]} (default: every picture). Run by
 * {@code scripts/screenshots.sh demo} under Xvfb with a fresh {@code MST_PANEL_HOME} and the test
 * engines named as the demo's contexts. Exits 0 when every picture was taken, 1 (with the step that
 * did not come) otherwise. Not a test.
 */
public final class DemoShowcase extends Application {
    /** Every picture, in the order they are taken (each step goes on from the one before). */
    public static final List<String> ALL = List.of(
            "contexts",
            "runs-empty-demo",
            "runs-live",
            "runs-finished",
            "results-trial",
            "results-accessibility",
            "results-timeline",
            "results-transcript",
            "results-by-dataset",
            "results-compare",
            "results-compare-previous",
            "compare-by-dataset",
            "results-trend",
            "results-aligned",
            "results-triage");

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;
    private static final int RUNS_HEIGHT = 980;

    /** Entry point (an Application cannot be the main class on the class path). */
    public static final class Launcher {
        public static void main(String[] args) {
            Application.launch(DemoShowcase.class, args);
        }
    }

    private Stage stage;
    private AppContext app;
    private MainWindow window;
    private Path out;
    private Set<String> wanted;

    @Override
    public void start(Stage stage) {
        List<String> args = getParameters().getRaw();
        out = Path.of(args.get(0));
        wanted = args.size() > 1 ? Set.copyOf(args.subList(1, args.size())) : Set.copyOf(ALL);
        this.stage = stage;
        HostEnvironment env = HostEnvironment.fromSystem();
        App.applyTheme(false);
        app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
        window = new MainWindow(app);
        app.dialogs().setOwner(stage);
        stage.setScene(App.sceneFor(window, WIDTH, HEIGHT));
        stage.setTitle("mst-panel");
        stage.setX(0);
        stage.setY(0);
        stage.show();
        Thread t = new Thread(
                () -> {
                    int code = 0;
                    try {
                        Files.createDirectories(out);
                        steps();
                    } catch (Throwable e) {
                        System.err.println("DemoShowcase: " + e.getMessage());
                        code = 1;
                    }
                    int exit = code;
                    Platform.runLater(() -> {
                        app.close();
                        Platform.exit();
                        System.exit(exit);
                    });
                },
                "demo-showcase");
        t.setDaemon(true);
        t.start();
    }

    private void steps() throws Exception {
        fx(() -> {
            window.open("contexts");
            app.contexts().refresh();
            return null;
        });
        until(
                "the contexts answered",
                60,
                () -> app.contexts().rows().size() >= 2
                        && !app.contexts().refreshingProperty().get());
        shot("contexts");

        size(WIDTH, RUNS_HEIGHT); // the shard rows, the chart and some of the log in one picture
        fx(() -> window.open("runs"));
        until("the empty Runs view's demo link", 20, () -> visible("#open-demo-runs"));
        shot("runs-empty-demo");

        // the demo, as Help → Open the demo plays it; paused after shard 2 ran out of memory
        fx(() -> {
            window.openDemo();
            return null;
        });
        until("the replay", 30, () -> replay() != null);
        fx(() -> {
            ((ButtonBase) lookup("#replay-pause")).fire();
            replay().seek(9_100);
            return null;
        });
        until(
                "the replay at 0:09 with three shards",
                20,
                () -> replay().model().shardRows().size() == 3
                        && ((javafx.scene.control.Label) lookup("#replay-position"))
                                .getText()
                                .startsWith("0:09"));
        shot("runs-live");

        // Play, and a seek to its last second: the chart holds the whole run as the live one did
        fx(() -> {
            ((ButtonBase) lookup("#replay-pause")).fire();
            replay().seek(replay().session().recording().durationMs() - 1_000);
            return null;
        });
        until("the replay's end", 60, () -> replay().ended() && visible("#open-results"));
        shot("runs-finished");

        size(WIDTH, HEIGHT);
        // its results: the demo's copy in the data folder, opened from the replay
        fx(() -> {
            ((ButtonBase) lookup("#open-results")).fire();
            return null;
        });
        until(
                "the demo's results",
                30,
                () -> !app.results().runs().isEmpty()
                        && !app.results().runs().get(0).loading()
                        && !app.results().runs().get(0).trials().isEmpty());
        // the gift card's first failed trial: the one whose subagent gives the Timeline its lanes
        TrialRecord failed = fx(() -> app.results().runs().get(0).trials().stream()
                .filter(t -> t.status() == TrialStatus.FAILED && t.artifactsDir() != null)
                .min(java.util.Comparator.comparing(
                                (TrialRecord t) -> !t.caseId().equals("gift-card"))
                        .thenComparing(TrialRecord::trial))
                .orElseThrow());
        fx(() -> {
            app.results().selectedRunDirProperty().set(failed.runDir());
            app.results().selectedTrialProperty().set(failed);
            return null;
        });
        until("the failed trial's tabs", 20, () -> lookup("#inspector-tabs") != null);
        Thread.sleep(1500); // the inspector lays its tabs out for its width once
        tab("tab-screenshot");
        until(
                "the screenshot",
                20,
                () -> selectedTab().equals("tab-screenshot")
                        && lookup("#screenshot-image") instanceof javafx.scene.image.ImageView v
                        && v.getImage() != null);
        // the screenshot at its actual size on a large window, scrolled to the agent's steps and the error: readable
        size(1680, 1050);
        Thread.sleep(1000);
        fx(() -> {
            ((ButtonBase) lookup("#screenshot-100")).fire();
            return null;
        });
        Thread.sleep(500);
        fx(() -> {
            Node n = lookup("#screenshot-image");
            while (n != null && !(n instanceof javafx.scene.control.ScrollPane)) {
                n = n.getParent();
            }
            if (n instanceof javafx.scene.control.ScrollPane sp) {
                sp.setHvalue(0.5);
                sp.setVvalue(0.3);
            }
            return null;
        });
        shot("results-trial");
        size(WIDTH, HEIGHT);

        tab("tab-accessibility");
        until(
                "the accessibility dump",
                20,
                () -> selectedTab().equals("tab-accessibility") && lookup("#ax-search") != null);
        fx(() -> {
            ((TextField) lookup("#ax-search")).setText("GC-5531");
            return null;
        });
        shot("results-accessibility");

        // its Timeline: the subagent and the calls inside it on lanes of their own, the gaps, the failing call
        tab("tab-timeline");
        until("the timeline", 20, () -> selectedTab().equals("tab-timeline"));
        shot("results-timeline");

        // a wide window: the transcript beside the failure diagnosis
        fx(() -> {
            ((TextField) lookup("#ax-search")).setText("");
            return null;
        });
        size(1680, 940);
        until("the transcript beside the screenshot", 20, () -> lookup("#inspector-split") != null);
        tab("tab-screenshot");
        shot("results-transcript");
        size(WIDTH, HEIGHT);

        // the run's pass rate by dataset, the run selected without a trial
        if (wanted.contains("results-by-dataset")) {
            fx(() -> {
                app.results().selectedTrialProperty().set(null);
                return null;
            });
            until("the run's groups", 20, () -> lookup("#run-group-by-dataset") != null);
            fx(() -> {
                ((ButtonBase) lookup("#run-group-by-dataset")).fire();
                return null;
            });
            until(
                    "the pass rate by dataset",
                    20,
                    () -> lookup("#run-group-list") instanceof javafx.scene.control.ListView<?> l
                            && l.isVisible()
                            && !l.getItems().isEmpty());
            shot("results-by-dataset");
        }

        // the two variants of the demo run compared, the failed case chosen
        Path runDir = failed.runDir();
        fx(() -> {
            window.openComparison(runDir, "baseline", runDir, "with-skill");
            return null;
        });
        until(
                "the comparison",
                30,
                () -> !app.compare().rows().isEmpty()
                        && !app.compare().loadingProperty().get()
                        && !app.compare().meansPendingProperty().get());
        fx(() -> {
            app.compare()
                    .selectedCaseProperty()
                    .set(app.compare().rows().stream()
                            .filter(r -> r.caseId().equals(failed.caseId()))
                            .findFirst()
                            .orElse(app.compare().rows().get(0)));
            return null;
        });
        shot("results-compare");
        if (wanted.contains("results-aligned")) {
            // the case's base trial (failed) and candidate trial (passed) aligned, in a window of its own
            until(
                    "both sides' trials",
                    20,
                    () -> app.compare().baseTrial().trialProperty().get() != null
                            && app.compare().candidateTrial().trialProperty().get() != null);
            fx(() -> {
                ((ButtonBase) lookup("#compare-case-align")).fire();
                return null;
            });
            until(
                    "the two trials aligned",
                    30,
                    () -> aligned() != null && aligned().getScene().lookup("#alignment-rows") != null);
            fx(() -> {
                Stage s = aligned();
                s.setX(0);
                s.setY(0);
                s.setWidth(WIDTH);
                s.setHeight(820);
                return null;
            });
            Thread.sleep(1500);
            var image = fx(() -> aligned().getScene().snapshot(null));
            Path file = out.resolve("results-aligned.png");
            ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
            System.out.println("took " + file + " (" + (int) image.getWidth() + "x" + (int) image.getHeight() + ")");
            fx(() -> {
                aligned().close();
                return null;
            });
        }

        // the run against the eval's run before it: the baseline's regressed case chosen
        Path previous;
        try (var runs = java.nio.file.Files.list(runDir.getParent())) {
            previous = runs.filter(r -> r.getFileName()
                                    .toString()
                                    .compareTo(runDir.getFileName().toString())
                            < 0)
                    .max(java.util.Comparator.naturalOrder())
                    .orElseThrow();
        }
        fx(() -> {
            app.compare().close();
            window.openComparison(previous, "baseline", runDir, "baseline");
            return null;
        });
        until(
                "the comparison with the previous run",
                30,
                () -> !app.compare().rows().isEmpty()
                        && !app.compare().loadingProperty().get()
                        && !app.compare().meansPendingProperty().get());
        fx(() -> {
            app.compare().selectedCaseProperty().set(app.compare().rows().get(0));
            return null;
        });
        shot("results-compare-previous");
        if (wanted.contains("compare-by-dataset")) {
            fx(() -> {
                ((ButtonBase) lookup("#group-by-dataset")).fire();
                return null;
            });
            Thread.sleep(1000);
            shot("compare-by-dataset");
            fx(() -> {
                ((ButtonBase) lookup("#group-by-none")).fire();
                return null;
            });
        }

        fx(() -> {
            app.compare().close();
            app.trend().openEvalOf(runDir);
            return null;
        });
        until(
                "the trend",
                30,
                () -> !app.trend().points().isEmpty()
                        && !app.trend().loadingProperty().get());
        shot("results-trend");

        // triage of the run's failures (last: the labels would show in the pictures before): the gift card's two
        // failures are the shop's, the out-of-memory trial the infrastructure's, one with a note
        if (wanted.contains("results-triage")) {
            fx(() -> {
                app.trend().close();
                window.open("results");
                app.results().selectedRunDirProperty().set(failed.runDir());
                app.results().selectedTrialProperty().set(failed);
                return null;
            });
            List<TrialRecord> labelled = fx(() -> app.results().runs().stream()
                    .filter(r -> r.info().dir().equals(failed.runDir()))
                    .findFirst()
                    .orElseThrow()
                    .trials()
                    .stream()
                    .filter(t -> t.caseId().equals("gift-card") && t.status() == TrialStatus.FAILED
                            || t.status() == TrialStatus.INFRA)
                    .toList());
            fx(() -> {
                for (TrialRecord t : labelled) {
                    app.triage().setLabel(t, t.status() == TrialStatus.INFRA ? 4 : 2);
                }
                return null;
            });
            until(
                    "the labels",
                    20,
                    () -> labelled.stream().allMatch(t -> app.triage().labelOf(t) != null));
            fx(() -> {
                app.triage().setNote(failed, "The shop wants the card number without GC-.");
                ((ButtonBase) lookup("#failures-only")).fire();
                return null;
            });
            until(
                    "the note",
                    20,
                    () -> app.triage().labelOf(failed) != null
                            && app.triage().labelOf(failed).note() != null);
            shot("results-triage");
        }
    }

    private void size(int width, int height) throws Exception {
        fx(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
            return null;
        });
        Thread.sleep(300);
    }

    private ReplayPane replay() {
        Node n = stage.getScene().lookup("#runs-host");
        return n instanceof RunsHost host ? host.replay() : null;
    }

    /** A node by id, in the replay when one is shown (the live Run view under it has the same ids), else anywhere. */
    private Node lookup(String id) {
        ReplayPane r = replay();
        if (r != null && r.isVisible() && r.getScene() != null && "runs".equals(window.openViewId())) {
            Node n = r.lookup(id);
            if (n != null) {
                return n;
            }
        }
        return stage.getScene().lookup(id);
    }

    private boolean visible(String id) {
        Node n = lookup(id);
        return n != null && n.isVisible() && n.getScene() != null;
    }

    private String selectedTab() {
        TabPane tabs = (TabPane) lookup("#inspector-tabs");
        Tab t = tabs == null ? null : tabs.getSelectionModel().getSelectedItem();
        return t == null || t.getId() == null ? "" : t.getId();
    }

    private void tab(String id) throws Exception {
        fx(() -> {
            TabPane tabs = (TabPane) lookup("#inspector-tabs");
            for (Tab t : tabs.getTabs()) {
                if (id.equals(t.getId())) {
                    tabs.getSelectionModel().select(t);
                }
            }
            return null;
        });
    }

    /** The window of two trials aligned, or null. */
    private static Stage aligned() {
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (w instanceof Stage s && s.getScene() != null && s.getScene().lookup("#trial-alignment") != null) {
                return s;
            }
        }
        return null;
    }

    /** Saves the scene as OUT_DIR/NAME.png once the window has settled. */
    private void shot(String name) throws Exception {
        if (!wanted.contains(name)) {
            return;
        }
        Thread.sleep(1500); // layout, images, the chart
        var image = fx(() -> stage.getScene().snapshot(null));
        Path file = out.resolve(name + ".png");
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
        System.out.println("took " + file + " (" + (int) image.getWidth() + "x" + (int) image.getHeight() + ")");
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        FutureTask<T> task = new FutureTask<>(c);
        Platform.runLater(task);
        return task.get(30, TimeUnit.SECONDS);
    }

    private static void until(String what, int seconds, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (Boolean.TRUE.equals(fx(condition))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("did not come within " + seconds + " s: " + what);
    }
}
