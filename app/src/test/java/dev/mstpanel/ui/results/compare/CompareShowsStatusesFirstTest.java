package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseChange;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Compare screen on runs never listed (its figures within 1 s on two 10,000-trial
 * runs) shows the comparison from the trials' statuses first (each trace's ends read), then the
 * same comparison with the tool calls, tokens and cost of a side that has no summary.json, once its
 * traces are read whole. Both have the verdict, p and cases of {@code compare --json}'s reading.
 * Real runs on disk, the real reader with a cache folder (empty: never listed).
 */
class CompareShowsStatusesFirstTest {
    @TempDir
    Path root;

    @Test
    void statusesFirstThenTheMeansWithTheSameVerdict() throws Exception {
        Path eval = CompareFixture.write(root.resolve("results"), 20_000);
        Path a = eval.resolve("runs").resolve(CompareFixture.RUN_A); // no summary.json: its means come from the trials
        Path b = eval.resolve("runs").resolve(CompareFixture.RUN_B); // a summary.json
        ExecutorService background = Executors.newCachedThreadPool();
        try (ResultsReader reader = new ResultsReader(Files.createDirectories(root.resolve("cache")))) {
            CompareViewModel model = new CompareViewModel(reader, UiExecutor.direct(), background, dir -> null);
            List<Comparison> seen = new CopyOnWriteArrayList<>();
            List<Boolean> pending = new CopyOnWriteArrayList<>();
            model.comparisonProperty().addListener((o, x, c) -> {
                if (c != null) {
                    seen.add(c);
                    pending.add(model.meansPendingProperty().get());
                }
            });
            model.open(List.of(reader.readRun(a), reader.readRun(b)), a, "default", b, "default");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((seen.size() < 2 || model.meansPendingProperty().get()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(seen)
                    .as("the statuses' comparison, then the complete one")
                    .hasSize(2);
            Comparison first = seen.get(0);
            Comparison complete = seen.get(1);
            assertThat(first.base().meansPending()).isTrue();
            assertThat(first.base().toolCallsMean())
                    .as("no tool calls counted yet: none shown")
                    .isNull();
            // the base has no summary.json: the candidate's means come from its trials too, one source for both
            assertThat(first.candidate().meansPending())
                    .as("its summary.json not used: counted from its traces")
                    .isTrue();
            assertThat(first.candidate().toolCallsMean()).isNull();
            assertThat(model.meansPendingProperty().get()).isFalse();
            assertThat(complete.base().meansPending()).isFalse();
            assertThat(complete.base().toolCallsMean())
                    .as("counted from the traces read whole")
                    .isPositive();
            assertThat(complete.candidate().meansPending()).isFalse();
            assertThat(complete.candidate().toolCallsMean())
                    .as("the trials' count, not summary.json's 7.5")
                    .isNotEqualTo(7.5)
                    .isPositive();
            assertThat(complete.cases().get(0).base().records())
                    .as("an opened case still has its trials")
                    .isNotEmpty();

            // compare --json reads both runs whole
            RunTally wa = RunTally.read(reader, a, false);
            RunTally wb = RunTally.read(reader, b, false);
            Comparison cli = Comparison.of(Comparison.Kind.RUNS, wa, "default", wb, "default");
            for (Comparison c : List.of(first, complete)) {
                assertThat(c.verdict()).isEqualTo(cli.verdict());
                assertThat(c.pValue()).isEqualTo(cli.pValue());
                assertThat(c.countsByName()).isEqualTo(cli.countsByName());
                assertThat(c.base().passed()).isEqualTo(cli.base().passed());
                assertThat(c.base().graded()).isEqualTo(cli.base().graded());
                assertThat(c.candidate().passed()).isEqualTo(cli.candidate().passed());
                assertThat(c.cases())
                        .extracting(x -> x.caseId() + " " + x.change())
                        .isEqualTo(cli.cases().stream()
                                .map(x -> x.caseId() + " " + x.change())
                                .toList());
                assertThat(c.rerunArgs()).isEqualTo(cli.rerunArgs());
            }
            assertThat(model.rows().get(0).change()).isEqualTo(CaseChange.REGRESSED);
            assertThat(model.progressProperty().get())
                    .as("no progress line once loaded")
                    .isNull();
        } finally {
            background.shutdownNow();
        }
    }
}
