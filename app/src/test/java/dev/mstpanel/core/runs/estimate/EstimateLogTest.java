package dev.mstpanel.core.runs.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runs' estimates and actual times, kept in the panel's data folder across panels. */
class EstimateLogTest {
    @TempDir
    Path data;

    private static RunEstimate estimate(long expected) {
        return new RunEstimate(
                new RunEstimate.WallSeconds(expected - 10, expected, expected + 10), 0.5, null, 3, 12, List.of());
    }

    @Test
    void theFormSaysHowCloseTheLastFinishedEstimatesWere() {
        EstimateLog log = new EstimateLog(data);
        Instant t = Instant.parse("2026-12-05T10:00:00Z");
        EstimateLog.Entry a = log.started("eval.json", estimate(100), t).orElseThrow();
        EstimateLog.Entry b =
                log.started("eval.json", estimate(200), t.plusSeconds(1000)).orElseThrow();
        log.started("eval.json", estimate(300), t.plusSeconds(2000)); // still running: not counted

        assertThat(log.closeness(3)).isEmpty();
        log.finished(a, Duration.ofSeconds(110)); // 9 % off
        log.finished(b, Duration.ofSeconds(250)); // 20 % off

        // a new panel reads what the last one kept
        EstimateLog again = new EstimateLog(data);
        assertThat(again.closeness(3)).contains("last 2 estimates: within 20 %");
        assertThat(again.closeness(1)).contains("last estimate: within 20 %");
        assertThat(again.lastFinished(3))
                .extracting(EstimateLog.Entry::actualSeconds)
                .containsExactly(110.0, 250.0);
    }

    @Test
    void anEstimateWithoutATimeIsNotKept() {
        EstimateLog log = new EstimateLog(data);
        RunEstimate none = new RunEstimate(null, null, null, 0, 4, List.of());

        assertThat(log.started("eval.json", none, Instant.now())).isEqualTo(Optional.empty());
        assertThat(data.resolve(EstimateLog.FILE)).doesNotExist();
    }

    @Test
    void aDamagedFileIsStartedAgainNotAnError() throws Exception {
        Files.writeString(data.resolve(EstimateLog.FILE), "{not json");
        EstimateLog log = new EstimateLog(data);

        assertThat(log.closeness(3)).isEmpty();
        EstimateLog.Entry e =
                log.started("eval.json", estimate(60), Instant.now()).orElseThrow();
        log.finished(e, Duration.ofSeconds(60));
        assertThat(log.closeness(3)).contains("last estimate: within 0 %");
    }
}
