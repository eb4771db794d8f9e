package dev.mstpanel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one cut: a variant card's title is cut to about two lines so a long variant name keeps the cards shown. */
class TextsTest {
    @Test
    void aShortTitleIsWholeALongOneEndsWithAnEllipsisAndNoEmojiIsSplit() {
        assertThat(Texts.cut("with-search", 60)).isEqualTo("with-search");
        String longName = "candidate: " + "x".repeat(100);
        assertThat(Texts.cut(longName, 60)).hasSize(60).endsWith("…").startsWith("candidate: xxx");
        String emoji = "🚀".repeat(70); // each a surrogate pair
        String cut = Texts.cut(emoji, 60);
        assertThat(cut.codePointCount(0, cut.length())).isEqualTo(60);
        assertThat(cut).isEqualTo("🚀".repeat(59) + "…");
    }

    @Test
    void aMessageIsOneLineAndCutWithoutSplittingAnEmoji() {
        assertThat(Texts.cutLine("first\nsecond\r\nthird", 160)).isEqualTo("first second  third");
        assertThat(Texts.cutLine("x".repeat(200), 160)).hasSize(160).endsWith("x…");
        assertThat(Texts.cutLine("ab🚀cd", 4)).isEqualTo("ab🚀…");
        assertThat(Texts.cut(null, 5)).isNull();
    }
}
