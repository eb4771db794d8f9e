package dev.mstpanel.core.results.search;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import java.io.IOException;
import java.util.Locale;

/**
 * What a search across trials looks for in a trace: a text anywhere in the
 * transcript (tool names, arguments, outputs, the final answer, errors: every value under
 * {@code trace} and the trial's {@code error} and {@code gradingError}; field names do not count),
 * a tool that was called, or a tool that failed ({@code isError} true). Text is matched ignoring
 * case; a tool by its {@code name}, its {@code rawName} or {@code server · name}, ignoring case.
 *
 * <p>Fast path for a text: the trace's bytes are searched first, ignoring ASCII case; only a trace whose bytes
 * hold the text is read to check that it is in a value, by one pass over its bytes
 * ({@link TraceTextScanner}), or by Jackson's tokens when that pass cannot tell. A text JSON may write
 * escaped (a quote, a backslash, a control character or non-ASCII) parses every trace. Immutable and
 * thread-safe.
 *
 * @param mode what is looked for
 * @param text the text or tool name as typed (stripped)
 */
public record TranscriptQuery(Mode mode, String text) {
    /** What a query looks for. */
    public enum Mode {
        TEXT,
        CALLED_TOOL,
        TOOL_FAILED
    }

    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .build())
            .build();

    public TranscriptQuery {
        text = text == null ? "" : text.strip();
    }

    /** True when there is nothing to look for (every trial matches). */
    public boolean isEmpty() {
        return text.isEmpty();
    }

    /** A sentence for what the query looks for: {@code text "refund"}, {@code called tool search}. */
    public String describe() {
        return switch (mode) {
            case TEXT -> "text \"" + text + "\"";
            case CALLED_TOOL -> "called tool " + text;
            case TOOL_FAILED -> "tool " + text + " failed";
        };
    }

    /**
     * True when the trace in {@code bytes[offset, offset + length)} matches.
     *
     * @param bytes a whole trial file, UTF-8 (a byte-order mark is skipped by the caller)
     */
    public boolean matches(byte[] bytes, int offset, int length) {
        return search(bytes, offset, length) == Outcome.MATCH;
    }

    /** What {@link #search(byte[], int, int)} found in one trace. */
    public enum Outcome {
        /** The trace matches. */
        MATCH,
        /** The trace is whole and does not match. */
        NO_MATCH,
        /**
         * The trace could not be searched: it is not one whole JSON object (cut short, not JSON, not an
         * object), so "no match" would not be the whole truth. The listing says why ({@link TrialStatus#UNREADABLE}).
         */
        UNSEARCHABLE
    }

    /**
     * Whether the trace in {@code bytes[offset, offset + length)} matches, or could not be searched.
     * A trace whose bytes do not hold the text is checked to start with {@code {} and end with
     * {@code }} (after white space) only: a trace cut short may have held the text in its lost
     * part; one broken in the middle whose bytes never hold the text is {@link Outcome#NO_MATCH} here,
     * and the listing's reader tells it from a whole one ({@link #parsesWhole}, or the cache of listed trials).
     *
     * @param bytes a whole trial file, UTF-8 (a byte-order mark is skipped by the caller)
     */
    public Outcome search(byte[] bytes, int offset, int length) {
        if (text.isEmpty()) {
            return Outcome.MATCH;
        }
        if (mode == Mode.TEXT && plainAscii(text)) {
            int hit = indexOfIgnoreCase(bytes, offset, length, text);
            if (hit < 0) {
                if (hasUnicodeEscape(bytes, offset, length)) {
                    // a writer may spell any character as a backslash-u escape (.NET and Go escape '<', '\'' and more):
                    // only the decoded text tells
                    return searchByParsing(bytes, offset, length);
                }
                // with no backslash-u escape, a plain-ASCII text is in a value only as its own bytes: not in the bytes,
                // not in any value
                return looksWhole(bytes, offset, length) ? Outcome.NO_MATCH : Outcome.UNSEARCHABLE;
            }
            int scanned = TraceTextScanner.scan(bytes, offset, length, text, hit);
            if (scanned != TraceTextScanner.UNSURE) {
                return scanned == TraceTextScanner.MATCH ? Outcome.MATCH : Outcome.NO_MATCH;
            }
        }
        return searchByParsing(bytes, offset, length);
    }

    /** True when the bytes hold a backslash followed by {@code u}: a possible backslash-u escape (an escaped backslash before a u counts too: then the search only parses). */
    static boolean hasUnicodeEscape(byte[] b, int offset, int length) {
        int end = offset + length - 1;
        for (int i = offset; i < end; i++) {
            if (b[i] == '\\' && b[i + 1] == 'u') {
                return true;
            }
        }
        return false;
    }

    /** {@link #matches(byte[], int, int)} by Jackson's tokens alone (no byte check first): what the faster paths must agree with. */
    boolean matchesByParsing(byte[] bytes, int offset, int length) {
        return searchByParsing(bytes, offset, length) == Outcome.MATCH;
    }

    private Outcome searchByParsing(byte[] bytes, int offset, int length) {
        if (text.isEmpty()) {
            return Outcome.MATCH;
        }
        // not for a tool: "mail.send" names server "mail" and tool "send", which the bytes hold apart
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            if (mode == Mode.TEXT ? textInValues(p) : toolMatches(p)) {
                return Outcome.MATCH;
            }
            // the parse stopped at the end of the root object, or at its first non-object token
            return p.currentToken() == JsonToken.END_OBJECT
                            && p.getParsingContext().inRoot()
                    ? Outcome.NO_MATCH
                    : Outcome.UNSEARCHABLE;
        } catch (IOException e) {
            return Outcome.UNSEARCHABLE; // cut short or broken: the listing says why
        }
    }

    /**
     * True when the bytes hold one whole JSON object (what follows it is not looked at, as the listing does not): each token
     * read and skipped, no value kept. Tells a trace broken in the middle, whose first and last bytes are braces, from a
     * whole one that does not hold a search's text.
     */
    public static boolean parsesWhole(byte[] bytes, int offset, int length) {
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            p.skipChildren();
            return p.currentToken() == JsonToken.END_OBJECT;
        } catch (IOException e) {
            return false;
        }
    }

    /** The first byte that is not white space is an opening brace and the last a closing one. */
    static boolean looksWhole(byte[] b, int offset, int length) {
        int i = offset;
        int j = offset + length - 1;
        while (i <= j && isJsonSpace(b[i])) {
            i++;
        }
        while (j >= i && isJsonSpace(b[j])) {
            j--;
        }
        return i < j && b[i] == '{' && b[j] == '}';
    }

    private static boolean isJsonSpace(byte c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private boolean textInValues(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken t = p.nextToken();
            if (f.equals("trace")) {
                if (t.isScalarValue()) {
                    if (contains(p)) {
                        return true;
                    }
                    continue;
                }
                int depth = 1;
                while (depth > 0) {
                    JsonToken x = p.nextToken();
                    if (x == null) {
                        return false;
                    }
                    if (x.isStructStart()) {
                        depth++;
                    } else if (x.isStructEnd()) {
                        depth--;
                    } else if (x.isScalarValue() && contains(p)) {
                        return true;
                    }
                }
            } else if ((f.equals("error") || f.equals("gradingError")) && t.isScalarValue()) {
                if (contains(p)) {
                    return true;
                }
            } else if (f.equals("error") || f.equals("gradingError")) {
                JsonToken x;
                int depth = 1;
                while (depth > 0 && (x = p.nextToken()) != null) {
                    if (x.isStructStart()) {
                        depth++;
                    } else if (x.isStructEnd()) {
                        depth--;
                    } else if (x.isScalarValue() && contains(p)) {
                        return true;
                    }
                }
            } else {
                p.skipChildren();
            }
        }
        return false;
    }

    private boolean toolMatches(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return false;
        }
        boolean[] found = {false};
        TraceEventHeads.Visitor v = (kind, source, server, name, rawName, failed) -> {
            found[0] = (mode == Mode.CALLED_TOOL || failed) && namesTool(server, name, rawName);
            return !found[0];
        };
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken t = p.nextToken();
            if (!f.equals("trace")) {
                p.skipChildren();
            } else if (!TraceEventHeads.walk(p, t, v)) {
                return true;
            }
        }
        return found[0];
    }

    /** True when the tool is this query's: its name, raw name or {@code server · name}, ignoring case. */
    public boolean namesTool(String server, String name, String rawName) {
        return text.equalsIgnoreCase(String.valueOf(name))
                || text.equalsIgnoreCase(String.valueOf(rawName))
                || server != null
                        && name != null
                        && (text.equalsIgnoreCase(server + " · " + name)
                                || text.equalsIgnoreCase(server + "." + name)
                                || text.equalsIgnoreCase(server + "/" + name));
    }

    /** True when a transcript read in full matches (the window's search over opened transcripts). */
    public boolean matches(Transcript t) {
        if (text.isEmpty()) {
            return true;
        }
        for (TranscriptEvent e : t.events()) {
            switch (mode) {
                case CALLED_TOOL -> {
                    if (namesTool(e.server(), e.name(), e.rawName())) {
                        return true;
                    }
                }
                case TOOL_FAILED -> {
                    if (e.failed() && namesTool(e.server(), e.name(), e.rawName())) {
                        return true;
                    }
                }
                case TEXT -> {
                    if (contains(e.kind())
                            || contains(e.server())
                            || contains(e.name())
                            || contains(e.rawName())
                            || contains(e.output())
                            || e.arguments() != null && contains(e.arguments().toString())) {
                        return true;
                    }
                }
            }
        }
        return mode == Mode.TEXT
                && (contains(t.finalText())
                        || contains(t.traceError())
                        || contains(t.trial().error()));
    }

    private boolean contains(String s) {
        return s != null && contains(s.toCharArray(), 0, s.length());
    }

    /** The current token's text holds the query's text: read in place, no string made per value (a trace has thousands). */
    private boolean contains(JsonParser p) throws IOException {
        return contains(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    /**
     * True when {@code chars[offset, offset + length)} holds the query's text, ignoring case: an
     * ASCII letter matches its other case, a letter outside ASCII its other cases outside ASCII (as
     * {@link String#equalsIgnoreCase(String)} has them), and never one across the two (so {@code is}
     * does not match the dotless {@code ı} or the long {@code ſ}, and {@code k} not the Kelvin sign):
     * the rule the byte search before it keeps to, so a trace the bytes rule out could not have
     * matched. A position is compared in full only when its first character matches.
     */
    private boolean contains(char[] chars, int offset, int length) {
        int n = text.length();
        if (chars == null || length < n) {
            return false;
        }
        char first = text.charAt(0);
        char firstUpper = Character.toUpperCase(first);
        char firstLower = Character.toLowerCase(firstUpper);
        for (int i = offset, last = offset + length - n; i <= last; i++) {
            if (sameIgnoringCase(chars[i], first, firstUpper, firstLower) && regionMatches(chars, i)) {
                return true;
            }
        }
        return false;
    }

    private boolean regionMatches(char[] chars, int at) {
        for (int j = 1, n = text.length(); j < n; j++) {
            char t = text.charAt(j);
            char tu = Character.toUpperCase(t);
            if (!sameIgnoringCase(chars[at + j], t, tu, Character.toLowerCase(tu))) {
                return false;
            }
        }
        return true;
    }

    /** {@code c} equals {@code t} ignoring case, ASCII with ASCII only ({@code tUpper}, {@code tLower}: t's upper case, and its lower case). */
    private static boolean sameIgnoringCase(char c, char t, char tUpper, char tLower) {
        if (c == t) {
            return true;
        }
        if ((c < 0x80) != (t < 0x80)) {
            return false;
        }
        char u = Character.toUpperCase(c);
        return u == tUpper || Character.toLowerCase(u) == tLower;
    }

    /** True when JSON never escapes any char of the text: printable ASCII other than {@code "} and {@code \}. */
    static boolean plainAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /**
     * The first index of an ASCII needle in the bytes, ignoring ASCII case, or -1. Horspool's
     * search: a mismatch moves the window by up to the needle's length, so a 20-character text
     * looks at about one byte in ten of a trace that does not hold it. The needle's tables are made
     * once per thread and text, not per trace.
     */
    static int indexOfIgnoreCase(byte[] hay, int offset, int length, String needle) {
        if (needle.isEmpty()) {
            return offset;
        }
        AsciiNeedle p = NEEDLE.get();
        if (p == null || !p.text.equals(needle)) {
            p = new AsciiNeedle(needle);
            NEEDLE.set(p);
        }
        return p.indexIn(hay, offset, length);
    }

    private static final ThreadLocal<AsciiNeedle> NEEDLE = new ThreadLocal<>();

    /** An ASCII needle's Horspool tables, both cases. */
    private static final class AsciiNeedle {
        final String text;
        final byte[] lo;
        final byte[] up;
        /** How far a window may move when its last byte is this one; 0 for the needle's last byte (either case). */
        final int[] shift = new int[256];
        /** How far a window whose last byte matched moves after a mismatch. */
        final int lastShift;

        AsciiNeedle(String text) {
            this.text = text;
            lo = text.toLowerCase(Locale.ROOT).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            up = text.toUpperCase(Locale.ROOT).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            int n = lo.length;
            java.util.Arrays.fill(shift, n);
            for (int j = 0; j < n - 1; j++) {
                shift[lo[j] & 0xFF] = n - 1 - j;
                shift[up[j] & 0xFF] = n - 1 - j;
            }
            lastShift = shift[lo[n - 1] & 0xFF];
            shift[lo[n - 1] & 0xFF] = 0;
            shift[up[n - 1] & 0xFF] = 0;
        }

        int indexIn(byte[] hay, int offset, int length) {
            int[] shift = this.shift;
            byte[] lo = this.lo;
            byte[] up = this.up;
            int last = lo.length - 1;
            int end = offset + length - lo.length;
            int i = offset;
            while (i <= end) {
                int s = shift[hay[i + last] & 0xFF];
                if (s != 0) {
                    i += s; // one table look per window: the JIT the launcher runs (C1) does not hoist the compares
                    continue;
                }
                int j = last - 1;
                while (j >= 0 && (hay[i + j] == lo[j] || hay[i + j] == up[j])) {
                    j--;
                }
                if (j < 0) {
                    return i;
                }
                i += lastShift;
            }
            return -1;
        }
    }
}
