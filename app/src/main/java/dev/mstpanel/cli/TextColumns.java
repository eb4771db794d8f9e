package dev.mstpanel.cli;

/**
 * Lines up the columns of the commands' text output ({@code trials}' rows, {@code run}'s shard rows):
 * a column is as wide as its widest cell within a floor and a cap, a cell is padded with spaces to
 * its column's width, and a cell wider than the cap is cut with "…" where a command wants it cut.
 * Widths count characters as code points: a character outside the BMP (an emoji) counts one, and so
 * does a wide (East Asian) character, which takes two cells on most terminals, so names with such
 * characters may still push a column.
 */
final class TextColumns {
    private TextColumns() {}

    /** How wide {@code s} is, in characters (code points). */
    static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    /**
     * A column's width: the width of its widest cell, at least {@code min} and at most {@code max}
     * characters (a cell wider than {@code max} counts as {@code max}).
     *
     * @param cells the column's cells as they will be shown (no null)
     */
    static int width(int min, int max, Iterable<String> cells) {
        int w = min;
        for (String c : cells) {
            w = Math.max(w, Math.min(max, width(c)));
        }
        return w;
    }

    /** Appends {@code s}, then spaces up to {@code width} characters; nothing more when it is as wide or wider. */
    static StringBuilder pad(StringBuilder b, String s, int width) {
        b.append(s);
        for (int i = width(s); i < width; i++) {
            b.append(' ');
        }
        return b;
    }

    /** The text cut to {@code width} characters, "…" its last; the text itself when it fits. */
    static String cut(String s, int width) {
        if (width(s) <= width) {
            return s;
        }
        int end = s.offsetByCodePoints(0, Math.max(0, width - 1));
        return s.substring(0, end) + "…";
    }
}
