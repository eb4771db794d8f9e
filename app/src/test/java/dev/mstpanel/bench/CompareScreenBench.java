package dev.mstpanel.bench;

import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * Benchmark of the Compare screen on two big runs of one eval: the time from
 * {@code openComparison} until the figures and the case table show, and the longest gap between
 * two FX pulses meanwhile (an {@link AnimationTimer} asks for one every frame). Two cases: the
 * runs already read by the Results view (opened from its navigator or run header), and the runs
 * not read yet (the screen reads them from disk). Not a test: run it with
 * {@code scripts/bench/compare-screen.sh}.
 *
 * <p>Arguments: {@code EVAL_DIR RUN_A RUN_B [ROUNDS]}.
 */
public final class CompareScreenBench {
    private CompareScreenBench() {}

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            t.printStackTrace(); // the FX thread would keep the JVM alive: end it with the error
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        Path eval = Path.of(args[0]).toAbsolutePath().normalize();
        Path a = eval.resolve("runs").resolve(args[1]);
        Path b = eval.resolve("runs").resolve(args[2]);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        Path home = Files.createTempDirectory("mstp-bench-compare-screen");
        // a one-trial eval of its own, which the Results view opens in place of the two runs (a folder
        // without runs would leave them open: a wrong path keeps the open run)
        Path other = Files.createDirectories(home.resolve("other-results"));
        dev.mstpanel.testsupport.RunFixture.create(other, "other-eval", "20260101T000000Z-000000")
                .runJson("other-eval", "default")
                .trace("default", "one-case", 0, null);
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.put("MST_PANEL_HOME", home.toString());
        HostEnvironment env = HostEnvironment.fromSystem().withVariables(vars);
        CompletableFuture<Object[]> started = new CompletableFuture<>();
        Platform.startup(() -> {
            App.applyTheme(false);
            AppContext app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
            MainWindow window = new MainWindow(app);
            Stage stage = new Stage();
            // -Dmstpanel.bench.size=1280x800 for a laptop's window (default 1440x900)
            String[] size =
                    System.getProperty("mstpanel.bench.size", "1440x900").split("x");
            stage.setScene(App.sceneFor(window, Integer.parseInt(size[0]), Integer.parseInt(size[1])));
            stage.show();
            window.open("results");
            started.complete(new Object[] {app, window});
        });
        Object[] s = started.get(30, TimeUnit.SECONDS);
        long fxThread = onFx(() -> Thread.currentThread().getId());
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        AppContext app = (AppContext) s[0];
        MainWindow window = (MainWindow) s[1];

