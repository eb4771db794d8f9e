package dev.mstpanel.core.results.align;

import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

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
        return align(a, redactedA, b, redactedB, null);
    }

    /**
     * As {@link #align(TrialRecord, Boolean, TrialRecord, Boolean)}, and hands over the alignment of the two traces'
     * first events while the rest is read (two long traces: a view shows its first rows at once). The head is cut
     * after its last pair matched on both sides: what follows may align otherwise once the rest is read. Not called
     * when both traces are read whole before either hands its first events over.
     *
     * @param head gets the alignment of the first events (on a reading thread), at most once, or null
     */
    public TrialAlignment align(
            TrialRecord a, Boolean redactedA, TrialRecord b, Boolean redactedB, Consumer<TrialAlignment> head) {
        Heads heads = head == null ? null : new Heads(head);
        CompletableFuture<Transcript> second = CompletableFuture.supplyAsync(
                () -> heads == null ? reader.read(b, redactedB) : heads.read(reader, b, redactedB, false));
        Transcript first = heads == null ? reader.read(a, redactedA) : heads.read(reader, a, redactedA, true);
        Transcript other = second.join();
        if (heads != null) {
            heads.done();
        }
        return TrialAligner.align(first, other);
    }

    /** The first events of both traces as each reader hands them over; aligned once both are there. */
    private static final class Heads {
        private final Consumer<TrialAlignment> head;
        private Transcript a;
        private Transcript b;
        private boolean handed;

        Heads(Consumer<TrialAlignment> head) {
            this.head = head;
        }

        Transcript read(TranscriptReader reader, TrialRecord t, Boolean redacted, boolean first) {
            Transcript whole = reader.read(t, redacted, new TranscriptReader.Progress() {
                @Override
                public void first(Transcript h) {
                    arrived(h, first);
                }

                @Override
                public void more(List<TranscriptEvent> events) {}
            });
            arrived(whole, first); // a short trace is handed over whole
            return whole;
        }

        private void arrived(Transcript t, boolean first) {
            TrialAlignment ready;
            synchronized (this) {
                if (first && a == null) {
                    a = t;
                } else if (!first && b == null) {
                    b = t;
                }
                if (handed || a == null || b == null) {
                    return;
                }
                handed = true;
                ready = TrialAligner.align(a, b);
            }
            head.accept(cut(ready));
        }

        /** After both are read whole, a head no longer helps anyone. */
        synchronized void done() {
            handed = true;
        }

        /** The rows up to the last pair matched on both sides; no divergence after them is known yet. */
        private static TrialAlignment cut(TrialAlignment al) {
            List<AlignedPair> pairs = al.pairs();
            int end = pairs.size();
            while (end > 0 && (pairs.get(end - 1).a() < 0 || pairs.get(end - 1).b() < 0)) {
                end--;
            }
            Divergence d = al.firstDivergence();
            boolean known = d != null && d.row() >= 0 && d.row() < end;
            return new TrialAlignment(al.a(), al.b(), pairs.subList(0, end), known ? d : null, null);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
