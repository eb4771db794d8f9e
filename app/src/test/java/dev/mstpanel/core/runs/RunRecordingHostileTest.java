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

/** A recording is input the panel does not control: a huge line must not fill the heap. */
class RunRecordingHostileTest {
    private static final String HEADER =
            "{\"k\":\"recording\",\"version\":1,\"startedAt\":\"2026-01-05T10:00:00Z\",\"panel\":\"0.1.0\"}\n";

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

    /** Its entries, read to the end (small recordings only). */
    static java.util.List<com.fasterxml.jackson.databind.JsonNode> all(RunRecording r) throws IOException {
        java.util.List<com.fasterxml.jackson.databind.JsonNode> l = new java.util.ArrayList<>();
        try (RunRecording.Entries e = r.entries()) {
            e.forEachRemaining(l::add);
        }
        return l;
    }

    @Test
    void aLineOfSixtyFourMebibytesIsLeftOutAndTheRestStillPlays() throws Exception {
        // 64 MiB of one line compresses to ~64 KiB; read whole it would take 128 MiB of chars
        Path f = gzip(
                "huge.recording.jsonl.gz",
                HEADER + "{\"k\":\"line\",\"t\":1,\"x\":\"",
                64L << 20,
                "\"}\n{\"k\":\"line\",\"t\":2,\"s\":\"err\",\"x\":\"after\"}\n");

        RunRecording r = RunRecording.read(f);

        assertThat(all(r)).hasSize(1);
        assertThat(all(r).get(0).path("x").asText()).isEqualTo("after");
    }

    @Test
    void aFirstLineOverTheLimitIsNotARecording() throws Exception {
        Path f = gzip("bomb.recording.jsonl.gz", "", 3L << 20, "\n");

        assertThatThrownBy(() -> RunRecording.read(f))
                .isInstanceOf(IOException.class)
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
        assertThat(all(r)).isNotEmpty();
        assertThat(all(r).get(0).path("x").asText()).isEqualTo("first");

        // a whole recording cut in half by a copy: the lines before the cut play
        Path whole =
                gzip("whole.recording.jsonl.gz", HEADER + "{\"k\":\"line\",\"d\":5,\"x\":\"first\"}\n", 200_000, "\n");
        byte[] all = Files.readAllBytes(whole);
        Path half = dir.resolve("half.recording.jsonl.gz");
        Files.write(half, java.util.Arrays.copyOf(all, all.length / 2));
        assertThat(all(RunRecording.read(half)))
                .first()
                .satisfies(e -> assertThat(e.path("x").asText()).isEqualTo("first"));
    }

    @Test
    void aGzipBombOfOneLineEndsTheReadingInBoundedTimeAndSaysSo() throws Exception {
        // 512 MiB of one line compresses to about 512 KiB; inflating it all took a minute of CPU
        Path f = gzip(
                "bomb-oneline.recording.jsonl.gz",
                HEADER + "{\"k\":\"line\",\"d\":1,\"x\":\"before\"}\n{\"k\":\"line\",\"x\":\"",
                512L << 20,
                "\",\"d\":1}\n{\"k\":\"line\",\"d\":1,\"x\":\"after\"}\n");

        long start = System.nanoTime();
        RunRecording r = RunRecording.read(f);
        long ms = (System.nanoTime() - start) / 1_000_000;

        assertThat(ms).isLessThan(15_000);
        assertThat(r.ending()).isEqualTo(RunRecording.Ending.OVERLONG_LINE);
        assertThat(all(r)).extracting(e -> e.path("x").asText()).containsExactly("before");
        assertThat(r.endingNote())
                .isEqualTo("The recording stops after 1 event at a line of over 256 MiB, which the panel never writes "
                        + "(a damaged file): the rest of it is not read.");
    }

    @Test
    void linesThePanelNeverWritesAreLeftOutCountedAndSaid() throws Exception {
        Path f = gzip(
                "odd.recording.jsonl.gz",
                HEADER + "{\"k\":\"line\",\"d\":1,\"x\":\"a\"}\ngarbage\n{\"k\":\"line\",\"x\":\"",
                2L << 20,
                "\"}\n{\"k\":\"line\",\"d\":1,\"x\":\"b\"}\n");

        RunRecording r = RunRecording.read(f);

        assertThat(all(r)).extracting(e -> e.path("x").asText()).containsExactly("a", "b");
        assertThat(r.ending()).isEqualTo(RunRecording.Ending.WHOLE);
        assertThat(r.droppedLines()).isEqualTo(2);
        assertThat(r.endingNote()).contains("2 lines left out (longer than 1 MiB or not JSON)");
    }

    @Test
    void aRecordingCutInHalfSaysCutShortWithTheEventsItPlays() throws Exception {
        StringBuilder lines = new StringBuilder(HEADER);
        for (int i = 0; i < 20_000; i++) {
            lines.append("{\"k\":\"line\",\"d\":1,\"x\":\"line ")
                    .append(i)
                    .append(" ")
                    .append(Integer.toHexString(i * 7919))
                    .append("\"}\n");
        }
        Path whole = gzip("whole2.recording.jsonl.gz", lines.toString(), 0, "");
        assertThat(RunRecording.read(whole).ending()).isEqualTo(RunRecording.Ending.WHOLE);
        byte[] all = Files.readAllBytes(whole);
        Path half = Files.write(dir.resolve("half2.recording.jsonl.gz"), java.util.Arrays.copyOf(all, all.length / 2));

        RunRecording r = RunRecording.read(half);

        assertThat(r.ending()).isEqualTo(RunRecording.Ending.CUT_SHORT);
        assertThat(r.entryCount()).isBetween(1L, 19_999L);
        assertThat(all(r)).hasSize((int) r.entryCount());
        assertThat(r.endingNote())
                .startsWith("The recording is cut short after "
                        + String.format(java.util.Locale.ROOT, "%,d", r.entryCount()) + " events");
    }
}
