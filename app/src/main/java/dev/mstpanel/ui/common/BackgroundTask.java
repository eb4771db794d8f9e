package dev.mstpanel.ui.common;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The one way a view model does work off the FX thread: the work runs on the background executor,
 * and everything it tells the view (running, progress, its result or its failure, the end) comes on
 * the FX thread, through {@link UiExecutor}.
 *
 * <pre>{@code
 * BackgroundTask.wrap(() -> reader.read(dir))
 *         .onRunning(() -> loading.set(true))
 *         .onSuccess(rows::setAll)
 *         .onFailure(e -> problem.set(FailureText.of(e)))
 *         .onFinished(() -> loading.set(false))
 *         .latestIn(reads)          // a newer read of the same lane wins: this one's result is dropped
 *         .executeWith(tasks);
 * }</pre>
 *
 * <p>A task whose {@linkplain Lane lane} has started a newer task, or that was {@linkplain
 * Running#cancel() cancelled}, delivers nothing but {@code onFinished}: a slow answer to an old
 * question never overwrites the answer to the new one. The work sees both through {@link
 * Progress#isCancelled()} and may stop early.
 *
 * @param <T> what the work returns
 */
public final class BackgroundTask<T> {
    /** The work itself, run off the FX thread. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Progress progress) throws Exception;
    }

    /** What the work may report while it runs. */
    public interface Progress {
        /** Says how far the work is (shown on the FX thread by {@code onProgress}). */
        void update(String message, double fraction);

        /** True once the task was cancelled or a newer task of its lane started. */
        boolean isCancelled();
    }

    /** A task that was started: it can be cancelled. */
    public interface Running {
        /** Stops delivering: no result, failure or progress reaches the view any more. */
        void cancel();
    }

    /**
     * A line of tasks where the latest wins (a view's reads of the selected run, say): starting a
     * task in a lane makes every earlier task of that lane stale.
     */
    public static final class Lane {
        private final AtomicLong generation = new AtomicLong();

        long next() {
            return generation.incrementAndGet();
        }

        boolean isCurrent(long g) {
            return generation.get() == g;
        }

        /**
         * Starts a newer turn of this lane by hand, for callbacks that outlive any task (a run's
         * listener, say): the answer stays true until the next turn or task of this lane starts.
         */
        public java.util.function.BooleanSupplier enter() {
            long g = next();
            return () -> isCurrent(g);
        }

        /** Makes every task started so far in this lane stale (a view that closes, say). */
        public void cancelAll() {
            generation.incrementAndGet();
        }
    }

    private final Work<T> work;
    private static final Runnable NOTHING = () -> {};
    private Runnable onRunning = NOTHING;
    private Consumer<? super T> onSuccess = t -> {};
    private Consumer<? super Exception> onFailure = e -> {};
    private Runnable onFinished = () -> {};
    private Consumer<? super T> onDropped = t -> {};
    private ProgressListener onProgress = (m, f) -> {};
    private Lane lane;
    private long progressGapNanos;

    /** Receives progress on the FX thread. */
    @FunctionalInterface
    public interface ProgressListener {
        void progress(String message, double fraction);
    }

    private BackgroundTask(Work<T> work) {
        this.work = Objects.requireNonNull(work);
    }

    /** A task of work that needs no progress. */
    public static <T> BackgroundTask<T> wrap(java.util.concurrent.Callable<T> work) {
        return new BackgroundTask<>(p -> work.call());
    }

    /** A task of work that returns nothing (closing or cancelling something, saving a file). */
    public static BackgroundTask<Void> wrap(Runnable work) {
        Objects.requireNonNull(work);
        return new BackgroundTask<>(p -> {
            work.run();
            return null;
        });
    }

    /** A task of work that reports progress or looks for cancellation. */
    public static <T> BackgroundTask<T> wrapWithProgress(Work<T> work) {
        return new BackgroundTask<>(work);
    }

    /** Runs on the FX thread as the task starts (before the work). */
    public BackgroundTask<T> onRunning(Runnable r) {
        this.onRunning = Objects.requireNonNull(r);
        return this;
    }

    /** Gets the work's result on the FX thread, unless the task went stale. */
    public BackgroundTask<T> onSuccess(Consumer<? super T> c) {
        this.onSuccess = Objects.requireNonNull(c);
        return this;
    }

    /** Gets the work's exception on the FX thread, unless the task went stale. */
    public BackgroundTask<T> onFailure(Consumer<? super Exception> c) {
        this.onFailure = Objects.requireNonNull(c);
        return this;
    }

    /** Runs on the FX thread after success or failure, and after a stale task too. */
    public BackgroundTask<T> onFinished(Runnable r) {
        this.onFinished = Objects.requireNonNull(r);
        return this;
    }

    /**
     * Gets, on the FX thread, the result of a task that went stale or was cancelled: a result that
     * holds something open (a followed log, say) is closed here instead of leaking.
     */
    public BackgroundTask<T> onDropped(Consumer<? super T> c) {
        this.onDropped = Objects.requireNonNull(c);
        return this;
    }

    /** Gets progress on the FX thread while the task is current. */
    public BackgroundTask<T> onProgress(ProgressListener l) {
        this.onProgress = Objects.requireNonNull(l);
        return this;
    }

    /**
     * Shows at most one progress update per {@code gap}: a process printing hundreds of lines a
     * second does not flood the FX thread (an update within the gap is dropped, not delayed, so
     * that none arrives after the result).
     */
    public BackgroundTask<T> progressEvery(java.time.Duration gap) {
        this.progressGapNanos = gap.toNanos();
        return this;
    }

    /** Makes this task one of a lane where the latest wins. */
    public BackgroundTask<T> latestIn(Lane l) {
        this.lane = Objects.requireNonNull(l);
        return this;
    }

    /**
     * Starts the task.
     *
     * @param ui the FX thread (or the calling thread, in tests)
     * @param background where the work runs
     * @return the running task, to cancel it
     */
    public Running executeWith(Executor ui, Executor background) {
        long g = lane == null ? 0 : lane.next();
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicLong shownAt = new AtomicLong();
        AtomicBoolean shownOnce = new AtomicBoolean();
        Progress progress = new Progress() {
            @Override
            public void update(String message, double fraction) {
                if (!isCancelled() && due()) {
                    ui.execute(() -> {
                        if (!isCancelled()) {
                            onProgress.progress(message, fraction);
                        }
                    });
                }
            }

            private boolean due() {
                if (progressGapNanos <= 0) {
                    return true;
                }
                long now = System.nanoTime();
                long last = shownAt.get();
                if (shownOnce.get() && now - last < progressGapNanos) {
                    return false;
                }
                shownOnce.set(true);
                return shownAt.compareAndSet(last, now);
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get() || lane != null && !lane.isCurrent(g);
            }
        };
        if (onRunning != NOTHING) {
            // a task nobody watches start (a poll, a save) costs the FX thread nothing before its end
            ui.execute(onRunning);
        }
        Runnable job = () -> {
            T result;
            try {
                result = work.run(progress);
            } catch (Throwable t) {
                // an Error (out of memory, say) ends the task as a failure too, so that no view
                // waits for ever; it is then thrown on, for the thread's handler to log
                Exception e = t instanceof Exception x ? x : new java.util.concurrent.ExecutionException(t);
                ui.execute(() -> {
                    if (!progress.isCancelled()) {
                        onFailure.accept(e);
                    }
                    onFinished.run();
                });
                if (t instanceof Error error) {
                    throw error;
                }
                return;
            }
            ui.execute(() -> {
                if (!progress.isCancelled()) {
                    onSuccess.accept(result);
                } else {
                    onDropped.accept(result);
                }
                onFinished.run();
            });
        };
        try {
            background.execute(job);
        } catch (RejectedExecutionException e) {
            // the panel is closing: say so as a failure, so that no view waits for ever
            ui.execute(() -> {
                if (!progress.isCancelled()) {
                    onFailure.accept(e);
                }
                onFinished.run();
            });
        }
        return () -> cancelled.set(true);
    }
}
