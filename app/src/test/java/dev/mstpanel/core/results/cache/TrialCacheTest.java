package dev.mstpanel.core.results.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.listing.ScoreReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.testsupport.RunFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache of listed trials ({@link TrialCache}) through {@link ResultsReader}: a run listed again
 * gives the same trials as from its files, and every change to a trace, a score or a folder is seen.
 */
class TrialCacheTest {
    @TempDir
    Path root;

    @TempDir
    Path cacheDir;

    private final ResultsReader plain = new ResultsReader();
    private ResultsReader cached;

    @org.junit.jupiter.api.BeforeEach
    void open() {
        cached = new ResultsReader(cacheDir); // the temporary folders are there once the test instance is made
    }

    @AfterEach
    void close() {
        plain.close();
        cached.close();
    }

    /** Every file and folder of the run an hour old, as a finished run's are (fresh files are not kept). */
    private static void age(Path dir) throws IOException {
        FileTime hourAgo = FileTime.from(Instant.now().minusSeconds(3600));
        try (Stream<Path> all = Files.walk(dir)) {
            List<Path> paths =
                    all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList(); // files before their folders
            for (Path p : paths) {
                Files.setLastModifiedTime(p, hourAgo);
            }
        }
    }

    /** A run of every status ({@link RunFixture#allStatuses}) under {@code root}, {@linkplain #age aged} an hour as a finished run. */
    private RunFixture agedRun() throws IOException {
        RunFixture f = RunFixture.allStatuses(root);
        age(f.runDir());
        return f;
    }

    private static Map<String, TrialRecord> byTrial(ResultsReader reader, Path runDir) {
        RunInfo run = reader.readRun(runDir);
        Map<String, TrialRecord> out = reader.readTrials(run).stream()
                .collect(Collectors.toMap(t -> t.caseId() + "#" + t.trial(), Function.identity()));
        reader.flushCaches(); // written after the listing, on the reader's own thread
        return out;
    }

    /** The one cache file the listings so far wrote. */
    private Path cacheFile() throws IOException {
        try (Stream<Path> s = Files.list(cacheDir.resolve("trials"))) {
            return s.filter(p -> p.toString().endsWith(".bin")).findFirst().orElseThrow();
        }
    }

    private long cacheFiles() throws IOException {
        Path trials = cacheDir.resolve("trials");
        if (!Files.isDirectory(trials)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(trials)) {
            return s.filter(p -> p.toString().endsWith(".bin")).count();
        }
    }

    @Test
    void aRunListedAgainFromTheCacheHasTheSameTrialsAsFromItsFiles() throws IOException {
        RunFixture f = agedRun();
        Map<String, TrialRecord> fromFiles = byTrial(plain, f.runDir());

        Map<String, TrialRecord> first = byTrial(cached, f.runDir());
        assertThat(cacheFiles()).isEqualTo(1);
        Map<String, TrialRecord> second = byTrial(cached, f.runDir());
        // every status, odd names, a cut-short trace, a score without a trace: field for field
        assertThat(first).isEqualTo(fromFiles);
        assertThat(second).isEqualTo(fromFiles);
        assertThat(second)
                .containsKeys(RunFixture.ODD_CASE + "#0", RunFixture.FAILED_CASE + "#0", "lost-trace#0", "cut-short#0");
    }

