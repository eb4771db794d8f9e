package dev.mstpanel.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import dev.mstpanel.core.results.layout.Location;
import dev.mstpanel.core.results.layout.LocationKind;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading mst.run/v1 folders built by the tests, with every status and broken files. */
class ResultsReaderTest {
    @TempDir
    Path root;

    private final ResultsReader reader = new ResultsReader();

    @AfterEach
    void close() {
        reader.close();
    }

    private Map<String, TrialRecord> byCase(RunFixture f) {
        RunInfo run = reader.readRun(f.runDir());
        return reader.readTrials(run).stream()
                .collect(Collectors.toMap(t -> t.caseId() + "#" + t.trial(), Function.identity()));
    }

    @Test
    void readsRunJsonHeader() {
        RunFixture f = RunFixture.allStatuses(root);
        RunInfo run = reader.readRun(f.runDir());
        assertThat(run.problem()).isNull();
        assertThat(run.evalName()).isEqualTo(RunFixture.EVAL);
        assertThat(run.runId()).isEqualTo(RunFixture.RUN_ID);
        assertThat(run.shortId()).isEqualTo("a1b2c3");
        assertThat(run.runner()).isEqualTo("docker");
        assertThat(run.shards()).isEqualTo(2);
        assertThat(run.keep()).isEqualTo("failed");
        assertThat(run.collectPhase()).isEqualTo("complete");
        assertThat(run.mstVersion()).isEqualTo("2.0.0-beta.7");
        assertThat(run.variants()).containsExactly("default", "with-tools");
    }

    @Test
    void everyStatusIsDerivedAsTheContractSays() {
        Map<String, TrialRecord> t = byCase(RunFixture.allStatuses(root));
        assertThat(t.get("calendar-lookup#0").status()).isEqualTo(TrialStatus.PASSED);
        assertThat(t.get(RunFixture.FAILED_CASE + "#0").status()).isEqualTo(TrialStatus.FAILED);
        assertThat(t.get(RunFixture.FAILED_CASE + "#0").error()).contains("send button stayed disabled");
        assertThat(t.get("vm-down#0").status()).isEqualTo(TrialStatus.INFRA);
        assertThat(t.get("vm-down#0").failureKind()).isEqualTo("startup");
        assertThat(t.get("never-ran#0").status()).isEqualTo(TrialStatus.MISSING);
        assertThat(t.get(RunFixture.ODD_CASE + "#0").status()).isEqualTo(TrialStatus.UNGRADED);
        assertThat(t.get(RunFixture.LONG_CASE + "#0").status()).isEqualTo(TrialStatus.PASSED);
        assertThat(t.get(RunFixture.LONG_CASE + "#0").caseIdCut()).isFalse();
    }

    @Test
    void aTruncatedTraceIsUnreadableAndTheRestStillLists() {
        Map<String, TrialRecord> t = byCase(RunFixture.allStatuses(root));
        TrialRecord cut = t.get("cut-short#0");
        assertThat(cut.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(cut.problem()).contains("cut short");
        assertThat(cut.variant()).isEqualTo("with-tools");
        assertThat(t).hasSize(10);
    }

    @Test
    void aScoreWithoutATraceListsAsMissingWithItsScore() {
        TrialRecord lost = byCase(RunFixture.allStatuses(root)).get("lost-trace#0");
        assertThat(lost.status()).isEqualTo(TrialStatus.MISSING);
        assertThat(lost.traceFile()).isNull();
        assertThat(lost.problem()).contains("A score (judge.accuracy) exists but the trace");
        assertThat(lost.scores()).extracting(ScoreRecord::pass).containsExactly(false);
    }

    @Test
    void oddAndCutNamesAreDecodedForDisplay() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        // when the trace cannot be read, the case id comes from the folder name
        Files.writeString(f.tracePath("with-tools", RunFixture.LONG_CASE, 0), "{");
        Files.writeString(f.tracePath("with-tools", RunFixture.ODD_CASE, 0), "");
        Map<String, TrialRecord> t = byCase(f);
        assertThat(t).containsKey(RunFixture.ODD_CASE + "#0");
        assertThat(t.get(RunFixture.ODD_CASE + "#0").problem()).contains("empty");
        TrialRecord longOne =
                t.values().stream().filter(TrialRecord::caseIdCut).findFirst().orElseThrow();
        assertThat(RunFixture.LONG_CASE).startsWith(longOne.caseId());
        assertThat(longOne.caseDisplay()).endsWith("…");
        assertThat(longOne.key().caseSegment()).matches(".*~[0-9a-f]{16}");
    }

