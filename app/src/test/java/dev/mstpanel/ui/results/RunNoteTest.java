package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Results navigator says after a run's id (check13c F-live-unreadable): a run whose folder cannot be
 * read is "(cannot be read)", not "(live)" because its folder's time is recent; a run being written stays "(live)".
 */
class RunNoteTest {
    @TempDir
    Path dir;

    private static RunInfo run(Path d, String problem) {
        return new RunInfo(d, "eval", "20260101T000000Z-aaaaaa", null, null, null, null, null, null, null, null, null, null, List.of(), problem);
    }

    @Test
    void aRunFolderThatCannotBeReadIsSaidSoNotLive() throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("20260101T000000Z-aaaaaa"));
        long now = System.currentTimeMillis();
        String denied = "The run folder " + runDir + " cannot be read: permission denied. Give this user read access to it (chmod -R u+rX).";
        assertThat(ResultsReader.isFolderProblem(denied)).isTrue();
        assertThat(new ResultsViewModel.RunState(run(runDir, denied), true, now).note(now)).isEqualTo("(cannot be read)");
        assertThat(new ResultsViewModel.RunState(run(runDir, "run.json is cut short: it may still be being written."), true, now).note(now))
                .as("a run.json being written is live").isEqualTo("(live)");
        assertThat(new ResultsViewModel.RunState(run(runDir, null), false, 0).note(now)).isEqualTo("(not finished)");
        assertThat(RunHeaderCards.canGrade(run(runDir, denied))).as("no Grade… for a run that cannot be read").isFalse();
        assertThat(RunHeaderCards.canGrade(run(runDir, null))).isTrue();
    }
}
