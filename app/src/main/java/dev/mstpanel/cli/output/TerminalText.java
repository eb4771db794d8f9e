package dev.mstpanel.cli.output;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Text for a terminal, with no way for the data in it to drive the terminal:
 * case ids, error messages, engine versions, image and context names come from files and engines
 * the panel does not control, and an {@code ESC ]0;…} in one retitles the terminal, an
 * {@code ESC [2J} clears it.
 *
 * <p>Every control character is shown as a {@code \}{@code u} escape ({@code \u001b} for ESC):
 * C0 (U+0000–U+001F) except tab and line ends, DEL, C1 (U+0080–U+009F, 8-bit CSI among them), and
 * the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what a
 * line shows. The escapes are valid inside JSON strings too, so a {@code --json} output through the
 * same writer stays JSON. Every headless command that prints data ({@code contexts},
 * {@code containers}, {@code doctor}, {@code trials}, {@code shell}) prints through {@link #guard}.
 */
public final class TerminalText {
    private TerminalText() {}

    /**
     * One value for a line of text: every control character escaped, line ends and tabs too (a tab in a
     * case id would push the row's columns).
     *
     * @param s the value, may be null (gives {@code null})
     */
    public static String escape(String s) {
        return dev.mstpanel.core.text.ControlCharacters.escape(s);
    }

    /**
     * A writer that escapes what {@link #escape} does, but lets line ends ({@code \n}, {@code \r\n})
     * and tabs through, so the command's own lines stay lines.
     *
     * @param out the command's stdout or stderr
     * @return a writer to print everything through (flushes on println, as picocli's do)
     */
    public static PrintWriter guard(PrintWriter out) {
        return new PrintWriter(new Guard(out), true);
    }

    /** True for a character that must not reach a terminal raw (line ends and tab are handled by the caller). */
    public static boolean dangerous(char c) {
        return c != '\t' && c != '\n' && c != '\r' && dev.mstpanel.core.text.ControlCharacters.isControl(c);
    }

    private static void appendEscape(StringBuilder b, char c) {
        b.append(String.format("\\u%04x", (int) c));
    }

    private static final class Guard extends Writer {
        private final PrintWriter out;
        private boolean pendingCr;

        Guard(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(char[] cbuf, int off, int len) {
            if (!pendingCr && plain(cbuf, off, len)) {
                out.write(cbuf, off, len); // nothing to escape: no copy (a 10,000-trial --json is megabytes)
                return;
            }
            StringBuilder b = new StringBuilder(len + 8);
            for (int i = off; i < off + len; i++) {
                char c = cbuf[i];
                if (pendingCr) {
                    pendingCr = false;
                    if (c == '\n') {
                        b.append("\r\n");
                        continue;
                    }
                    appendEscape(b, '\r');
                }
                if (c == '\r') {
                    pendingCr = true;
                } else if (dangerous(c)) {
                    appendEscape(b, c);
                } else {
                    b.append(c);
                }
            }
            out.write(b.toString());
        }

        private static boolean plain(char[] cbuf, int off, int len) {
            for (int i = off, end = off + len; i < end; i++) {
                char c = cbuf[i];
                if (c < 0x20 ? c != '\t' && c != '\n' : c >= 0x7f && dangerous(c)) {
                    return false; // a control character, or a '\r' (a line end only before '\n')
                }
            }
            return true;
        }

        @Override
        public void flush() {
            if (pendingCr) {
                pendingCr = false;
                out.write("\\u000d");
            }
            out.flush();
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
