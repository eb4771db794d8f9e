package dev.mstpanel.ui.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The one pacing of the warm-ups, in a real window's pulses: one step per pulse, in order, the
 * steps a later step gives expanded in place, a step that waits for its condition, a stop that ends
 * them at once, a give-up when no pulse is quick, and a failing step that ends them without
 * reaching the window.
 */
@ExtendWith(ApplicationExtension.class)
class PulseStepsFxTest {
    /** Counts the window's pulses (a PulseGaps timer). */
    private final dev.mstpanel.testsupport.PulseGaps counter = new dev.mstpanel.testsupport.PulseGaps();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(), 200, 100));
        stage.show();
        counter.start();
    }

    @AfterEach
    void stop() {
        Platform.runLater(counter::stop);
    }

    @Test
    void runsOneStepPerPulseInOrderWithTheLaterStepsExpandedInPlace() throws Exception {
        List<String> ran = new ArrayList<>();
        List<Integer> atPulse = new ArrayList<>();
        CompletableFuture<PulseSteps.End> end = new CompletableFuture<>();
        Platform.runLater(() -> new PulseSteps("test", 0, TimeUnit.SECONDS.toNanos(5), () -> false, end::complete)
                .then(() -> record(ran, atPulse, "a"))
                .thenAll(() -> List.of(() -> record(ran, atPulse, "b1"), () -> record(ran, atPulse, "b2")))
                .then(() -> record(ran, atPulse, "c"))
                .start());
        assertThat(end.get(10, TimeUnit.SECONDS)).isEqualTo(PulseSteps.End.DONE);
        assertThat(ran).containsExactly("a", "b1", "b2", "c");
        for (int i = 1; i < atPulse.size(); i++) {
            assertThat(atPulse.get(i))
                    .as("step %d runs in a later pulse than the one before", i)
                    .isGreaterThan(atPulse.get(i - 1));
        }
    }

    @Test
    void aStepThatWaitsRunsOnlyOnceItsConditionHolds() throws Exception {
        AtomicBoolean ready = new AtomicBoolean();
        List<String> ran = new ArrayList<>();
        CompletableFuture<PulseSteps.End> end = new CompletableFuture<>();
        Platform.runLater(() -> new PulseSteps("test", 0, TimeUnit.SECONDS.toNanos(5), () -> false, end::complete)
                .then(() -> ran.add("first"))
                .thenWhen(ready::get, () -> ran.add("after the condition"))
                .start());
        Thread.sleep(300);
        assertThat(onFx(() -> List.copyOf(ran))).containsExactly("first");
        ready.set(true);
        assertThat(end.get(10, TimeUnit.SECONDS)).isEqualTo(PulseSteps.End.DONE);
        assertThat(ran).containsExactly("first", "after the condition");
    }

    @Test
    void aStopEndsTheStepsAtOnceAndTheRestNeverRun() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        List<String> ran = new ArrayList<>();
        CompletableFuture<PulseSteps.End> end = new CompletableFuture<>();
        Platform.runLater(() -> new PulseSteps("test", 0, TimeUnit.SECONDS.toNanos(5), stop::get, end::complete)
                .then(() -> {
                    ran.add("first");
                    stop.set(true); // e.g. the user opened a comparison
                })
                .then(() -> ran.add("second"))
                .start());
        assertThat(end.get(10, TimeUnit.SECONDS)).isEqualTo(PulseSteps.End.STOPPED);
        Thread.sleep(100);
        assertThat(onFx(() -> List.copyOf(ran))).containsExactly("first");
    }

    @Test
    void stepsThatNeverGetAQuickFrameGiveUp() throws Exception {
        List<String> ran = new ArrayList<>();
        CompletableFuture<PulseSteps.End> end = new CompletableFuture<>();
        // a frame is "quick" within 1 ns of the one before: never, as on a window that stays busy
        Platform.runLater(
                () -> new PulseSteps("test", 1, TimeUnit.MILLISECONDS.toNanos(300), () -> false, end::complete)
                        .then(() -> ran.add("never"))
                        .start());
        assertThat(end.get(10, TimeUnit.SECONDS)).isEqualTo(PulseSteps.End.GAVE_UP);
        assertThat(ran).isEmpty();
    }

    @Test
    void aFailingStepEndsTheStepsWithoutReachingTheWindow() throws Exception {
        List<String> ran = new ArrayList<>();
        CompletableFuture<PulseSteps.End> end = new CompletableFuture<>();
        Platform.runLater(() -> new PulseSteps("test", 0, TimeUnit.SECONDS.toNanos(5), () -> false, end::complete)
                .then(() -> {
                    throw new IllegalStateException("made to fail");
                })
                .then(() -> ran.add("after the failure"))
                .start());
        assertThat(end.get(10, TimeUnit.SECONDS)).isEqualTo(PulseSteps.End.FAILED);
        assertThat(ran).isEmpty();
        long before = counter.pulses();
        Thread.sleep(200);
        assertThat(counter.pulses()).as("the window still pulses").isGreaterThan(before);
    }

    private void record(List<String> ran, List<Integer> atPulse, String step) {
        ran.add(step);
        atPulse.add((int) counter.pulses());
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Exception e) {
                f.completeExceptionally(e);
            }
        });
        return f.get(10, TimeUnit.SECONDS);
    }
}
