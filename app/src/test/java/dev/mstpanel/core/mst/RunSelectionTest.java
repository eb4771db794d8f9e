package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunSelectionTest {
    @Test
    void theCasesAndVariantsOfAWholeRunCommandLineAreReadByTheSameRulePassingOverTheOtherFlags() {
        RunSelection s = RunSelection.within(java.util.List.of(
                "--config",
                "eval.json",
                "--case",
                "a",
                "b",
                "--runner",
                "docker",
                "--variant=with-skill",
                "-v",
                "--case=c"));
        assertThat(s.cases()).containsExactly("a", "b", "c");
        assertThat(s.variants()).containsExactly("with-skill");
    }

    @Test
    void commandLineEndsWithTheCasesAndVariantsQuotedWhenNeeded() {
        RunSelection sel = RunSelection.parse(
                List.of("--case", "refund-order", "odd case", "--variant", "default", "with-search"));
        RunRequest r = new RunRequest(
                Path.of("/evals/eval.json"),
                List.of("engine-1"),
                "",
                KeepPolicy.NEVER,
                "",
                "",
                "",
                "",
                "",
                null,
                null,
                sel);
        RunCommandLine line = new RunCommandLine(r, FlagVocabulary.RUNNER);
        assertThat(line.arguments())
                .endsWith("--case", "refund-order", "odd case", "--variant", "default", "with-search");
        assertThat(line.display(List.of("mst")))
                .endsWith("--case refund-order 'odd case' --variant default with-search");
        assertThat(sel.describe()).isEqualTo("2 cases (refund-order, odd case) of the variants default, with-search");
    }

    @Test
    void everythingAddsNoArgumentsAndOtherFlagsAreRefused() {
        RunRequest r = RunRequest.of(Path.of("/evals/eval.json"));
        assertThat(new RunCommandLine(r, FlagVocabulary.RUNNER).arguments()).doesNotContain("--case", "--variant");
        assertThat(r.withResume("a1b2c3").selection().isAll()).isTrue();
        assertThatThrownBy(() -> RunSelection.parse(List.of("--case", "a", "--resume", "x")))
                .hasMessageContaining("--resume");
    }
}
