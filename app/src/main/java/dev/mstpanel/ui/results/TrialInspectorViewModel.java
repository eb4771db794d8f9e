package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.diagnosis.PngImages;
import dev.mstpanel.core.results.diagnosis.TrialDetails;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.image.Image;

/**
 * The trial inspector's state: the open trial's transcript (read first, so its rows show at
 * once), its details (diagnosis files) and its decoded screenshot, all loaded off the FX thread.
 * Opening another trial while one loads drops the first.
 */
public final class TrialInspectorViewModel {
    private final ReadOnlyObjectWrapper<TrialDetails> details = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Transcript> transcript = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Transcript> transcriptSoFar = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<TrialRecord> trial = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper screenshotNote = new ReadOnlyStringWrapper();
    private final TranscriptReader transcripts = new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS);
    private final ReadOnlyObjectWrapper<Image> screenshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper screenshotProblem = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final UiExecutor ui;
    private final Executor background;
    /** The trial being opened: opening another drops an older, slower read. */
    private final BackgroundTask.Lane opens = new BackgroundTask.Lane();
    /** The longest the read of a long trace waits for the window to lay out its first rows, in ms. */
    static final long FIRST_ROWS_WAIT_MS = 250;

    private volatile java.util.concurrent.CountDownLatch firstRowsShown;

    public TrialInspectorViewModel(UiExecutor ui, Executor background) {
        this.ui = ui;
        this.background = background;
    }

    /** The open trial (set at once when opened), or null. */
    public ReadOnlyObjectProperty<TrialRecord> trialProperty() {
        return trial.getReadOnlyProperty();
    }
    /** The open trial's transcript, or null while it loads. */
    public ReadOnlyObjectProperty<Transcript> transcriptProperty() {
        return transcript.getReadOnlyProperty();
    }
    /**
     * The open trial's transcript while its trace is read: the prompt and every event read so far (set
     * again, with more events, at most every {@value TranscriptReader#MORE_MS} ms; no final answer,
     * usage, errors or problems yet), or null. A short trace is never here, only in
     * {@link #transcriptProperty()}, which gets the whole transcript when the read ends.
     */
    public ReadOnlyObjectProperty<Transcript> transcriptSoFarProperty() {
        return transcriptSoFar.getReadOnlyProperty();
    }
    /** A note about a screenshot shown smaller than it is (decoded with subsampling), or null. */
    public ReadOnlyStringProperty screenshotNoteProperty() {
        return screenshotNote.getReadOnlyProperty();
    }
    /** The open trial's details, or null. */
    public ReadOnlyObjectProperty<TrialDetails> detailsProperty() {
        return details.getReadOnlyProperty();
    }
    /** The decoded screen.png, or null (none, or it could not be decoded: see {@link #screenshotProblemProperty()}). */
    public ReadOnlyObjectProperty<Image> screenshotProperty() {
        return screenshot.getReadOnlyProperty();
    }
    /** Why the screenshot cannot be shown, or null. */
    public ReadOnlyStringProperty screenshotProblemProperty() {
        return screenshotProblem.getReadOnlyProperty();
    }
    /**
     * Says that the window has laid out the first rows of the transcript so far: the read of the rest
     * goes on (it waits at most {@value #FIRST_ROWS_WAIT_MS} ms for this). Call on the FX thread.
     */
    public void firstRowsShown() {
        java.util.concurrent.CountDownLatch l = firstRowsShown;
        if (l != null) {
            l.countDown();
        }
    }

    /** True while a trial's files load. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /**
     * Opens a trial: reads its diagnosis in the background. The same trial again (e.g. a re-read
     * record from a watched run) reloads only when its record changed.
     *
     * @param trial the trial, or null to clear
     * @param redactedRun the run's {@code redactStoredResponses}, or null
     */
    public void open(TrialRecord trial, Boolean redactedRun) {
        TrialDetails cur = details.get();
        if (trial != null && cur != null && cur.trial().equals(trial)) {
            return;
        }
        if (trial != null && loading.get() && trial.equals(this.trial.get())) {
            return; // the same record again while it loads (a re-read listing): the read under way shows it
        }
        firstRowsShown(); // a read still waiting for the last trial's first rows goes on (its rows will not be shown)
        if (trial == null) {
            this.trial.set(null);
            transcriptSoFar.set(null);
            transcript.set(null);
            details.set(null);
            screenshot.set(null);
            screenshotProblem.set(null);
            screenshotNote.set(null);
            loading.set(false);
            opens.cancelAll();
            return;
        }
        boolean sameTrial = cur != null
                && cur.trial().runDir().equals(trial.runDir())
                && cur.trial().key().equals(trial.key());
        this.trial.set(trial);
        if (!sameTrial) {
            transcriptSoFar.set(null);
            transcript.set(null);
        }
        loading.set(true);
        BackgroundTask.wrapWithProgress(task -> {
                    // the transcript first: it is what the tab shows at once; the diagnosis follows
                    // the first events are shown while the rest is read (one hand-over per batch, not per event)
                    Transcript tr = transcripts.read(
                            trial,
                            redactedRun,
                            sameTrial
                                    ? null
                                    : new TranscriptReader.Progress() {
                                        private Transcript head;
                                        private int failing = -1;
                                        private final java.util.List<dev.mstpanel.core.results.model.TranscriptEvent>
                                                soFar = new java.util.ArrayList<>();

                                        @Override
                                        public void first(Transcript h) {
                                            head = h;
                                            failing = h.failingIndex();
                                            soFar.addAll(h.events());
                                            java.util.concurrent.CountDownLatch shown =
                                                    new java.util.concurrent.CountDownLatch(1);
                                            firstRowsShown = shown;
                                            show(h);
                                            // the window lays out the first rows before the rest is read: on 2 cores
                                            // the read (and the JIT
                                            // compiling it) would take the CPU from that layout; at most
                                            // FIRST_ROWS_WAIT_MS
                                            try {
                                                shown.await(
                                                        FIRST_ROWS_WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
                                            } catch (InterruptedException e) {
                                                Thread.currentThread().interrupt();
                                            }
                                        }

                                        @Override
                                        public void more(
                                                java.util.List<dev.mstpanel.core.results.model.TranscriptEvent>
                                                        events) {
                                            soFar.addAll(events);
                                            if (failing < 0) {
                                                failing = firstFailed(events);
                                            }
                                            Transcript h = head;
                                            show(h.partialWith(soFar, failing));
                                        }

                                        private void show(Transcript partial) {
                                            ui.execute(() -> {
                                                if (!task.isCancelled() && transcript.get() == null) {
                                                    transcriptSoFar.set(partial);
                                                }
                                            });
                                        }
                                    });
                    ui.execute(() -> {
                        if (!task.isCancelled()) {
                            transcript.set(tr);
                            transcriptSoFar.set(null);
                        }
                    });
                    TrialDetails d = TrialDetails.load(trial, redactedRun);
                    Image img = null;
                    String problem = d.screenshotProblem();
                    String note = null;
                    if (problem == null && d.diagnosis().screenshot() != null) {
                        Decoded dec = decode(d.diagnosis().screenshot());
                        img = dec.image();
                        problem = dec.problem();
                        note = dec.note();
                    }
                    return new Loaded(d, img, problem, note);
                })
                .onSuccess(l -> {
                    screenshot.set(l.shot());
                    screenshotProblem.set(l.why());
                    screenshotNote.set(l.shotNote());
                    details.set(l.details());
                    loading.set(false);
                })
                .latestIn(opens)
                .executeWith(ui, background);
    }

    private static int firstFailed(java.util.List<dev.mstpanel.core.results.model.TranscriptEvent> events) {
        for (var e : events) {
            if (e.failed()) {
                return e.index();
            }
        }
        return -1;
    }

    private record Decoded(Image image, String problem, String note) {}

    /** A trial's details and screenshot, read off the FX thread. */
    private record Loaded(TrialDetails details, Image shot, String why, String shotNote) {}

    /**
     * Decodes screen.png at the size it is shown: the header first; a PNG over
     * {@link PngImages#MAX_SIDE} px on a side is subsampled while it is decoded, one over
     * {@link PngImages#MAX_PIXELS} is refused, so a 23000 × 23000 image costs a few MB, not 2 GB.
     */
    private static Decoded decode(java.nio.file.Path file) {
        PngImages.Size size;
        try {
            size = PngImages.size(file);
        } catch (java.io.IOException e) {
            return new Decoded(null, "screen.png could not be decoded: " + e.getMessage() + ".", null);
        }
        String dims = String.format(java.util.Locale.ROOT, "%,d × %,d px", size.width(), size.height());
        if (size.width() == 0 || size.height() == 0) {
            return new Decoded(null, "screen.png claims " + dims + ": there is nothing to show.", null);
        }
        if (size.pixels() > PngImages.MAX_PIXELS) {
            return new Decoded(
                    null,
                    "screen.png claims " + dims + ", more than the "
                            + String.format(java.util.Locale.ROOT, "%,d", PngImages.MAX_PIXELS)
                            + " pixels the panel decodes, so it is not shown. Open it with an image viewer that can read parts of an image.",
                    null);
        }
        int step = PngImages.step(size);
        try {
            if (step == 1) {
                Image img = new Image(file.toUri().toString(), false);
                if (img.isError()) {
                    return new Decoded(
                            null,
                            "screen.png could not be decoded: "
                                    + (img.getException() == null
                                            ? "unknown format"
                                            : img.getException().getMessage()),
                            null);
                }
                return new Decoded(img, null, null);
            }
            java.awt.image.BufferedImage b = PngImages.decodeSubsampled(file, step);
            Image img = javafx.embed.swing.SwingFXUtils.toFXImage(b, null);
            return new Decoded(
                    img,
                    null,
                    "screen.png is " + dims + ": shown at 1/" + step + " of its size ("
                            + String.format(java.util.Locale.ROOT, "%,d × %,d px", b.getWidth(), b.getHeight())
                            + "). Open it to see every pixel.");
        } catch (java.io.IOException | RuntimeException e) {
            return new Decoded(null, "screen.png (" + dims + ") could not be decoded: " + e.getMessage(), null);
        }
    }
}