        dev.mstpanel.testsupport.PulseGaps timer = new dev.mstpanel.testsupport.PulseGaps();
        onFx(() -> {
            timer.start();
            return null;
        });
        for (int round = 1; round <= rounds; round++) {
            // loaded: the Results view holds both runs; cached: the screen reads them, from the cache of
            // listed trials (the runs were listed before); first: the screen reads them, the cache emptied
            // (as on the first look at those runs)
            // -Dmstpanel.bench.order=first,cached,loaded makes a JVM's first comparison that of never-listed runs
            for (String mode : System.getProperty("mstpanel.bench.order", "loaded,cached,first")
                    .split(",")) {
                boolean loaded = mode.equals("loaded");
                if (mode.equals("first")) {
                    Path trials = AppPaths.of(env).cacheDir().resolve("trials");
                    if (Files.isDirectory(trials)) {
                        try (var files = Files.list(trials)) {
                            for (Path f : files.toList()) {
                                Files.delete(f);
                            }
                        }
                    }
                }
                // the Results view holds both runs (loaded), or another folder (the screen reads the runs itself)
                onFx(() -> {
                    app.compare().close();
                    app.results().open(loaded ? eval : other);
                    window.open("results");
                    return null;
                });
                if (loaded) {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                    while (System.nanoTime() < deadline
                            && !onFx(() -> app.results().runs().size() == 2
                                    && app.results().runs().stream().noneMatch(r -> r.loading())
                                    && !app.results().loadingProperty().get())) {
                        Thread.sleep(100);
                    }
                }
                Thread.sleep(1500); // let the Results view settle
                System.gc();
                Thread.sleep(300);
                timer.resetLongest();
                Thread.sleep(2000); // the same window, idle: what the machine's load alone costs
                long idleGap = timer.longestGapNanos();
                timer.resetLongest();
                long gc0 = gcMillis();
                long fx0 = threads.getThreadCpuTime(fxThread);
                var os = (com.sun.management.OperatingSystemMXBean)
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
                long cpu0 = os.getProcessCpuTime();
                long cpuFigures =
                        -1; // the whole JVM's CPU from the open to the figures (all threads: readers, FX, GC, JIT)
                long fxFigures = -1;
                long t0 = System.nanoTime();
                onFx(() -> {
                    window.openComparison(a, "default", b, "default");
                    return null;
                });
                long figures = -1;
                long table = -1;
                long complete =
                        -1; // the traces read whole too (tool calls, tokens, cost), when the figures came from the
                // statuses first
                String progress = null; // the first progress line the screen showed
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (System.nanoTime() < deadline && complete < 0) {
                    Object[] st = onFx(() -> new Object[] {
                        app.compare().comparisonProperty().get() != null,
                        !app.compare().rows().isEmpty(),
                        app.compare().meansPendingProperty().get(),
                        app.compare().progressProperty().get()
                    });
                    long now = System.nanoTime();
                    if (progress == null && st[3] != null && !st[3].toString().startsWith("Counting the trials")) {
                        progress = now / 1_000_000 - t0 / 1_000_000 + " ms: " + st[3];
                        shot(window, round, mode, "counting");
                    }
                    if ((Boolean) st[0] && figures < 0 && (Boolean) st[2]) {
                        shot(window, round, mode, "statuses");
                    }
                    if ((Boolean) st[0] && figures < 0) {
                        figures = now - t0;
                        cpuFigures = os.getProcessCpuTime() - cpu0;
                        fxFigures = threads.getThreadCpuTime(fxThread) - fx0;
                    }
                    if ((Boolean) st[1] && table < 0) {
                        table = now - t0;
                    }
                    if (table >= 0 && !(Boolean) st[2]) {
                        complete = now - t0;
                    }
                    Thread.sleep(5);
                }
                Thread.sleep(500); // the first frames of the screen count too
                shot(window, round, mode, "complete");
                long gap = timer.longestGapNanos();
                // where the longest gap was: while the sides were read (the machine's load and the readers), or
                // after the figures came (the screen building its nodes)
                String where = timer.longestGapEndedAt() - t0 < figures ? "while reading" : "after the figures came";
                long gcMs = gcMillis() - gc0;
                long fxCpu = threads.getThreadCpuTime(fxThread) - fx0;
                int cases = onFx(() -> app.compare().rows().size());
                System.out.printf(
                        Locale.ROOT,
                        "round %d, runs %s: figures %.0f ms, case table (%d cases) %.0f ms, complete (tool calls, tokens, cost)"
                                + " %.0f ms, longest FX pulse gap %.1f ms, %s, ended at JVM uptime %d ms (idle window just before, 2 s: %.1f ms); FX thread CPU %.0f ms in all"
                                + " (%.0f ms to the figures); JVM CPU to the figures %.0f ms;"
                                + " GC %d ms; first progress %s; load %.1f%n",
                        round,
                        loaded
                                ? "already read by the Results view"
                                : mode.equals("cached")
                                        ? "read by the Compare screen, listed before (cache)"
                                        : "read by the Compare screen, never listed (no cache)",
                        figures / 1e6,
                        cases,
                        table / 1e6,
                        complete / 1e6,
                        gap / 1e6,
                        where,
                        timer.longestGapEndedAtUptimeMillis(),
                        idleGap / 1e6,
                        fxCpu / 1e6,
                        fxFigures / 1e6,
                        cpuFigures / 1e6,
                        gcMs,
                        progress == null ? "none" : "at " + progress,
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                                .getSystemLoadAverage());
            }
        }
        onFx(() -> {
            timer.stop();
            app.close();
            return null;
        });
        Platform.exit();
        System.exit(0);
    }

    /**
     * With {@code -Dmstpanel.screenshots=DIR}, saves the window of round 1 as {@code compare-load-<mode>-<stage>.png}
     * (to look at the screen while it loads; the picture costs the FX thread a frame or two).
     */
    private static void shot(MainWindow window, int round, String mode, String stage) throws Exception {
        String dir = System.getProperty("mstpanel.screenshots");
        if (dir == null || dir.isBlank() || round != 1) {
            return;
        }
        javafx.scene.image.WritableImage image = onFx(() -> window.getScene().snapshot(null));
        Path out = Path.of(dir, "compare-load-" + mode + "-" + stage + ".png");
        Files.createDirectories(out.getParent());
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image, null), "png", out.toFile());
    }

    private static long gcMillis() {
        long t = 0;
        for (var g : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            t += Math.max(0, g.getCollectionTime());
        }
        return t;
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Exception e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }
}
