package dev.mstpanel.core.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A summary.json larger than any MST writes is not read whole: its size and the limit are said, and the
 * figures come from the trials (a 3 GB one ended compare with "Required array size too
 * large", a 1.5 GB one took 5 GB of memory). A sparse file stands for the huge one: no disk is spent.
 */
class SummaryLimitTest {
    @TempDir
    Path run;

    @Test
    void aSummaryOverTheLimitIsNotReadAndSaysItsSizeAndTheLimit() throws Exception {
        try (RandomAccessFile f =
                new RandomAccessFile(run.resolve("summary.json").toFile(), "rw")) {
            f.setLength(3L * 1024 * 1024 * 1024); // 3 GiB, sparse
        }
        long before = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        RunSummary s = SummaryReader.read(run);
        assertThat(s.variants()).isEmpty();
        assertThat(s.problem())
                .isEqualTo("summary.json is 3.0 GiB, larger than any summary.json MST writes (the limit is 16.0 MiB),"
                        + " so it is not read: the figures are computed from the trials.");
        assertThat(Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory() - before)
                .as("bytes held")
                .isLessThan(64L * 1024 * 1024);
    }

    @Test
    void aSummaryJustUnderTheLimitIsRead() throws Exception {
        String json = "{\"variants\": [{\"name\": \"default\", \"metrics\": {\"trial_pass_rate\": 0.5}}], \"pad\": \"";
        StringBuilder b = new StringBuilder(json);
        b.append("x".repeat((int) (SummaryReader.MAX_BYTES - json.length() - 3)))
                .append("\"}");
        Files.writeString(run.resolve("summary.json"), b);
        assertThat(Files.size(run.resolve("summary.json"))).isLessThanOrEqualTo(SummaryReader.MAX_BYTES);
        RunSummary s = SummaryReader.read(run);
        assertThat(s.problem()).isNull();
        assertThat(s.variants()).extracting(RunSummary.Variant::name).containsExactly("default");
    }
}
