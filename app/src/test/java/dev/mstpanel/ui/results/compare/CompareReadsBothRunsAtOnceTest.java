package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Compare screen reads the two runs it compares at the same time (its figures within
 * 1 s of opening on two 10,000-trial runs), so the figures wait for the slower side, not for both
 * one after the other. Real runs on disk, the real reader; the background executor holds each read
 * until a second one is running beside it (or 5 s have passed).
 */
class CompareReadsBothRunsAtOnceTest {
    @TempDir
    Path results;

    @Test
    void twoRunsAreReadAtOnceAndCompared() throws Exception {
        Path eval = CompareFixture.write(results);
        Path a = eval.resolve("runs").resolve(CompareFixture.RUN_A);
        Path b = eval.resolve("runs").resolve(CompareFixture.RUN_B);
        CyclicBarrier two = new CyclicBarrier(2);
        AtomicInteger metABeside = new AtomicInteger();
        Executor background = task -> new Thread(
                        () -> {
                            try {
                                two.await(5, TimeUnit.SECONDS);
                                metABeside.incrementAndGet();
                            } catch (TimeoutException | BrokenBarrierException e) {
                                // no second read came: this one ran alone
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            task.run();
                        },
                        "test-background")
                .start();
        try (ResultsReader reader = new ResultsReader()) {
            CompareViewModel model = new CompareViewModel(reader, UiExecutor.direct(), background, dir -> null);
            List<RunInfo> runs = List.of(reader.readRun(a), reader.readRun(b));
            model.open(runs, a, "default", b, "default");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            // the comparison and then its rows are set on the reading thread (a direct UI executor): wait for both
            while ((model.comparisonProperty().get() == null || model.rows().isEmpty())
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(model.comparisonProperty().get())
                    .as("the comparison of the two runs")
                    .isNotNull();
            assertThat(metABeside.get())
                    .as("reads that ran beside the other run's read")
                    .isEqualTo(2);
            assertThat(model.comparisonProperty().get().base().runId()).isEqualTo(CompareFixture.RUN_A);
            assertThat(model.comparisonProperty().get().candidate().runId()).isEqualTo(CompareFixture.RUN_B);
            assertThat(model.rows().get(0).change()).isEqualTo(CaseChange.REGRESSED);
            assertThat(model.rows().get(0).caseId()).isEqualTo("lookup-invoice");
        }
    }
}
