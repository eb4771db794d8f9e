package dev.mstpanel.ui.results;

import dev.mstpanel.core.shell.AppPaths;
import dev.mstpanel.core.shell.HostEnvironment;
import dev.mstpanel.ui.App;
import dev.mstpanel.ui.AppContext;
import dev.mstpanel.ui.MainWindow;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;

/**
 * What a user meets: a fresh JVM, the real main window (1440 × 900) on the Results view with a run
 * open, an idle pause after its listing shows (a user reading the listing), then a click on the
 * failed trial; prints how long until the Transcript tab's first rows are laid out (the first pulse
 * whose scene holds transcript cells with rows in them), for the first open in the JVM and for later
 * opens (the trial closed, 500 ms, opened again), and the longest gap between two pulses during the
 * idle pause (what the warm-up cost the window). {@code TranscriptFirstOpenBench RUN_DIR CASE_ID IDLE_MS [ROUNDS]};
 * {@code -Dmst-panel.transcript-warm-up=off} opens without the warm-up (the baseline). Run by
 * {@code scripts/bench/transcript.sh}; not a test.
 */
public final class TranscriptFirstOpenBench {
    private TranscriptFirstOpenBench() {}

    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } finally {
            System.exit(0); // also when a wait timed out: the FX thread would keep the JVM (and the script) waiting
        }
    }

    private static void run(String[] args) throws Exception {
        long jvmStart =
                java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
        Path runDir = Path.of(args[0]);
        String caseId = args[1];
        long idleMs = Long.parseLong(args[2]);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        Path home = Files.createTempDirectory("mstp-bench-first-open");
        Map<String, String> vars = new HashMap<>(System.getenv());
        vars.put("MST_PANEL_HOME", home.toString());
        HostEnvironment env = HostEnvironment.fromSystem().withVariables(vars);
        Holder h = new Holder();
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> {
            App.applyTheme(false);
            h.app = new AppContext(env, AppPaths.of(env), UiExecutor.fx());
            h.window = new MainWindow(h.app);
            h.stage = new Stage();
            h.stage.setScene(App.sceneFor(h.window, 1440, 900));
            h.stage.show();
            h.window.openRun(runDir);
            started.complete(null);
        });
        started.get();
        // every pulse from now on (an animation timer asks for one each frame), to see what the idle pause cost the
        // window
        dev.mstpanel.testsupport.PulseGaps pulses = new dev.mstpanel.testsupport.PulseGaps();
        long[] listedAt = new long[1];
        CompletableFuture<TreeItem<ResultsView.Node>> listed = new CompletableFuture<>();
        fx(() -> {
            pulses.start();
            Scene scene = h.stage.getScene();
            // an animation timer asks for a pulse each frame, so the listener also sees a listing laid out before it
            // came
            scene.addPostLayoutPulseListener(new Runnable() {
                @Override
                public void run() {
                    TreeView<ResultsView.Node> tree = tree(scene);
                    TreeItem<ResultsView.Node> it =
                            tree == null || tree.getRoot() == null ? null : NavigatorRows.find(tree.getRoot(), caseId);
                    if (it != null && !listed.isDone()) {
                        listedAt[0] = System.nanoTime();
                        pulses.reset(); // the pulses after the listing showed
                        listed.complete(it);
                        Platform.runLater(() -> scene.removePostLayoutPulseListener(this));
                    }
                }
            });
            return null;
        });
        // the listing shows: a pulse has laid out the navigator with the case in it
        TreeItem<ResultsView.Node> item = listed.get(60, TimeUnit.SECONDS);
        long listedMs = System.currentTimeMillis();
        fxThreadId = fx(Thread::currentThread).getId();
        long[] idleCpu = new long[2];
        cpuSince(idleCpu);
        Thread.sleep(idleMs);
        String idleCpuText = cpuSince(idleCpu);
        long gap = pulses.longestGapNanos();
        long n = pulses.pulses();
        System.out.printf(
                Locale.ROOT,
                "listing shown %,d ms after the JVM started; idle pause %,d ms: %d pulses, longest gap between two %.1f ms%s; warm-up %s%n",
                listedMs - jvmStart,
                idleMs,
                n,
                gap / 1e6,
                idleCpuText,
                !TranscriptWarmUp.enabled()
                        ? "off"
                        : TranscriptWarmUp.completed() ? "done before the click" : "not done at the click (it stops)");
        List<Double> later = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double ms = open(h, item);
            if (r == 0) {
                System.out.printf(
                        Locale.ROOT,
                        "open 1 (first in the JVM, %,d ms after the listing showed): first rows after %.1f ms%s%n",
                        idleMs,
                        ms,
                        lastCpu);
            } else {
                later.add(ms);
                System.out.printf(Locale.ROOT, "open %d: first rows after %.1f ms%s%n", r + 1, ms, lastCpu);
            }
            fx(() -> {
                h.app.results().selectedTrialProperty().set(null);
                tree(h.stage.getScene()).getSelectionModel().clearSelection();
                return null;
            });
            Thread.sleep(500);
        }
        if (!later.isEmpty()) {
            List<Double> s = new ArrayList<>(later);
            s.sort(null);
            System.out.printf(
                    Locale.ROOT,
                    "later opens: median %.1f ms, max %.1f ms%n",
                    s.get((s.size() - 1) / 2),
                    s.get(s.size() - 1));
        }
        fx(() -> {
            h.app.close();
            return null;
        });
        Platform.exit();
        System.exit(0);
    }

    private static final class Holder {
        AppContext app;
        MainWindow window;
        Stage stage;
    }

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS = (com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    private static long fxThreadId;

    /** CPU time the FX thread and the whole process used since the last call, as " · CPU: FX thread N ms, process M ms". */
    private static String cpuSince(long[] last) {
        long fx = THREADS.getThreadCpuTime(fxThreadId);
        long all = OS.getProcessCpuTime();
        String s = last[0] == 0
                ? ""
                : String.format(
                        Locale.ROOT,
                        " · CPU: FX thread %.0f ms, process %.0f ms",
                        (fx - last[0]) / 1e6,
                        (all - last[1]) / 1e6);
        last[0] = fx;
        last[1] = all;
        return s;
    }

    /** The CPU the last {@link #open} took, as {@link #cpuSince} says it. */
    private static volatile String lastCpu = "";

    /** Selects the case as a click does; the time until a pulse lays out transcript cells holding rows, in ms. */
    private static double open(Holder h, TreeItem<ResultsView.Node> item) throws Exception {
        CompletableFuture<Long> shown = new CompletableFuture<>();
        long[] cpu = new long[2];
        long[] t0 = new long[1];
        Scene scene = h.stage.getScene();
        Runnable check = new Runnable() {
            @Override
            public void run() {
                if (!shown.isDone()
                        && scene.lookup("#transcript-rows") instanceof ListView<?> rows
                        && rows.getScene() == scene
                        && rows.lookupAll(".transcript-cell").stream()
                                .anyMatch(n -> n instanceof javafx.scene.control.ListCell<?> c
                                        && !c.isEmpty()
                                        && c.getHeight() > 0)) {
                    shown.complete(System.nanoTime());
                    lastCpu = cpuSince(cpu);
                    Platform.runLater(() -> scene.removePostLayoutPulseListener(this));
                }
            }
        };
        long[] pre = new long[1];
        StringBuilder slow = new StringBuilder();
        Runnable before = () -> pre[0] = System.nanoTime();
        Runnable after = () -> {
            long d = System.nanoTime() - pre[0];
            if (d > 20_000_000L) {
                slow.append(String.format(Locale.ROOT, " %.0f", d / 1e6));
            }
            if (shown.isDone() && slow.indexOf("|") < 0) {
                slow.append(" | after:");
            }
        };
        fx(() -> {
            cpuSince(cpu);
            scene.addPreLayoutPulseListener(before);
            scene.addPostLayoutPulseListener(after);
            scene.addPostLayoutPulseListener(check);
            TreeView<ResultsView.Node> tree = tree(scene);
            t0[0] = System.nanoTime();
            tree.getSelectionModel().select(item);
            return null;
        });
        long t1 = shown.get(60, TimeUnit.SECONDS);
        Thread.sleep(1000); // the pulses of the second after the first rows (the diagnosis arrives)
        fx(() -> {
            scene.removePreLayoutPulseListener(before);
            scene.removePostLayoutPulseListener(after);
            return null;
        });
        if (slow.length() > 0) {
            System.out.println(
                    "  pulses over 20 ms (CSS + layout, ms), until the first rows | in the second after:" + slow);
        }
        return (t1 - t0[0]) / 1e6;
    }

    @SuppressWarnings("unchecked")
    private static TreeView<ResultsView.Node> tree(Scene scene) {
        return (TreeView<ResultsView.Node>) scene.lookup("#results-tree");
    }

    private static <T> T fx(Supplier<T> s) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(s.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(60, TimeUnit.SECONDS);
    }
}
