package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.testsupport.RunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel trials} against fixture runs: the JSON fields, the status filter and exit codes. */
class TrialsCommandTest {
    @TempDir
    Path root;

    private static JsonNode find(JsonNode array, String caseId) {
        for (JsonNode n : array) {
            if (n.path("caseId").asText().equals(caseId)) {
                return n;
            }
        }
        throw new AssertionError("no trial for " + caseId + " in " + array);
    }

    @Test
    void jsonListsEveryTrialWithTheIssuesFields() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        Result r = run("trials", root.toString(), "--json");
        assertThat(r.code()).isZero();
        JsonNode a = new ObjectMapper().readTree(r.out());
        assertThat(a.size()).isEqualTo(10);
        JsonNode failed = find(a, RunFixture.FAILED_CASE);
        assertThat(failed.path("eval").asText()).isEqualTo(RunFixture.EVAL);
        assertThat(failed.path("runId").asText()).isEqualTo(RunFixture.RUN_ID);
        assertThat(failed.path("variant").asText()).isEqualTo("default");
        assertThat(failed.path("trial").isInt()).isTrue();
        assertThat(failed.path("trial").asInt()).isZero();
        assertThat(failed.path("status").asText()).isEqualTo("failed");
        assertThat(failed.path("error").asText()).isEqualTo("Task did not submit: the send button stayed disabled");
        assertThat(failed.path("path").asText())
                .isEqualTo(f.tracePath("default", RunFixture.FAILED_CASE, 0).toString());
        JsonNode d = failed.path("diagnosis");
        assertThat(d.path("screenshot").asText()).endsWith("artifacts/default/send-summary/0/screen.png");
        assertThat(d.path("accessibility").asText()).endsWith("accessibility.txt");
        assertThat(d.path("system").asText()).endsWith("system.json");
        assertThat(d.path("logs")).hasSize(2);

        JsonNode passed = find(a, "calendar-lookup");
        assertThat(passed.path("error").isNull()).isTrue();
        assertThat(passed.path("diagnosis").path("screenshot").isNull()).isTrue();
        assertThat(passed.path("diagnosis").path("logs").isArray()).isTrue();

        JsonNode odd = find(a, RunFixture.ODD_CASE);
        assertThat(odd.path("status").asText()).isEqualTo("ungraded");
        assertThat(odd.path("path").asText()).contains("%2Ehidden%2Acase%2Fwith%20spaces");

        JsonNode infra = find(a, "vm-down");
        assertThat(infra.path("status").asText()).isEqualTo("infra");
        assertThat(infra.path("diagnosis").path("screenshot").asText()).endsWith("session-1/mst-diagnosis/screen.png");

