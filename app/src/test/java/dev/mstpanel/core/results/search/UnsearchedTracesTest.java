package dev.mstpanel.core.results.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.TrialKey;
import org.junit.jupiter.api.Test;

/** The sentence a search gives for the traces it could not look into. */
class UnsearchedTracesTest {
    @Test
    void noTraceLeftOutGivesNoSentence() {
        assertThat(new UnsearchedTraces().summary()).isNull();
    }

    @Test
    void theSentenceCountsThemAndGivesTheFirstTwoByCaseWhateverOrderTheyCameIn() {
        UnsearchedTraces u = new UnsearchedTraces();
        u.add(new TrialKey("default", "zeta", 0), "The trace is not a JSON object.");
        u.add(new TrialKey("default", "beta", 1), "The trace is cut short (40 bytes, ends mid-JSON).");
        u.add(new TrialKey("default", "alpha%2Fone", 0), "The trace file is empty: it may still be being written.");
        assertThat(u.count()).isEqualTo(3);
        assertThat(u.summary())
                .isEqualTo(
                        "3 traces could not be searched: alpha/one #1 (default): The trace file is empty: it may still be "
                                + "being written.; beta #2 (default): The trace is cut short (40 bytes, ends mid-JSON).; and 1 more");
    }

    @Test
    void oneTraceIsSaidInTheSingularAndALongReasonIsCutOnOneLine() {
        UnsearchedTraces u = new UnsearchedTraces();
        u.add(new TrialKey("default", "c1", 0), "first line\nsecond " + "x".repeat(300));
        String s = u.summary();
        assertThat(s)
                .startsWith("1 trace could not be searched: c1 #1 (default): first line second x")
                .endsWith("…")
                .doesNotContain("\n");
        assertThat(u.firstReasons().get(0)).hasSize(160);
    }
}
