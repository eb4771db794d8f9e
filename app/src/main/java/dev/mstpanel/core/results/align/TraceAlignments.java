package dev.mstpanel.core.results.align;

import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Reads two trials and aligns them ({@link TrialAligner}), the same for the {@code diff} command (two trace files) and
 * the window (two listed trials). The two traces are read side by side, each on a thread of its own. Blocking disk
 * work: call off the UI thread.
 */
public final class TraceAlignments {
    private final TranscriptReader reader;

    /**
     * @param outputLimitChars the longest output kept per event, in chars (outputs are shown, never compared)
     */
    public TraceAlignments(int outputLimitChars) {
        this.reader = new TranscriptReader(outputLimitChars);
    }

    /** Thrown when both paths name the same file: a trial aligned with itself says nothing. */
    public static final class SameTraceException extends Exception {
        public SameTraceException(String message) {
            super(message);
        }
    }

    /** Which of the two traces could not be read as a trial's, and why. */
    public static final class UnreadableSideException extends Exception {
        private final boolean first;

        UnreadableSideException(boolean first, TranscriptReader.NotATrialException cause) {
            super(cause.getMessage(), cause);
            this.first = first;
        }

        /** True for the first trace, false for the second. */
        public boolean first() {
            return first;
        }
    }

    /**
     * Reads two trace files ({@code <run>/traces/<variant>/<case>/<trial>.json}) and aligns them.
     *
     * @throws SameTraceException when both name one file
     * @throws UnreadableSideException when one is absent, a folder, too large or not a trial's trace
     */
    public TrialAlignment align(Path a, Path b) throws SameTraceException, UnreadableSideException {
        if (sameFile(a, b)) {
            throw new SameTraceException(a + " and " + b + " are the same trace: give two trials to align.");
        }
        CompletableFuture<Transcript> second = CompletableFuture.supplyAsync(() -> {
            try {
                return reader.read(b);
            } catch (TranscriptReader.NotATrialException e) {
                throw new CompletionException(new UnreadableSideException(false, e));
            }
        });
        Transcript first;
        try {
            first = reader.read(a);
        } catch (TranscriptReader.NotATrialException e) {
            second.cancel(false);
            throw new UnreadableSideException(true, e);
        }
        try {
            return TrialAligner.align(first, second.join());
        } catch (CompletionException e) {
            if (e.getCause() instanceof UnreadableSideException u) {
                throw u;
            }
            throw e;
        }
    }

    /**
     * Reads two listed trials and aligns them; what cannot be read is in each transcript's problems, never thrown.
     *
     * @param redactedA the first trial's run's {@code redactStoredResponses}, or null when unknown
     * @param redactedB the second's
     */
    public TrialAlignment align(TrialRecord a, Boolean redactedA, TrialRecord b, Boolean redactedB) {
        CompletableFuture<Transcript> second = CompletableFuture.supplyAsync(() -> reader.read(b, redactedB));
        Transcript first = reader.read(a, redactedA);
        return TrialAligner.align(first, second.join());
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