        JsonNode cut = find(a, "cut-short");
        assertThat(cut.path("status").asText()).isEqualTo("unreadable");
        assertThat(cut.path("error").asText()).contains("cut short");
        JsonNode lost = find(a, "lost-trace");
        assertThat(lost.path("status").asText()).isEqualTo("missing");
        assertThat(lost.path("path").isNull()).isTrue();
    }

    @Test
    void statusListKeepsOnlyThoseStatuses() throws Exception {
        RunFixture.allStatuses(root);
        Result r = run("trials", root.resolve(RunFixture.EVAL).toString(), "--json", "--status", "failed,infra");
        assertThat(r.code()).isZero();
        List<String> statuses = new ArrayList<>();
        new ObjectMapper()
                .readTree(r.out())
                .forEach(n -> statuses.add(n.path("status").asText()));
        assertThat(statuses).containsExactlyInAnyOrder("failed", "failed", "infra");
    }

    @Test
    void tableShowsStatusCaseAndError() {
        RunFixture f = RunFixture.allStatuses(root);
        Result r = run("trials", f.runDir().toString(), "--status", "failed");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(RunFixture.EVAL + " / " + RunFixture.RUN_ID)
                // the case column as wide as the longest case shown ("empty-artifacts #1"): the errors line up
                .contains("failed     default      send-summary #1     Task did not submit")
                .doesNotContain("calendar-lookup #1");
    }

    @Test
    void textNumbersTrialsFromOneAsMstPrintsThemAndJsonKeepsTheFileNumber() throws Exception {
        RunFixture f = RunFixture.allStatuses(root);
        Result text = run("trials", f.runDir().toString(), "--status", "passed");
        // traces/default/calendar-lookup/0.json and 1.json are MST's "calendar-lookup #1" and "#2"
        assertThat(text.out())
                .contains("calendar-lookup #1")
                .contains("calendar-lookup #2")
                .doesNotContain("calendar-lookup #0");
        Result json = run("trials", f.runDir().toString(), "--status", "passed", "--json");
        List<Integer> trials = new ArrayList<>();
        new ObjectMapper().readTree(json.out()).forEach(n -> {
            if (n.path("caseId").asText().equals("calendar-lookup")) {
                trials.add(n.path("trial").asInt());
            }
        });
        assertThat(trials).containsExactly(0, 1);
    }

    @Test
    void anUnknownStatusIsAUsageError() {
        RunFixture.allStatuses(root);
        Result r = run("trials", root.toString(), "--status", "broken");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("Unknown status \"broken\"");
    }

    @Test
    void anEvalProjectFolderListsTheRunsInItsResultsFolder() throws Exception {
        Path project = root.resolve("calendar-project");
        Files.createDirectories(project);
        Files.writeString(project.resolve("eval.json"), "{}");
        RunFixture.allStatuses(project.resolve(".mcp-test-results"));
        Result r = run("trials", project.toString());
        assertThat(r.code()).isZero();
        assertThat(r.err()).doesNotContain("No MST runs");
        assertThat(r.out())
                .contains(RunFixture.EVAL + " / " + RunFixture.RUN_ID)
                .contains("send-summary");
    }

    @Test
    void aFolderWithoutRunsNamesTheGivenPathAndTheFoldersAccepted() throws Exception {
        Path empty = root.resolve("empty-project");
        Files.createDirectories(empty);
        Result r = run("trials", empty.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .contains("No MST runs in " + empty)
                .contains("holding .mcp-test-results/")
                .contains(".mcp-test-results/<eval>/runs/<runId>");
    }

    @Test
    void aPartialRunSaysHowManyTrialsAreMissingOrJustPartial() {
        RunFixture f = RunFixture.allStatuses(root).partial();
        Result r = run("trials", f.runDir().toString());
        // never-ran (failure kind missing) and lost-trace (a score without a trace)
        assertThat(r.out()).contains("partial: 2 trials missing");

        RunFixture g = RunFixture.create(root, "other-eval", "20260106T090000Z-0f0f0f")
                .runJson("other-eval", "default")
                .partial();
        g.trace("default", "only-case", 0, null).score("judge.accuracy", "default", "only-case", 0, true, "ok");
        Result p = run("trials", g.runDir().toString());
        assertThat(p.out())
                .contains("1 passed  ·  partial")
                .doesNotContain("0 trials missing")
                .doesNotContain("missing 0");
    }

    @Test
    void aLongErrorIsCutInTheTableButWholeInJson() throws Exception {
        RunFixture f =
                RunFixture.create(root, "long-eval", "20260106T090000Z-0f0f0f").runJson("long-eval", "default");
        String error =
                "Task did not submit: " + "the assistant kept retrying the calendar tool ".repeat(10) + "END-OF-ERROR";
        f.trace("default", "chatty", 0, RunFixture.fields().put("error", error))
                .score("judge.accuracy", "default", "chatty", 0, false, "no");
        Result table = run("trials", f.runDir().toString());
        assertThat(table.out())
                .contains("chatty #1  Task did not submit")
                .contains("…")
                .doesNotContain("END-OF-ERROR");
        Result json = run("trials", f.runDir().toString(), "--json");
        JsonNode t = find(new ObjectMapper().readTree(json.out()), "chatty");
        assertThat(t.path("error").asText()).isEqualTo(error);
        assertThat(json.out()).doesNotContain("…");
    }

    @Test
    void aPathThatIsNotAFolderExitsOne() {
        Result r = run("trials", root.resolve("nothing-here").toString(), "--json");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("There is no folder at");
    }

    @Test
    void aMissingPathOrARunJsonFileSaysWhichFoldersToGive() {
        Path missing = root.resolve("does-not-exist");
        Result r = run("trials", missing.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .contains("There is no folder at " + missing + ".")
                .contains("the eval's project folder (the one holding .mcp-test-results/)")
                .contains(".mcp-test-results/<eval>/runs/<runId>");

        RunFixture f = RunFixture.allStatuses(root);
        Result file = run("trials", f.runDir().resolve("run.json").toString());
        assertThat(file.code()).isEqualTo(1);
        assertThat(file.err())
                .contains("is a file, not a results folder")
                .contains("the eval's project folder (the one holding .mcp-test-results/)")
                .contains(".mcp-test-results/<eval>/runs/<runId>");
    }

    /** The lines of the output from the row that contains {@code row} up to the next trial row or the counts line. */
    private static List<String> rowAndItsLines(String out, String row) {
        List<String> lines = out.lines().toList();
        int i = 0;
        while (i < lines.size() && !lines.get(i).contains(row)) {
            i++;
        }
        assertThat(i).as("a row with " + row + " in:\n" + out).isLessThan(lines.size());
        List<String> block = new ArrayList<>(List.of(lines.get(i)));
        for (int j = i + 1; j < lines.size() && lines.get(j).startsWith("             "); j++) {
            block.add(lines.get(j));
        }
        return block;
    }

    @Test
    void tableListsAFailedTrialsDiagnosisFilesUnderItsRowTheirFolderOnce() {
        RunFixture f = RunFixture.allStatuses(root);
        Result r = run("trials", f.runDir().toString());
        assertThat(r.code()).isZero();
        Path a = f.artifacts("default", RunFixture.FAILED_CASE, 0);
        assertThat(rowAndItsLines(r.out(), "send-summary #1"))
                .containsExactly(
                        // the case column as wide as the widest shown (the long case id, cut at TrialRows.MAX_CASE)
                        "  failed     default      " + String.format("%-" + TrialRows.MAX_CASE + "s", "send-summary #1")
                                + "  Task did not submit: the send button stayed disabled",
                        "             diagnosis in " + a + java.io.File.separator,
                        "               screen.png  accessibility.txt  system.json  logs/cowork_vm_node.log  logs/main.log",
                        "             transcript: mst-panel transcript "
                                + f.runDir().resolve("traces/default/" + RunFixture.FAILED_CASE + "/0.json"));
        // an infra trial's diagnosis in a session copy's mst-diagnosis/, as --json finds it
        assertThat(rowAndItsLines(r.out(), "vm-down #1"))
                .hasSize(4)
                .element(1)
                .asString()
                .isEqualTo("             diagnosis in "
                        + f.artifacts("default", "vm-down", 0).resolve("session-1/mst-diagnosis")
                        + java.io.File.separator);
        // a passed trial has no second line
        assertThat(rowAndItsLines(r.out(), "calendar-lookup #1")).hasSize(1);
    }

    @Test
    void aFailedTrialWithoutDiagnosisFilesSaysSoPlainly() {
        RunFixture f = RunFixture.allStatuses(root);
        f.trace("with-tools", "no-artifacts", 0, RunFixture.fields().put("error", "wrong answer"))
                .score("judge.accuracy", "with-tools", "no-artifacts", 0, false, "no");
        Result r = run("trials", f.runDir().toString(), "--status", "failed");
        assertThat(rowAndItsLines(r.out(), "empty-artifacts #1"))
                .containsExactly(
                        "  failed     with-tools   empty-artifacts #1  timed out",
                        "             The artifacts folder is empty: MST kept no failure diagnosis for this trial.",
                        "             transcript: mst-panel transcript "
                                + f.runDir().resolve("traces/with-tools/empty-artifacts/0.json"));
        assertThat(rowAndItsLines(r.out(), "no-artifacts #1"))
                .containsExactly(
                        "  failed     with-tools   no-artifacts #1     wrong answer",
                        "             No failure diagnosis: this trial has no artifacts folder.",
                        "             transcript: mst-panel transcript "
                                + f.runDir().resolve("traces/with-tools/no-artifacts/0.json"));
    }

    @Test
    void aFailedTrialsRowGivesTheTranscriptCommandWithItsTraceFileWhichShowsThatTrial() {
        RunFixture f = RunFixture.allStatuses(root);
        f.trace("default", "second-try", 1, RunFixture.fields().put("error", "wrong total"))
                .score("judge.accuracy", "default", "second-try", 1, false, "no");
        Result r = run("trials", f.runDir().toString(), "--status", "failed");
        List<String> lines = rowAndItsLines(r.out(), "second-try #2");
        String command = lines.get(lines.size() - 1).strip();
        // trial #2 is MST's file 1.json: the line names the file, so nothing is guessed
        assertThat(command)
                .isEqualTo(
                        "transcript: mst-panel transcript " + f.runDir().resolve("traces/default/second-try/1.json"));
        Result shown = run("transcript", command.substring("transcript: mst-panel transcript ".length()));
        assertThat(shown.code()).isZero();
        assertThat(shown.out()).contains("second-try").contains("wrong total");
    }

    @Test
    void aStatusFilterSaysHowManyTrialsItShowsAndThatTheCountsAreTheRuns() {
        RunFixture f = RunFixture.allStatuses(root);
        Result r = run("trials", f.runDir().toString(), "--status", "failed,infra");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "  showing 3 of 10 trials (failed, infra); the run: 3 passed  2 failed  1 infra  2 missing  1 ungraded  1 unreadable"
                                + System.lineSeparator());
        Result all = run("trials", f.runDir().toString());
        assertThat(all.out())
                .contains("  3 passed  2 failed  1 infra  2 missing  1 ungraded  1 unreadable" + System.lineSeparator())
                .doesNotContain("showing");
    }

    @Test
    void aGrepThatMatchesNothingSaysSoAndExitsZero() {
        RunFixture f = RunFixture.allStatuses(root).partial();
        Result r = run("trials", f.runDir().toString(), "--grep", "no such text anywhere");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .isEqualTo(RunFixture.EVAL + " / " + RunFixture.RUN_ID + System.lineSeparator()
                        + "  no trial's transcript contains \"no such text anywhere\"  ·  the run is partial"
                        + System.lineSeparator()
                        // the fixture's cut-short trace: not searched, and said so
                        + "  1 trace could not be searched: cut-short #1 (with-tools): The trace is cut short (91 bytes, ends mid-JSON): it may"
                        + " still be being written, or the disk filled up.  (see them with: mst-panel trials "
                        + f.runDir() + " --status unreadable)"
                        + System.lineSeparator() + System.lineSeparator());
    }

    @Test
    void aGrepThatMatchesCountsTheMatchesNotTheRun() {
        RunFixture f = RunFixture.allStatuses(root);
        Result r = run("trials", f.runDir().toString(), "--grep", "send button stayed");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains("send-summary #1")
                .contains("  1 trial whose transcript contains \"send button stayed\": 1 failed"
                        + System.lineSeparator());
        Result none = run("trials", f.runDir().toString(), "--grep", "send button stayed", "--status", "passed");
        assertThat(none.out())
                .doesNotContain("send-summary #1")
                .contains(
                        "  showing 0 (passed) of the 1 trial whose transcript contains \"send button stayed\": 1 failed");
    }

    @Test
    @org.junit.jupiter.api.Timeout(
            value = 60,
            threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD) // a FIFO must not hang the search
    void grepKeepsTheTrialsWithTheTextInAValueInListingOrderAndSkipsFieldNamesEscapesAndPipes() throws Exception {
        RunFixture f =
                RunFixture.create(root, "grep-eval", "20260107T090000Z-0a0b0c").runJson("grep-eval", "default");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String c = String.format("case-%03d", i);
            var extra = RunFixture.fields();
            switch (i % 6) {
                case 0 -> {
                    extra.put("error", "Task did NOT submit: the send button stayed disabled");
                    expected.add(c);
                }
                case 1 -> extra.putObject("clientUsage").put("Task did not submit", 1); // a field name, not a value
                case 2 -> extra.put("notes", "task did not submit"); // a top-level field the search does not read
                case 3 -> {
                    extra.putObject("gradingError")
                            .put("why", "line one\ntask did not submit"); // after an escaped newline
                    expected.add(c);
                }
                default -> extra.put("error", "timeout");
            }
            f.trace("default", c, 0, extra);
        }
        // an escaped letter JSON writers do not write: still found, as Jackson reads it
        Path escaped = f.tracePath("default", "case-100", 0);
        Files.createDirectories(escaped.getParent());
        Files.writeString(
                escaped,
                "{\"kind\":\"trial\",\"caseId\":\"case-100\",\"trace\":{\"events\":[]},"
                        + "\"Task did not submit\":0,\"error\":\"\\u0074ask did not submit\"}");
        expected.add("case-100");
        Path pipe = f.tracePath("default", "case-101", 0);
        Files.createDirectories(pipe.getParent());
        assertThat(new ProcessBuilder("mkfifo", pipe.toString())
                        .inheritIO()
                        .start()
                        .waitFor())
                .isZero();

        Result r = run("trials", f.runDir().toString(), "--json", "--grep", "task did not submit");

        assertThat(r.code()).isZero();
        List<String> found = new ArrayList<>();
        for (JsonNode n : new ObjectMapper().readTree(r.out())) {
            found.add(n.path("caseId").asText());
        }
        assertThat(found).containsExactlyElementsOf(expected);
        Result again = run("trials", f.runDir().toString(), "--grep", "TASK DID NOT SUBMIT");
        assertThat(again.out())
                .contains("case-000 #1")
                .contains("case-003 #1")
                .doesNotContain("case-001")
                .doesNotContain("case-101 #1  ")
                .contains(
                        "  1 trace could not be searched: case-101 #1 (default): The trace could not be read: it is not a regular file");
    }

    @Test
    void aGrepTextWithBytesThatAreNotUtf8IsAUsageErrorNotASearchForTheReplacementCharacter() {
        RunFixture f =
                RunFixture.create(root, "grep-eval", "20260105T101500Z-a1b2c3").runJson("grep-eval", "default");
        f.trace("default", "a", 0, null);
        Result r = run(
                "trials", f.runDir().toString(), "--grep", "caf\uFFFD"); // what Java makes of "caf\xe9" read as UTF-8
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("the --grep text holds bytes that are not UTF-8");
    }
}
