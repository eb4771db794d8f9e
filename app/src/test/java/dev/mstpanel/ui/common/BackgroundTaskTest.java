package dev.mstpanel.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class BackgroundTaskTest {
    /** A stand-in for the FX thread: what is posted runs when the test says so, in order. */
    private static final class PostedQueue implements UiExecutor {
        final ConcurrentLinkedQueue<Runnable> posted = new ConcurrentLinkedQueue<>();

        @Override
        public void execute(Runnable r) {
            posted.add(r);
        }

        void drain() {
            for (Runnable r; (r = posted.poll()) != null; ) {
                r.run();
            }
        }
    }

    @Test
    void theResultAndTheEndReachTheUiThreadInOrder() {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.wrap(() -> "rows")
                .onRunning(() -> seen.add("running"))
                .onSuccess(r -> seen.add("success " + r))
                .onFailure(e -> seen.add("failure"))
                .onFinished(() -> seen.add("finished"))
                .executeWith(ui, Runnable::run);
        assertThat(seen).as("nothing reaches the view off its thread").isEmpty();
        ui.drain();
        assertThat(seen).containsExactly("running", "success rows", "finished");
    }

    @Test
    void aFailureIsDeliveredAsOneAndTheTaskStillFinishes() {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.wrap(() -> {
                    throw new IOException("disk gone");
                })
                .onSuccess(r -> seen.add("success"))
                .onFailure(e -> seen.add("failure " + e.getMessage()))
                .onFinished(() -> seen.add("finished"))
                .executeWith(ui, Runnable::run);
        ui.drain();
        assertThat(seen).containsExactly("failure disk gone", "finished");
    }

    @Test
    void inALaneTheLatestWinsAndAnOlderSlowAnswerIsDropped() throws Exception {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.Lane reads = new BackgroundTask.Lane();
        List<Runnable> held = new ArrayList<>();
        // the first read is held back, the second answers at once
        BackgroundTask.wrap(() -> "old")
                .onSuccess(seen::add)
                .onFinished(() -> seen.add("end"))
                .latestIn(reads)
                .executeWith(ui, held::add);
        BackgroundTask.wrap(() -> "new")
                .onSuccess(seen::add)
                .onFinished(() -> seen.add("end"))
                .latestIn(reads)
                .executeWith(ui, Runnable::run);
        held.forEach(Runnable::run);
        ui.drain();
        assertThat(seen).containsExactly("new", "end", "end");
    }

    @Test
    void aCancelledTaskDeliversNothingButItsEndAndItsWorkSeesTheCancel() throws Exception {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        List<Runnable> held = new ArrayList<>();
        boolean[] workSawCancel = new boolean[1];
        BackgroundTask.Running task = BackgroundTask.wrapWithProgress(p -> {
                    p.update("half", 0.5);
                    workSawCancel[0] = p.isCancelled();
                    return "late";
                })
                .onProgress((m, f) -> seen.add(m))
                .onSuccess(seen::add)
                .onFinished(() -> seen.add("end"))
                .executeWith(ui, held::add);
        task.cancel();
        held.forEach(Runnable::run);
        ui.drain();
        assertThat(workSawCancel[0]).isTrue();
        assertThat(seen).containsExactly("end");
    }

    @Test
    void progressReachesTheUiThreadWhileTheTaskIsCurrent() throws Exception {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            BackgroundTask.wrapWithProgress(p -> {
                        p.update("1 of 2", 0.5);
                        p.update("2 of 2", 1.0);
                        return 2;
                    })
                    .onProgress((m, f) -> seen.add(m + " " + f))
                    .onSuccess(n -> seen.add("done " + n))
                    .executeWith(ui, pool);
            pool.shutdown();
            assertThat(pool.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS))
                    .isTrue();
        } finally {
            pool.shutdownNow();
        }
        ui.drain();
        assertThat(seen).containsExactly("1 of 2 0.5", "2 of 2 1.0", "done 2");
    }

    @Test
    void aClosingPanelThatRefusesTheWorkEndsTheTaskAsAFailure() {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.wrap(() -> "never")
                .onFailure(e -> seen.add(e.getClass().getSimpleName()))
                .onFinished(() -> seen.add("end"))
                .executeWith(ui, r -> {
                    throw new RejectedExecutionException("closed");
                });
        ui.drain();
        assertThat(seen).containsExactly("RejectedExecutionException", "end");
    }

    @Test
    void aStaleResultIsHandedToOnDroppedSoThatWhatItHoldsOpenCanBeClosed() {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.Lane logs = new BackgroundTask.Lane();
        List<Runnable> held = new ArrayList<>();
        BackgroundTask.wrap(() -> "old log")
                .onSuccess(r -> seen.add("shown " + r))
                .onDropped(r -> seen.add("closed " + r))
                .latestIn(logs)
                .executeWith(ui, held::add);
        BackgroundTask.wrap(() -> "new log")
                .onSuccess(r -> seen.add("shown " + r))
                .onDropped(r -> seen.add("closed " + r))
                .latestIn(logs)
                .executeWith(ui, Runnable::run);
        held.forEach(Runnable::run);
        ui.drain();
        assertThat(seen).containsExactly("shown new log", "closed old log");
    }

    @Test
    void workThatReturnsNothingStillEndsOnTheUiThread() {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.wrap(() -> seen.add("saved") /* a value: the Callable form */)
                .executeWith(ui, Runnable::run);
        Runnable save = () -> seen.add("closed");
        BackgroundTask.wrap(save)
                .onSuccess(v -> seen.add("success " + v))
                .onFinished(() -> seen.add("end"))
                .executeWith(ui, Runnable::run);
        ui.drain();
        assertThat(seen).containsExactly("saved", "closed", "success null", "end");
    }

    @Test
    void progressWithinTheGapIsDroppedSoThatAChattyProcessDoesNotFloodTheUiThread() {
        PostedQueue ui = new PostedQueue();
        List<String> seen = new ArrayList<>();
        BackgroundTask.wrapWithProgress(p -> {
                    for (int i = 1; i <= 500; i++) {
                        p.update("line " + i, -1);
                    }
                    return "exit 0";
                })
                .progressEvery(java.time.Duration.ofHours(1))
                .onProgress((m, f) -> seen.add(m))
                .onSuccess(seen::add)
                .executeWith(ui, Runnable::run);
        ui.drain();
        assertThat(seen).containsExactly("line 1", "exit 0");
    }

    @Test
    void aTurnEnteredByHandIsCurrentUntilTheLaneMovesOn() {
        BackgroundTask.Lane runs = new BackgroundTask.Lane();
        java.util.function.BooleanSupplier first = runs.enter();
        assertThat(first.getAsBoolean()).isTrue();
        java.util.function.BooleanSupplier second = runs.enter();
        assertThat(first.getAsBoolean())
                .as("a listener of the previous run is not heard")
                .isFalse();
        assertThat(second.getAsBoolean()).isTrue();
        runs.cancelAll();
        assertThat(second.getAsBoolean()).isFalse();
    }
}
