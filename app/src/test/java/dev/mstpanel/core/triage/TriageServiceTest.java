package dev.mstpanel.core.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Labels of failed trials: the list, the store in the data folder, writers at once, bad files and progress. */
class TriageServiceTest {
    @TempDir
    Path root;

    Path data;
    RunInfo run;
    List<TrialRecord> trials;
    List<String> labelList;
    TriageService service;

    @BeforeEach
    void readRun() throws Exception {
        RunFixture f = RunFixture.allStatuses(root.resolve("results"));
        data = root.resolve("data");
        try (ResultsReader reader = new ResultsReader()) {
            run = reader.readRun(f.runDir());
            trials = reader.readTrials(run);
        }
        labelList = new ArrayList<>(TriageLabels.DEFAULTS);
        service = new TriageService(new TriageStore(data), () -> labelList);
    }

    private TrialRecord trial(String caseId) {
        return trials.stream()
                .filter(t -> t.caseId().equals(caseId))
                .findFirst()
                .orElseThrow();
    }

    private List<TrialRecord> failures() {
        return trials.stream().filter(t -> TriageService.needsLabel(t.status())).toList();
    }

    @Test
    void aLabelIsKeptInTheDataFolderAndNothingIsWrittenInTheRunFolder() throws Exception {
        List<Path> before;
        try (Stream<Path> s = Files.walk(run.dir())) {
            before = s.sorted().toList();
        }
        long modified = Files.getLastModifiedTime(run.dir()).toMillis();
        service.set(trial(RunFixture.FAILED_CASE), "Agent Error", "clicked the wrong button");

        assertThat(service.labels(run))
                .containsEntry(
                        trial(RunFixture.FAILED_CASE).key(),
                        new TriageLabel("agent error", "clicked the wrong button"));
        assertThat(service.fileOf(run)).exists().startsWith(data);
        try (Stream<Path> s = Files.walk(run.dir())) {
            assertThat(s.sorted().toList()).isEqualTo(before);
        }
        assertThat(Files.getLastModifiedTime(run.dir()).toMillis()).isEqualTo(modified);
        // a second store (the command line's) reads what the first wrote
        assertThat(new TriageStore(data).read(run.evalName(), run.runId()).labels())
                .hasSize(1);
    }

    @Test
    void progressCountsFailedAndInfraTrialsOnly() throws Exception {
        assertThat(failures())
                .extracting(TrialRecord::status)
                .containsOnly(TrialStatus.FAILED, TrialStatus.INFRA)
                .contains(TrialStatus.INFRA);
        int n = failures().size();
        assertThat(TriageService.progress(trials, service.labels(run)).text())
                .isEqualTo("0 of " + n + " failures labelled");
        service.set(trial("vm-down"), "infrastructure", null);
        RunTriage now = service.set(trial(RunFixture.FAILED_CASE), "flaky", "");
        assertThat(TriageService.progress(trials, now.labels()).text()).isEqualTo("2 of " + n + " failures labelled");
        now = service.clear(trial("vm-down"));
        assertThat(TriageService.progress(trials, now.labels()).text()).isEqualTo("1 of " + n + " failures labelled");
        assertThat(new TriageProgress(0, 0).text()).isEqualTo("no failures to label");
    }

    @Test
    void anUnknownLabelIsRefusedNamingTheListAndAPassedTrialGetsNoLabel() {
        assertThatThrownBy(() -> service.set(trial(RunFixture.FAILED_CASE), "typo", null))
                .isInstanceOfSatisfying(TriageRefused.class, e -> {
                    assertThat(e.kind()).isEqualTo(TriageRefused.Kind.UNKNOWN_LABEL);
                    assertThat(e.getMessage())
                            .isEqualTo(
                                    "There is no label \"typo\": the labels are \"agent error\", \"tool or server bug\","
                                            + " \"grader or test bug\", \"infrastructure\", \"flaky\" or \"other\".");
                });
        assertThatThrownBy(() -> service.set(trial("calendar-lookup"), "flaky", null))
                .isInstanceOfSatisfying(
                        TriageRefused.class, e -> assertThat(e.kind()).isEqualTo(TriageRefused.Kind.NOT_A_FAILURE));
        assertThat(service.fileOf(run)).doesNotExist();
    }

    @Test
    void aLabelRemovedFromTheListStaysShownAsItWasAndItsNoteCanChange() throws Exception {
        service.set(trial("vm-down"), "infrastructure", "VM did not boot");
        labelList.remove("infrastructure");
        assertThat(service.labels(run).get(trial("vm-down").key()).label()).isEqualTo("infrastructure");
        RunTriage after = service.setNote(run, trial("vm-down"), "VM did not boot twice");
        assertThat(after.labels().get(trial("vm-down").key()))
                .isEqualTo(new TriageLabel("infrastructure", "VM did not boot twice"));
        assertThatThrownBy(() -> service.setNote(run, trial(RunFixture.FAILED_CASE), "x"))
                .isInstanceOfSatisfying(
                        TriageRefused.class, e -> assertThat(e.kind()).isEqualTo(TriageRefused.Kind.NO_LABEL));
    }

