package dev.mstpanel.core.results.layout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A run, an eval and a results root are told by MST's layout as a whole, whatever the evals and project folders are called. */
class RunLayoutTest {
    @TempDir
    Path tmp;

    private static RunFixture run(Path root, String eval, String runId, String caseId) {
        return RunFixture.create(root, eval, runId)
                .runJson(eval, "v")
                .trace("v", caseId, 0, null)
                .score("judge", "v", caseId, 0, false, "no");
    }

    @ParameterizedTest
    @ValueSource(strings = {"scores", "traces", "runs", "artifacts", "report", "run.json"})
    void anEvalNamedLikeAPartOfARunIsOneEvalAmongTheOthers(String name) throws Exception {
        Path root = tmp.resolve(RunLocator.RESULTS_FOLDER);
        RunFixture checkout = run(root, "checkout", "20261201T100000Z-aaaaaa", "c1");
        RunFixture odd = run(root, name, "20261202T100000Z-bbbbbb", "c2");

        assertThat(RunLayout.kindOf(root)).isEqualTo(RunLayout.Kind.OTHER);
        assertThat(RunLayout.kindOf(root.resolve(name))).isEqualTo(RunLayout.Kind.EVAL);
        assertThat(RunLayout.kindOf(checkout.runDir())).isEqualTo(RunLayout.Kind.RUN);
        assertThat(RunLayout.kindOf(odd.runDir())).isEqualTo(RunLayout.Kind.RUN);
        assertThat(RunLayout.kindOf(odd.runDir().getParent())).isEqualTo(RunLayout.Kind.RUNS_LIST);

        Location loc = RunLocator.locate(root);
        assertThat(loc.kind()).isEqualTo(LocationKind.RESULTS_ROOT);
        assertThat(loc.runDirs()).containsExactlyInAnyOrder(checkout.runDir(), odd.runDir());
        assertThat(RunLocator.locate(tmp).runDirs()).containsExactlyInAnyOrder(checkout.runDir(), odd.runDir());
        assertThat(RunLocator.locate(root.resolve(name)).runDirs()).containsExactly(odd.runDir());
        assertThat(RunLocator.locate(odd.runDir().getParent()).runDirs()).containsExactly(odd.runDir());
        assertThat(RunLocator.runFolderAbove(root.resolve(name))).isNull();
        assertThat(RunLocator.runFolderAbove(odd.runDir().resolve("traces").resolve("v")))
                .isEqualTo(odd.runDir());
    }

    @ParameterizedTest
    @ValueSource(strings = {"traces", "scores", "runs-archive"})
    void aProjectFolderWithAFolderOfItsOwnNamedLikeARunPartIsStillAProject(String own) throws Exception {
        Path project = tmp.resolve("checkout-project");
        Files.createDirectories(project.resolve(own).resolve("recorded-mcp-sessions"));
        Files.writeString(project.resolve(own).resolve("recorded-mcp-sessions").resolve("0.json"), "{}");
        RunFixture f = run(project.resolve(RunLocator.RESULTS_FOLDER), "checkout", "20261201T100000Z-aaaaaa", "c1");

        assertThat(RunLayout.isRun(project)).isFalse();
        assertThat(RunLocator.locate(project).runDirs()).containsExactly(f.runDir());
        assertThat(RunLocator.runFolderAbove(project.resolve(own).resolve("recorded-mcp-sessions")))
                .isNull();
    }

    @Test
    void aRunStillStartingIsARunByItsPlaceThoughItHasNoRunJsonYet() throws Exception {
        Path runDir = tmp.resolve("checkout").resolve("runs").resolve("my-run");
        Files.createDirectories(runDir.resolve("traces").resolve("v").resolve("c1"));
        assertThat(RunLayout.isRun(runDir)).isTrue();
        assertThat(RunLocator.locate(tmp).runDirs()).containsExactly(runDir);
        // the same folders outside an eval's runs/ are no run: nothing in the layout says so
        Path loose = tmp.resolve("loose");
        Files.createDirectories(loose.resolve("traces").resolve("v"));
        assertThat(RunLayout.isRun(loose)).isFalse();
    }
}
