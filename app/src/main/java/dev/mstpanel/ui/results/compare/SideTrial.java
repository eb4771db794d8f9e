package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.ui.common.BackgroundTask;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * One side of an opened case on the Compare screen: the trial chosen there and its transcript,
 * read off the FX thread by {@link TranscriptReader} (docs/dev/mst-format.md, Trace) when the trial changes.
 * FX thread only, except the read itself.
 */
public final class SideTrial {
    private final ObjectProperty<TrialRecord> trial = new SimpleObjectProperty<>(this, "trial");
    private final ReadOnlyObjectWrapper<Transcript> transcript = new ReadOnlyObjectWrapper<>(this, "transcript");
    private final UiExecutor ui;
    private final Executor background;
    private final TranscriptReader reader;
    private final Function<Path, Boolean> redactedRun;
    /** The trial shown: choosing another drops an older, slower read. */
    private final BackgroundTask.Lane reads = new BackgroundTask.Lane();

    /**
     * @param redactedRun a run folder's {@code redactStoredResponses}, or null when unknown (called on the FX thread)
     */
    SideTrial(UiExecutor ui, Executor background, TranscriptReader reader, Function<Path, Boolean> redactedRun) {
        this.ui = ui;
        this.background = background;
        this.reader = reader;
        this.redactedRun = redactedRun;
        trial.addListener((o, a, t) -> read(t));
    }

    /** The trial whose transcript this side shows, or null. */
    public ObjectProperty<TrialRecord> trialProperty() {
        return trial;
    }

    /** Its transcript once read; null while it is read or with no trial. */
    public ReadOnlyObjectProperty<Transcript> transcriptProperty() {
        return transcript.getReadOnlyProperty();
    }

    /**
     * Chooses the trial to show first for a case: the first that did not pass (failed, infra,
     * unreadable, missing), where a person looks first, else the first; null for none.
     */
    static TrialRecord firstToShow(List<TrialRecord> trials) {
        for (TrialRecord t : trials) {
            if (t.status() != TrialStatus.PASSED && t.status() != TrialStatus.UNGRADED) {
                return t;
            }
        }
        return trials.isEmpty() ? null : trials.get(0);
    }

    private void read(TrialRecord t) {
        transcript.set(null);
        if (t == null) {
            reads.cancelAll();
            return;
        }
        Boolean redacted = redactedRun.apply(t.runDir());
        BackgroundTask.wrap(() -> reader.read(t, redacted))
                .onSuccess(transcript::set)
                .latestIn(reads)
                .executeWith(ui, background);
    }
}
