package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One reading of {@code --speed} for {@code replay} and {@code demo}: how people write speeds, and nothing else. */
class ReplaySpeedTest {
    @Test
    void speedsAsPeopleWriteThemAreTheirNumber() {
        assertThat(ReplayCommand.Playback.speedOf("4")).isEqualTo(4.0);
        assertThat(ReplayCommand.Playback.speedOf("4x")).isEqualTo(4.0);
        assertThat(ReplayCommand.Playback.speedOf(" 4")).isEqualTo(4.0);
        assertThat(ReplayCommand.Playback.speedOf("16×")).isEqualTo(16.0);
        assertThat(ReplayCommand.Playback.speedOf("0.5")).isEqualTo(0.5);
        assertThat(ReplayCommand.Playback.speedOf("MAX")).isInfinite();
        assertThat(ReplayCommand.Playback.format(4.0)).isEqualTo("4");
        assertThat(ReplayCommand.Playback.format(0.5)).isEqualTo("0.5");
    }

    @Test
    void anythingElseIsNotASpeed() {
        for (String s : List.of(
                "0x10", "1e3", "NaN", "Infinity", "-4", "+4", "4xx", "", " ", "1,5", "0", "0.05", "10001", "4 x 2")) {
            assertThat(ReplayCommand.Playback.speedOf(s)).as("`%s`", s).isNaN();
        }
    }

    @Test
    void theReplaySaysTheSpeedOnceNormalised() throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = MstPanelCommand.execute(
                new java.io.PrintWriter(out), new java.io.PrintWriter(err), "demo", "--speed", " 10000x");
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString())
                .contains(", at 10000×): nothing is running.")
                .doesNotContain("x×")
                .doesNotContain("at  ");
    }
}
