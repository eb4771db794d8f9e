package dev.mstpanel.core.results.search;

/**
 * The search across trials' check that a text found in a trace's bytes is in a value (item
 * 3): one pass over the bytes instead of Jackson's tokens, for a text JSON never escapes
 * ({@link TranscriptQuery#plainAscii(String)}). It answers what {@link TranscriptQuery}'s Jackson
 * path answers (a value under the top-level {@code trace}, or the top-level {@code error} or
 * {@code gradingError}, holds the text ignoring ASCII case; field names do not count), and only
 * when it reads the bytes as Jackson does: the JSON grammar, Jackson's UTF-8 rules, and no escape
 * in a searched value that could stand for a character of the text ({@code \/}, {@code \u0041}).
 * Anything else (a trace cut short, a broken byte, an escaped field name, deep nesting, another
 * encoding) is {@link #UNSURE}, and the caller asks Jackson. Why it is right: a plain-ASCII text
 * can only be in a decoded value where the value's raw bytes hold it between two escapes, since
 * every other decoded character (an escape's control character, quote or backslash, a character
 * outside ASCII) cannot equal a character of the text under the ASCII-with-ASCII rule.
 * Stateless; one object per check.
 */
final class TraceTextScanner {
    /** The text is in a searched value. */
    static final int MATCH = 1;
    /** The text is in no searched value. */
    static final int NO_MATCH = 0;
    /** Not read as Jackson would read it: ask Jackson. */
    static final int UNSURE = -1;

    /** A top-level field the search does not read, and one it does ({@code trace}, {@code error}, {@code gradingError}). */
    private static final int OTHER = 0;

    private static final int SEARCHED = 1;
    private static final int MAX_DEPTH = 200;
    private static final int MAX_NAME_BYTES = 1000;
    private static final int MAX_NUMBER_BYTES = 100;
    /** Bytes a string's fast loop stops at: quote, backslash, control characters, bytes outside ASCII. */
    private static final boolean[] STOP = new boolean[256];

    static {
        for (int c = 0; c < 256; c++) {
            STOP[c] = c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
        }
    }

    /** Thrown inside the scan when the bytes are not read as Jackson would; caught in {@link #scan}. */
    private static final class Unsure extends Exception {
        private static final Unsure INSTANCE = new Unsure();

        private Unsure() {
            super(null, null, false, false);
        }
    }

    private final byte[] b;
    private final int end;
    private final String text;
    private final int n;
    private int i;
    /** The first raw hit of the text at or after the last segment looked at; {@link Integer#MAX_VALUE} when none is left. */
    private int hit;

    private TraceTextScanner(byte[] b, int offset, int length, String text, int firstHit) {
        this.b = b;
        this.i = offset;
        this.end = offset + length;
        this.text = text;
        this.n = text.length();
        this.hit = firstHit;
    }

    /**
     * Whether a plain-ASCII text is in a searched value of the trace in {@code bytes[offset, offset + length)}.
     *
     * @param text the query's text; {@link TranscriptQuery#plainAscii(String)} must hold
     * @param firstHit the first index of the text in the bytes, ignoring ASCII case ({@link TranscriptQuery#indexOfIgnoreCase}), at least {@code offset}
     * @return {@link #MATCH}, {@link #NO_MATCH} or {@link #UNSURE}
     */
    static int scan(byte[] bytes, int offset, int length, String text, int firstHit) {
        // Jackson looks at the first bytes for UTF-16 and UTF-32 (zero bytes) and a byte-order mark
        if (length < 2 || bytes[offset] == 0 || bytes[offset + 1] == 0) {
            return UNSURE;
        }
        try {
            return new TraceTextScanner(bytes, offset, length, text, firstHit).root() ? MATCH : NO_MATCH;
        } catch (Unsure e) {
            return UNSURE;
        }
    }