    @Test
    void aMissingRunJsonIsAProblemNotAFailure() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        Files.delete(f.runDir().resolve("run.json"));
        RunInfo run = reader.readRun(f.runDir());
        assertThat(run.problem()).startsWith("run.json is missing");
        assertThat(run.evalName()).isEqualTo(RunFixture.EVAL);
        assertThat(run.runId()).isEqualTo(RunFixture.RUN_ID);
        assertThat(reader.readTrials(run)).hasSize(10);
    }

    @Test
    void aBrokenScoreMakesItsTrialUnreadable() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        Path score = f.runDir().resolve("scores/judge.accuracy/default/calendar-lookup/1.json");
        Files.writeString(score, "{\"score\": ");
        TrialRecord t = byCase(f).get("calendar-lookup#1");
        assertThat(t.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(t.problem()).contains("scores/judge.accuracy/default/calendar-lookup/1.json is cut short");
    }

    @Test
    void locatesRunsFromTheRootAnEvalOrARun() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        RunFixture.create(root, "other-eval", "20260106T090000Z-0f0f0f").runJson("other-eval", "default");
        assertThat(reader.locate(root).kind()).isEqualTo(LocationKind.RESULTS_ROOT);
        assertThat(reader.locate(root).runDirs()).hasSize(2);
        assertThat(reader.locate(root.resolve(RunFixture.EVAL)).kind()).isEqualTo(LocationKind.EVAL);
        assertThat(reader.locate(f.runDir()).runDirs()).containsExactly(f.runDir());
        assertThatThrownBy(() -> reader.locate(root.resolve("nope"))).hasMessageContaining("There is no folder at");
    }

    @Test
    void anEvalProjectFolderIsReadThroughItsResultsFolder() throws Exception {
        Path project = root.resolve("calendar-project");
        Files.createDirectories(project);
        Files.writeString(project.resolve("eval.json"), "{\"name\": \"calendar-smoke\"}");
        RunFixture f = RunFixture.allStatuses(project.resolve(".mcp-test-results"));
        Location loc = reader.locate(project);
        assertThat(loc.runDirs()).containsExactly(f.runDir());
        assertThat(loc.path()).isEqualTo(project);
    }

    @Test
    void theNoRunsMessageNamesThePathAndEveryAcceptedFolder() {
        String m = ResultsReader.noRunsMessage(Path.of("some/where"));
        assertThat(m)
                .contains("No MST runs in some/where")
                .contains("project folder (the one holding .mcp-test-results/)")
                .contains("a .mcp-test-results folder")
                .contains(".mcp-test-results/<eval>")
                .contains(".mcp-test-results/<eval>/runs/<runId>");
    }

    @Test
    void filesStartingWithAUtf8ByteOrderMarkReadAsWithout() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path score = f.runDir().resolve("scores/judge.accuracy/default/send-summary/0.json");
        Path trace = f.tracePath("default", RunFixture.FAILED_CASE, 0);
        Path runJson = f.runDir().resolve("run.json");
        Files.writeString(
                score, Files.readString(score).replace("No answer was given.", "Réponse absente – « rien » ✓"));
        Files.writeString(
                trace,
                Files.readString(trace)
                        .replace("the send button stayed disabled", "le bouton « Envoyer » était grisé"));
        for (Path p : List.of(score, trace, runJson)) {
            byte[] body = Files.readAllBytes(p);
            byte[] all = new byte[bom.length + body.length];
            System.arraycopy(bom, 0, all, 0, bom.length);
            System.arraycopy(body, 0, all, bom.length, body.length);
            Files.write(p, all);
        }
        RunInfo run = reader.readRun(f.runDir());
        assertThat(run.problem()).isNull();
        assertThat(run.runner()).isEqualTo("docker");
        TrialRecord t = byCase(f).get(RunFixture.FAILED_CASE + "#0");
        assertThat(t.status()).isEqualTo(TrialStatus.FAILED);
        assertThat(t.error()).isEqualTo("Task did not submit: le bouton « Envoyer » était grisé");
        assertThat(t.scores())
                .singleElement()
                .satisfies(s -> assertThat(s.reasoning()).isEqualTo("Réponse absente – « rien » ✓"));
    }

    @Test
    void findsDiagnosisInArtifactsAndInASessionCopy() {
        Map<String, TrialRecord> t = byCase(RunFixture.allStatuses(root));
        FailureDiagnosis failed =
                FailureDiagnosis.find(t.get(RunFixture.FAILED_CASE + "#0").artifactsDir(), false);
        assertThat(failed.screenshot()).hasFileName("screen.png");
        assertThat(failed.accessibility()).hasFileName("accessibility.txt");
        assertThat(failed.logs())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("cowork_vm_node.log", "main.log");
        assertThat(failed.system()).hasFileName("system.json");
        assertThat(failed.sources())
                .singleElement()
                .extracting(FailureDiagnosis.Source::sessionCopy)
                .isEqualTo(false);

        FailureDiagnosis infra = FailureDiagnosis.find(t.get("vm-down#0").artifactsDir(), false);
        assertThat(infra.sources())
                .singleElement()
                .extracting(FailureDiagnosis.Source::sessionCopy)
                .isEqualTo(true);
        assertThat(infra.screenshot().toString()).contains("session-1/mst-diagnosis/screen.png");

        FailureDiagnosis empty =
                FailureDiagnosis.find(t.get("empty-artifacts#0").artifactsDir(), false);
        assertThat(empty.isEmpty()).isTrue();
        assertThat(empty.notice())
                .isEqualTo("The artifacts folder is empty: MST kept no failure diagnosis for this trial.");

        FailureDiagnosis none = FailureDiagnosis.find(t.get("calendar-lookup#0").artifactsDir(), true);
        assertThat(none.notice()).contains("redacts stored responses");
    }

    @Test
    void batchesArriveInOrderWithASmallFirstOne() {
        RunFixture f = RunFixture.create(root, "big", "20260107T000000Z-bbbbbb")
                .runJson("big", "default")
                .traceBytes(200);
        for (int c = 0; c < 100; c++) {
            f.trace("default", String.format("case-%03d", c), 0, null);
        }
        List<List<TrialRecord>> batches = new java.util.ArrayList<>();
        reader.readTrials(reader.readRun(f.runDir()), batches::add);
        assertThat(batches.get(0)).hasSizeLessThan(100);
        assertThat(batches.stream()
                        .flatMap(List::stream)
                        .map(TrialRecord::caseId)
                        .toList())
                .isSortedAccordingTo(String::compareTo)
                .hasSize(100);
    }

    @Test
    void aListingsDiagnosisFinderAgreesWithFindForEveryTrial() {
        RunFixture f = RunFixture.allStatuses(root);
        RunInfo run = reader.readRun(f.runDir());
        FailureDiagnosis.Finder finder = FailureDiagnosis.finder(f.runDir(), false);
        List<TrialRecord> trials = reader.readTrials(run);
        for (TrialRecord t : trials) {
            assertThat(finder.find(t.artifactsDir()))
                    .as(t.caseId())
                    .isEqualTo(FailureDiagnosis.find(t.artifactsDir(), false));
        }
        assertThat(trials.stream().map(t -> finder.find(t.artifactsDir())).filter(d -> !d.isEmpty()))
                .hasSize(2);
        assertThat(FailureDiagnosis.finder(f.runDir(), true)
                        .find(f.runDir().resolve("artifacts/default/calendar-lookup/0"))
                        .notice())
                .contains("redacts stored responses");
    }

    @Test
    void scoreFieldsReadAsTheContractShapesThem() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        Path dir = f.runDir().resolve("scores/judge.accuracy/default/calendar-lookup");
        Files.writeString(dir.resolve("0.json"), """
                {"grader": "judge.accuracy", "extra": {"nested": [1, 2, {"a": null}]},
                 "score": {"pass": true, "reasoning": {"message": "Found it."}, "details": {"steps": 3, "notes": ["a", "b"]}, "more": [1]}}
                """);
        Files.writeString(dir.resolve("1.json"), "{\"score\": {\"pass\": \"yes\", \"reasoning\": \"maybe\"}}");
        Map<String, TrialRecord> t = byCase(f);
        ScoreRecord s = t.get("calendar-lookup#0").scores().get(0);
        assertThat(s.pass()).isTrue();
        assertThat(s.reasoning()).isEqualTo("Found it.");
        assertThat(s.details())
                .isEqualTo(new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree("{\"steps\": 3, \"notes\": [\"a\", \"b\"]}")
                        .toPrettyString());
        assertThat(t.get("calendar-lookup#0").status()).isEqualTo(TrialStatus.PASSED);
        TrialRecord noPass = t.get("calendar-lookup#1");
        assertThat(noPass.status()).isEqualTo(TrialStatus.UNREADABLE);
        assertThat(noPass.problem()).endsWith("calendar-lookup/1.json has no score.pass.");
    }

    @Test
    void aTraceBiggerThanTheReadBufferIsReadWhole() {
        RunFixture f = RunFixture.create(root, "big", "20260107T000000Z-cccccc")
                .runJson("big", "default")
                .traceBytes(300_000);
        f.trace("default", "huge", 0, RunFixture.fields().put("error", "after the events"));
        f.trace("default", "small", 0, null);
        Map<String, TrialRecord> t = byCase(f);
        assertThat(t.get("huge#0").error()).isEqualTo("after the events");
        assertThat(t.get("huge#0").status()).isEqualTo(TrialStatus.UNGRADED);
        assertThat(t.get("small#0").status()).isEqualTo(TrialStatus.UNGRADED);
    }
}
