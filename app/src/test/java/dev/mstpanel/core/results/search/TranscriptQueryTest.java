package dev.mstpanel.core.results.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The search across trials' byte check and its tool modes. */
class TranscriptQueryTest {
    private static final String TRACE = """
            {"kind":"trial","error":"Task did not submit","trace":{"events":[
              {"kind":"tool_call","server":"calendar","name":"list_events","arguments":{"isError":true,"name":"nested"},"isError":false},
              {"kind":"tool_call","server":"mail","name":"send","rawName":"mail__send","isError":true},
              "not an event",
              {"kind":"assistant_text","text":"done"}]}}""";

    private static boolean matches(TranscriptQuery.Mode mode, String text) {
        byte[] b = TRACE.getBytes(StandardCharsets.UTF_8);
        return new TranscriptQuery(mode, text).matches(b, 0, b.length);
    }

    @Test
    void theByteSearchFindsWhatASlowSearchFindsIgnoringCase() {
        Random r = new Random(9);
        String alphabet = "abAB c\"";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder hay = new StringBuilder();
            int len = r.nextInt(40);
            for (int i = 0; i < len; i++) {
                hay.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            StringBuilder needle = new StringBuilder();
            int n = 1 + r.nextInt(5);
            for (int i = 0; i < n; i++) {
                needle.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            byte[] b = ("xx" + hay).getBytes(StandardCharsets.US_ASCII);
            int expected = -1;
            for (int i = 2; i + n <= b.length && expected < 0; i++) {
                if (hay.toString().regionMatches(true, i - 2, needle.toString(), 0, n)) {
                    expected = i;
                }
            }
            assertThat(TranscriptQuery.indexOfIgnoreCase(b, 2, b.length - 2, needle.toString()))
                    .as("%s in %s", needle, hay)
                    .isEqualTo(expected);
        }
    }

    @Test
    void textInValuesIsMatchedIgnoringCaseAsciiWithAsciiOnlyAsTheByteSearchDoes() throws Exception {
        // letters whose other cases cross ASCII (dotless ı, İ, the Kelvin sign, long ſ) beside plain ones: the
        // JSON path and the byte search before it must agree, or a search would find a trial only in the window
        String alphabet = "aAiI\u0131\u0130kK\u212a\u00dfs\u017fS\u00e9\u00c9 ";
        Random r = new Random(11);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (int round = 0; round < 5_000; round++) {
            String value = random(r, alphabet, 1 + r.nextInt(24));
            String text = random(r, alphabet.strip(), 1 + r.nextInt(3)); // a query's text is stripped
            boolean expected = false;
            for (int i = 0; i + text.length() <= value.length() && !expected; i++) {
                expected = true;
                for (int j = 0; j < text.length() && expected; j++) {
                    char c = value.charAt(i + j);
                    char t = text.charAt(j);
                    // ASCII with ASCII, the rest with the rest, each by Java's own ignore-case rule
                    expected = (c < 0x80) == (t < 0x80) && String.valueOf(c).equalsIgnoreCase(String.valueOf(t));
                }
            }
            var trace = json.createObjectNode();
            trace.putObject("trace").putArray("events").addObject().put("output", value); // no other value to match
            byte[] bytes = json.writeValueAsBytes(trace);
            assertThat(new TranscriptQuery(TranscriptQuery.Mode.TEXT, text).matches(bytes, 0, bytes.length))
                    .as("\"%s\" in \"%s\"", text, value)
                    .isEqualTo(expected);
        }
    }

    private static String random(Random r, String alphabet, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    @Test
    void textIsFoundInValuesNotInFieldNames() {
        assertThat(matches(TranscriptQuery.Mode.TEXT, "TASK DID NOT")).isTrue();
        assertThat(matches(TranscriptQuery.Mode.TEXT, "list_EVENTS")).isTrue();
        assertThat(matches(TranscriptQuery.Mode.TEXT, "rawName")).isFalse();
        assertThat(matches(TranscriptQuery.Mode.TEXT, "no such text")).isFalse();
    }

    @Test
    void aToolIsFoundByItsEventsHeadsOnly() {
        assertThat(matches(TranscriptQuery.Mode.CALLED_TOOL, "list_events")).isTrue();
        assertThat(matches(TranscriptQuery.Mode.CALLED_TOOL, "calendar · list_events"))
                .isTrue();
        assertThat(matches(TranscriptQuery.Mode.CALLED_TOOL, "mail__send")).isTrue();
        assertThat(matches(TranscriptQuery.Mode.CALLED_TOOL, "nested")).isFalse();
        assertThat(matches(TranscriptQuery.Mode.TOOL_FAILED, "mail.send")).isTrue();
        assertThat(matches(TranscriptQuery.Mode.TOOL_FAILED, "list_events")).isFalse();
    }
}
