package dev.mstpanel.core.files;

/**
 * Text from files and engines the panel does not control (case ids, error messages, engine versions), made safe
 * to show: every control character as a {@code \}{@code u} escape ({@code \u001b} for ESC, {@code \u000a} for a
 * line end), so it can neither drive a terminal nor split a row of the window in two: C0 (U+0000–U+001F, tab and
 * line ends included), DEL, C1 (U+0080–U+009F), and the bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that reorder what a line shows. The one rule for the commands' text (cli/TerminalText) and the
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

    /** True for a character {@link #escape} escapes: C0 (tab and line ends included), DEL, C1, and the bidi controls. */
    public static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    }
}
