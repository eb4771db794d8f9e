package dev.mstpanel.core.results.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.search.TranscriptQuery.Outcome;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A search across trials tells "no match" from "could not be searched" (a trace cut short, not JSON, not an object). */
class TranscriptQueryOutcomeTest {
    private static Outcome search(String trace, String text) {
        byte[] b = trace.getBytes(StandardCharsets.UTF_8);
        return new TranscriptQuery(TranscriptQuery.Mode.TEXT, text).search(b, 0, b.length);
    }

    @Test
    void aWholeTraceWithoutTheTextIsNoMatchAndOneWithItAMatch() {
        String whole = "{\"kind\":\"trial\",\"trace\":{\"events\":[{\"output\":\"the mailbox is full\"}]}}\n";
        assertThat(search(whole, "MAILBOX")).isEqualTo(Outcome.MATCH);
        assertThat(search(whole, "calendar")).isEqualTo(Outcome.NO_MATCH);
        assertThat(search(whole, "kind")).as("a field name is not searched").isEqualTo(Outcome.NO_MATCH);
    }

    @Test
    void aTraceCutShortOrNotAnObjectCouldNotBeSearchedWhetherOrNotItsBytesHoldTheText() {
        String cut = "{\"kind\":\"trial\",\"trace\":{\"events\":[{\"output\":\"the mailbox is fu";
        assertThat(search(cut, "calendar")).as("the lost part may have held it").isEqualTo(Outcome.UNSEARCHABLE);
        assertThat(search("[1, 2, 3]", "calendar")).isEqualTo(Outcome.UNSEARCHABLE);
        assertThat(search("not json at all", "calendar")).isEqualTo(Outcome.UNSEARCHABLE);
        assertThat(search("", "calendar")).isEqualTo(Outcome.UNSEARCHABLE);
        // the text in a field name of a trace cut short: Jackson stops at the cut, not "no match"
        assertThat(search("{\"kind\":\"trial\",\"calendar\":1,\"trace\":{\"events\":[", "calendar"))
                .isEqualTo(Outcome.UNSEARCHABLE);
    }

    @Test
    void textWithAnEscapeOrAToolIsSearchedByParsingAndACutTraceStillCouldNotBeSearched() {
        String cut = "{\"kind\":\"trial\",\"trace\":{\"events\":[{\"kind\":\"tool_call\",\"name\":\"send\"";
        assertThat(search(cut, "caf\u00e9")).isEqualTo(Outcome.UNSEARCHABLE);
        byte[] b = cut.getBytes(StandardCharsets.UTF_8);
        assertThat(new TranscriptQuery(TranscriptQuery.Mode.CALLED_TOOL, "delete").search(b, 0, b.length))
                .isEqualTo(Outcome.UNSEARCHABLE);
        byte[] whole = (cut + "}]}}").getBytes(StandardCharsets.UTF_8);
        assertThat(new TranscriptQuery(TranscriptQuery.Mode.CALLED_TOOL, "delete").search(whole, 0, whole.length))
                .isEqualTo(Outcome.NO_MATCH);
        assertThat(new TranscriptQuery(TranscriptQuery.Mode.CALLED_TOOL, "send").search(whole, 0, whole.length))
                .isEqualTo(Outcome.MATCH);
    }
}
