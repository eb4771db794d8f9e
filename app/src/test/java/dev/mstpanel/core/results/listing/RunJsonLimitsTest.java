package dev.mstpanel.core.results.listing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.RunFixture;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run.json larger than any MST writes is not read (a 200 MB one took the panel to 1.3 GB): the run's
 * problem says its size and the limit, and the run is named by its folders; an empty run.json says it is
 * empty. Each broken run.json gives a short reason ({@link RunInfo#runJsonUnread()}) for the lines that
 * name it (compare, the trend).
 */
class RunJsonLimitsTest {
    @TempDir
    Path dir;

    @Test
    void aRunJsonOverTheLimitIsNotReadAndTheRunIsNamedByItsFolders() throws Exception {
        RunFixture f = RunFixture.create(dir, "eval", "20261007T182504Z-7f3c2a");
        f.trace("with-search", "gift-card", 0, null).score("judge", "with-search", "gift-card", 0, true, "ok");
        // a run.json that is valid JSON, naming another run and variant, padded to 200 MiB with blanks (sparse: costs
        // no disk)
        Path runJson = f.runDir().resolve("run.json");
        Files.writeString(
                runJson,
                "{\"runId\": \"20260101T000000Z-aaaaaa\", \"evalName\": \"other\", \"variants\": [{\"name\": \"default\"}]}");
        try (RandomAccessFile raf = new RandomAccessFile(runJson.toFile(), "rw")) {
            raf.setLength(200L * 1024 * 1024);
        }
        try (ResultsReader reader = new ResultsReader()) {
            RunInfo run = reader.readRun(f.runDir());
            assertThat(run.problem())
                    .isEqualTo(
                            "run.json is 200 MiB, larger than any run.json MST writes (the limit is 4 MiB): it is not read."
                                    + " The run is named by its folder, its variants by their folders in traces/.");
            assertThat(run.runJsonUnread())
                    .isEqualTo("it is 200 MiB, larger than any run.json MST writes (the limit is 4 MiB)");
            assertThat(run.runId()).isEqualTo("20261007T182504Z-7f3c2a");
            assertThat(run.evalName()).isEqualTo("eval");
            assertThat(run.variants()).isEmpty();
            assertThat(reader.readTrials(run)).extracting(TrialRecord::variant).containsExactly("with-search");
        }
    }

    @Test
    void aRunJsonJustOverFourMibIsRefusedAndOneUnderItIsRead() throws Exception {
        RunFixture big = RunFixture.create(dir, "eval", "20261007T182504Z-bbbbbb");
        String head = "{\"runId\": \"20261007T182504Z-bbbbbb\", \"variants\": [{\"name\": \"default\"}], \"pad\": \"";
        Files.writeString(
                big.runDir().resolve("run.json"), head + "x".repeat(4 * 1024 * 1024 - head.length() - 2 + 1) + "\"}");
        RunFixture ok = RunFixture.create(dir, "eval", "20261007T182504Z-cccccc");
        Files.writeString(
                ok.runDir().resolve("run.json"),
                head.replace("bbbbbb", "cccccc") + "x".repeat(4 * 1024 * 1024 - head.length() - 2) + "\"}");
        try (ResultsReader reader = new ResultsReader()) {
            assertThat(reader.readRun(big.runDir()).problem())
                    .startsWith("run.json is 4.0 MiB, larger than any run.json MST writes (the limit is 4 MiB)");
            RunInfo read = reader.readRun(ok.runDir());
            assertThat(read.problem()).isNull();
            assertThat(read.runJsonUnread()).isNull();
            assertThat(read.variants()).containsExactly("default");
        }
    }

    @Test
    void eachBrokenRunJsonSaysWhyInAFewWords() throws Exception {
        try (ResultsReader reader = new ResultsReader()) {
            assertThat(broken(reader, "empty", ""))
                    .containsExactly(
                            "run.json is empty (0 bytes): the run may still be starting, or it was cut off.",
                            "it is empty (0 bytes)");
            assertThat(broken(reader, "garbage", "not json at all"))
                    .containsExactly(
                            "run.json is not valid JSON at line 1, column 1.",
                            "it is not valid JSON at line 1, column 1");
            // cut off inside an object: the parser gives no JsonEOFException there, yet it is cut short, not "not valid
            // JSON"
            assertThat(broken(reader, "cut", "{\"format\":\"mst.run/v1\",\"kind\":\"run\","))
                    .containsExactly("run.json is cut short: it may still be being written.", "it is cut short");
            assertThat(broken(reader, "array", "[1, 2]"))
                    .containsExactly(
                            "run.json is not a JSON object, so the run's phases and runner are unknown.",
                            "it is not a JSON object");
            RunFixture f = RunFixture.create(dir, "eval", "20261007T182504Z-dddddd");
            Files.createDirectories(f.runDir().resolve("run.json"));
            RunInfo folder = reader.readRun(f.runDir());
            assertThat(folder.problem()).startsWith("run.json could not be read (it is a folder, not a file)");
            assertThat(folder.runJsonUnread()).isEqualTo("it is a folder, not a file");
        }
    }

    private String[] broken(ResultsReader reader, String name, String text) throws Exception {
        RunFixture f = RunFixture.create(dir.resolve(name), "eval", "20261007T182504Z-eeeeee");
        Files.writeString(f.runDir().resolve("run.json"), text);
        RunInfo run = reader.readRun(f.runDir());
        assertThat(run.runId()).isEqualTo("20261007T182504Z-eeeeee");
        return new String[] {run.problem(), run.runJsonUnread()};
    }
}
