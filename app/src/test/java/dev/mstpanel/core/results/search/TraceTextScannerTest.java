package dev.mstpanel.core.results.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The byte pass that checks a found text is in a trace's value (TraceTextScanner) answers as
 * Jackson's tokens do, or says it cannot tell; on traces as MST writes them it always tells.
 */
class TraceTextScannerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] KEYS = {"trace", "error", "gradingError", "output", "events", "kind", "arguments", "x"
    };
    private static final String CHARS = "aAbBtTk /\"\\\n\t\u00e9\u20ac\ud83d\ude00\u0001:,{}[]0";
    private static final String NEEDLE_CHARS = "aAbBtTk/0:,{";

    /** The scanner's answer, or null when it cannot tell; the text must be in the bytes (as the byte check before it has found). */
    private static Boolean scan(byte[] b, String text) {
        int hit = TranscriptQuery.indexOfIgnoreCase(b, 0, b.length, text);
        assertThat(hit).as("the text is in the bytes").isGreaterThanOrEqualTo(0);
        int r = TraceTextScanner.scan(b, 0, b.length, text, hit);
        return r == TraceTextScanner.UNSURE ? null : r == TraceTextScanner.MATCH;
    }

    private static boolean jackson(byte[] b, String text) {
        return new TranscriptQuery(TranscriptQuery.Mode.TEXT, text).matchesByParsing(b, 0, b.length);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aTextInTheErrorAfterTheEventsIsFoundAndOneInFieldNamesOrOtherFieldsIsNot() {
        byte[] b = utf8("""
                {
                  "kind" : "trial", "caseId" : "output", "durationMs" : 41250, "infrastructureError" : false,
                  "trace" : { "events" : [ { "kind" : "tool_call", "name" : "list_events", "arguments" : { "day" : "2026-01-01", "limit" : 10 },
                      "output" : "step 1000: the calendar returned 3 meetings\\nand one at 10:00", "isError" : false } ] },
                  "clientUsage" : { "note" : "Task did not submit" },
                  "error" : "Task did not submit"
                }""");
        assertThat(scan(b, "TASK DID NOT SUBMIT")).isTrue();
        assertThat(scan(b, "3 meetings")).isTrue();
        assertThat(scan(b, "nand one"))
                .as("the n of an escaped newline is not a letter of the value")
                .isFalse();
        assertThat(scan(b, "and one at")).isTrue();
        assertThat(scan(b, "41250"))
                .as("a top-level field that is not searched")
                .isFalse();
        assertThat(scan(b, "isError")).as("a field name").isFalse();
        assertThat(scan(b, "fals")).as("a literal under trace").isTrue();
        assertThat(scan(b, "2026-01-01")).isTrue();
        assertThat(scan(b, "10")).isTrue();
    }

    @Test
    void anEscapeThatMayStandForALetterOfTheTextIsLeftToJackson() {
        byte[] b = utf8("{\"trace\":{\"output\":\"\\u0074ask done\"},\"task\":1}");
        assertThat(scan(b, "task")).isNull();
        assertThat(jackson(b, "task")).isTrue();
        byte[] slash = utf8("{\"trace\":\"a\\/b\",\"x\":\"a/b\"}");
        assertThat(scan(slash, "a/b")).isNull();
        byte[] quiet = utf8("{\"x\":\"\\u0074\\/\",\"trace\":\"\\u00e9 task \\\"done\\\"\"}");
        assertThat(scan(quiet, "task"))
                .as("escapes outside the searched values, and escapes of no letter")
                .isTrue();
    }

    @Test
    void whatJacksonWouldNotReadIsLeftToJackson() {
        for (String s : new String[] {
            "{\"trace\":\"task",
            "{\"x\":01,\"trace\":\"task\"}",
            "{\"x\":tru,\"trace\":\"task\"}",
            "{\"x\":1,,\"trace\":\"task\"}",
            "{\"tr\\u0061ce\":\"task\"}",
            "[\"task\"]",
            "\u0000{\"trace\":\"task\"}",
            "{\"x\":\"\u0001\",\"trace\":\"task\"}",
            "{'trace':\"task\"}",
            "{\"x\":[1,],\"trace\":\"task\"}"
        }) {
            byte[] b = utf8(s);
            assertThat(scan(b, "task")).as(s).isNull();
        }
        byte[] cutAfter = utf8("{\"trace\":\"task\"");
        assertThat(scan(cutAfter, "task"))
                .as("cut short after the value: Jackson has answered by then")
                .isTrue();
        assertThat(jackson(cutAfter, "task")).isTrue();
        byte[] badUtf8 = {
            '{',
            '"',
            'x',
            '"',
            ':',
            '"',
            (byte) 0xC3,
            'A',
            '"',
            ',',
            '"',
            't',
            'r',
            'a',
            'c',
            'e',
            '"',
            ':',
            '"',
            't',
            '"',
            '}'
        };
        assertThat(scan(badUtf8, "t")).isNull();
        assertThat(jackson(badUtf8, "t")).isFalse();
    }

    @Test
    void randomTracesAreAnsweredAsJacksonAnswersThem() throws Exception {
        Random r = new Random(91);
        int sure = 0;
        int asked = 0;
        for (int round = 0; round < 4_000; round++) {
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            int fields = 1 + r.nextInt(5);
            for (int f = 0; f < fields; f++) {
                root.set(KEYS[r.nextInt(KEYS.length)], value(r, 0));
            }
            String doc = r.nextBoolean()
                    ? JSON.writeValueAsString(root)
                    : JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
            int variant = r.nextInt(4);
            if (variant == 1) {
                doc = doc.replace("b", "\\u0062"); // 'b' is only ever inside strings and keys here
            } else if (variant == 2) {
                doc = doc.replace("/", "\\/");
            }
            String text = random(r, NEEDLE_CHARS, 1 + r.nextInt(3));
            byte[] b = utf8(doc);
            if (TranscriptQuery.indexOfIgnoreCase(b, 0, b.length, text) < 0) {
                continue;
            }
            asked++;
            Boolean s = scan(b, text);
            if (s != null) {
                sure++;
                assertThat(s).as("\"%s\" in %s", text, doc).isEqualTo(jackson(b, text));
            } else {
                assertThat(variant == 1 || variant == 2)
                        .as("unsure of a trace as Jackson writes it: %s in %s", text, doc)
                        .isTrue();
            }
        }
        assertThat(asked).isGreaterThan(500);
        assertThat(sure).isGreaterThan(asked / 2);
    }

    @Test
    void tracesCutShortOrWithABrokenByteAreAnsweredAsJacksonAnswersThemOrLeftToIt() throws Exception {
        Random r = new Random(7);
        byte[] interesting = {
            '"',
            '\\',
            '{',
            '}',
            '[',
            ']',
            ',',
            ':',
            0,
            (byte) 0x80,
            (byte) 0xC3,
            (byte) 0xF0,
            'u',
            '0',
            '-',
            'e',
            '.',
            ' ',
            't',
            '/'
        };
        for (int round = 0; round < 300; round++) {
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            root.put("kind", "trial");
            root.set("trace", value(r, 0));
            root.put("error", "Task did not submit");
            byte[] whole = utf8(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root));
            for (int k = 0; k < 20; k++) {
                byte[] b;
                if (k % 2 == 0) {
                    b = java.util.Arrays.copyOf(whole, 2 + r.nextInt(whole.length - 2));
                } else {
                    b = whole.clone();
                    int flips = 1 + r.nextInt(3);
                    for (int f = 0; f < flips; f++) {
                        b[r.nextInt(b.length)] = interesting[r.nextInt(interesting.length)];
                    }
                }
                for (String text : new String[] {"t", "did not", "a", "0"}) {
                    if (TranscriptQuery.indexOfIgnoreCase(b, 0, b.length, text) < 0) {
                        continue;
                    }
                    Boolean s = scan(b, text);
                    if (s != null) {
                        assertThat(s)
                                .as("\"%s\" in %s", text, new String(b, StandardCharsets.UTF_8))
                                .isEqualTo(jackson(b, text));
                    }
                }
            }
        }
    }

    private static JsonNode value(Random r, int depth) {
        int kind = depth > 3 ? r.nextInt(4) : r.nextInt(6);
        return switch (kind) {
            case 0 -> JsonNodeFactory.instance.textNode(random(r, CHARS, r.nextInt(12)));
            case 1 ->
                r.nextBoolean()
                        ? JsonNodeFactory.instance.numberNode(r.nextInt(2000) - 1000)
                        : JsonNodeFactory.instance.numberNode(r.nextDouble() * 1e6);
            case 2 -> JsonNodeFactory.instance.booleanNode(r.nextBoolean());
            case 3 -> JsonNodeFactory.instance.nullNode();
            case 4 -> {
                ObjectNode o = JsonNodeFactory.instance.objectNode();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    o.set(
                            r.nextInt(5) == 0 ? random(r, "aAbBtTk /\u00e9", 3) : KEYS[r.nextInt(KEYS.length)],
                            value(r, depth + 1));
                }
                yield o;
            }
            default -> {
                ArrayNode a = JsonNodeFactory.instance.arrayNode();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    a.add(value(r, depth + 1));
                }
                yield a;
            }
        };
    }

    private static String random(Random r, String alphabet, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            int at = r.nextInt(alphabet.length());
            char c = alphabet.charAt(at);
            if (Character.isHighSurrogate(c)) {
                b.append(c).append(alphabet.charAt(at + 1));
            } else if (!Character.isLowSurrogate(c)) {
                b.append(c);
            }
        }
        return b.toString();
    }
}
