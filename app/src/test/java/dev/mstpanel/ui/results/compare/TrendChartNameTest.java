package dev.mstpanel.ui.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The run names under the trend's ticks fit their slot (whole run ids ran into each other). */
class TrendChartNameTest {
    @Test
    void aRunIsNamedByItsIdsLastPartAndAnyNameIsCutToTwelveCharacters() {
        assertThat(TrendChart.shortName("20261007T182504Z-7f3c2a")).isEqualTo("7f3c2a");
        assertThat(TrendChart.shortName("20261007T182504Z-7f3c2a.g1")).isEqualTo("7f3c2a.g1");
        assertThat(TrendChart.shortName("20260111T101500Z-noscore")).isEqualTo("noscore");
        assertThat(TrendChart.shortName("retry-after-fix")).isEqualTo("retry-after…");
        assertThat(TrendChart.shortName("20260111T101500Z-a-much-longer-suffix"))
                .isEqualTo("a-much-long…");
        assertThat(TrendChart.shortName("🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀")).isEqualTo("🚀".repeat(11) + "…");
    }
}
