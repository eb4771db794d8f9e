package dev.mstpanel.core.results.cache;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A folder where a run's cache file goes: the panel did not make it, so it never deletes it;
 * it says so once, at error level (the log, and stderr for a headless command), with the path and how to fix it,
 * and the listing is the same as without a cache.
 */
class TrialCacheFolderInItsPlaceTest {
    @TempDir
    Path results;

    @TempDir
    Path cacheDir;

    @Test
    void aFolderInPlaceOfTheCacheFileIsKeptAndSaidOnceWithTheFix() throws Exception {
        RunFixture f =
                RunFixture.create(results, "eval", "20260112T101500Z-f1a2b3").runJson("eval", "default");
        f.trace("default", "lookup", 0, null).score("judge.accuracy", "default", "lookup", 0, true, "ok");
        Path cacheFile = cacheDir.resolve("trials")
                .resolve(TrialCacheFolder.fileName(f.runDir().toAbsolutePath().normalize()));
        Files.createDirectories(cacheFile);
        Files.writeString(cacheFile.resolve("x"), "the user's");

        Logger log = (Logger) LoggerFactory.getLogger(TrialCache.class);
        ListAppender<ILoggingEvent> said = new ListAppender<>();
        said.start();
        log.addAppender(said);
        try {
            List<TrialRecord> plain;
            try (ResultsReader r = new ResultsReader()) {
                plain = r.readTrials(r.readRun(f.runDir()));
            }
            for (int i = 0; i < 2; i++) {
                try (ResultsReader r = new ResultsReader(cacheDir)) {
                    List<TrialRecord> listed = r.readTrials(r.readRun(f.runDir()));
                    assertThat(listed).hasSameSizeAs(plain);
                    assertThat(listed.get(0).status()).isEqualTo(plain.get(0).status());
                }
            }
        } finally {
            log.detachAppender(said);
        }
        List<String> errors = said.list.stream()
                .filter(e -> e.getLevel() == ch.qos.logback.classic.Level.ERROR)
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
        assertThat(errors).as("said once").hasSize(1);
        assertThat(errors.get(0))
                .contains(cacheFile + " is a folder, not the panel's file")
                .contains("remove it (rm -r " + cacheFile + ")")
                .doesNotContain("\n");
        assertThat(cacheFile).isDirectory();
        assertThat(cacheFile.resolve("x")).hasContent("the user's");
    }
}
