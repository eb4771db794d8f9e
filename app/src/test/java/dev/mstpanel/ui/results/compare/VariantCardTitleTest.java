package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A card's title is cut to about two lines so a long variant name keeps the cards shown (tester check17 #15). */
class VariantCardTitleTest {
    @Test
    void aShortTitleIsWholeALongOneEndsWithAnEllipsisAndNoEmojiIsSplit() {
        assertThat(VariantCard.cut("with-search", 60)).isEqualTo("with-search");
        String longName = "candidate: " + "x".repeat(100);
        assertThat(VariantCard.cut(longName, 60)).hasSize(60).endsWith("…").startsWith("candidate: xxx");
        String emoji = "🚀".repeat(70); // each a surrogate pair
        String cut = VariantCard.cut(emoji, 60);
        assertThat(cut.codePointCount(0, cut.length())).isEqualTo(60);
        assertThat(cut).isEqualTo("🚀".repeat(59) + "…");
    }
}
