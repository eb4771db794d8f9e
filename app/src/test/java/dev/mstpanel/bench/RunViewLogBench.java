package dev.mstpanel.bench;

import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.testsupport.TestEngines;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import dev.mstpanel.ui.runs.ContextChoice;
import dev.mstpanel.ui.runs.RunViewModel;
import java.lang.management.ManagementFactory;
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
 * Benchmark (not a test): the Runs view while MST prints 1,000 lines a second. Starts the real
 * window with the test stand-in MST ({@code MST_STANDIN_LINES_PER_SECOND}) on engine-1, and for
 * the measured seconds records the longest gap between two FX pulses (an {@link AnimationTimer}
 * asks for one every frame; the gap spanning the benchmark's own forced GC is left out) and the
 * heap in use after a GC every 10 s.
 *
 * <p>Run it with {@code scripts/bench/run-view-log.sh [seconds] [lines-per-second]}.
 */
public final class RunViewLogBench {
    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int rate = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        Path home = Files.createTempDirectory("mstp-bench-runview");
        HostEnvironment engines = TestEngines.environment(home);
        Map<String, String> vars = new HashMap<>(engines.variables());
        vars.put("MST_STANDIN_LINES_PER_SECOND", String.valueOf(rate));
        vars.put("MST_STANDIN_TRIAL_DELAY", String.valueOf(seconds + 30));
        vars.put("MST_STANDIN_OOM_SHARD", "0");
        HostEnvironment env = engines.withVariables(vars);
        Path settings = AppPaths.of(env).configDir().resolve("settings.json");
        Files.createDirectories(settings.getParent());
        Path standin = TestEngines.projectRoot().resolve("app/src/test/resources/mst-standin/mst");
        Files.writeString(
                settings, "{\"probeTimeoutSeconds\": 15, \"mstPath\": \"" + standin + "\", \"openView\": \"runs\"}");
        Path evals = Files.createDirectories(home.resolve("evals"));
        Path config = Files.writeString(evals.resolve("eval.json"), "{\"name\": \"bench\", \"client\": \"api\"}");

        CompletableFuture<AppContext> started = new CompletableFuture<>();
        Platform.startup(() -> {
            App.applyTheme(false);
            AppContext app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
            MainWindow window = new MainWindow(app);
            Stage stage = new Stage();
            stage.setScene(App.sceneFor(window, 1440, 900));
            stage.show();
            window.open("runs");
            app.contexts().refresh();
            started.complete(app);
        });
        AppContext app = started.get(30, TimeUnit.SECONDS);
        RunViewModel model = app.runs();
        // fill the form once engine-1 answered, then Start
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            boolean ready = onFx(() -> model.contextChoices().stream()
                    .anyMatch(c ->
                            c.name().equals("engine-1") && c.availableProperty().get()));
            if (ready) {
                break;
            }
            Thread.sleep(200);
        }
        onFx(() -> {
            model.configPathProperty().set(config.toString());
            model.memoryProperty().set("64m");
            for (ContextChoice c : model.contextChoices()) {
                c.selectedProperty().set(c.name().equals("engine-1"));
            }
            return null;
        });
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!onFx(() -> model.canStartProperty().get()) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        onFx(() -> {
            model.start();
            return null;
        });
        // wait for the chatter to reach the window
        int firstLines = rate > 0 ? 50 : 3;
        while (onFx(() -> model.log().size()) < firstLines) {
            Thread.sleep(100);
        }

        dev.mstpanel.testsupport.PulseGaps timer = new dev.mstpanel.testsupport.PulseGaps();
        onFx(() -> {
            timer.start();
            return null;
        });
        var memory = ManagementFactory.getMemoryMXBean();
        long cpuStart = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                .getProcessCpuTime();
        long startNanos = System.nanoTime();
        StringBuilder heap = new StringBuilder();
        for (int s = 1; s <= seconds; s++) {
            Thread.sleep(1000);
            if (s % 10 == 0) {
                System.gc();
                timer.skipNextGap(); // the gap spanning the benchmark's own System.gc() is not the view's
                heap.append(String.format(
                        Locale.ROOT,
                        " %ds:%.1fMiB",
                        s,
                        memory.getHeapMemoryUsage().getUsed() / 1048576.0));
            }
        }
        long wall = System.nanoTime() - startNanos;
        long cpu = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                        .getProcessCpuTime()
                - cpuStart;
        onFx(() -> {
            timer.stop();
            return null;
        });
        int logLines = onFx(() -> model.log().size());
        long received = onFx(() -> model.linesReceivedProperty().get());
        System.out.printf(
                Locale.ROOT,
                "lines/s requested %d for %d s; pulses %d; longest FX pulse gap %.1f ms; on-screen log %d of %d lines received;"
                        + " panel CPU %.0f%% of one core; heap after GC%s%n",
                rate,
                seconds,
                timer.pulses(),
                timer.longestGapNanos() / 1e6,
                logLines,
                received,
                100.0 * cpu / wall,
                heap);
        onFx(() -> {
            model.cancel();
            model.cancel();
            return null;
        });
        Thread.sleep(5000);
        // what the run left beside its log: the recording (unless -Dmstpanel.recording=off)
        try (var files = Files.list(AppPaths.of(env).dataDir().resolve("runs"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                System.out.printf(Locale.ROOT, "  %s %d bytes%n", f.getFileName(), Files.size(f));
            }
        }
        onFx(() -> {
            app.close();
            return null;
        });
        Platform.exit();
        System.exit(0);
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
        return f.get(30, TimeUnit.SECONDS);
    }
}
