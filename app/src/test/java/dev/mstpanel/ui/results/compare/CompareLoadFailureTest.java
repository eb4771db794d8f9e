package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.ui.common.UiExecutor;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paths of a Compare load that fail on the FX thread itself end in a message and "Try again",
 * never in the loading state. Real runs and reader; the Results view's trials
 * are a test double that throws as a replaced jar does.
 */
class CompareLoadFailureTest {
    @TempDir
    Path results;

    @Test
    void anErrorOnTheFxThreadWhilePickingEndsTheLoadWithAMessageAndTryAgainWorks() {
        Path eval = CompareFixture.write(results);
        Path a = eval.resolve("runs").resolve(CompareFixture.RUN_A);
        Path b = eval.resolve("runs").resolve(CompareFixture.RUN_B);
        AtomicBoolean failing = new AtomicBoolean(true);
        Function<Path, List<TrialRecord>> loaded = dir -> {
            if (failing.get()) {
                throw new NoClassDefFoundError("dev/mstpanel/ui/results/ResultsViewModel$RunState");
            }
            return null;
        };
        try (ResultsReader reader = new ResultsReader()) {
            CompareViewModel model = new CompareViewModel(reader, UiExecutor.direct(), Runnable::run, loaded);
            model.open(List.<RunInfo>of(reader.readRun(a), reader.readRun(b)), a, "default", b, "default");
            assertThat(model.loadingProperty().get()).isFalse();
            assertThat(model.progressProperty().get()).isNull();
            assertThat(model.canRetryProperty().get()).isTrue();
            assertThat(model.messageProperty().get())
                    .startsWith("Could not compare default · run aaaaaa")
                    .endsWith("Restart the panel.")
                    .doesNotContain("NoClassDefFoundError");

            failing.set(false);
            model.retry();
            assertThat(model.canRetryProperty().get()).isFalse();
            assertThat(model.messageProperty().get()).isNull();
            assertThat(model.loadingProperty().get()).isFalse();
            assertThat(model.comparisonProperty().get()).isNotNull();
            assertThat(model.rows().get(0).caseId()).isEqualTo("lookup-invoice");
        }
    }

    @Test
    void aSummaryJsonRewrittenIsReadAgainOnceTheSummariesAreForgotten() throws Exception {
        Path eval = CompareFixture.write(results);
        Path b = eval.resolve("runs").resolve(CompareFixture.RUN_B);
        try (ResultsReader reader = new ResultsReader()) {
            CompareViewModel model = new CompareViewModel(reader, UiExecutor.direct(), Runnable::run, dir -> null);
            int[] reads = {0};
            assertThat(model.summary(b, () -> reads[0]++)).isNull(); // read in the background, then drawn again
            var first = model.summary(b, () -> reads[0]++);
            assertThat(first).isPresent();
            java.nio.file.Files.delete(b.resolve("summary.json"));
            assertThat(model.summary(b, () -> reads[0]++))
                    .as("kept while the folder is not read again")
                    .isSameAs(first);
            model.forgetSummaries(); // the Results view's Refresh
            assertThat(model.summary(b, () -> reads[0]++)).isNull();
            assertThat(model.summary(b, () -> reads[0]++))
                    .as("summary.json is gone")
                    .isEmpty();
            assertThat(reads[0]).isEqualTo(2);
        }
    }

    @Test
    void aFailureSaysWhatWentWrongInWords() {
        assertThat(dev.mstpanel.ui.common.FailureText.reason(new java.util.concurrent.CompletionException(
                        new IllegalStateException("the run has no trials"))))
                .isEqualTo("the run has no trials.");
        assertThat(dev.mstpanel.ui.common.FailureText.reason(
                        new java.io.UncheckedIOException(new java.nio.file.AccessDeniedException("/r/run.json"))))
                .isEqualTo("permission denied: /r/run.json.");
        assertThat(dev.mstpanel.ui.common.FailureText.reason(new NullPointerException()))
                .isEqualTo("an unexpected NullPointerException (see the panel's log).");
        assertThat(dev.mstpanel.ui.common.FailureText.reason(new OutOfMemoryError("Java heap space")))
                .startsWith("the panel ran out of memory");
    }
}
