package dev.mstpanel.core.runs;

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

    @Test
    void aRecordingLeftByAKilledPanelPlaysWhatWasWrittenBeforeTheCut() throws Exception {
        // as the recorder writes: a sync flush after the header, then lines still in the deflater when
        // the process is killed (its last block unfinished, no gzip trailer)
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GZIPOutputStream out = new GZIPOutputStream(bytes, true);
        out.write((HEADER + "{\"k\":\"line\",\"d\":5,\"x\":\"first\"}\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        int flushed = bytes.size();
        for (int i = 0; i < 2000; i++) {
            out.write(("{\"k\":\"line\",\"d\":1,\"x\":\"not flushed " + i + "\"}\n").getBytes(StandardCharsets.UTF_8));
        }
        Path killed = dir.resolve("killed.recording.jsonl.gz");
        Files.write(killed, java.util.Arrays.copyOf(bytes.toByteArray(), Math.max(flushed, bytes.size())));

        RunRecording r = RunRecording.read(killed);

        assertThat(r.startedAt()).hasToString("2026-01-05T10:00:00Z");
        assertThat(r.entries()).isNotEmpty();
        assertThat(r.entries().get(0).path("x").asText()).isEqualTo("first");

        // a whole recording cut in half by a copy: the lines before the cut play
        Path whole = gzip("whole.recording.jsonl.gz", HEADER + "{\"k\":\"line\",\"d\":5,\"x\":\"first\"}\n", 200_000, "\n");
        byte[] all = Files.readAllBytes(whole);
        Path half = dir.resolve("half.recording.jsonl.gz");
        Files.write(half, java.util.Arrays.copyOf(all, all.length / 2));
        assertThat(RunRecording.read(half).entries()).first().satisfies(e -> assertThat(e.path("x").asText()).isEqualTo("first"));
    }
}
