package dev.mstpanel.core.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.SecretRedactor;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.CaseComparison;
import dev.mstpanel.core.results.compare.CaseTally;
import dev.mstpanel.core.results.compare.Comparison;
import dev.mstpanel.core.results.compare.ComparisonService;
import dev.mstpanel.core.results.model.GradedFigures;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.testsupport.ExportFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported pages say a run's and a comparison's figures in the words the window and the command line
 * use: the run's graded trials with missing ones left out (never counted as not passing), each case's cell
 * with the trials left out by status, and how many trials per case would tell the sides apart.
 */
class HtmlExportFiguresTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private HtmlExporter exporter() {
        return new HtmlExporter(reader, new ComparisonService(reader, Runnable::run), ExportLabels.NONE);
    }

    @Test
    void theFiguresSentenceLeavesMissingAndInfraTrialsOutOfTheGradedOnes() {
        assertThat(GradedFigures.text(Map.of(
                        TrialStatus.PASSED, 5, TrialStatus.FAILED, 4, TrialStatus.INFRA, 1, TrialStatus.MISSING, 6)))
                .isEqualTo("5 of 9 graded trials passed (55.6 %)  ·  1 infra  ·  6 missing"
                        + "  (infra trials are left out of pass rates)");
        assertThat(GradedFigures.text(Map.of(TrialStatus.MISSING, 3))).isEqualTo("No graded trials  ·  3 missing");
    }

    @Test
    void theRunPageSaysTheGradedTrialsAsTheResultsViewDoesNotMissingOnesAsNotPassing() throws Exception {
        Path run = ExportFixture.demoRun(root);
        var counts = GradedFigures.counts(reader.readTrials(reader.readRun(run)));
        // the demo has missing trials: the page could count them as failures, which is what is checked
        assertThat(counts.getOrDefault(TrialStatus.MISSING, 0)).isPositive();

        String page = exporter().run(run, SecretRedactor.none());

        assertThat(page)
                .contains(GradedFigures.text(counts))
                .contains("graded trials passed")
                .contains(counts.get(TrialStatus.MISSING) + " missing")
                .doesNotContain("did not pass.");
    }

    @Test
    void theComparisonPageSaysEachCaseAsTheCompareCommandDoesAndTheTrialsNeeded() throws Exception {
        Path run = ExportFixture.demoRun(root);
        List<Comparison> compared =
                new ComparisonService(reader, Runnable::run).compare(run, null, null, null, new ArrayList<>());

        String page = exporter().comparison(run, null, null, null, SecretRedactor.none());

        List<String> leftOutCells = new ArrayList<>();
        for (Comparison c : compared) {
            assertThat(page).contains(c.trialsPlan().text());
            for (CaseComparison row : c.cases()) {
                for (CaseTally t : Stream.of(row.base(), row.candidate())
                        .filter(java.util.Objects::nonNull)
                        .toList()) {
                    String cell = "<td>" + t.cellText() + "</td>";
                    assertThat(page).as("the cell of %s", row.caseId()).contains(cell);
                    if (t.leftOutText() != null) {
                        leftOutCells.add(cell);
                    }
                }
            }
        }
        // the demo has cases with infra and missing trials: their cells say them, not only passed/graded
        assertThat(String.join("\n", leftOutCells)).contains(" · 1 infra").contains(" missing");
        assertThat(page).doesNotContain(" passed)</td>");
    }
}
