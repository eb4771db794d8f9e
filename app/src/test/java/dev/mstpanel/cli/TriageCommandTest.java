package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.testsupport.PanelProcess;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mst-panel triage RUN} and {@code triage set TRACE}: labels given from the command line, kept in the panel's
 * data folder, listed as text and JSON; bad labels and bad paths said plainly.
 */
class TriageCommandTest {
    @TempDir
    Path root;

    Path home;
    Map<String, String> env;
    RunFixture run;

    @BeforeEach
    void fixture() {
        home = root.resolve("home");
        env = Map.of("MST_PANEL_HOME", home.toString());
        run = RunFixture.allStatuses(root.resolve("results"));
    }

    private PanelProcess.Result cli(String... args) throws Exception {
        return PanelProcess.run(root, env, 60, args);
    }

    private String trace(String variant, String caseId) {
        return run.runDir()
                .resolve("traces/" + variant + "/" + caseId + "/0.json")
                .toString();
    }

    private List<Path> runFiles() throws Exception {
        try (Stream<Path> s = Files.walk(run.runDir())) {
            return s.sorted().toList();
        }
    }

    @Test
    void aLabelGivenFromTheCommandLineTravelsWithTheTrialsExport() throws Exception {
        assertThat(cli(
                                "triage",
                                "set",
                                trace("default", RunFixture.FAILED_CASE),
                                "--label",
                                "flaky",
                                "--note",
                                "passes when run alone")
                        .exit())
                .isZero();
        Path page = root.resolve("shared/trial.html");
        Files.createDirectories(page.getParent());
        PanelProcess.Result export = cli("export", trace("default", RunFixture.FAILED_CASE), "-o", page.toString());
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(Files.readString(page)).contains("Label: flaky").contains("passes when run alone");
    }

    @Test
    void labelsSetFromTheCommandLineAreListedAsTextAndJsonAndKeptInTheDataFolder() throws Exception {
        List<Path> before = runFiles();
        PanelProcess.Result set = cli(
                "triage",
                "set",
                trace("default", RunFixture.FAILED_CASE),
                "--label",
                "Agent Error",
                "--note",
                "pressed send twice");
        assertThat(set.exit()).as(set.err()).isZero();
        assertThat(set.out()).isEqualTo("default / send-summary #1: agent error (pressed send twice)\n");
        assertThat(cli("triage", "set", trace("default", "vm-down"), "--label", "infrastructure")
                        .exit())
                .isZero();

        PanelProcess.Result text = cli("triage", run.runDir().toString());
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out())
                .startsWith("calendar-smoke / 20260105T101500Z-a1b2c3\n2 of 3 failures labelled\n")
                .contains("  failed  default     send-summary #1     agent error: pressed send twice\n")
                .contains("  infra   default     vm-down #1          infrastructure\n")
                .contains("  failed  with-tools  empty-artifacts #1  (no label)\n");

        PanelProcess.Result json = cli("triage", run.runDir().toString(), "--json");
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode rows = new ObjectMapper().readTree(json.out());
        assertThat(rows).hasSize(3);
        JsonNode first = rows.get(0);
        assertThat(first.path("variant").asText()).isEqualTo("default");
        assertThat(first.path("caseId").asText()).isEqualTo(RunFixture.FAILED_CASE);
        assertThat(first.path("trial").asInt()).isZero();
        assertThat(first.path("label").asText()).isEqualTo("agent error");
        assertThat(first.path("note").asText()).isEqualTo("pressed send twice");
        assertThat(rows.get(2).path("label").isNull()).isTrue();

        assertThat(runFiles()).as("the run folder is only read").isEqualTo(before);
        try (Stream<Path> s = Files.walk(home.resolve("data/triage"))) {
            assertThat(s.filter(p -> p.toString().endsWith(".json")).toList())
                    .singleElement()
                    .satisfies(p -> assertThat(p.getFileName().toString()).isEqualTo("20260105T101500Z-a1b2c3.json"));
        }

        PanelProcess.Result cleared = cli("triage", "set", trace("default", "vm-down"), "--clear");
        assertThat(cleared.exit()).as(cleared.err()).isZero();
        assertThat(cleared.out()).isEqualTo("default / vm-down #1: label cleared\n");
        assertThat(cli("triage", run.runDir().toString()).out()).contains("1 of 3 failures labelled");
    }

    @Test
    void commandLinesLabellingOneRunAtOnceLoseNoLabel() throws Exception {
        List<String> cases = List.of(RunFixture.FAILED_CASE, "vm-down", "empty-artifacts");
        List<String> variants = List.of("default", "default", "with-tools");
        List<Process> running = new java.util.ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            running.add(PanelProcess.builder(
                            root,
                            env,
                            List.of(),
                            "triage",
                            "set",
                            trace(variants.get(i), cases.get(i)),
                            "--label",
                            "other",
                            "--note",
                            "writer " + i)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start());
        }
        for (Process p : running) {
            assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isZero();
        }
        PanelProcess.Result json = cli("triage", run.runDir().toString(), "--json");
        JsonNode rows = new ObjectMapper().readTree(json.out());
        assertThat(rows).hasSize(3);
        for (JsonNode row : rows) {
            assertThat(row.path("label").asText()).isEqualTo("other");
        }
    }

    @Test
    void anUnknownLabelIsAUsageErrorListingTheLabelsOfTheSettings() throws Exception {
        Files.createDirectories(home.resolve("config"));
        Files.writeString(home.resolve("config/settings.json"), "{\"triageLabels\":[\"env\",\"model\"]}");
        PanelProcess.Result bad = cli("triage", "set", trace("default", "vm-down"), "--label", "agent error");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err())
                .isEqualTo("mst-panel triage set: There is no label \"agent error\": the labels are \"env\" or"
                        + " \"model\".\n");
        assertThat(home.resolve("data/triage")).doesNotExist();
        assertThat(cli("triage", "set", trace("default", "vm-down"), "--label", "ENV")
                        .exit())
                .isZero();
    }

    @Test
    void aPathThatIsNotATrialOrATrialThatPassedIsRefusedPlainly() throws Exception {
        PanelProcess.Result notTrace = cli("triage", "set", run.runDir().toString(), "--label", "flaky");
        assertThat(notTrace.exit()).isEqualTo(1);
        assertThat(notTrace.err())
                .contains("is not a trial's trace in a run folder: give <run>/traces/<variant>/<case>/<trial>.json.")
                .doesNotContain("Exception");
        PanelProcess.Result passed = cli("triage", "set", trace("default", "calendar-lookup"), "--label", "flaky");
        assertThat(passed.exit()).isEqualTo(1);
        assertThat(passed.err())
                .isEqualTo("mst-panel triage set: Only failed and infra trials are labelled; this trial is passed.\n");
        PanelProcess.Result neither = cli("triage", "set", trace("default", "vm-down"));
        assertThat(neither.exit()).isEqualTo(2);
        assertThat(neither.err()).contains("--label").contains("--clear");
        PanelProcess.Result notRun = cli("triage", root.resolve("nowhere").toString());
        assertThat(notRun.exit()).isEqualTo(1);
        assertThat(notRun.err()).startsWith("mst-panel triage: ").doesNotContain("Exception");
    }
}
