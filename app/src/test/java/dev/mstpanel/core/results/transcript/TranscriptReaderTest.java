package dev.mstpanel.core.results.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.mstpanel.core.results.ResultsReader;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.testsupport.RunFixture;
import dev.mstpanel.testsupport.TranscriptFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading transcripts of fixture trials (docs/dev/mst-format.md, Trace): every event kind, bad shapes, redaction, prompts. */
class TranscriptReaderTest {
    @TempDir
    Path root;

    private final ResultsReader results = new ResultsReader();
    private final TranscriptReader reader = new TranscriptReader(TranscriptReader.WINDOW_OUTPUT_CHARS);

    @AfterEach
    void close() {
        results.close();
    }

    private TrialRecord trial(RunFixture f, String caseId) {
        RunInfo run = results.readRun(f.runDir());
        return results.readTrials(run).stream()
                .filter(t -> t.caseId().equals(caseId))
                .findFirst()
                .orElseThrow();
    }

    private Transcript open(RunFixture f, String caseId) {
        RunInfo run = results.readRun(f.runDir());
        return reader.read(trial(f, caseId), run.redactStoredResponses());
    }

    @Test
    void everyEventKindIsReadInFileOrderWithItsFields() {
        RunFixture f = TranscriptFixture.build(root);
        Transcript t = open(f, TranscriptFixture.FAILED_CASE);
        assertThat(t.problems()).isEmpty();
        assertThat(t.events())
                .extracting(TranscriptEvent::kind)
                .containsExactly(
                        "tool_search",
                        "skill",
                        "tool_call",
                        "tool_call",
                        "command",
                        "subagent",
                        "tool_call",
                        "memory_write");
        assertThat(t.events()).extracting(TranscriptEvent::index).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        TranscriptEvent search = t.events().get(0);
        assertThat(search.resultNames()).containsExactly("mail · send_message", "mail · draft_message");
        assertThat(search.builtin()).isTrue();
        TranscriptEvent send = t.events().get(3);
        assertThat(send.title()).isEqualTo("mail · send_message");
        assertThat(send.rawName()).isEqualTo("mcp__mail__send_message");
        assertThat(send.renamed()).isTrue();
        assertThat(send.failed()).isTrue();
        assertThat(send.output()).isEqualTo(TranscriptFixture.FAILED_OUTPUT_TEXT);
        assertThat(send.arguments().path("subject").asText()).isEqualTo("Weekly summary");
        assertThat(send.durationMs()).isEqualTo(1_210L);
        assertThat(send.startedAt()).isEqualTo("2026-01-05T10:15:01.900Z");
        assertThat(t.events().get(6).simulated()).isTrue();
        assertThat(t.events().get(5).isError()).isNull(); // not observed: absent, not false
    }

    @Test
    void anUnknownKindAndUnknownFieldsAreKeptRaw() {
        Transcript t = open(TranscriptFixture.build(root), TranscriptFixture.FAILED_CASE);
        TranscriptEvent unknown = t.events().get(7);
        assertThat(unknown.knownKind()).isFalse();
        assertThat(unknown.title()).isEqualTo("remember");
        assertThat(unknown.extra()).containsKeys("scope", "payload", "id");
        assertThat(unknown.extra().get("payload").path("fact").asText()).isEqualTo("the team address bounces");
        assertThat(t.extra()).containsKey("futureField");
        assertThat(t.extra().get("futureField").asText()).isEqualTo("kept as it is");
    }

    @Test
    void theFieldsBesideTheTraceAndThePromptAreRead() {
        Transcript t = open(TranscriptFixture.build(root), TranscriptFixture.FAILED_CASE);
        assertThat(t.prompt()).isEqualTo(TranscriptFixture.PROMPT);
        assertThat(t.finalText()).startsWith("I could not send the summary");
        assertThat(TranscriptFormat.usage(t.usage()))
                .isEqualTo("18,450 in · 1,320 out · 12,000 cache read · 2,048 cache write · $0.0873 · 9.8 s");
        assertThat(t.clientUsage().path("inputTokens").asInt()).isEqualTo(18_900);
        assertThat(t.skillLoads().get(0).path("name").asText()).isEqualTo("weekly-summary");
        assertThat(t.claudeStartup().path("model").asText()).isEqualTo("claude-sonnet-4-5");
        assertThat(t.traceEvidence()).isEqualTo("structured");
        assertThat(t.evidence()).isEqualTo("structured");
        assertThat(t.redacted()).isFalse();
    }

    @Test
    void theFirstFailedCallIsWhereTheTrialWentWrong() {
        Transcript t = open(TranscriptFixture.build(root), TranscriptFixture.FAILED_CASE);
        assertThat(t.failingIndex()).isEqualTo(TranscriptFixture.FAILING_INDEX);
        assertThat(t.cause()).isEqualTo("tool error: mail · send_message");
        assertThat(t.toolCalls()).isEqualTo(3);
        assertThat(t.toolErrors()).isEqualTo(1);
    }

