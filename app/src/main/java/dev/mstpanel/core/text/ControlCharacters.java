package dev.mstpanel.core.text;

/**
 * Text from files and engines the panel does not control (case ids, error messages, engine versions), made safe
 * to show: every control character as a {@code \}{@code u} escape ({@code \u001b} for ESC, {@code \u000a} for a
 * line end), so it can neither drive a terminal nor split a row of the window in two: C0 (U+0000–U+001F, tab and
 * line ends included), DEL, C1 (U+0080–U+009F), and the format characters (Unicode Cf), among them the bidirectional
 * overrides and isolates that reorder what a line shows and the zero-width ones that hide in it. The one rule for the commands' text (cli/TerminalText) and the
 * window's rows (the navigator, the Compare screen's case table). Stateless.
 */
public final class ControlCharacters {
    private ControlCharacters() {}

    /**
     * One value for a line of text or a row: every control character escaped, line ends and tabs too.
     *
     * @param s the value, may be null (gives {@code null})
     */
    public static String escape(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c)) {
                if (b == null) {
                    b = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                b.append(String.format("\\u%04x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }

    /**
     * True for a character {@link #escape} escapes: C0 (tab and line ends included), DEL, C1, and the format characters
     * (Unicode Cf: the bidi controls U+202A–U+202E and U+2066–U+2069, the zero-width space and joiners U+200B–U+200F,
     * U+FEFF…), which reorder a line or hide in it (an RLO drew the rest of a command backwards).
     */
    public static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || Character.getType(c) == Character.FORMAT;
    }

    /**
     * {@link #escape} for a text of several lines: each line escaped, the line ends between them kept (a banner that
     * names runs one per line).
     */
    public static String escapeLines(String s) {
        if (s == null) {
            return null;
        }
        String[] lines = s.split("\n", -1);
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < lines.length; i++) {
            b.append(i == 0 ? "" : "\n").append(escape(lines[i]));
        }
        return b.toString();
    }
}
