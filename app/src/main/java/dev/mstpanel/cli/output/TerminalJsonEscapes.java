package dev.mstpanel.cli.output;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * The escapes of {@link TerminalText#guard} done by Jackson's generator while it writes JSON, so a
 * large {@code --json} output is not scanned a second time: JSON's own escapes (C0 controls among
 * them), and as {@code \}{@code u} escapes in lower-case hex, as the guard writes them, every other character the guard
 * escapes ({@link dev.mstpanel.core.text.ControlCharacters#isControl}: DEL, C1, format characters such as U+200B and the
 * bidirectional overrides and isolates).
 * Outside strings a generator writes only ASCII punctuation, digits, spaces and line ends, so the
 * output is the same as the generator's through {@link TerminalText#guard}.
 */
final class TerminalJsonEscapes extends CharacterEscapes {
    static final TerminalJsonEscapes INSTANCE = new TerminalJsonEscapes();
    private static final long serialVersionUID = 1L;
    private final int[] ascii;

    private TerminalJsonEscapes() {
        ascii = standardAsciiEscapesForJSON();
        ascii[0x7f] = ESCAPE_CUSTOM;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        // the guard's own rule (every control and format character: zero-width spaces and joiners, the byte-order mark
        // and the
        // bidirectional controls among them), so --json and the text escape the same characters
        if (ch >= 0x7f && ch <= 0xffff && dev.mstpanel.core.text.ControlCharacters.isControl((char) ch)) {
            return new SerializedString(String.format("\\u%04x", ch));
        }
        return null;
    }
}
