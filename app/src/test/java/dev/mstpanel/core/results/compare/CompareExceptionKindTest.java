package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why two sides cannot be compared is a kind the command line decides by; its message is for people. */
class CompareExceptionKindTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    @Test
    void aRunWithNoTrialIsNoTrialsAndVariantsThatDoNotPairAreOther() {
        RunFixture empty =
                RunFixture.create(root, "eval", "20260101T000000Z-aaaaaa").runJson("eval", "default");
        CompareException none = catchThrowableOfType(
                () -> Comparisons.ofVariants(RunTally.read(reader, empty.runDir(), true), null, null),
                CompareException.class);
        assertThat(none.kind()).isEqualTo(CompareException.Kind.NO_TRIALS);
        assertThat(none.getMessage()).contains("has no trials to compare");

        RunFixture one = RunFixture.create(root, "eval", "20260101T000000Z-bbbbbb")
                .runJson("eval", "default")
                .trace("default", "case-a", 0, null);
        CompareException other = catchThrowableOfType(
                () -> Comparisons.ofVariants(RunTally.read(reader, one.runDir(), true), "default", "nope"),
                CompareException.class);
        assertThat(other.kind()).isEqualTo(CompareException.Kind.OTHER);
    }
}
