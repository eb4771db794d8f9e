package dev.mstpanel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one column rule of the commands' text output ({@code trials}' rows, {@code run}'s shard rows): widths in terminal columns. */
class TextColumnsTest {
    @Test
    void aColumnIsAsWideAsItsWidestCellWithinItsFloorAndCap() {
        assertThat(TextColumns.width(10, 40, List.of("engine-2", "colima-mst-kvm")))
                .isEqualTo(14);
        assertThat(TextColumns.width(10, 40, List.of("a", "bb")))
                .as("the floor")
                .isEqualTo(10);
        assertThat(TextColumns.width(10, 40, List.of("x".repeat(90))))
                .as("the cap")
                .isEqualTo(40);
        assertThat(TextColumns.width(12, 24, List.of()))
                .as("no cell: the floor")
                .isEqualTo(12);
    }

    @Test
    void widthsAreTerminalColumnsNotUtf16Units() {
        // "ré" 2 columns, and so is "re" + a combining acute; "🚀" 2 columns of two UTF-16 units; "日本" 4 columns
        assertThat(TextColumns.width("ré")).isEqualTo(2);
        assertThat(TextColumns.width("re\u0301")).isEqualTo(2);
        assertThat(TextColumns.width("case-🚀")).isEqualTo(7);
        assertThat(TextColumns.width(1, 40, List.of("日本", "🚀🚀🚀"))).isEqualTo(6);
    }

    @Test
    void aCellIsPaddedWithSpacesToItsColumnsWidthAndAWiderOneIsLeftWhole() {
        assertThat(TextColumns.pad(new StringBuilder("|"), "ab", 5).append('|').toString())
                .isEqualTo("|ab   |");
        assertThat(TextColumns.pad(new StringBuilder(), "🚀", 3).append('|').toString())
                .isEqualTo("🚀 |");
        assertThat(TextColumns.pad(new StringBuilder(), "abcdef", 3).toString()).isEqualTo("abcdef");
    }

    @Test
    void aCellWiderThanItsWidthIsCutWithAnEllipsisAsItsLastCharacter() {
        assertThat(TextColumns.cut("refund-order", 20)).isEqualTo("refund-order");
        assertThat(TextColumns.cut("refund-order", 12)).isEqualTo("refund-order");
        assertThat(TextColumns.cut("refund-order", 7))
                .isEqualTo("refund…")
                .satisfies(s -> assertThat(TextColumns.width(s)).isEqualTo(7));
        // a wide character is not split in two, nor a character outside the BMP
        assertThat(TextColumns.cut("🚀🚀🚀🚀", 5)).isEqualTo("🚀🚀…");
        assertThat(TextColumns.cut("🚀🚀🚀🚀", 4))
                .isEqualTo("🚀…")
                .satisfies(s -> assertThat(TextColumns.width(s)).isEqualTo(3));
    }

    @Test
    void paddedCellsOfDifferentLengthsLineUpTheNextColumn() {
        int w = TextColumns.width(1, 40, List.of("default", "with-search-🔍"));
        String a = TextColumns.pad(new StringBuilder(), "default", w)
                .append(" next")
                .toString();
        String b = TextColumns.pad(new StringBuilder(), "with-search-🔍", w)
                .append(" next")
                .toString();
        assertThat(TextColumns.width(a.substring(0, a.indexOf("next"))))
                .isEqualTo(TextColumns.width(b.substring(0, b.indexOf("next"))));
    }
}