    @Test
    void aTimeoutMarksTheLastCallBeforeIt() {
        Transcript t = open(TranscriptFixture.build(root), TranscriptFixture.TIMEOUT_CASE);
        assertThat(t.failingIndex()).isEqualTo(1);
        assertThat(t.failingEvent().name()).isEqualTo("book_room");
        assertThat(t.cause()).isEqualTo("timeout");
        assertThat(t.prompt()).isEqualTo("Book a room for Friday at 10.");
    }

    @Test
    void aRedactedRunSaysSoOnce() {
        TranscriptFixture.build(root);
        RunFixture red = RunFixture.create(root, TranscriptFixture.EVAL, TranscriptFixture.REDACTED_RUN_ID);
        Transcript t = open(red, TranscriptFixture.FAILED_CASE);
        assertThat(t.redacted()).isTrue();
        assertThat(Transcript.REDACTED_NOTICE).contains("tool results and the final answer were not kept");
        assertThat(t.events()).hasSize(1);
        assertThat(t.events().get(0).output()).isNull();
        assertThat(t.finalText()).isNull();
        assertThat(t.promptNote()).contains("no results.json");
    }

    @Test
    void aTraceThatIsNotAnObjectIsSaidInPlace() {
        Transcript t = open(TranscriptFixture.build(root), TranscriptFixture.NOT_OBJECT_CASE);
        assertThat(t.events()).isEmpty();
        assertThat(t.problems()).singleElement().asString().contains("trace is a string, not an object");
        assertThat(t.extra().get("trace").asText()).isEqualTo("the trace was not captured");
    }

    @Test
    void eventsThatAreNotAnArrayAreSaidInPlaceAndTheRestIsRead() {
        Transcript t = open(TranscriptFixture.build(root), TranscriptFixture.NOT_ARRAY_CASE);
        assertThat(t.events()).isEmpty();
        assertThat(t.problems()).singleElement().asString().contains("events are an object, not an array");
        assertThat(t.finalText()).isEqualTo("done");
        assertThat(t.extra()).containsKey("trace.events");
    }

