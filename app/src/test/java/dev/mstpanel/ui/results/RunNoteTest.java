package dev.mstpanel.ui.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.results.model.RunInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the Results navigator says after a run's id: a run whose folder cannot be
 * read is "(cannot be read)", not "(live)" because its folder's time is recent; a run being written stays "(live)".
 */
class RunNoteTest {
    @TempDir
    Path dir;

    private static RunInfo run(Path d, String problem) {
        return new RunInfo(
                d,
                "eval",
                "20260101T000000Z-aaaaaa",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                problem);
    }

    private static RunInfo unreadFolder(Path d, String problem) {
        return RunInfo.unread(
                d,
                "eval",
                "20260101T000000Z-aaaaaa",
                problem,
                RunInfo.ProblemKind.FOLDER_UNREADABLE,
                "its run folder cannot be read");
    }

    @Test
    void aRunFolderThatCannotBeReadIsSaidSoNotLive() throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("20260101T000000Z-aaaaaa"));
        long now = System.currentTimeMillis();
        String denied = "The run folder " + runDir
                + " cannot be read: permission denied. Give this user read access to it (chmod -R u+rX).";
        assertThat(new ResultsViewModel.RunState(unreadFolder(runDir, denied), true, now).note(now))
                .isEqualTo("(cannot be read)");
        assertThat(new ResultsViewModel.RunState(
                                run(runDir, "run.json is cut short: it may still be being written."), true, now)
                        .note(now))
                .as("a run.json being written is live")
                .isEqualTo("(live)");
        assertThat(new ResultsViewModel.RunState(run(runDir, null), false, 0).note(now))
                .isEqualTo("(not finished)");
        assertThat(RunHeaderCards.canGrade(unreadFolder(runDir, denied)))
                .as("no Grade… for a run that cannot be read")
                .isFalse();
        assertThat(RunHeaderCards.canGrade(run(runDir, null))).isTrue();
    }

    @Test
    void theProblemsKindNotItsWordingDecidesTheNote() throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("20260101T000000Z-aaaaaa"));
        long now = System.currentTimeMillis();
        // the same kinds, reworded: the notes and the Grade… button hold
        assertThat(new ResultsViewModel.RunState(unreadFolder(runDir, "Dossier illisible."), true, now).note(now))
                .isEqualTo("(cannot be read)");
        assertThat(RunHeaderCards.canGrade(unreadFolder(runDir, "Dossier illisible.")))
                .isFalse();
        RunInfo missing = RunInfo.unread(
                runDir,
                "eval",
                "20260101T000000Z-aaaaaa",
                "Kein run.json.",
                RunInfo.ProblemKind.RUN_JSON_MISSING,
                "it is missing");
        assertThat(new ResultsViewModel.RunState(missing, false, 0).note(now)).isEqualTo("(no run.json)");
        // and a sentence that reads like a folder problem, of another kind, is not one
        String lookalike = "The run folder " + runDir + " cannot be read: permission denied.";
        RunInfo other = RunInfo.unread(
                runDir,
                "eval",
                "20260101T000000Z-aaaaaa",
                lookalike,
                RunInfo.ProblemKind.RUN_JSON_UNREAD,
                "it is cut short");
        assertThat(new ResultsViewModel.RunState(other, false, 0).note(now)).isEqualTo("(run.json unreadable)");
        assertThat(RunHeaderCards.canGrade(other)).isTrue();
    }
}
