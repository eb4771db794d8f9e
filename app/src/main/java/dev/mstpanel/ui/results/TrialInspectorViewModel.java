package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.TrialDetails;
import dev.mstpanel.core.results.TrialRecord;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.image.Image;

/**
 * The trial inspector's state: the open trial's details (diagnosis files, loaded off the FX
 * thread) and its decoded screenshot. Opening another trial while one loads drops the first.
 */
public final class TrialInspectorViewModel {
    private final ReadOnlyObjectWrapper<TrialDetails> details = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Image> screenshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper screenshotProblem = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final UiExecutor ui;
    private final Executor background;
    private final AtomicLong generation = new AtomicLong();

    public TrialInspectorViewModel(UiExecutor ui, Executor background) {
        this.ui = ui;
        this.background = background;
    }

    /** The open trial's details, or null. */
    public ReadOnlyObjectProperty<TrialDetails> detailsProperty() { return details.getReadOnlyProperty(); }
    /** The decoded screen.png, or null (none, or it could not be decoded: see {@link #screenshotProblemProperty()}). */
    public ReadOnlyObjectProperty<Image> screenshotProperty() { return screenshot.getReadOnlyProperty(); }
    /** Why the screenshot cannot be shown, or null. */
    public ReadOnlyStringProperty screenshotProblemProperty() { return screenshotProblem.getReadOnlyProperty(); }
    /** True while a trial's files load. */
    public ReadOnlyBooleanProperty loadingProperty() { return loading.getReadOnlyProperty(); }

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
        long gen = generation.incrementAndGet();
        if (trial == null) {
            details.set(null);
            screenshot.set(null);
            screenshotProblem.set(null);
            loading.set(false);
            return;
        }
        loading.set(true);
        background.execute(() -> {
            TrialDetails d = TrialDetails.load(trial, redactedRun);
            Image img = null;
            String problem = d.screenshotProblem();
            if (problem == null && d.diagnosis().screenshot() != null) {
                img = new Image(d.diagnosis().screenshot().toUri().toString(), false);
                if (img.isError()) {
                    problem = "screen.png could not be decoded: " + (img.getException() == null ? "unknown format" : img.getException().getMessage());
                    img = null;
                }
            }
            Image shot = img;
            String why = problem;
            ui.execute(() -> {
                if (gen != generation.get()) {
                    return;
                }
                screenshot.set(shot);
                screenshotProblem.set(why);
                details.set(d);
                loading.set(false);
            });
        });
    }
}
