package dev.mstpanel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Text from files the panel does not control, made safe for a terminal line or a window row. */
class ControlCharactersTest {
    @Test
    void everyControlCharacterTabsAndLineEndsIncludedIsEscapedAndTheRestKept() {
        assertThat(ControlCharacters.escape("refund-order")).isEqualTo("refund-order");
        assertThat(ControlCharacters.escape("a\tb\nc\rd\u001b[2J\u007f\u0085\u202e\u2066é🚀"))
                .isEqualTo("a\\u0009b\\u000ac\\u000dd\\u001b[2J\\u007f\\u0085\\u202e\\u2066é🚀");
        assertThat(ControlCharacters.escape(null)).isEqualTo("null");
    }
}