    private boolean root() throws Unsure {
        skipWs();
        expect('{');
        skipWs();
        if (peek() == '}') {
            return false;
        }
        while (true) {
            int field = name(true);
            skipWs();
            expect(':');
            skipWs();
            if (value(field != OTHER, 1)) {
                return true;
            }
            skipWs();
            int c = next();
            if (c == '}') {
                return false; // what follows the root object is not read, as Jackson's path does not
            }
            if (c != ',') {
                throw Unsure.INSTANCE;
            }
            skipWs();
        }
    }

    /** A field name (at the quote); at the top level, whether it is {@code trace}, {@code error} or {@code gradingError}. */
    private int name(boolean top) throws Unsure {
        expect('"');
        int start = i;
        while (true) {
            int c = next();
            if (c == '"') {
                break;
            }
            if (c == '\\' || c < 0x20) {
                throw Unsure.INSTANCE; // an escaped name: Jackson decodes it
            }
            if (c >= 0x80) {
                multiByte(c);
            }
        }
        int len = i - 1 - start;
        if (len > MAX_NAME_BYTES) {
            throw Unsure.INSTANCE;
        }
        if (top && (is(start, len, "trace") || is(start, len, "error") || is(start, len, "gradingError"))) {
            return SEARCHED;
        }
        return OTHER;
    }

