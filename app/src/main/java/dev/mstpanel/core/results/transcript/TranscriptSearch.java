package dev.mstpanel.core.results.transcript;

import dev.mstpanel.core.results.files.ReadBuffer;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.listing.TrialListingReader;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.search.UnsearchedTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * The search across trials of an open folder: which of the listed trials have a
 * trace that matches a {@link TranscriptQuery}. Reads each trace once (a trace over
 * {@link TranscriptReader#MAX_TRACE_BYTES} is skipped), reports its progress and stops when
 * cancelled. Blocking disk work: run it off the UI thread. Not thread-safe (one search per object).
 */
public final class TranscriptSearch {
    private final ReadBuffer buffer = new ReadBuffer();

    /**
     * Searches the traces of {@code trials}, in order.
     *
     * @param cancelled set to stop; what was found so far is returned
     * @param progress receives how many trials were searched, about every 1 % and at the end
     * @return the trials whose trace matches, in the order given
     */
    public List<TrialRecord> search(
            List<TrialRecord> trials, TranscriptQuery query, AtomicBoolean cancelled, IntConsumer progress) {
        return search(trials, query, cancelled, progress, new UnsearchedTraces());
    }

    /**
     * As {@link #search(List, TranscriptQuery, AtomicBoolean, IntConsumer)}, and says which traces
     * could not be searched (unreadable, too large, cut short, not a JSON object).
     *
     * @param unsearched receives them, with the listing's reason when it had one
     */
    public List<TrialRecord> search(
            List<TrialRecord> trials,
            TranscriptQuery query,
            AtomicBoolean cancelled,
            IntConsumer progress,
            UnsearchedTraces unsearched) {
        List<TrialRecord> out = new ArrayList<>();
        int step = Math.max(1, trials.size() / 100);
        int done = 0;
        for (TrialRecord t : trials) {
            if (cancelled.get()) {
                break;
            }
            Path f = t.traceFile();
            if (f != null && matches(t, f, query, unsearched)) {
                out.add(t);
            }
            done++;
            if (done % step == 0) {
                progress.accept(done);
            }
        }
        progress.accept(done);
        return out;
    }

    private boolean matches(TrialRecord t, Path f, TranscriptQuery q, UnsearchedTraces unsearched) {
        // the listing's own words when it could not read the trial either
        String listed = t.status() == TrialStatus.UNREADABLE && t.problem() != null ? t.problem() : null;
        if (TrialListingReader.traceUnreadable(t)) {
            // listed as cut short or broken: never a match, whatever its bytes hold (as trials --grep)
            unsearched.add(t.key(), listed);
            return false;
        }
        try {
            long size = Files.size(f);
            if (size > TranscriptReader.MAX_TRACE_BYTES) {
                unsearched.add(
                        t.key(),
                        listed != null
                                ? listed
                                : "The trace is " + dev.mstpanel.core.text.ByteSize.human(size) + ", more than the "
                                        + dev.mstpanel.core.text.ByteSize.human(TranscriptReader.MAX_TRACE_BYTES)
                                        + " a search reads.");
                return false;
            }
            byte[] b = buffer.read(f);
            int n = buffer.length();
            int bom = ResultsFiles.bomLength(b, n);
            TranscriptQuery.Outcome found = n == 0 ? TranscriptQuery.Outcome.UNSEARCHABLE : q.search(b, bom, n - bom);
            if (found == TranscriptQuery.Outcome.UNSEARCHABLE) {
                unsearched.add(
                        t.key(),
                        listed != null
                                ? listed
                                : n == 0
                                        ? "The trace file is empty: it may still be being written."
                                        : "The trace is cut short or not a JSON object: it may still be being written.");
            }
            return found == TranscriptQuery.Outcome.MATCH;
        } catch (java.nio.file.NoSuchFileException e) {
            unsearched.add(t.key(), "The trace " + f + " is gone: it was deleted or moved since the run was listed.");
            return false;
        } catch (IOException e) {
            unsearched.add(t.key(), listed != null ? listed : "The trace could not be read: " + ResultsFiles.why(e));
            return false;
        }
    }
}
