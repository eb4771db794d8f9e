package dev.mstpanel.core.mst;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The run log stands out the lines that say a run went wrong by their kind, as the parser reads them. */
class MstTroubleLinesTest {
    private final MstOutputParser parser = new MstOutputParser();

    @Test
    void theLinesThatSayARunWentWrongStandOut() {
        assertThat(parser.saysTrouble("[mst] shard 1/2: stopped: Container mst-x-1 ran out of memory"))
                .isTrue();
        assertThat(parser.saysTrouble("[mst] shard 1/2: done, but Container mst-x-1 ran out of memory"))
                .isTrue();
        assertThat(parser.saysTrouble("Couldn't create a machine for shard 3: Container mst-x-3 ran out of memory"))
                .isTrue();
        assertThat(parser.saysTrouble("[mst] 2 trials are missing: the run is partial."))
                .isTrue();
        assertThat(parser.saysTrouble("[mst] shard 2/2: Cowork's workspace was unavailable: VM service not running"))
                .isTrue();
        assertThat(parser.saysTrouble("2026-01-05 10:41:59 [error] main: Workspace unavailable: VM service down"))
                .isTrue();
    }

    @Test
    void ordinaryLinesDoNot() {
        assertThat(parser.saysTrouble("[mst] shard 1/2: default refund-order #1 collected"))
                .isFalse();
        assertThat(parser.saysTrouble("[mst] shard 1/2: done")).isFalse();
        assertThat(parser.saysTrouble("Results: 3/4 passed (75%)")).isFalse();
        // words of a trouble line inside another line (a case named so) are not MST saying it
        assertThat(parser.saysTrouble("[mst] shard 1/2: default memory-stopped:case #1 collected"))
                .isFalse();
    }
}
