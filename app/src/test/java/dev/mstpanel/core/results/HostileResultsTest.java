package dev.mstpanel.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.results.diagnosis.PngImages;
import dev.mstpanel.core.results.diagnosis.TextDocument;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.transcript.TranscriptReader;
import dev.mstpanel.testsupport.HugePng;
import dev.mstpanel.testsupport.RunFixture;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results folders built to break the reader (a huge log folder, deep nesting, odd files, and a log tail without a line end): nothing vanishes, nothing runs out of memory. */
class HostileResultsTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private List<TrialRecord> list(RunFixture f) {
        return reader.readTrials(reader.readRun(f.runDir()));
    }

    private static RunFixture run(Path root) {
        RunFixture f =
                RunFixture.create(root, "hostile", "20260105T101500Z-abcdef").runJson("hostile", "default");
        f.trace("default", "fine", 0, null).score("judge", "default", "fine", 0, true, "ok");
        return f;
    }

    @Test
    void aTraceOverOneGibIsUnreadableWithItsPathAndTheOthersStillList() throws Exception {
        RunFixture f = run(root);
        Path big = f.tracePath("default", "huge", 0);
        Files.createDirectories(big.getParent());
        try (RandomAccessFile r = new RandomAccessFile(big.toFile(), "rw")) {
            r.setLength(1024L * 1024 * 1024 + 1); // sparse: 1 GiB + 1 byte that take no disk
        }
        List<TrialRecord> all = list(f);
        assertThat(all).extracting(TrialRecord::caseId).containsExactly("fine", "huge");
        TrialRecord huge = all.get(1);
        assertThat(huge.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(huge.problem())
                .contains(big.toString())
                .contains("1.0 GiB, more than the 256 MiB the panel reads for one trial");
        assertThat(all.get(0).status()).isEqualTo(TrialStatus.PASSED);
    }

    @Test
    @org.junit.jupiter.api.Timeout(
            value = 60,
            threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails, not waits
    void namedPipesWhereFilesShouldBeAreUnreadableAndHangNothing() throws Exception {
        RunFixture f = run(root);
        Path trace = f.tracePath("default", "a-pipe", 0);
        Files.createDirectories(trace.getParent());
        Path dump = f.artifacts("default", "fine", 0).resolve("accessibility.txt");
        Path summary = f.runDir().resolve("summary.json");
        for (Path p : List.of(trace, dump, summary)) {
            // a FIFO: opening it for reading waits for a writer that never comes
            Process mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
            assertThat(mk.waitFor()).isZero();
        }

        List<TrialRecord> trials = list(f);

        TrialRecord pipe = trials.stream()
                .filter(t -> t.caseId().equals("a-pipe"))
                .findFirst()
                .orElseThrow();
        assertThat(pipe.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(pipe.problem()).contains("not a regular file");
        assertThat(trials).extracting(TrialRecord::caseId).contains("fine");
        Transcript t = new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS).read(pipe, false);
        assertThat(t.problems()).anyMatch(p -> p.contains("not a regular file"));
        assertThat(dev.mstpanel.core.results.compare.SummaryReader.read(f.runDir())
                        .problem())
                .contains("not a regular file");
        assertThatThrownBy(() -> TextDocument.load(dump, 1 << 20)).hasMessageContaining("not a regular file");
    }

    @Test
    void anEmptySummaryJsonIsSaidToBeEmptyNotNotAnObject() throws Exception {
        RunFixture f = run(root);
        for (String empty : new String[] {"", "  \n"}) {
            java.nio.file.Files.writeString(f.runDir().resolve("summary.json"), empty);
            assertThat(dev.mstpanel.core.results.compare.SummaryReader.read(f.runDir())
                            .problem())
                    .isEqualTo(
                            "summary.json is empty (it may still be being written): the figures are computed from the trials.");
        }
        java.nio.file.Files.writeString(f.runDir().resolve("summary.json"), "[]");
        assertThat(dev.mstpanel.core.results.compare.SummaryReader.read(f.runDir())
                        .problem())
                .contains("is not a JSON object");
    }

    @Test
    void aSecondFileForATrialIsSaidOnceAndNotListedTwice() throws Exception {
        RunFixture f = run(root);
        f.trace("default", "twins", 1, null);
        Files.copy(
                f.tracePath("default", "twins", 1),
                f.tracePath("default", "twins", 1).resolveSibling("01.json"));
        Path lone = f.tracePath("default", "lone", 0).resolveSibling("02.json");
        Files.createDirectories(lone.getParent());
        Files.copy(f.tracePath("default", "fine", 0), lone);
        List<TrialRecord> all = list(f);
        List<TrialRecord> twins =
                all.stream().filter(t -> t.caseId().equals("twins")).toList();
        assertThat(twins).hasSize(1);
        assertThat(twins.get(0).number()).isEqualTo(2);
        assertThat(twins.get(0).status()).isEqualTo(TrialStatus.UNGRADED);
        assertThat(twins.get(0).problem())
                .isEqualTo(
                        "01.json beside 1.json is a second file for trial #2 and was not read: MST names trial files without leading zeros.");
        TrialRecord l =
                all.stream().filter(t -> t.caseId().equals("lone")).findFirst().orElseThrow();
        assertThat(l.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(l.problem()).contains("named 02.json").contains("MST names it 2.json");
    }

    @Test
    void aCaseFolderWhoseNameIsNotUtf8IsListedUnreadableAndItsScoresAreNotTraceLost() throws Exception {
        RunFixture f = run(root);
        Path variant = f.tracePath("default", "fine", 0).getParent().getParent();
        // a name with the byte 0xE9 (Latin-1 "é"), which Java's path API cannot write: made by the shell
        Process p = new ProcessBuilder(
                        "bash",
                        "-c",
                        "mkdir -p \"$(printf 'caf\\xe9')\" && cp fine/0.json \"$(printf 'caf\\xe9')/0.json\"")
                .directory(variant.toFile())
                .redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue())
                .as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .isZero();
        // a score for it, as MST wrote it before the folder was renamed by a tool that broke its name
        Process s = new ProcessBuilder(
                        "bash",
                        "-c",
                        "mkdir -p \"scores/judge/default/$(printf 'caf\\xe9')\" && cp scores/judge/default/fine/0.json \"scores/judge/default/$(printf 'caf\\xe9')/0.json\"")
                .directory(f.runDir().toFile())
                .redirectErrorStream(true)
                .start();
        assertThat(s.waitFor(10, TimeUnit.SECONDS)).isTrue();
        List<TrialRecord> all = list(f);
        assertThat(all).hasSize(2);
        TrialRecord odd =
                all.stream().filter(t -> !t.caseId().equals("fine")).findFirst().orElseThrow();
        assertThat(odd.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(odd.problem()).contains("has a name that is not valid UTF-8").doesNotContain("trace was lost");
    }

    @Test
    void aCaseFolderThatIsAFileIsUnreadableWithTheReason() throws Exception {
        RunFixture f = run(root);
        Files.writeString(f.tracePath("default", "fine", 0).getParent().resolveSibling("stray"), "not a folder");
        TrialRecord stray = list(f).stream()
                .filter(t -> t.caseId().equals("stray"))
                .findFirst()
                .orElseThrow();
        assertThat(stray.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(stray.problem())
                .isEqualTo(
                        "traces/default/stray is a file, not a case folder: MST writes traces/<variant>/<case>/<trial>.json.");
    }

    @Test
    void aLogTailWithoutALineEndIsShownFromTheCutNotAsZeroBytes() throws Exception {
        Path log = root.resolve("one-line.log");
        Files.writeString(log, "x".repeat(300_000));
        TextDocument d = TextDocument.load(log, 256 * 1024);
        assertThat(d.loadedBytes()).isEqualTo(256 * 1024);
        assertThat(d.lines()).hasSize(1);
        assertThat(d.notice()).isEqualTo("This file is 293 KiB: showing its last 256 KiB, from the middle of a line.");
    }

    @Test
    void aScreenshotOf23000By23000PixelsDecodesAtItsShownSizeInASmallHeap() throws Exception {
        Path png = root.resolve("screen.png");
        HugePng.write(png, 23_000, 23_000);
        assertThat(Files.size(png)).isLessThan(4L * 1024 * 1024);
        PngImages.Size size = PngImages.size(png);
        assertThat(size.width()).isEqualTo(23_000);
        assertThat(PngImages.step(size)).isEqualTo(6);
        // decoded whole it needs 2 GiB; at its shown size it fits a 128 MiB heap
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx128m",
                        "-Djava.awt.headless=true",
                        "-cp",
                        System.getProperty("java.class.path"),
                        HugePng.class.getName(),
                        "decode",
                        png.toString())
                .redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out.strip()).isEqualTo("3834x3834");
    }
}
