package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.core.runs.DemoData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in demo's data (made by scripts/make-demo.sh) tell one story per trial, as a person
 * reads them through {@code trials} and {@code transcript}: the prompt, the calls, the error, the
 * final answer and the failure diagnosis are about the same gift card or order (new-user run 9, item 10).
 */
class DemoStoryTest {
    /** A gift card or order number as the demo's prompts name them: {@code GC-5531}, {@code A-7781}. */
    private static final Pattern SUBJECT = Pattern.compile("\\b(?:GC|A)-\\d{4}\\b");

    @TempDir
    Path data;

    private static JsonNode json(Result r) throws Exception {
        assertThat(r.code()).as(r.err()).isZero();
        return new ObjectMapper().readTree(r.out());
    }

    private static Set<String> subjects(String text) {
        Set<String> found = new TreeSet<>();
        Matcher m = SUBJECT.matcher(text);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }

    @Test
    void aFailedTrialsPromptFailingCallErrorAnswerAndAccessibilityDumpNameTheSameThing() throws Exception {
        Path eval = DemoData.installResults(data);
        JsonNode failed = json(run("trials", eval.toString(), "--json", "--status", "failed"));
        assertThat(failed).isNotEmpty();
        for (JsonNode t : failed) {
            JsonNode tr = json(run("transcript", t.path("path").asText(), "--json"));
            String prompt = tr.path("prompt").asText();
            Set<String> subject = subjects(prompt);
            assertThat(subject)
                    .as("what the prompt of %s is about", t.path("caseId"))
                    .hasSize(1);
            List<JsonNode> errors = new ArrayList<>();
            tr.path("events").forEach(e -> {
                if (e.path("isError").asBoolean()) {
                    errors.add(e);
                }
            });
            assertThat(errors).as("the failing call").hasSize(1);
            JsonNode failing = errors.get(0);
            assertThat(subjects(failing.path("arguments").toString() + " "
                            + failing.path("output").asText()))
                    .isEqualTo(subject);
            assertThat(tr.path("cause").asText())
                    .isEqualTo("tool error: shop · " + failing.path("name").asText());
            assertThat(subjects(tr.path("finalText").asText())).isEqualTo(subject);
            String ax = Files.readString(
                    Path.of(t.path("diagnosis").path("accessibility").asText()));
            assertThat(ax).contains(prompt).contains(tr.path("finalText").asText());
        }
    }

    @Test
    void everyTrialsCallsAndAnswerNameOnlyWhatItsPromptIsAbout() throws Exception {
        Path eval = DemoData.installResults(data);
        int told = 0;
        for (JsonNode t : json(run("trials", eval.toString(), "--json", "--status", "passed,failed,infra"))) {
            JsonNode tr = json(run("transcript", t.path("path").asText(), "--json"));
            Set<String> subject = subjects(tr.path("prompt").asText());
            if (subject.isEmpty()) {
                continue; // a case whose prompt names no card or order
            }
            StringBuilder said = new StringBuilder(tr.path("finalText").asText());
            tr.path("events")
                    .forEach(e -> said.append(' ')
                            .append(e.path("arguments"))
                            .append(' ')
                            .append(e.path("output").asText()));
            assertThat(subjects(said.toString()))
                    .as("%s %s #%s", t.path("variant"), t.path("caseId"), t.path("trial"))
                    .isSubsetOf(subject);
            told++;
        }
        assertThat(told).isGreaterThanOrEqualTo(5);
    }

    @Test
    void theDemosEvalHasFourRunsOnDifferentDaysAndTheLatestAgainstTheOneBeforeFindsARegressedCase() throws Exception {
        Path eval = DemoData.installResults(data);
        List<Path> runs;
        try (var listed = Files.list(eval.resolve(".mcp-test-results/checkout-flow/runs"))) {
            runs = listed.sorted().toList();
        }
        assertThat(runs)
                .as("runs of the demo's eval, for a trend of four points")
                .hasSizeGreaterThanOrEqualTo(4);
        Set<String> days = new TreeSet<>();
        for (Path r : runs) {
            days.add(new ObjectMapper()
                    .readTree(r.resolve("run.json").toFile())
                    .path("createdAt")
                    .asText()
                    .substring(0, 10));
        }
        assertThat(days).as("the days the runs started").hasSize(runs.size());
        JsonNode compared = json(run(
                "compare",
                runs.get(runs.size() - 2).toString(),
                runs.get(runs.size() - 1).toString(),
                "--json"));
        List<String> regressed = new ArrayList<>();
        compared.path("comparisons")
                .forEach(c -> c.path("cases").forEach(k -> {
                    if (k.path("change").asText().equals("regressed")) {
                        regressed.add(c.path("candidate").toString() + " "
                                + k.path("caseId").asText() + " "
                                + k.path("base").path("outcome").asText() + " -> "
                                + k.path("candidate").path("outcome").asText());
                    }
                }));
        assertThat(regressed)
                .as("cases that passed in the run before and fail in the latest")
                .singleElement()
                .asString()
                .contains("baseline")
                .endsWith("café-ü pass -> fail");
    }

    @Test
    void theDemosGraderJudgeAndDesktopLogsAreNamedAsAnEvalsAre() throws Exception {
        Path eval = DemoData.installResults(data);
        for (JsonNode t : json(run("trials", eval.toString(), "--json", "--status", "failed,infra"))) {
            Path logs =
                    Path.of(t.path("diagnosis").path("accessibility").asText()).resolveSibling("logs");
            for (String log : List.of("main.log", "cowork_vm_node.log", "mcp.log")) {
                // each line as the desktop app writes it: an ISO time, then a level
                assertThat(Files.readAllLines(logs.resolve(log)))
                        .as(log)
                        .isNotEmpty()
                        .allMatch(
                                l -> l.matches(
                                        "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z (\\[[a-z]+\\] )?\\[(info|warn|error)\\] .+"));
            }
            assertThat(t.toString()).doesNotContain("standin");
        }
        try (var graders = Files.list(Path.of(json(run("trials", eval.toString(), "--json"))
                        .get(0)
                        .path("path")
                        .asText())
                .getParent()
                .getParent()
                .getParent()
                .resolveSibling("scores"))) {
            assertThat(graders.map(g -> g.getFileName().toString()).sorted().toList())
                    .containsExactly("judge.customer-outcome", "resolution-check");
        }
    }

    @Test
    void theOutOfMemoryTrialsScreenIsItsOwnNotTheFailedTrials() throws Exception {
        Path eval = DemoData.installResults(data);
        JsonNode failed = json(run("trials", eval.toString(), "--json", "--status", "failed"))
                .get(0);
        JsonNode infra = json(run("trials", eval.toString(), "--json", "--status", "infra"))
                .get(0);
        Path failedScreen = Path.of(failed.path("diagnosis").path("screenshot").asText());
        Path infraScreen = Path.of(infra.path("diagnosis").path("screenshot").asText());
        assertThat(Files.mismatch(failedScreen, infraScreen))
                .as("the two screens differ")
                .isNotEqualTo(-1L);
        // the app stopped answering mid-task: its tree shows the prompt and that it was still working
        JsonNode tr = json(run("transcript", infra.path("path").asText(), "--json"));
        assertThat(Files.readString(
                        Path.of(infra.path("diagnosis").path("accessibility").asText())))
                .contains(tr.path("prompt").asText())
                .contains("Working…");
    }
}
