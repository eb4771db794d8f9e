package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.ui.common.PulseSteps;
import dev.mstpanel.ui.common.UiExecutor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.util.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does the Compare screen's first comparison ahead, while the user reads the Results view, so the
 * first comparison of a fresh JVM shows its figures as soon as later ones (within 1 s on
 * two 10,000-trial runs, no pulse gap over 100 ms). In a fresh JVM the first one spent about a
 * second more than later ones: the code that reads a trace's ends, counts and compares ran
 * interpreted until the JIT had compiled it, and the screen's cards, verdict and case table were
 * styled and laid out for the first time.
 *
 * <p>Once per JVM, {@value #DELAY_MS} ms after the Compare screen's view joins the window: two
 * made-up runs of one eval ({@value #CASES} cases of 3 trials in 2 variants each, traces of about
 * {@value #TRACE_BYTES} bytes, so each is read from its ends as a big run's are) are written to a
 * temporary folder and compared by a {@link CompareViewModel} of its own on low-priority threads
 * (statuses first, then the traces whole, as for a real pair), with its own {@link ResultsReader}
 * (no cache: nothing is written to the panel's cache). A {@link CompareView} over it is styled and
 * laid out on the FX thread in an offscreen {@link Scene} (never in a window), part by part, one step
 * per pulse and only after a quick frame ({@link PulseSteps}, the pacing {@code ui.results.TranscriptWarmUp}
 * uses too), then dropped with the folder (deleted off the FX thread). Nothing is shown. It stops at
 * once when the user opens a comparison first (its reads interrupted), and does not start on a busy machine (load average over twice the cores).
 * {@code -Dmstpanel.compareWarmUp=off} turns it off (a baseline for {@code scripts/bench/compare-screen.sh}),
 * {@code =on} runs it on a busy machine too (tests, the bench).
 */
final class CompareWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(CompareWarmUp.class);
    /** How long after the view joins the window the warm-up starts, in ms (the window's first listing goes first). */
    static final int DELAY_MS = 1500;
    /** Cases per variant of each made-up run. */
    static final int CASES = 60;
    /** About the size of a made-up trace, bytes: over twice the ends' window, so the ends are read. */
    static final int TRACE_BYTES = 6000;
    /** A step runs only after a frame that came within this long of the one before (the window is not busy), ns. */
    private static final long QUICK_FRAME_NS = 50_000_000L;
    /** The warm-up gives up when the window has not been idle (or its comparison has not come) for this long, ns. */
    private static final long GIVE_UP_NS = 20_000_000_000L;
    /** The offscreen scene's size, px (the bench's and a desktop's window). */
    private static final double WIDTH = 1440;

    private static final double HEIGHT = 900;
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static volatile boolean realShown;
    private static volatile boolean completed;
    /** The warm-up's reader and threads while it runs: stopped at once when the user opens a comparison. */
    private static final java.util.concurrent.atomic.AtomicReference<ResultsReader> READING =
            new java.util.concurrent.atomic.AtomicReference<>();

    private static volatile ExecutorService threads;

    private CompareWarmUp() {}

    /** True unless {@code -Dmstpanel.compareWarmUp=off}. */
    static boolean enabled() {
        return !"off".equals(System.getProperty("mstpanel.compareWarmUp"));
    }

    /** Lets the warm-up run again in this JVM, at the next view that joins a window (tests). */
    private static volatile Path folder;

    static void reset() {
        folder = null;
        STARTED.set(false);
        realShown = false;
        completed = false;
    }

    /** The folder this JVM's warm-up wrote its made-up runs to, or null before it made one (tests). */
    static Path folder() {
        return folder;
    }

    /** True once a warm-up ran all its steps in this JVM (tests). */
    static boolean completed() {
        return completed;
    }

    /**
     * Starts the warm-up once per JVM (later calls do nothing). Call on the FX thread once the
     * Compare screen's view is in the window's scene.
     *
     * @param view the Compare screen's view, whose scene's stylesheets the offscreen scene uses
     * @param real the window's Compare model: once it shows a comparison, the warm-up stops
     */
    static void start(CompareView view, CompareViewModel real) {
        if (!enabled() || view.getScene() == null || !STARTED.compareAndSet(false, true)) {
            return;
        }
        realShown = real.shownProperty().get();
        real.shownProperty().addListener((o, a, s) -> {
            if (s && !realShown) {
                realShown = true;
                stopReading(); // the user's comparison gets the cores at once
            }
        });
        // on a busy machine it could not finish before the user's comparison and would compete with it
        // (measured at load 8-10 on 2 cores: the first comparison came later with it than without)
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage();
        int cores = Runtime.getRuntime().availableProcessors();
        if (load > 2.0 * cores && !"on".equals(System.getProperty("mstpanel.compareWarmUp"))) {
            LOG.debug("compare warm-up skipped: load average {} on {} cores", load, cores);
            return;
        }
        PauseTransition wait = new PauseTransition(Duration.millis(DELAY_MS));
        wait.setOnFinished(e -> {
            if (realShown || view.getScene() == null) {
                LOG.debug("compare warm-up skipped: a comparison was opened first, or the view left the window");
                return;
            }
            // the window's stylesheets as they are now (the scene gets them after its root joins it)
            List<String> sheets = List.copyOf(view.getScene().getStylesheets());
            Thread t = new Thread(() -> run(sheets), "compare-warm-up");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        });
        wait.play();
    }

    /** The warm-up's reading part, on its own low-priority thread: the made-up runs written and their run.json read; then its FX steps. */
    private static void run(List<String> sheets) {
        long t0 = System.nanoTime();
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "compare-warm-up-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            return t;
        });
        threads = pool;
        ResultsReader reader = new ResultsReader();
        READING.set(reader);
        Path dir = null;
        try {
            if (realShown) {
                throw new java.util.concurrent.CancellationException("a comparison was opened");
            }
            dir = Files.createTempDirectory("mstp-compare-warm-up");
            folder = dir;
            Path a = writeRun(dir, "20000101T000000Z-aaaaaa", 0);
            Path b = writeRun(dir, "20000102T000000Z-bbbbbb", 1);
            List<RunInfo> runs = List.of(reader.readRun(a), reader.readRun(b));
            Path folder = dir;
            Platform.runLater(
                    () -> steps(sheets, reader, pool, runs, a, b, folder, t0).start());
        } catch (Throwable e) { // a warm-up never troubles the window: the real comparison does the same work later
            LOG.debug("compare warm-up stopped: {}", e.toString());
            cleanUp(pool, dir);
        }
    }

    /**
     * The FX part, paced by {@link PulseSteps} (one step per pulse, only after a quick frame): the
     * warm-up's model and view made, its comparison opened (read on the warm-up's threads), then the
     * view styled and laid out in an offscreen scene part by part ({@link CompareView#warmUpSteps}).
     */
    private static PulseSteps steps(
            List<String> sheets,
            ResultsReader reader,
            ExecutorService pool,
            List<RunInfo> runs,
            Path a,
            Path b,
            Path dir,
            long t0) {
        CompareViewModel[] model = {null};
        CompareView[] view = {null};
        javafx.scene.layout.StackPane holder = new javafx.scene.layout.StackPane();
        PulseSteps steps = new PulseSteps("compare warm-up", QUICK_FRAME_NS, GIVE_UP_NS, () -> realShown, how -> {
            if (model[0] != null) {
                model[0].close();
            }
            holder.getChildren().clear();
            completed = how == PulseSteps.End.DONE;
            if (completed) {
                LOG.debug("compare warm-up done in {} ms", (System.nanoTime() - t0) / 1_000_000);
            }
            cleanUp(pool, dir);
        });
        steps.then(() -> {
            model[0] = new CompareViewModel(reader, UiExecutor.fx(), pool, d -> null);
            view[0] = new CompareView(model[0], null);
        });
        steps.then(() -> {
            Scene scene = new Scene(holder, WIDTH, HEIGHT);
            scene.getStylesheets().setAll(sheets);
            holder.applyCss();
        });
        steps.then(() -> model[0].open(runs, a, "default", b, "default"));
        // its comparison read in the background, statuses then whole, as a real pair's
        steps.thenWhen(
                () -> model[0].comparisonProperty().get() != null
                                && !model[0].meansPendingProperty().get()
                                && !model[0].loadingProperty().get()
                        || model[0].canRetryProperty().get(),
                () -> {
                    if (model[0].comparisonProperty().get() == null) {
                        throw new IllegalStateException("its comparison did not come ("
                                + model[0].messageProperty().get() + ")");
                    }
                });
        steps.thenAll(() -> view[0].warmUpSteps(holder, WIDTH, HEIGHT));
        return steps;
    }

    /** Ends the warm-up's reads and deletes its folder, off the FX thread. */
    private static void cleanUp(ExecutorService pool, Path dir) {
        Thread t = new Thread(
                () -> {
                    closeReader();
                    threads = null;
                    pool.shutdown();
                    delete(dir);
                },
                "compare-warm-up-end");
        t.setDaemon(true);
        t.start();
    }

    /** Stops the warm-up's reads where they are (their threads interrupted; the warm-up then ends quietly). */
    private static void stopReading() {
        ExecutorService t = threads;
        if (t != null) {
            t.shutdownNow();
        }
        closeReader();
    }

    /** Closes the warm-up's reader once, whoever comes first (the warm-up's end, or the user's comparison). */
    private static void closeReader() {
        ResultsReader r = READING.getAndSet(null);
        if (r != null) {
            try {
                r.close();
            } catch (RuntimeException e) {
                LOG.debug("compare warm-up: closing its reader: {}", e.toString());
            }
        }
    }

    /**
     * A made-up run as MST writes one (docs/dev/mst-format.md, Results and Trace): run.json, a trace and a score per
     * trial; in the second run ({@code flip} 1) every third case fails, so cases change.
     */
    private static Path writeRun(Path root, String runId, int flip) throws IOException {
        Path run = root.resolve("warm-up-eval").resolve("runs").resolve(runId);
        Files.createDirectories(run);
        Files.writeString(
                run.resolve(RunLayout.RUN_JSON),
                "{\"format\": \"mst.run/v1\", \"kind\": \"run\", \"runId\": \"" + runId
                        + "\", \"evalName\": \"warm-up-eval\", \"createdAt\": \"2000-01-01T00:00:00.000Z\", \"variants\": [{\"name\": \"default\"},"
                        + " {\"name\": \"other\"}], \"partial\": false, \"redactStoredResponses\": false}\n",
                StandardCharsets.UTF_8);
        StringBuilder events = new StringBuilder();
        for (int i = 0; events.length() < TRACE_BYTES - 600; i++) {
            events.append(i == 0 ? "" : ",\n")
                    .append(
                            "      {\"kind\": \"tool_call\", \"source\": \"mcp\", \"server\": \"warm-up\", \"name\": \"get_item\",")
                    .append(" \"arguments\": {\"id\": ")
                    .append(i)
                    .append("}, \"output\": \"item ")
                    .append(i)
                    .append(" is in stock\", \"isError\": false, \"durationMs\": ")
                    .append(100 + i)
                    .append('}');
        }
        for (String variant : List.of("default", "other")) {
            for (int c = 0; c < CASES; c++) {
                if (realShown) { // the user's comparison needs the cores more than the warm-up does
                    throw new java.util.concurrent.CancellationException("a comparison was opened");
                }
                String caseId = String.format(java.util.Locale.ROOT, "case-%03d", c);
                Path traces = Files.createDirectories(
                        run.resolve(RunLayout.TRACES).resolve(variant).resolve(caseId));
                Path scores = Files.createDirectories(run.resolve(RunLayout.SCORES)
                        .resolve("judge")
                        .resolve(variant)
                        .resolve(caseId));
                for (int t = 0; t < 3; t++) {
                    boolean pass = (c + t * flip) % 3 != 0 || c % 2 == 0;
                    Files.writeString(
                            traces.resolve(t + ".json"),
                            "{\n  \"format\": \"mst.run/v1\",\n  \"kind\": \"trial\",\n  \"runId\": \"" + runId
                                    + "\",\n  \"variant\": \"" + variant + "\",\n  \"caseId\": \"" + caseId
                                    + "\",\n  \"trial\": " + t
                                    + ",\n  \"durationMs\": " + (30_000 + c)
                                    + ",\n  \"infrastructureError\": false,\n  \"trace\": {\n    \"events\": [\n"
                                    + events
                                    + "\n    ],\n    \"usage\": {\"inputTokens\": 1200, \"outputTokens\": 300, \"totalCostUsd\": 0.01}\n  }"
                                    + (pass ? "" : ",\n  \"error\": \"made up\"") + "\n}\n",
                            StandardCharsets.UTF_8);
                    Files.writeString(
                            scores.resolve(t + ".json"),
                            "{\"format\": \"mst.run/v1\", \"kind\": \"score\", \"runId\": \"" + runId
                                    + "\", \"grader\": \"judge\", \"variant\": \"" + variant + "\", \"caseId\": \""
                                    + caseId + "\", \"trial\": " + t
                                    + ", \"score\": {\"pass\": " + pass + "}}\n",
                            StandardCharsets.UTF_8);
                }
            }
        }
        return run;
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            LOG.debug("could not delete the compare warm-up's folder {}: {}", dir, e.toString());
        }
    }
}
