package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.RunSelection;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.compare.RunTally;
import dev.mstpanel.testsupport.CompareFixture;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run header's "Re-run the failed and mixed cases": the same rule for case ids as a comparison's re-run (RunSelection.canName). */
class RunHeaderRerunTest {
    @TempDir
    Path root;

    @Test
    void failedAndMixedCasesAreRerunButAnIdStartingWithADashIsLeftOut() throws Exception {
        RunFixture run = RunFixture.create(root, "e", "20260101T000000Z-000001").runJson("e", "default");
        CompareFixture.trials(run, "default", "passes", "PP");
        CompareFixture.trials(run, "default", "fails ünïcode; $(x)", "FF");
        CompareFixture.trials(run, "default", "mixed", "PF");
        CompareFixture.trials(run, "default", "--looks-like-a-flag", "FF");
        try (ResultsReader reader = new ResultsReader()) {
            List<String> args = RunHeaderCards.rerunArgs(RunTally.read(reader, run.runDir(), false));

            assertThat(args)
                    .containsExactlyInAnyOrder("--case", "fails ünïcode; $(x)", "mixed", "--variant", "default");
            // what the Runs form reads back: no id taken for an option
            assertThat(RunSelection.parse(args).cases()).containsExactlyInAnyOrder("fails ünïcode; $(x)", "mixed");
        }
    }
}
