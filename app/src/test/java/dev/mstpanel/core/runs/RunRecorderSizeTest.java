package dev.mstpanel.core.runs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.OutputListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a recording costs on disk (the target: at most 10 % of the run log plus the trials'
 * JSON): a 10-minute run of worker chatter, 20 lines a second, is recorded in well under a tenth of
 * its lines' bytes, and the file is as small as its content gzipped at best compression in one go,
 * give or take the blocks its flushes end (every {@link RunRecorder#FLUSH_EVERY_MS}).
 */
class RunRecorderSizeTest {
    @TempDir
    Path dir;

    /** A clock the test moves. */
    static final class StepClock extends Clock {
        volatile long ms = Instant.parse("2026-12-01T10:00:00Z").toEpochMilli();

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(ms);
        }
    }

    @Test
    void tenMinutesOfChatterAreRecordedInUnderATenthOfTheirBytesAtBestCompression() throws IOException {
        StepClock clock = new StepClock();
        RunModel model = new RunModel(clock);
        Path log = dir.resolve("runs/20261201-100000-a1b2c3.log");
        RunRecorder recorder = RunRecorder.attach(model, log, clock);
        assertThat(recorder).isNotNull();
        model.started("mst run --config eval.json", 4242, log.toString());
        long lineBytes = 0;
        java.util.Random jitter = new java.util.Random(7);
        for (int n = 1; n <= 12_000; n++) { // 20 a second for 600 s, as scripts/bench/replay.sh's stand-in prints them
            clock.ms += 40 + jitter.nextInt(21);
            String line = "[mst:cowork] worker chatter line " + n + ": MCP call tools/list ok";
            lineBytes += line.length() + 1;
            model.acceptLine(OutputListener.Stream.STDERR, line);
        }
        model.finished(0);
        Path file = recorder.file();
        long size = Files.size(file);
        byte[] content;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            content = in.readAllBytes();
        }
        assertThat(new String(content, java.nio.charset.StandardCharsets.UTF_8)).contains("worker chatter line 12000");
        long best = bestGzip(content);
        assertThat(size)
                .as("recording %d bytes, its content at best compression in one go %d bytes", size, best)
                .isLessThanOrEqualTo(best
                        + best / 10); // a sync flush every 5 s (a killed panel's recording plays up to then) costs a
        // few %
        assertThat(size * 100.0 / lineBytes)
                .as("recording %d bytes for %d bytes of lines", size, lineBytes)
                .isLessThan(8.0);
    }

    private static long bestGzip(byte[] content) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            g.write(content);
        }
        return b.size();
    }
}