    @Test
    void aCaseFolderWhoseNameIsNotUtf8IsListedTheSameFromTheCacheAsFromItsFiles() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        Path variant =
                f.tracePath("default", RunFixture.FAILED_CASE, 0).getParent().getParent();
        // a name with the byte 0xE9 (Latin-1 "é"), which Java's path API cannot write: made by the shell
        Process p = new ProcessBuilder(
                        "bash",
                        "-c",
                        "mkdir -p \"$(printf 'caf\\xe9')\" && cp " + RunFixture.FAILED_CASE
                                + "/0.json \"$(printf 'caf\\xe9')/0.json\"")
                .directory(variant.toFile())
                .redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        age(f.runDir());
        Map<String, TrialRecord> fromFiles = byTrial(plain, f.runDir());
        byTrial(cached, f.runDir());
        Map<String, TrialRecord> second = byTrial(cached, f.runDir());
        assertThat(second).isEqualTo(fromFiles);
        assertThat(second.values())
                .anySatisfy(t -> assertThat(t.problem()).contains("has a name that is not valid UTF-8"));
    }

    @Test
    void aFileIsStampedFromTheJdksStatResultWithTheSameNumbersAsTheUnixView() throws IOException {
        // the tests open sun.nio.fs as the app image's launcher and the jar's manifest do (pom: argLine)
        assertThat(FileStamp.direct()).as("the stat result is read directly").isTrue();
        RunFixture f = RunFixture.allStatuses(root);
        Path trace = f.tracePath("default", RunFixture.FAILED_CASE, 0);
        long[] direct = new long[4];
        FileStamp.stamp(trace, direct, 0);
        assertThat(direct).containsExactly(FileStamp.viewStamp(trace));
        assertThat(direct[0]).isEqualTo(Files.size(trace));
        assertThat(direct[3]).as("the inode").isEqualTo(((Number) Files.getAttribute(trace, "unix:ino")).longValue());
        long[] absent = new long[4];
        FileStamp.stamp(trace.resolveSibling("nope.json"), absent, 0);
        assertThat(absent).containsExactly(FileStamp.ABSENT, 0, 0, 0);
        long[] folder = FileStamp.folderTimes(trace.getParent());
        long[] view = FileStamp.viewStamp(trace.getParent());
        assertThat(folder).containsExactly(view[1], view[2]);
    }

    @Test
    void anUnchangedTrialIsTakenFromTheCacheAndOneRewrittenWithItsSizeAndTimePutBackIsReadAgain() throws IOException {
        RunFixture f = agedRun();
        Map<String, TrialRecord> first = byTrial(cached, f.runDir());
        Path trace = f.tracePath("default", RunFixture.FAILED_CASE, 0);
        RunInfo run = cached.readRun(f.runDir());
        List<Path> graders = ScoreReader.graderDirs(f.runDir());
        TrialKey key = first.get(RunFixture.FAILED_CASE + "#0").key();
        TrialCache cache = TrialCache.open(cacheDir, run, graders);
        assertThat(cache.get(run, key, cache.stamps(trace, key, graders)))
                .isEqualTo(first.get(RunFixture.FAILED_CASE + "#0"));

        // the same size and modification time, as `sed -i` then `touch -r` or `rsync -a` leave a file
        FileTime time = Files.getLastModifiedTime(trace);
        String text = Files.readString(trace);
        String changed = text.replace("the send button stayed disabled", "the SEND button stayed disabled");
        assertThat(changed).hasSameSizeAs(text).isNotEqualTo(text);
        Path tmp = trace.resolveSibling("0.json.tmp");
        Files.writeString(tmp, changed);
        Files.setLastModifiedTime(tmp, time);
        Files.move(tmp, trace, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(trace)).isEqualTo(text.length());
        assertThat(Files.getLastModifiedTime(trace)).isEqualTo(time);

        assertThat(TrialCache.open(cacheDir, run, graders).get(run, key, cache.stamps(trace, key, graders)))
                .isNull();
        assertThat(byTrial(cached, f.runDir())
                        .get(RunFixture.FAILED_CASE + "#0")
                        .error())
                .contains("the SEND button");

        // the same again, in place (same file, new content): its status-change time moved
        String back = Files.readString(trace).replace("SEND", "send");
        Files.writeString(trace, back);
        Files.setLastModifiedTime(trace, time);
        assertThat(byTrial(cached, f.runDir())
                        .get(RunFixture.FAILED_CASE + "#0")
                        .error())
                .contains("the send button");
    }

    @Test
    void aScoreThatChangedChangesTheTrialsStatus() throws IOException {
        RunFixture f = agedRun();
        assertThat(byTrial(cached, f.runDir()).get("calendar-lookup#0").status())
                .isEqualTo(TrialStatus.PASSED);

        f.score("judge.accuracy", "default", "calendar-lookup", 0, false, "Regraded: wrong meeting.");

        TrialRecord t = byTrial(cached, f.runDir()).get("calendar-lookup#0");
        assertThat(t.status()).isEqualTo(TrialStatus.FAILED);
        assertThat(t.scores()).extracting(ScoreRecord::reasoning).containsExactly("Regraded: wrong meeting.");
    }

    @Test
    void trialsAndCasesAddedOrRemovedAreSeen() throws IOException {
        RunFixture f = agedRun();
        byTrial(cached, f.runDir());

        f.trace("default", "calendar-lookup", 2, null); // a new trial in a known case folder
        f.trace("default", "brand-new-case", 0, null); // a new case folder
        f.score("judge.accuracy", "default", "another-lost-trace", 0, true, "ok"); // a score without a trace
        Path gone = f.tracePath("default", "calendar-lookup", 1);
        Files.delete(gone);

        Map<String, TrialRecord> again = byTrial(cached, f.runDir());
        assertThat(again.keySet()).isEqualTo(byTrial(plain, f.runDir()).keySet());
        assertThat(again).containsKeys("calendar-lookup#2", "brand-new-case#0");
        assertThat(again.get("another-lost-trace#0").status()).isEqualTo(TrialStatus.MISSING);
        // the deleted trace: its score is left, so it lists as a trace that was lost
        assertThat(again.get("calendar-lookup#1").status()).isEqualTo(TrialStatus.MISSING);
        assertThat(again.get("calendar-lookup#1").problem()).contains("the trace was lost");
        assertThat(again).isEqualTo(byTrial(plain, f.runDir()));
    }

    @Test
    void filesWrittenJustNowAreNotKeptSoASecondWriteInTheSameTickIsNotMissed() throws IOException {
        RunFixture f = RunFixture.allStatuses(root); // every file is seconds old
        RunInfo run = cached.readRun(f.runDir());
        cached.readTrials(run);
        cached.flushCaches();
        TrialCache cache = TrialCache.open(cacheDir, run, ScoreReader.graderDirs(f.runDir()));
        assertThat(cache.size()).isZero();

        age(f.runDir());
        cached.readTrials(run);
        cached.flushCaches();
        assertThat(TrialCache.open(cacheDir, run, ScoreReader.graderDirs(f.runDir()))
                        .size())
                .isGreaterThan(5);
    }

    @Test
    void aBrokenCacheFileIsIgnoredAndWrittenAnew() throws IOException {
        RunFixture f = agedRun();
        byTrial(cached, f.runDir());
        Path file = cacheFile();
        byte[] bytes = Files.readAllBytes(file);
        // cut in the middle of the trials, then garbage of the right magic
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertThat(byTrial(cached, f.runDir())).isEqualTo(byTrial(plain, f.runDir()));
        assertThat(Files.size(file)).isEqualTo(bytes.length);

        Files.writeString(file, "not a cache file");
        assertThat(byTrial(cached, f.runDir())).isEqualTo(byTrial(plain, f.runDir()));
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
    }

    @Test
    void aCacheFileWithBytesChangedInTheMiddleOfItsRecordsIsNotTakenForTrials() throws IOException {
        RunFixture f = agedRun();
        Map<String, TrialRecord> fromFiles = byTrial(plain, f.runDir());
        byTrial(cached, f.runDir());
        Path file = cacheFile();
        byte[] bytes = Files.readAllBytes(file);
        // every eighth byte of the records in turn, as a bad disk or a partial copy would change them (four 0xff
        // bytes at one offset gave a made-up variant, a negative tool-call count, a garbled score path)
        for (int at = bytes.length / 4; at < bytes.length - 8; at += Math.max(1, bytes.length / 8)) {
            byte[] damaged = bytes.clone();
            damaged[at] = (byte) ~damaged[at];
            Files.write(file, damaged);
            assertThat(byTrial(cached, f.runDir()))
                    .as("a byte changed at " + at)
                    .isEqualTo(fromFiles);
            assertThat(Files.readAllBytes(file)).as("written anew").isEqualTo(bytes);
        }
    }

    @Test
    void aCacheFileThatIsAFifoOrALinkToAnEndlessFileIsNotOpenedAndIsReplacedByARealOne() throws Exception {
        RunFixture f = agedRun();
        Map<String, TrialRecord> fromFiles = byTrial(plain, f.runDir());
        byTrial(cached, f.runDir());
        Path file = cacheFile();
        byte[] bytes = Files.readAllBytes(file);
        // a FIFO blocks whoever opens it until a writer comes; /dev/zero never ends (the heap would fill)
        Files.delete(file);
        Process mkfifo = new ProcessBuilder("mkfifo", file.toString()).start();
        assertThat(mkfifo.waitFor()).isZero();
        assertThat(org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                        java.time.Duration.ofSeconds(30), () -> byTrial(cached, f.runDir())))
                .isEqualTo(fromFiles);
        assertThat(Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                .isTrue();
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);

        Files.delete(file);
        Files.createSymbolicLink(file, Path.of("/dev/zero"));
        assertThat(org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                        java.time.Duration.ofSeconds(30), () -> byTrial(cached, f.runDir())))
                .isEqualTo(fromFiles);
        assertThat(Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                .isTrue();
    }

    @Test
    void aSearchUsesTheCacheOnlyForTracesThatHoldTheText() throws IOException {
        RunFixture f = agedRun();
        byTrial(cached, f.runDir());
        RunInfo run = cached.readRun(f.runDir());
        List<TrialRecord> found = new java.util.ArrayList<>();
        cached.readTrials(run, new TranscriptQuery(TranscriptQuery.Mode.TEXT, "SEND BUTTON"), found::addAll);
        cached.flushCaches();
        assertThat(found).extracting(TrialRecord::caseId).containsExactly(RunFixture.FAILED_CASE);
        assertThat(found.get(0)).isEqualTo(byTrial(plain, f.runDir()).get(RunFixture.FAILED_CASE + "#0"));
    }

    @Test
    void theCacheFolderKeepsTheMostRecentlyUsedRunsAndDropsLeftTemporaryFiles() throws IOException {
        Path trials = Files.createDirectories(cacheDir.resolve("trials"));
        FileTime dayAgo = FileTime.from(Instant.now().minusSeconds(86_400));
        for (int i = 0; i < TrialCache.KEPT_RUNS + 5; i++) {
            Files.setLastModifiedTime(
                    Files.writeString(trials.resolve(String.format("%016x.bin", i)), "old run"), dayAgo);
        }
        Path leftOver = Files.writeString(trials.resolve("0000000000000001.bin123.tmp"), "half written");
        Files.setLastModifiedTime(leftOver, dayAgo);
        Path writing = Files.writeString(trials.resolve("0000000000000002.bin456.tmp"), "being written now");

        RunFixture f = agedRun();
        byTrial(cached, f.runDir());

        List<Path> left;
        try (Stream<Path> s = Files.list(trials)) {
            left = s.toList();
        }
        assertThat(left.stream().filter(p -> p.toString().endsWith(".bin"))).hasSize(TrialCache.KEPT_RUNS);
        assertThat(left).doesNotContain(leftOver).contains(writing);
        // the run just listed is kept, and lists from its cache again
        assertThat(byTrial(cached, f.runDir())).isEqualTo(byTrial(plain, f.runDir()));
        assertThat(TrialCache.open(cacheDir, cached.readRun(f.runDir()), ScoreReader.graderDirs(f.runDir()))
                        .size())
                .isGreaterThan(5);
    }

    @Test
    void aCacheWrittenByAnotherBuildOfThePanelIsNotUsed() throws IOException {
        RunFixture f = agedRun();
        RunInfo run = cached.readRun(f.runDir());
        cached.readTrials(run);
        cached.flushCaches();
        Path file = cacheFile();
        assertThat(TrialCache.open(cacheDir, run, ScoreReader.graderDirs(f.runDir()))
                        .size())
                .isGreaterThan(5);
        // the build's stamp follows the magic line: change one of its bytes, as another build would have written
        byte[] bytes = Files.readAllBytes(file);
        int at = "mst-panel trials 2\n".length() + 4;
        bytes[at] = (byte) (bytes[at] == 'x' ? 'y' : 'x');
        Files.write(file, bytes);
        assertThat(TrialCache.open(cacheDir, run, ScoreReader.graderDirs(f.runDir()))
                        .size())
                .isZero();
        assertThat(byTrial(cached, f.runDir())).isEqualTo(byTrial(plain, f.runDir()));
    }

    @Test
    void aCacheReadAheadIsTheOneTheListingUsesUnlessAGraderFolderCameMeanwhile() throws IOException {
        RunFixture f = agedRun();
        Map<String, TrialRecord> fromFiles = byTrial(plain, f.runDir());
        byTrial(cached, f.runDir());

        cached.readAhead(f.runDir()); // as `trials` does, while it reads run.json
        assertThat(byTrial(cached, f.runDir())).isEqualTo(fromFiles);

        cached.readAhead(f.runDir());
        // a new grader's scores written after the cache was read ahead: every trial's scores are read again
        f.score("judge.tone", "default", "calendar-lookup", 0, false, "Too curt.");
        Map<String, TrialRecord> after = byTrial(cached, f.runDir());
        assertThat(after).isEqualTo(byTrial(plain, f.runDir()));
        assertThat(after.get("calendar-lookup#0").scores())
                .anySatisfy(sc -> assertThat(sc.grader()).isEqualTo("judge.tone"));
    }
}
