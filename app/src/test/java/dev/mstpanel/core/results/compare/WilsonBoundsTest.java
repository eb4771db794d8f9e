package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A group or side with no trial passed, or all of them, has an interval that ends at exactly 0 or 1, not a speck off it. */
class WilsonBoundsTest {
    @Test
    void noneOrAllPassedEndTheIntervalAtExactlyZeroOrOne() {
        for (int n = 1; n <= 50; n++) {
            assertThat(WilsonInterval.of(0, n).low()).as("0 of %d", n).isEqualTo(0.0);
            assertThat(WilsonInterval.of(n, n).high()).as("%d of %d", n, n).isEqualTo(1.0);
        }
    }
}