    @Test
    void writersAtOnceLoseNoTrialsLabelAndTheLastWriteWinsPerTrial() throws Exception {
        // many trials of one run, labelled by two stores at once (the window's and a command line's)
        TrialRecord base = trial(RunFixture.FAILED_CASE);
        TriageStore a = new TriageStore(data);
        TriageStore b = new TriageStore(data);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int n = i;
            TriageStore store = n % 2 == 0 ? a : b;
            done.add(pool.submit(() -> {
                go.await();
                var key = new dev.mstpanel.core.results.model.TrialKey(
                        base.key().variantSegment(), base.key().caseSegment(), n);
                store.write(
                        run.evalName(),
                        run.runId(),
                        new TriageStore.TrialRef(key, base.variant(), base.caseId()),
                        new TriageLabel("flaky", "trial " + n));
                return null;
            }));
        }
        go.countDown();
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        assertThat(a.read(run.evalName(), run.runId()).labels()).hasSize(40);
        service.set(base, "other", "first");
        service.set(base, "flaky", "second");
        assertThat(b.read(run.evalName(), run.runId()).labels().get(base.key()))
                .isEqualTo(new TriageLabel("flaky", "second"));
        try (Stream<Path> s = Files.list(service.fileOf(run).getParent())) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .as("no temporary file is left")
                    .noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void aBadFileIsReportedKeptAsItIsThenSetAsideWhenALabelIsSaved() throws Exception {
        Path file = service.fileOf(run);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"format\":\"mst-panel.triage/v1\",\"trials\":[{\"label\":");
        RunTriage read = service.read(run);
        assertThat(read.labels()).isEmpty();
        assertThat(read.problem().kind()).isEqualTo(TriageProblem.Kind.UNREADABLE);
        assertThat(read.problem().sentence()).contains("could not be read").contains(file.toString());
        assertThat(file).hasContent("{\"format\":\"mst-panel.triage/v1\",\"trials\":[{\"label\":");

        RunTriage written = service.set(trial("vm-down"), "infrastructure", null);
        assertThat(written.problem().kind()).isEqualTo(TriageProblem.Kind.SET_ASIDE);
        assertThat(written.problem().keptAs())
                .hasContent("{\"format\":\"mst-panel.triage/v1\",\"trials\":[{\"label\":");
        assertThat(written.problem().sentence())
                .contains(written.problem().keptAs().toString());
        assertThat(service.read(run).problem()).isNull();
        assertThat(service.labels(run)).containsOnlyKeys(trial("vm-down").key());
    }

    @Test
    void aFileOfAnotherFormatIsNotReadAndNotOverwritten() throws Exception {
        Path file = service.fileOf(run);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"format\":\"mst-panel.triage/v9\",\"trials\":[]}");
        assertThat(service.read(run).problem().sentence()).contains("a later panel may have written it");
        RunTriage written = service.set(trial("vm-down"), "other", null);
        assertThat(written.problem().keptAs()).hasContent("{\"format\":\"mst-panel.triage/v9\",\"trials\":[]}");
    }

    @Test
    void evalAndRunNamesNeverLeaveTheTriageFolder() {
        TriageStore store = new TriageStore(data);
        Path odd = store.fileOf("../../etc", "..");
        assertThat(odd.normalize()).startsWithRaw(data.resolve("triage"));
        assertThat(odd.getParent().getFileName().toString()).isEqualTo("%2E.%2F..%2Fetc");
        assertThat(store.fileOf("a/b", "r")).isNotEqualTo(store.fileOf("a_b", "r"));
        String longName = "x".repeat(300);
        assertThat(store.fileOf(longName, "r").getParent().getFileName().toString())
                .hasSizeLessThanOrEqualTo(120)
                .isNotEqualTo(store.fileOf(longName + "y", "r")
                        .getParent()
                        .getFileName()
                        .toString());
    }

    @Test
    void theLabelListIsCleanedAndFallsBackToTheDefaults() {
        assertThat(TriageLabels.clean(null)).isEqualTo(TriageLabels.DEFAULTS);
        assertThat(TriageLabels.clean(List.of(" ", ""))).isEqualTo(TriageLabels.DEFAULTS);
        assertThat(TriageLabels.clean(java.util.Arrays.asList(" flaky ", "Flaky", null, "x".repeat(41), "env")))
                .containsExactly("flaky", "env");
        assertThat(TriageLabels.find(List.of("agent error"), " AGENT error")).contains("agent error");
    }
}
