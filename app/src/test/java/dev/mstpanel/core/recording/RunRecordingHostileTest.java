package dev.mstpanel.core.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recording is input the panel does not control (issue 13): a huge line must not fill the heap. */
class RunRecordingHostileTest {
    private static final String HEADER = "{\"k\":\"recording\",\"version\":1,\"startedAt\":\"2026-01-05T10:00:00Z\",\"panel\":\"0.1.0\"}\n";

    @TempDir
    Path dir;

    private Path gzip(String name, String head, long hugeLineChars, String tail) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(head.getBytes(StandardCharsets.UTF_8));
            byte[] a = new byte[1 << 16];
            java.util.Arrays.fill(a, (byte) 'A');
            for (long left = hugeLineChars; left > 0; left -= a.length) {
                out.write(a, 0, (int) Math.min(a.length, left));
            }
            out.write(tail.getBytes(StandardCharsets.UTF_8));
        }
        Path f = dir.resolve(name);
        Files.write(f, bytes.toByteArray());
        return f;
    }

    @Test
    void aLineOfSixtyFourMebibytesIsLeftOutAndTheRestStillPlays() throws Exception {
        // 64 MiB of one line compresses to ~64 KiB; read whole it would take 128 MiB of chars
        Path f = gzip("huge.recording.jsonl.gz", HEADER + "{\"k\":\"line\",\"t\":1,\"x\":\"", 64L << 20,
                "\"}\n{\"k\":\"line\",\"t\":2,\"s\":\"err\",\"x\":\"after\"}\n");

        RunRecording r = RunRecording.read(f);

        assertThat(r.entries()).hasSize(1);
        assertThat(r.entries().get(0).path("x").asText()).isEqualTo("after");
    }

    @Test
    void aFirstLineOverTheLimitIsNotARecording() throws Exception {
        Path f = gzip("bomb.recording.jsonl.gz", "", 3L << 20, "\n");

        assertThatThrownBy(() -> RunRecording.read(f)).isInstanceOf(IOException.class)
                .hasMessageContaining("is not a run recording (its first line is over 1 MiB)");
    }
}
