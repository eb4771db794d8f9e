package dev.mstpanel.core.text;

import java.util.function.IntUnaryOperator;

/**
 * The one cut for long text, for the window and the commands alike: at most so many units, "…" the last of
 * them, a code point (a surrogate pair, an emoji) never split. The window counts code points
 * ({@link #cut(String, int)}); the commands' columns count terminal columns ({@link TextColumns#cut}), the
 * same rule with another measure. Stateless.
 */
public final class Texts {
    /** What ends a cut text: one unit (a code point, one terminal column). */
    public static final String ELLIPSIS = "…";

    private Texts() {}

    /**
     * {@code s} cut to at most {@code max} code points, "…" the last; {@code s} itself when short enough.
     *
     * @param s the text, may be null (gives null)
     * @param max the most code points shown, the "…" included
     */
    public static String cut(String s, int max) {
        return cut(s, max, cp -> 1);
    }

    /**
     * {@code s} cut so that its code points measure at most {@code max}, "…" (measuring one) the last;
     * {@code s} itself when it fits. A code point that would overflow is left out whole.
     *
     * @param s the text, may be null (gives null)
     * @param max the most units shown, the "…" included
     * @param measure a code point's units (0 for a combining mark in terminal columns, 2 for a wide character)
     */
    public static String cut(String s, int max, IntUnaryOperator measure) {
        if (s == null) {
            return null;
        }
        // one walk that stops once past max: a long text (a trace's output) is not measured whole
        int room = Math.max(0, max - 1);
        int w = 0;
        int end = -1; // where the cut text ends, once a code point no longer fits in room
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int c = measure.applyAsInt(cp);
            if (end < 0 && w + c > room) {
                end = i;
            }
            if (w + c > max) {
                return s.substring(0, end) + ELLIPSIS;
            }
            w += c;
            i += Character.charCount(cp);
        }
        return s;
    }

    /**
     * {@code s} as one line, line ends ({@code \r}, {@code \n}) shown as spaces, cut to at most {@code max} code
     * points: a message or an argument in a row of text.
     *
     * @param s the text, not null
     */
    public static String cutLine(String s, int max) {
        return cut(s.replace('\n', ' ').replace('\r', ' '), max);
    }
}