    @Test
    void aTraceThatIsNotJsonIsSaidInWordsWithoutTheParsersText() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path p = f.tracePath("default", "notes-case", 0);
        Files.createDirectories(p.getParent());
        Files.writeString(p, "hello, these are my notes");
        Transcript t = open(f, "notes-case");
        assertThat(t.events()).isEmpty();
        assertThat(t.problems())
                .singleElement()
                .asString()
                .isEqualTo("The trace is not valid JSON at line 1, column 1, so no event can be shown.");
    }

    @Test
    void aFiveThousandEventTraceReadsWithTheFailedCallFound() {
        RunFixture f = TranscriptFixture.build(root);
        TranscriptFixture.longTrace(f, TranscriptFixture.LONG_CASE, 5_000, 2_000);
        Transcript t = open(f, TranscriptFixture.LONG_CASE);
        assertThat(t.events()).hasSize(5_000);
        assertThat(t.failingIndex()).isEqualTo(3_000);
        assertThat(t.events().get(4_999).arguments().path("path").asText()).isEqualTo("/work/docs/page-4999.md");
    }

    @Test
    void aLongTraceHandsItsFirstEventsOverBeforeTheRestAndThenTheRestInOrder() {
        RunFixture f = TranscriptFixture.build(root);
        TranscriptFixture.longTrace(f, TranscriptFixture.LONG_CASE, 5_000, 2_000);
        TrialRecord trial = trial(f, TranscriptFixture.LONG_CASE);
        List<String> calls = new java.util.ArrayList<>();
        List<TranscriptEvent> handedOver = new java.util.ArrayList<>();
        Transcript[] head = new Transcript[1];
        Transcript t = reader.read(trial, false, new TranscriptReader.Progress() {
            @Override
            public void first(Transcript h) {
                calls.add("first");
                head[0] = h;
                handedOver.addAll(h.events());
            }

            @Override
            public void more(List<TranscriptEvent> events) {
                calls.add("more");
                handedOver.addAll(events);
            }
        });
        calls.add("done");
        // the first events come before the rest is read: at most FIRST_EVENTS of them, with the prompt, nothing after
        // the events yet
        assertThat(calls.get(0)).isEqualTo("first");
        assertThat(calls).last().isEqualTo("done");
        assertThat(calls.stream().filter("first"::equals)).hasSize(1);
        assertThat(head[0].events()).isNotEmpty().hasSizeLessThanOrEqualTo(TranscriptReader.FIRST_EVENTS);
        assertThat(head[0].prompt()).isEqualTo(t.prompt());
        assertThat(head[0].finalText()).isNull();
        assertThat(head[0].usage()).isNull();
        assertThat(head[0].failingIndex()).isEqualTo(-1); // the failed call (3,000) is not among them
        // what was handed over is the start of the whole transcript, in file order, each event once
        assertThat(handedOver.size()).isLessThan(t.events().size());
        assertThat(handedOver).isEqualTo(t.events().subList(0, handedOver.size()));
        assertThat(t.events()).hasSize(5_000);
        assertThat(t.failingIndex()).isEqualTo(3_000);
        assertThat(t.finalText()).isEqualTo("Read 5000 pages.");
    }

    @Test
    void aShortTraceIsHandedOverOnlyWhole() {
        RunFixture f = TranscriptFixture.build(root);
        List<String> calls = new java.util.ArrayList<>();
        Transcript t = reader.read(trial(f, TranscriptFixture.FAILED_CASE), false, new TranscriptReader.Progress() {
            @Override
            public void first(Transcript h) {
                calls.add("first");
            }

            @Override
            public void more(List<TranscriptEvent> events) {
                calls.add("more");
            }
        });
        assertThat(calls).isEmpty();
        assertThat(t.events()).isNotEmpty();
    }

    @Test
    void aFiftyMegabyteOutputIsCutWithAMessage() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        String big =
                "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\"huge\",\"trial\":0,"
                        + "\"trace\":{\"events\":[{\"kind\":\"tool_call\",\"server\":\"files\",\"name\":\"read\",\"output\":\""
                        + "y".repeat(50 * 1024 * 1024) + "\"}],\"finalText\":\"read it\"}}";
        Path p = f.tracePath("default", "huge", 0);
        Files.createDirectories(p.getParent());
        Files.writeString(p, big);
        Transcript t = open(f, "huge");
        TranscriptEvent e = t.events().get(0);
        assertThat(e.outputCut()).isTrue();
        assertThat(e.output()).hasSize(TranscriptReader.WINDOW_OUTPUT_CHARS);
        assertThat(e.outputChars()).isEqualTo(50L * 1024 * 1024);
        assertThat(e.problem())
                .isEqualTo(
                        "This output is 50.0 MiB of text; the first 1.0 MiB is shown. Open the trace file to see all of it.");
        assertThat(t.finalText()).isEqualTo("read it");
    }

    @Test
    void aFileByPathOutsideARunIsReadAndAFileThatIsNotATrialIsRefused() throws Exception {
        RunFixture f = TranscriptFixture.build(root);
        Path copy = root.resolve("copy.json");
        Files.copy(f.tracePath("default", TranscriptFixture.FAILED_CASE, 0), copy);
        Transcript t = reader.read(copy);
        assertThat(t.trial().caseId()).isEqualTo(TranscriptFixture.FAILED_CASE);
        assertThat(t.events()).hasSize(8);
        Path inRun = f.tracePath("default", TranscriptFixture.FAILED_CASE, 0);
        assertThat(reader.read(inRun).trial().status()).isEqualTo(TrialStatus.FAILED);
        Path run = f.runDir().resolve("run.json");
        assertThatThrownBy(() -> reader.read(run))
                .isInstanceOf(TranscriptReader.NotATrialException.class)
                .hasMessageContaining("not \"trial\"");
        Path text = root.resolve("notes.json");
        Files.writeString(text, "hello");
        assertThatThrownBy(() -> reader.read(text)).hasMessageContaining("not a trial's trace");
        assertThatThrownBy(() -> reader.read(root.resolve("nothing.json"))).hasMessageContaining("There is no file at");
    }

    @Test
    void theListingCountsToolCallsAndNamesTheFirstFailedCall() {
        RunFixture f = TranscriptFixture.build(root);
        TrialRecord t = trial(f, TranscriptFixture.FAILED_CASE);
        assertThat(t.toolCalls()).isEqualTo(3);
        assertThat(t.toolErrors()).isEqualTo(1);
        assertThat(t.failedTool()).isEqualTo("mail · send_message");
        assertThat(t.cause()).isEqualTo("tool error: mail · send_message");
        assertThat(trial(f, TranscriptFixture.PASSED_CASE).cause()).isNull();
    }

    @Test
    void aSearchAcrossTrialsFindsTextInValuesAndToolsByName() {
        RunFixture f = TranscriptFixture.build(root);
        RunInfo run = results.readRun(f.runDir());
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.TEXT, "MAILBOX DOES NOT allow")))
                .containsExactly(TranscriptFixture.FAILED_CASE);
        // a field name is not transcript text
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.TEXT, "rawName")))
                .isEmpty();
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.TEXT, "design review")))
                .containsExactlyInAnyOrder(TranscriptFixture.FAILED_CASE, TranscriptFixture.PASSED_CASE);
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.CALLED_TOOL, "list_events")))
                .containsExactlyInAnyOrder(TranscriptFixture.FAILED_CASE, TranscriptFixture.PASSED_CASE);
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.TOOL_FAILED, "mail · send_message")))
                .containsExactly(TranscriptFixture.FAILED_CASE);
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.TOOL_FAILED, "list_events")))
                .isEmpty();
        // text JSON escapes (a quote) is found by parsing
        assertThat(cases(run, new TranscriptQuery(TranscriptQuery.Mode.TEXT, "\"title\":\"Planning\"")))
                .containsExactly(TranscriptFixture.FAILED_CASE);
    }

    private List<String> cases(RunInfo run, TranscriptQuery q) {
        List<String> out = new java.util.ArrayList<>();
        results.readTrials(run, q, b -> b.forEach(t -> out.add(t.caseId())));
        return out;
    }
}
