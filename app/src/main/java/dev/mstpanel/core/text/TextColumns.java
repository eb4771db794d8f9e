package dev.mstpanel.core.text;

/**
 * Lines up the columns of the commands' text output ({@code trials}' rows, {@code run}'s shard rows,
 * {@code compare}'s case rows): a column is as wide as its widest cell within a floor and a cap, a cell
 * is padded with spaces to its column's width, and a cell wider than the cap is cut with "…" where a
 * command wants it cut. Widths are in terminal columns, as JLine's {@code WCWidth} (Markus Kuhn's
 * {@code wcwidth}) gives them per code point: a wide (East Asian) character or an emoji takes two, a
 * combining mark (the accent of a decomposed "é") none, any other character one. Control characters
 * are escaped before a cell is measured ({@link ControlCharacters#escape}, as the commands' TerminalText does), so they count as their escape.
 */
public final class TextColumns {
    private TextColumns() {}

    /** How wide {@code s} is on a terminal, in columns. */
    public static int width(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            w += columns(cp);
            i += Character.charCount(cp);
        }
        return w;
    }

    /** A code point's columns: 0, 1 or 2 (a control character, which the commands escape first, counts 1). */
    private static int columns(int cp) {
        int w = org.jline.utils.WCWidth.wcwidth(cp);
        return w < 0 ? 1 : w;
    }

    /**
     * A column's width: the width of its widest cell, at least {@code min} and at most {@code max}
     * columns (a cell wider than {@code max} counts as {@code max}).
     *
     * @param cells the column's cells as they will be shown (no null)
     */
    public static int width(int min, int max, Iterable<String> cells) {
        int w = min;
        for (String c : cells) {
            w = Math.max(w, Math.min(max, width(c)));
        }
        return w;
    }

    /** Appends {@code s}, then spaces up to {@code width} columns; nothing more when it is as wide or wider. */
    public static StringBuilder pad(StringBuilder b, String s, int width) {
        b.append(s);
        for (int i = width(s); i < width; i++) {
            b.append(' ');
        }
        return b;
    }

    /** The text cut to at most {@code width} columns, "…" its last; the text itself when it fits. A wide character is not split. */
    public static String cut(String s, int width) {
        return Texts.cut(s, width, TextColumns::columns);
    }
}
