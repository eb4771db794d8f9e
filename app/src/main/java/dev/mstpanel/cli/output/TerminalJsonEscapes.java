package dev.mstpanel.cli.output;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * The escapes of {@link TerminalText#guard} done by Jackson's generator while it writes JSON, so a
 * large {@code --json} output is not scanned a second time: JSON's own escapes (C0 controls among
 * them), and as {@code \}{@code u} escapes in lower-case hex, as the guard writes them, DEL, C1
 * (U+0080–U+009F) and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069).
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
        if (ch == 0x7f || ch >= 0x80 && ch <= 0x9f || ch >= 0x202a && ch <= 0x202e || ch >= 0x2066 && ch <= 0x2069) {
            return new SerializedString(String.format("\\u%04x", ch));
        }
        return null;
    }
}
