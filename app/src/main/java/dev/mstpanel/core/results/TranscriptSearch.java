package dev.mstpanel.core.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * The search across trials of an open folder (issue 9, item 3): which of the listed trials have a
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
    public List<TrialRecord> search(List<TrialRecord> trials, TranscriptQuery query, AtomicBoolean cancelled, IntConsumer progress) {
        List<TrialRecord> out = new ArrayList<>();
        int step = Math.max(1, trials.size() / 100);
        int done = 0;
        for (TrialRecord t : trials) {
            if (cancelled.get()) {
                break;
            }
            Path f = t.traceFile();
            if (f != null && matches(f, query)) {
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

    private boolean matches(Path f, TranscriptQuery q) {
        try {
            if (Files.size(f) > TranscriptReader.MAX_TRACE_BYTES) {
                return false;
            }
            byte[] b = buffer.read(f);
            int n = buffer.length();
            int bom = ResultsFiles.bomLength(b, n);
            return q.matches(b, bom, n - bom);
        } catch (IOException e) {
            return false; // gone or unreadable: the listing says why
        }
    }
}