    private boolean is(int start, int len, String name) {
        if (len != name.length()) {
            return false;
        }
        for (int j = 0; j < len; j++) {
            if (b[start + j] != name.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    /** One value (at its first byte); true when {@code searched} and it holds the text. */
    private boolean value(boolean searched, int depth) throws Unsure {
        int c = peek();
        switch (c) {
            case '"' -> {
                return string(searched);
            }
            case '{' -> {
                i++;
                if (depth >= MAX_DEPTH) {
                    throw Unsure.INSTANCE;
                }
                skipWs();
                if (peek() == '}') {
                    i++;
                    return false;
                }
                while (true) {
                    name(false);
                    skipWs();
                    expect(':');
                    skipWs();
                    if (value(searched, depth + 1)) {
                        return true;
                    }
                    skipWs();
                    int x = next();
                    if (x == '}') {
                        return false;
                    }
                    if (x != ',') {
                        throw Unsure.INSTANCE;
                    }
                    skipWs();
                }
            }
            case '[' -> {
                i++;
                if (depth >= MAX_DEPTH) {
                    throw Unsure.INSTANCE;
                }
                skipWs();
                if (peek() == ']') {
                    i++;
                    return false;
                }
                while (true) {
                    if (value(searched, depth + 1)) {
                        return true;
                    }
                    skipWs();
                    int x = next();
                    if (x == ']') {
                        return false;
                    }
                    if (x != ',') {
                        throw Unsure.INSTANCE;
                    }
                    skipWs();
                }
            }
            case 't' -> {
                return literal("true", searched);
            }
            case 'f' -> {
                return literal("false", searched);
            }
            case 'n' -> {
                return literal("null", searched);
            }
            default -> {
                if (c == '-' || c >= '0' && c <= '9') {
                    return number(searched);
                }
                throw Unsure.INSTANCE;
            }
        }
    }

    /** A string value (at its quote): the text must lie between two escapes of the raw bytes. */
    private boolean string(boolean searched) throws Unsure {
        i++;
        int segment = i;
        while (true) {
            while (i < end && !STOP[b[i] & 0xFF]) {
                i++;
            }
            if (i >= end) {
                throw Unsure.INSTANCE;
            }
            int c = b[i] & 0xFF;
            if (c == '"') {
                boolean found = searched && holds(segment, i);
                i++;
                return found;
            }
            if (c == '\\') {
                if (searched && holds(segment, i)) {
                    return finishString();
                }
                escape(searched);
                segment = i;
            } else if (c < 0x20) {
                throw Unsure.INSTANCE; // Jackson refuses a raw control character
            } else {
                i++;
                multiByte(c); // never part of a hit: the text is ASCII
            }
        }
    }

    /** The rest of a string that already holds the text: Jackson reads it whole before it answers. */
    private boolean finishString() throws Unsure {
        while (true) {
            int c = next();
            if (c == '"') {
                return true;
            }
            if (c == '\\') {
                i--;
                escape(false);
            } else if (c < 0x20) {
                throw Unsure.INSTANCE;
            } else if (c >= 0x80) {
                multiByte(c);
            }
        }
    }

    /** An escape (at its backslash), as Jackson reads it; one that may stand for a character of the text in a searched value is unsure. */
    private void escape(boolean searched) throws Unsure {
        i++;
        int e = next();
        switch (e) {
            case '"', '\\', 'b', 'f', 'n', 'r', 't' -> {
                // a quote, a backslash or a control character: never a character of the text
            }
            case '/' -> {
                if (searched) {
                    throw Unsure.INSTANCE;
                }
            }
            case 'u' -> {
                int code = 0;
                for (int k = 0; k < 4; k++) {
                    int h = hex(next());
                    if (h < 0) {
                        throw Unsure.INSTANCE;
                    }
                    code = code << 4 | h;
                }
                if (searched && code >= 0x20 && code < 0x80) {
                    throw Unsure.INSTANCE;
                }
            }
            default -> throw Unsure.INSTANCE;
        }
    }

    private static int hex(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /** The continuation bytes of a UTF-8 character whose first byte {@code c} was read, by Jackson's rule. */
    private void multiByte(int c) throws Unsure {
        int more;
        if ((c & 0xE0) == 0xC0) {
            more = 1;
        } else if ((c & 0xF0) == 0xE0) {
            more = 2;
        } else if ((c & 0xF8) == 0xF0) {
            more = 3;
        } else {
            throw Unsure.INSTANCE;
        }
        for (int k = 0; k < more; k++) {
            if ((next() & 0xC0) != 0x80) {
                throw Unsure.INSTANCE;
            }
        }
    }

    private boolean literal(String word, boolean searched) throws Unsure {
        int start = i;
        for (int k = 0; k < word.length(); k++) {
            if (next() != word.charAt(k)) {
                throw Unsure.INSTANCE;
            }
        }
        delimiter();
        return searched && holds(start, i);
    }

    /** A number as JSON writes it: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}; its text is its bytes. */
    private boolean number(boolean searched) throws Unsure {
        int start = i;
        if (peek() == '-') {
            i++;
        }
        int c = next();
        if (c == '0') {
            // no digit may follow a leading zero
        } else if (c >= '1' && c <= '9') {
            digits(false);
        } else {
            throw Unsure.INSTANCE;
        }
        if (i < end && b[i] == '.') {
            i++;
            digits(true);
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            digits(true);
        }
        if (i - start > MAX_NUMBER_BYTES) {
            throw Unsure.INSTANCE;
        }
        delimiter();
        return searched && holds(start, i);
    }

    private void digits(boolean atLeastOne) throws Unsure {
        int start = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        if (atLeastOne && i == start) {
            throw Unsure.INSTANCE;
        }
    }

    /** A scalar must be followed by white space, a comma or a closing bracket. */
    private void delimiter() throws Unsure {
        int c = peek();
        if (!(c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ',' || c == '}' || c == ']')) {
            throw Unsure.INSTANCE;
        }
    }

    /** True when the raw bytes {@code [from, to)} (no escape inside) hold the text, ignoring ASCII case. */
    private boolean holds(int from, int to) {
        if (to - from < n) {
            return false;
        }
        if (hit < from) {
            int h = TranscriptQuery.indexOfIgnoreCase(b, from, end - from, text);
            hit = h < 0 ? Integer.MAX_VALUE : h;
        }
        return hit <= to - n;
    }

    private void skipWs() {
        while (i < end) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            i++;
        }
    }

    private int peek() throws Unsure {
        if (i >= end) {
            throw Unsure.INSTANCE;
        }
        return b[i] & 0xFF;
    }

    private int next() throws Unsure {
        if (i >= end) {
            throw Unsure.INSTANCE;
        }
        return b[i++] & 0xFF;
    }

    private void expect(int c) throws Unsure {
        if (next() != c) {
            throw Unsure.INSTANCE;
        }
    }
}
