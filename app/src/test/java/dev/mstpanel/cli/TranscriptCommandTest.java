package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.cli.InProcessCli.Result;
import dev.mstpanel.cli.output.TerminalText;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mst-panel transcript} and {@code trials --grep} on fixture trials: the fields a person reads, and exit codes. */
class TranscriptCommandTest {
    @TempDir
    Path root;

    @Test
    void jsonEscapesWhatWouldDriveATerminalAsTheGuardDoesAndStaysJson() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        String hostile = "a\u007fb\u0085c\u202ed\u2066e\u001b[2Jf\r\ng é 中";
        var ev = RunFixture.events();
        RunFixture.event(ev, "tool_call", "mcp", "files\u009b", "read", 0, 10)
                .put("output", hostile)
                .putObject("arguments")
                .put("k\u202a", "v\u0090");
        f.transcript("default", "hostile", 0, ev, RunFixture.fields(), RunFixture.fields());
        Result r = run("transcript", f.tracePath("default", "hostile", 0).toString(), "--json");
        assertThat(r.code()).as(r.err()).isZero();
        // nothing that drives a terminal reaches it raw; the escapes are the guard's (lower-case hex), JSON's own for
        // C0
        assertThat(r.out().chars().filter(c -> TerminalText.dangerous((char) c) || c == '\r'))
                .isEmpty();
        assertThat(r.out())
                .contains("\"output\" : \"a\\u007fb\\u0085c\\u202ed\\u2066e\\u001B[2Jf\\r\\ng é 中\"")
                .contains("\"server\" : \"files\\u009b\"")
                .contains("\"k\\u202a\" : \"v\\u0090\"");
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertThat(n.path("events").get(0).path("output").asText()).isEqualTo(hostile);
        assertThat(n.path("events").get(0).path("arguments").path("k\u202a").asText())
                .isEqualTo("v\u0090");
    }

    @Test
    void jsonGivesTheTrialAndEveryEventWithTheIssuesFieldNames() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Result r = run(
                "transcript",
                f.tracePath("default", TranscriptFixture.FAILED_CASE, 0).toString(),
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode n = new ObjectMapper().readTree(r.out());
        List<String> fields = new ArrayList<>();
        n.fieldNames().forEachRemaining(fields::add);
        assertThat(fields)
                .containsExactly(
                        "eval",
                        "runId",
                        "variant",
                        "caseId",
                        "trial",
                        "status",
                        "prompt",
                        "finalText",
                        "redacted",
                        "usage",
                        "error",
                        "cause",
                        "events");
        assertThat(n.path("eval").asText()).isEqualTo(TranscriptFixture.EVAL);
        assertThat(n.path("runId").asText()).isEqualTo(TranscriptFixture.RUN_ID);
        assertThat(n.path("caseId").asText()).isEqualTo(TranscriptFixture.FAILED_CASE);
        assertThat(n.path("trial").asInt()).isZero();
        assertThat(n.path("status").asText()).isEqualTo("failed");
        assertThat(n.path("prompt").asText()).isEqualTo(TranscriptFixture.PROMPT);
        assertThat(n.path("redacted").asBoolean()).isFalse();
        assertThat(n.path("usage").path("inputTokens").asInt()).isEqualTo(18_450);
        assertThat(n.path("error").isNull()).isTrue();
        assertThat(n.path("cause").asText()).isEqualTo("tool error: mail · send_message");
        JsonNode events = n.path("events");
        assertThat(events).hasSize(8);
        List<String> eventFields = new ArrayList<>();
        events.get(3).fieldNames().forEachRemaining(eventFields::add);
        assertThat(eventFields)
                .containsExactly(
                        "index",
                        "kind",
                        "source",
                        "server",
                        "name",
                        "rawName",
                        "arguments",
                        "output",
                        "isError",
                        "durationMs",
                        "startedAt",
                        "completedAt",
                        "results",
                        "simulatedWrite",
                        "extra");
        JsonNode send = events.get(3);
        assertThat(send.path("index").asInt()).isEqualTo(3);
        assertThat(send.path("rawName").asText()).isEqualTo("mcp__mail__send_message");
        assertThat(send.path("isError").asBoolean()).isTrue();
        assertThat(send.path("arguments").path("to").asText()).isEqualTo("team@example.com");
        assertThat(send.path("simulatedWrite").isNull()).isTrue();
        assertThat(send.path("extra").path("id").asText()).isEqualTo("call_4");
        assertThat(events.get(0).path("results").get(0).path("name").asText()).isEqualTo("send_message");
        assertThat(events.get(5).path("isError").isNull()).isTrue();
        assertThat(events.get(6).path("simulatedWrite").asBoolean()).isTrue();
        assertThat(events.get(7).path("kind").asText()).isEqualTo("memory_write");
        assertThat(events.get(7).path("extra").path("payload").path("fact").asText())
                .isEqualTo("the team address bounces");
    }

    @Test
    void textShowsOneLinePerEventWithTheFailedCallMarked() {
        RunFixture f = TranscriptFixture.build(root);
        Result r = run(
                "transcript",
                f.tracePath("default", TranscriptFixture.FAILED_CASE, 0).toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Prompt: " + TranscriptFixture.PROMPT);
        assertThat(r.out())
                .contains(
                        "> #4    tool_call   mail · send_message (as mcp__mail__send_message)  [call_4]  1.2 s  +1.9 s  ERROR");
        assertThat(r.out()).contains("simulated write").contains("kind not known to the panel");
        assertThat(r.out())
                .contains("more: {\"scope\":\"session\",\"payload\":{\"fact\":\"the team address bounces\"}}");
        assertThat(r.out()).contains("Usage: 18,450 in · 1,320 out");
        assertThat(r.out()).contains("Final answer: I could not send the summary");
        assertThat(r.out()).contains("tool_search ").doesNotContain("tool_search tool_search");
    }

    @Test
    void aFailedCallsOwnErrorLabelIsNotRepeated() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path trace = f.tracePath("default", TranscriptFixture.FAILED_CASE, 0);
        Files.writeString(
                trace,
                Files.readString(trace)
                        .replace(
                                TranscriptFixture.FAILED_OUTPUT_TEXT,
                                "Error: " + TranscriptFixture.FAILED_OUTPUT_TEXT));
        Result r = run("transcript", trace.toString());
        assertThat(r.out())
                .contains("error: " + TranscriptFixture.FAILED_OUTPUT_TEXT)
                .doesNotContainIgnoringCase("error: error:");
    }

    @Test
    void aFolderIsNamedAsAFolderWithTheFileToGive() {
        RunFixture f = TranscriptFixture.build(root);
        Result r = run("transcript", f.runDir().toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel transcript: " + f.runDir()
                        + " is a folder: give a trial file, <run>/traces/<variant>/<case>/<trial>.json"
                        + System.lineSeparator());
    }

    @Test
    void aPathWithBytesThatAreNotUtf8SaysWhyItCannotBeOpenedNotThatThereIsNoFile() {
        // a folder named with the byte 0xFF, given on the command line: the JVM decodes the byte as U+FFFD
        RunFixture f = TranscriptFixture.build(root);
        Result r = run(
                "transcript",
                f.runDir().resolve("traces/default/bad\uFFFD/0.json").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("mst-panel transcript: ")
                .contains("has a file or folder name with bytes that are not UTF-8")
                .contains("rename the folder or file to a UTF-8 name")
                .doesNotContain("There is no file")
                .doesNotContain("Exception");
    }

    @Test
    void aRedactedRunSaysSoInWords() {
        TranscriptFixture.build(root);
        RunFixture red = RunFixture.create(root, TranscriptFixture.EVAL, TranscriptFixture.REDACTED_RUN_ID);
        Result r = run(
                "transcript",
                red.tracePath("default", TranscriptFixture.FAILED_CASE, 0).toString());
        assertThat(r.out())
                .contains("This run stored redacted transcripts: tool results and the final answer were not kept");
        assertThat(r.out()).contains("Final answer: (redacted)");
    }

    @Test
    void aBrokenTraceInARunSaysWhatIsWrongWithItNotToGiveAnotherFile() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path broken = f.tracePath("default", "broken-case", 0);
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "nope");
        Result r = run("transcript", broken.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo("mst-panel transcript: " + broken
                        + " cannot be read as a trial's trace: the trace is not valid JSON" + " at line 1, column 1."
                        + System.lineSeparator());
    }

    @Test
    void aHugeOutputIsOneLineOfItsStartAndTheNoteSaysSo() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path p = f.tracePath("default", "huge", 0);
        Files.createDirectories(p.getParent());
        Files.writeString(
                p,
                "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\"huge\",\"trial\":0,"
                        + "\"trace\":{\"events\":[{\"kind\":\"tool_call\",\"server\":\"files\",\"name\":\"read\",\"output\":\""
                        + "y".repeat(3 * 1024 * 1024) + "\"}],\"finalText\":\"read it\"}}");
        Result r = run("transcript", p.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "(This output is 3.0 MiB of text; the line above is its start. Open the trace file to see all of it.)")
                .doesNotContain("is shown");
        assertThat(r.out().length()).isLessThan(10_000);
    }

    @Test
    void aFileThatIsNotATrialExitsOneWithAPlainMessage() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Result r = run("transcript", f.runDir().resolve("run.json").toString(), "--json");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err())
                .startsWith("mst-panel transcript: ")
                .contains("is not a trial's trace")
                .doesNotContain("Exception");
        Path junk = root.resolve("junk.json");
        Files.writeString(junk, "[1, 2");
        assertThat(run("transcript", junk.toString()).code()).isEqualTo(1);
        assertThat(run("transcript", root.resolve("absent.json").toString()).err())
                .contains("There is no file at");
    }

    @Test
    void aTextFileOrRunJsonIsRefusedInWordsWithThePathToGive() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path text = root.resolve("notes.txt");
        Files.writeString(text, "hello, these are my notes");
        Result r = run("transcript", text.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .isEqualTo(
                        "mst-panel transcript: " + text + " is not a trial's trace: it is not JSON. Give a trial file, "
                                + "<run>/traces/<variant>/<case>/<trial>.json." + System.lineSeparator());

        Result runJson = run("transcript", f.runDir().resolve("run.json").toString());
        assertThat(runJson.code()).isEqualTo(1);
        assertThat(runJson.err())
                .contains("its kind is \"run\", not \"trial\" (it is the run's run.json)")
                .contains(
                        "This run's trials are in " + f.runDir().resolve("traces") + "/<variant>/<case>/<trial>.json.");
        assertThat(run("transcript", root.resolve("absent.json").toString()).err())
                .contains("<run>/traces/<variant>/<case>/<trial>.json");

        // JSON objects that are not trials: an empty one, a package.json (new-user check)
        for (String json : new String[] {
            "{}", "{\"name\": \"my-server\", \"version\": \"1.0.0\", \"scripts\": {\"test\": \"jest\"}}"
        }) {
            Path other = Files.writeString(root.resolve("package.json"), json);
            Result o = run("transcript", other.toString());
            assertThat(o.code()).as(json).isEqualTo(1);
            assertThat(o.err())
                    .isEqualTo("mst-panel transcript: " + other
                            + " is not a trial's trace: it is JSON, but has no \"kind\": \"trial\", "
                            + "no caseId and no trace. Give a trial file, <run>/traces/<variant>/<case>/<trial>.json."
                            + System.lineSeparator());
        }
        // an empty file; a run's other JSON files and a score file, each named for what it is
        Path empty = Files.writeString(root.resolve("zero.json"), "");
        assertThat(run("transcript", empty.toString()).err())
                .isEqualTo("mst-panel transcript: " + empty + " is not a trial's trace: it is empty"
                        + " (0 bytes; it may still be being written). Give a trial file, <run>/traces/<variant>/<case>/<trial>.json."
                        + System.lineSeparator());
        Path summary = Files.writeString(
                f.runDir().resolve("summary.json"),
                "{\"format\": \"mst.run/v1\", \"kind\": \"summary\", \"variants\": []}");
        assertThat(run("transcript", summary.toString()).err()).contains("(it is the run's summary.json)");
        Path score;
        try (java.util.stream.Stream<Path> all = Files.walk(f.runDir().resolve("scores"))) {
            score = all.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
        Result scoreFile = run("transcript", score.toString());
        assertThat(scoreFile.code()).isEqualTo(1);
        Path scoresDir = f.runDir().resolve("scores");
        Path scored = f.runDir()
                .resolve("traces")
                .resolve(scoresDir.relativize(score).subpath(1, 4).toString());
        assertThat(scoreFile.err()).contains("(it is a score file). The trace it scores is " + scored + ".");
        // only whitespace, a file cut off mid-write, a device: said as what they are
        Path blank = Files.writeString(root.resolve("blank.json"), " \n");
        assertThat(run("transcript", blank.toString()).err())
                .isEqualTo("mst-panel transcript: " + blank + " is not a trial's trace: it holds only"
                        + " whitespace, no JSON (it may still be being written). Give a trial file, <run>/traces/<variant>/<case>/<trial>.json."
                        + System.lineSeparator());
        Path cut = Files.writeString(root.resolve("cut.json"), "{\"kind\":\"trial\",");
        assertThat(run("transcript", cut.toString()).err())
                .contains(cut + " is not a trial's trace: it ends before the JSON does (16 bytes; it may"
                        + " still be being written, or the disk filled up).");
        assertThat(run("transcript", "/dev/null").err())
                .contains("/dev/null is not a trial's trace: it is not a regular file (a device):"
                        + " the panel does not open those. Give a trial file");
        // a copied trial file outside any run is still one
        Path copy =
                Files.copy(f.tracePath("default", TranscriptFixture.FAILED_CASE, 0), root.resolve("copied-trial.json"));
        assertThat(run("transcript", copy.toString()).code()).isZero();
        // a trial file not named <trial>.json: its folders are not taken for its variant and case
        Path bare =
                Files.createDirectories(root.resolve("outer").resolve("inner")).resolve("kt.json");
        Files.writeString(bare, "{\"kind\":\"trial\"}");
        Result b = run("transcript", bare.toString());
        assertThat(b.code()).isZero();
        assertThat(b.out()).startsWith("(variant not known) / kt.json #1").doesNotContain("outer / inner");
    }

    @Test
    void trialsGrepKeepsTheTrialsWhoseTranscriptHasTheTextAndJsonGainsCauseAndCounts() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Result r = run("trials", f.runDir().toString(), "--json", "--grep", "MAILBOX does not allow");
        assertThat(r.code()).isZero();
        JsonNode a = new ObjectMapper().readTree(r.out());
        assertThat(a).hasSize(1);
        JsonNode t = a.get(0);
        assertThat(t.path("caseId").asText()).isEqualTo(TranscriptFixture.FAILED_CASE);
        assertThat(t.path("cause").asText()).isEqualTo("tool error: mail · send_message");
        assertThat(t.path("toolCalls").asInt()).isEqualTo(3);
        assertThat(t.path("toolErrors").asInt()).isEqualTo(1);
        Result all = run("trials", f.runDir().toString(), "--json");
        JsonNode every = new ObjectMapper().readTree(all.out());
        for (JsonNode n : every) {
            if (n.path("caseId").asText().equals(TranscriptFixture.PASSED_CASE)) {
                assertThat(n.path("cause").isNull()).isTrue();
                assertThat(n.path("toolCalls").asInt()).isEqualTo(1);
            }
            if (n.path("caseId").asText().equals(TranscriptFixture.TIMEOUT_CASE)) {
                assertThat(n.path("cause").asText()).isEqualTo("timeout");
            }
        }
        assertThat(run("trials", f.runDir().toString(), "--grep", "no such text anywhere")
                        .out())
                .doesNotContain(TranscriptFixture.FAILED_CASE);
        assertThat(run("trials", f.runDir().toString(), "--grep", " ").code()).isEqualTo(2);
    }

    @Test
    void textOutputShowsControlCharactersFromTheTraceEscapedOnce() throws Exception {
        Path trace = root.resolve("e/runs/20260101T000000Z-abcdef/traces/default/evil/0.json");
        Files.createDirectories(trace.getParent());
        Files.writeString(
                trace,
                "{\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\"evil\",\"trial\":0,\"trace\":{\"events\":["
                        + "{\"kind\":\"tool_call\",\"server\":\"s\",\"name\":\"t\",\"output\":\"out\\u001b]0;pwned\\u0007\"}],"
                        + "\"finalText\":\"bye\\u001b[2J\\u009b\"}}");
        Result r = run("transcript", trace.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b");
        assertThat(r.out()).contains("bye\\u001b[2J\\u009b").contains("out\\u001b]0;pwned\\u0007");
    }
}
