package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Does the first open of a transcript ahead, while the user reads the Results view's listing, so
 * the first trial they open shows its Transcript tab as fast as later ones: the first use of the
 * transcript's controls and skins (class loading and start-up of the list, its cells, tabs, text
 * areas), the first CSS of them with the window's stylesheets, the first text layout, and the first
 * read of a trace (Jackson's classes, and code the JIT compiles on a few hundred events).
 *
 * <p>Once per JVM, {@value #DELAY_MS} ms after the listing first shows: made-up traces of
 * {@value #SHOWN_EVENTS} and {@value #EVENTS} events are written to temporary files and read on a
 * background thread through {@link TranscriptReader}, and that thread calls equals and hashCode of
 * the records a click compares (linked off the FX thread); a {@link TrialInspectorView} (the one a
 * click fills, with its own view model whose read never starts) is opened on the first trace's trial
 * and given its transcript as a long trace's is (its first event while the rest is read, more, the
 * whole), built, styled and laid out on the FX thread in an offscreen {@link Scene} (never in a
 * window), one small step per pulse so the window keeps drawing, and dropped. Nothing is shown,
 * nothing is added to the window's scene
 * graph. It stops when the user opens a trial first. Only the window builds a Results view, so
 * headless commands never run it. {@code -Dmstpanel.transcriptWarmUp=off} turns it off (the
 * baseline of {@code scripts/bench/transcript.sh}).
 */
final class TranscriptWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(TranscriptWarmUp.class);
    /** How long after the listing shows the warm-up starts, in ms (the listing's own pulses first). */
    static final int DELAY_MS = 100;
    /** Events in the made-up trace: enough for the JIT to compile the reader's loops. */
    static final int EVENTS = 600;
    /** Events of it the offscreen view shows: about a screenful (more cells would only make a step longer). */
    static final int SHOWN_EVENTS = 12;
    /** The made-up trace's failed call (within the shown events: the view expands it). */
    static final int FAILING_EVENT = 4;
    /**
     * The offscreen inspector's width, in px: wide ({@link TrialInspectorView#WIDE_MIN_WIDTH} or more), as the
     * inspector of a 1440 px window is, so the transcript sits beside the diagnosis tabs in a split as there.
     */
    static final double INSPECTOR_WIDTH = 960;
    /** A frame at most this far after the one before (ns) says the window is idle: a step runs then. */
    private static final long QUICK_FRAME_NS = 50_000_000L;
    /** The warm-up gives up when the window has not been idle for this long (ns). */
    private static final long GIVE_UP_NS = 10_000_000_000L;

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static volatile boolean realOpened;
    private static volatile Runnable onDone;
    private static volatile boolean completed;
    private static volatile int delayMs = DELAY_MS;
    /** True while the warm-up opens its made-up trial in its own offscreen inspector (FX thread): not a user's open. */
    private static boolean openingOwn;

    private TranscriptWarmUp() {}

    /** True unless {@code -Dmstpanel.transcriptWarmUp=off}. */
    static boolean enabled() {
        return !"off".equals(System.getProperty("mstpanel.transcriptWarmUp"));
    }

    /**
     * Starts the warm-up once per JVM (later calls do nothing). Call on the FX thread when the
     * Results view's listing shows.
     *
     * @param window a node of the window, whose scene's stylesheets the offscreen scene uses
     */
    static void afterListing(javafx.scene.Node window) {
        if (!enabled() || realOpened || window.getScene() == null || !STARTED.compareAndSet(false, true)) {
            return;
        }
        List<String> sheets = List.copyOf(window.getScene().getStylesheets());
        PauseTransition wait = new PauseTransition(Duration.millis(delayMs));
        wait.setOnFinished(e -> {
            if (realOpened) {
                done();
                return;
            }
            // the inspector's steps start at once (they need no trace); the transcript's wait for the read
            Steps steps = new Steps(sheets);
            Thread t = new Thread(() -> read(steps), "transcript-warm-up");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
            steps.start();
        });
        wait.play();
    }

    /** A trial was opened: a warm-up not yet done stops (it would only compete with its read and build). */
    static void trialOpened() {
        if (!openingOwn) {
            realOpened = true;
        }
    }

    /** Runs once the warm-up has ended or stopped, on the FX thread (tests). */
    static void onDone(Runnable r) {
        onDone = r;
    }

    /** True when the warm-up ran all its steps (tests). */
    static boolean completed() {
        return completed;
    }

    /** Lets the warm-up run again in this JVM, {@code delayMs} after the next listing (tests). */
    static void reset(int delay) {
        STARTED.set(false);
        realOpened = false;
        completed = false;
        onDone = null;
        delayMs = delay;
    }

    private static void read(Steps steps) {
        long t0 = System.nanoTime();
        // a screenful first, for the offscreen view at once; then the whole made-up trace, for the JIT, while the view
        // is styled
        Transcript t = readMadeUp(SHOWN_EVENTS);
        long readMs = (System.nanoTime() - t0) / 1_000_000;
        if (t != null) {
            linkRecordMethods(t);
        }
        Platform.runLater(() -> steps.read(t, readMs));
        if (t == null) {
            return;
        }
        if (!realOpened) {
            long t1 = System.nanoTime();
            readMadeUp(EVENTS);
            LOG.debug("transcript warm-up: {} events read in {} ms", EVENTS, (System.nanoTime() - t1) / 1_000_000);
        }
    }

    /** Writes the made-up trace of {@code events} events to a temporary file and reads it as a trial's; null when that fails. */
    private static Transcript readMadeUp(int events) {
        Path file = null;
        try {
            file = Files.createTempFile("mst-panel-warm-up-", ".json");
            Files.writeString(file, madeUpTrace(events), StandardCharsets.UTF_8);
            TrialRecord trial = madeUpTrial(file, events);
            return new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS).read(trial, false);
        } catch (IOException | RuntimeException e) {
            LOG.debug("transcript warm-up: no made-up trace ({})", e.toString());
            return null;
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    file.toFile().deleteOnExit();
                }
            }
        }
    }

    /** The made-up trial whose trace is {@code file}. */
    private static TrialRecord madeUpTrial(Path file, int events) {
        return new TrialRecord(
                new TrialKey("default", "warm-up", 0),
                "warm-up",
                "warm-up",
                null,
                "default",
                "warm-up",
                false,
                null,
                1_000L,
                TrialStatus.FAILED,
                "made up",
                null,
                null,
                List.of(),
                file,
                null,
                null,
                events,
                1,
                null,
                null);
    }

    /**
     * Calls equals and hashCode of the records a click compares or hashes (the trial, its key, the
     * transcript and its events) on two equal copies, here on the warm-up's thread: the first call of a
     * record class's equals or hashCode links its method handles (the ObjectMethods bootstrap and the
     * lambda forms it spins), which took 5-20 ms on the FX thread in a trial's first open otherwise.
     */
    private static void linkRecordMethods(Transcript t) {
        TrialRecord a = t.trial();
        TrialRecord b = madeUpTrial(a.traceFile(), a.toolCalls());
        Transcript u = shortened(t, t.events().size());
        int sum = a.hashCode() + b.hashCode() + a.key().hashCode() + t.hashCode() + u.hashCode();
        boolean same = a.equals(b)
                && a.key().equals(b.key())
                && t.equals(u)
                && (t.events().isEmpty() || t.events().get(0).equals(u.events().get(0)));
        LOG.debug("transcript warm-up: record methods linked ({}, {})", same, sum);
    }

    /** The transcript with its first {@code events} events only. */
    private static Transcript shortened(Transcript t, int events) {
        List<dev.mstpanel.core.results.model.TranscriptEvent> first =
                t.events().subList(0, Math.min(events, t.events().size()));
        int failing = t.failingIndex() < first.size() ? t.failingIndex() : -1;
        return new Transcript(
                t.trial(),
                t.prompt(),
                t.promptNote(),
                first,
                t.finalText(),
                t.usage(),
                t.clientUsage(),
                t.traceError(),
                t.evidence(),
                t.traceEvidence(),
                t.skillLoads(),
                t.claudeStartup(),
                t.redacted(),
                failing,
                t.extra(),
                t.problems(),
                t.cause());
    }

    private static void done() {
        Runnable r = onDone;
        if (r != null) {
            r.run();
        }
    }

    /**
     * The FX part, paced by {@link dev.mstpanel.ui.common.PulseSteps}: a step in a pulse that came less
     * than {@value #QUICK_FRAME_NS} ns after the one before, so after a long step or while the window is
     * busy it waits; each step a few tens of ms on a cold JVM.
     */
    private static final class Steps {
        /** The made-up trace's transcript once read (FX thread), or null before. */
        private Transcript transcript;
        /** True when the made-up trace could not be read: the transcript's steps cannot run. */
        private boolean unread;

        private long readMs;
        private final dev.mstpanel.ui.common.PulseSteps steps;
        private Scene scene;
        private StackPane root;
        private TrialInspectorViewModel model;
        private TrialInspectorView inspector;

        Steps(List<String> sheets) {
            TrialRecord trial = madeUpTrial(Path.of("warm-up.json"), SHOWN_EVENTS);
            steps = new dev.mstpanel.ui.common.PulseSteps(
                    "transcript warm-up", QUICK_FRAME_NS, GIVE_UP_NS, () -> realOpened || unread, this::ended);
            // the trial inspector itself (the one a click fills: its header, error text, tabs, split and loading nodes,
            // the
            // same ids and style classes), opened on the made-up trial with a read that never starts; a part a step
            steps.then(() -> {
                root = new StackPane();
                root.getStyleClass().add("main-window");
                scene = new Scene(root, INSPECTOR_WIDTH, 360);
                scene.getStylesheets().setAll(sheets);
                model = new TrialInspectorViewModel(dev.mstpanel.ui.common.UiExecutor.fx(), r -> {});
                inspector = new TrialInspectorView(model, null, r -> {});
                root.getChildren().add(inspector);
                root.applyCss();
            });
            steps.then(() -> {
                openingOwn = true;
                try {
                    model.open(trial, false);
                } finally {
                    openingOwn = false;
                }
            });
            steps.then(() -> root.applyCss());
            steps.then(() -> root.layout());
            // a transcript of one event first (the first list, cell and skins), then one of a screenful, as a long
            // trace's
            // view is built (the inspector's transcript so far: TranscriptView.whileReading, then more, then the
            // whole);
            // the first of these waits for the made-up trace's read
            steps.thenWhen(() -> transcript != null, () -> inspector.showTranscriptSoFar(shortened(transcript, 1)));
            steps.then(() -> inspector.applyCss());
            steps.then(() -> root.layout());
            steps.then(() -> inspector.showTranscriptSoFar(
                    shortened(transcript, transcript.events().size())));
            steps.then(() -> inspector.applyCss());
            steps.then(() -> root.layout());
            steps.then(() -> {
                inspector.showTranscript(transcript);
                root.layout();
            });
            // the view scrolls to its failing call once laid out (a runLater of its own): lay that out too
            steps.then(() -> root.layout());
            steps.then(() -> {
                inspector.transcriptView().rows().scrollTo(0);
                root.layout();
            });
            steps.then(this::drop);
        }

        void start() {
            steps.start();
        }

        private void ended(dev.mstpanel.ui.common.PulseSteps.End how) {
            drop();
            switch (how) {
                case DONE -> {
                    completed = true;
                    LOG.debug(String.format(
                            Locale.ROOT,
                            "transcript warm-up: read %d ms off the FX thread; FX steps %s ms",
                            readMs,
                            steps.took()));
                }
                case STOPPED ->
                    LOG.debug(
                            realOpened
                                    ? "transcript warm-up stopped: a trial opened first"
                                    : "transcript warm-up stopped: no made-up trace");
                case GAVE_UP -> LOG.debug("transcript warm-up stopped: the window stayed busy");
                case FAILED -> LOG.debug("transcript warm-up stopped: a step failed");
            }
            done();
        }

        /** The made-up trace's transcript, or null when it could not be read (FX thread). */
        void read(Transcript t, long ms) {
            transcript = t;
            unread = t == null;
            readMs = ms;
        }

        private void drop() {
            if (scene != null) {
                scene.setRoot(new StackPane());
            }
            inspector = null;
            model = null;
            root = null;
            scene = null;
        }
    }

    /**
     * A trace with every kind of row: tool calls with JSON and text outputs, a failed call (the view
     * expands it), a simulated write, a renamed tool, a tool search, a command, an unknown kind, a
     * final answer and usage (docs/dev/mst-format.md, Trace).
     */
    static String madeUpTrace(int events) {
        StringBuilder sb = new StringBuilder(events * 700);
        sb.append(
                        "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"runId\":\"warm-up\",\"variant\":\"default\",\"caseId\":\"warm-up\",")
                .append(
                        "\"trial\":0,\"durationMs\":1000,\"infrastructureError\":false,\"error\":\"made up\",\"trace\":{\"events\":[");
        String pad = "lorem ipsum dolor sit amet ".repeat(16);
        for (int i = 0; i < events; i++) {
            String at = java.time.Instant.ofEpochMilli(1_767_608_100_000L + i * 100L)
                    .toString();
            sb.append(i == 0 ? "" : ",")
                    .append("{\"id\":\"call_")
                    .append(i)
                    .append("\",\"durationMs\":")
                    .append(10 + i % 50)
                    .append(",\"startedAt\":\"")
                    .append(at)
                    .append("\",\"completedAt\":\"")
                    .append(at)
                    .append('"');
            switch (i % 10) {
                case 7 ->
                    sb.append(
                                    ",\"kind\":\"tool_search\",\"source\":\"builtin\",\"name\":\"tool_search\",\"arguments\":{\"query\":\"mail\"},")
                            .append("\"results\":[{\"name\":\"send_message\"},{\"name\":\"draft_message\"}]}");
                case 8 ->
                    sb.append(
                                    ",\"kind\":\"command\",\"source\":\"builtin\",\"name\":\"bash\",\"isError\":false,\"output\":\"ok\",")
                            .append("\"arguments\":{\"command\":\"date +%F\"}}");
                case 9 ->
                    sb.append(
                                    ",\"kind\":\"memory_write\",\"source\":\"builtin\",\"name\":\"remember\",\"payload\":{\"fact\":\"")
                            .append(i)
                            .append("\"}}");
                default ->
                    sb.append(",\"kind\":\"tool_call\",\"source\":\"mcp\",\"server\":\"files\",\"name\":\"read_file\"")
                            .append(i % 10 == 3 ? ",\"rawName\":\"mcp__files__read_file\"" : "")
                            .append(i % 10 == 5 ? ",\"simulatedWrite\":true" : "")
                            .append(",\"isError\":")
                            .append(i == FAILING_EVENT)
                            .append(",\"arguments\":{\"path\":\"/docs/page-")
                            .append(i)
                            .append(".md\",\"offset\":")
                            .append(i * 10)
                            .append('}')
                            .append(",\"output\":")
                            .append(
                                    i % 2 == 0
                                            ? "\"{\\\"page\\\":" + i + ",\\\"text\\\":\\\"" + pad + "\\\"}\""
                                            : "\"" + pad + "\"")
                            .append('}');
            }
        }
        sb.append(
                "],\"finalText\":\"Read the pages.\",\"usage\":{\"inputTokens\":1200,\"outputTokens\":80,\"totalCostUsd\":0.01,\"durationMs\":1000}}}");
        return sb.toString();
    }
}
