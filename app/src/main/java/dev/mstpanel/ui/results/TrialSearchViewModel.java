package dev.mstpanel.ui.results;

import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.search.UnsearchedTraces;
import dev.mstpanel.core.results.transcript.TranscriptSearch;
import dev.mstpanel.ui.common.UiExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The search across trials: finds the open runs' trials whose transcript holds a
 * text, called a tool, or had a tool fail, off the FX thread, with progress and cancel; the trials
 * found become the Results view's filter ({@link ResultsViewModel#showTranscriptMatches}). A new
 * search cancels the one running.
 */
public final class TrialSearchViewModel {
    private final ResultsViewModel results;
    private final UiExecutor ui;
    private final Executor background;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyIntegerWrapper searched = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper total = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper();
    private AtomicBoolean cancel = new AtomicBoolean();

    public TrialSearchViewModel(ResultsViewModel results, UiExecutor ui, Executor background) {
        this.results = results;
        this.ui = ui;
        this.background = background;
        // another folder opened: a search of the last one (its figures, its "could not be searched") is not this one's
        results.locationProperty().addListener((o, was, now) -> {
            if (was != null && !was.equals(now)) {
                clear();
            }
        });
    }

    /** The folder open in the Results view; the search is cleared when another opens. */
    public ReadOnlyObjectProperty<java.nio.file.Path> folderProperty() {
        return results.locationProperty();
    }

    /** True while a search runs. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
    /** How many trials the running search has read. */
    public ReadOnlyIntegerProperty searchedProperty() {
        return searched.getReadOnlyProperty();
    }
    /** How many trials the running search reads in all. */
    public ReadOnlyIntegerProperty totalProperty() {
        return total.getReadOnlyProperty();
    }
    /**
     * What the last search found ({@code 12 of 10,000 trials: tool send_message failed}), then the
     * traces it could not search, when there were any ({@link UnsearchedTraces#summary()}); or null.
     */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** Searches every trial of the open runs; a blank query clears the search. */
    public void search(TranscriptQuery query) {
        cancel.set(true);
        if (query.isEmpty()) {
            clear();
            return;
        }
        AtomicBoolean mine = new AtomicBoolean();
        cancel = mine;
        List<TrialRecord> trials = new ArrayList<>();
        results.runs().forEach(r -> trials.addAll(r.trials()));
        running.set(true);
        searched.set(0);
        total.set(trials.size());
        summary.set(null);
        background.execute(() -> {
            UnsearchedTraces unsearched = new UnsearchedTraces();
            List<TrialRecord> found = new TranscriptSearch()
                    .search(
                            trials,
                            query,
                            mine,
                            n -> ui.execute(() -> {
                                if (!mine.get()) {
                                    searched.set(n);
                                }
                            }),
                            unsearched);
            String notSearched = unsearched.summary();
            ui.execute(() -> {
                if (mine.get()) {
                    return; // cancelled, or replaced by a newer search
                }
                running.set(false);
                results.showTranscriptMatches(found);
                summary.set(String.format(
                                java.util.Locale.ROOT,
                                "%,d of %,d trials: %s",
                                found.size(),
                                trials.size(),
                                query.describe())
                        + (notSearched == null ? "" : ". " + notSearched + " (the \"unreadable\" filter shows them)"));
            });
        });
    }

    /** Stops the running search; the filter stays as it was before it. */
    public void cancel() {
        cancel.set(true);
        running.set(false);
        summary.set("Search cancelled.");
    }

    /** Stops any search and shows every trial again. */
    public void clear() {
        cancel.set(true);
        running.set(false);
        summary.set(null);
        results.showTranscriptMatches(null);
    }
}
