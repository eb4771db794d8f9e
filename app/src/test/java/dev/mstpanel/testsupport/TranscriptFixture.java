package dev.mstpanel.testsupport;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Trials with transcripts, built the way MST writes them (docs/dev/mst-format.md, Trace), for the transcript
 * tests, benchmarks and screenshots: every event kind, a failed call, a simulated write, a renamed
 * tool, an unknown kind with unknown fields, a timeout, a trace that is not an object, events that
 * are not an array, a redacted run and a long trace.
 */
public final class TranscriptFixture {
    public static final String EVAL = "mail-assistant";
    public static final String RUN_ID = "20260105T101500Z-c0ffee";
    public static final String REDACTED_RUN_ID = "20260104T090000Z-0addad";
    /** A failed trial: its 4th event (index 3) is the failed call mail · send_message. */
    public static final String FAILED_CASE = "send-weekly-summary";

    public static final int FAILING_INDEX = 3;
    public static final String PROMPT = "Summarise this week's meetings and email the summary to the team.";
    public static final String PASSED_CASE = "find-next-meeting";
    public static final String TIMEOUT_CASE = "book-room";
    public static final String NOT_OBJECT_CASE = "trace-not-object";
    public static final String NOT_ARRAY_CASE = "events-not-array";
    public static final String LONG_CASE = "long-session";
    /** The text only the failed call's output holds, for searches. */
    public static final String FAILED_OUTPUT_TEXT =
            "403 Forbidden: the mailbox does not allow sending as team@example.com";

    private TranscriptFixture() {}

    /** Builds the run (and a redacted run of the same eval) under a results root; returns the main run. */
    /**
     * {@link #build} in a fresh results root of its own under {@code home}
     * ({@code results-<n>/.mcp-test-results}), for a test that opens a new window per test method.
     */
    public static RunFixture buildIn(Path home) throws java.io.IOException {
        Path results = home.resolve("results-" + System.nanoTime()).resolve(".mcp-test-results");
        java.nio.file.Files.createDirectories(results);
        return build(results);
    }

    public static RunFixture build(Path resultsRoot) {
        RunFixture f = RunFixture.create(resultsRoot, EVAL, RUN_ID).runJson(EVAL, "default");
        f.resultsJson(
                "default",
                FAILED_CASE,
                PROMPT,
                "default",
                PASSED_CASE,
                "When is my next meeting?",
                "default",
                TIMEOUT_CASE,
                "Book a room for Friday at 10.");
        failedTrial(f, "default", FAILED_CASE, 0);
        f.score("judge.accuracy", "default", FAILED_CASE, 0, false, "The summary was never sent.");
        f.score("textContains", "default", FAILED_CASE, 0, false, "No 'sent' in the answer.");
        RunFixture.diagnosis(f.artifacts("default", FAILED_CASE, 0), 120);

        ArrayNode ok = RunFixture.events();
        RunFixture.event(ok, "tool_call", "mcp", "calendar", "list_events", 0, 410)
                .put("isError", false)
                .put("output", "[{\"title\":\"Design review\",\"start\":\"2026-01-06T10:00:00Z\"}]")
                .putObject("arguments")
                .put("from", "now");
        ObjectNode okTrace =
                RunFixture.fields().put("finalText", "Your next meeting is the design review on Tuesday at 10:00.");
        okTrace.putObject("usage")
                .put("inputTokens", 1200)
                .put("outputTokens", 80)
                .put("durationMs", 5200);
        f.transcript("default", PASSED_CASE, 0, ok, okTrace, null);
        f.score("judge.accuracy", "default", PASSED_CASE, 0, true, "Right meeting.");

        ArrayNode slow = RunFixture.events();
        RunFixture.event(slow, "tool_call", "mcp", "rooms", "find_rooms", 0, 900)
                .put("isError", false)
                .put("output", "3 rooms free");
        RunFixture.event(slow, "tool_call", "mcp", "rooms", "book_room", 1_500, 298_000)
                .putObject("arguments")
                .put("room", "Ada")
                .put("at", "Fri 10:00");
        ObjectNode timeout =
                RunFixture.fields().put("infrastructureError", true).put("error", "The trial timed out after 300 s");
        timeout.putObject("clientDiagnostics").put("failureKind", "timeout");
        f.transcript("default", TIMEOUT_CASE, 0, slow, null, timeout);

        try {
            Path notObject = f.tracePath("default", NOT_OBJECT_CASE, 0);
            Files.createDirectories(notObject.getParent());
            Files.writeString(
                    notObject,
                    "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\""
                            + NOT_OBJECT_CASE
                            + "\",\"trial\":0,\"infrastructureError\":false,\"trace\":\"the trace was not captured\"}");
            Path notArray = f.tracePath("default", NOT_ARRAY_CASE, 0);
            Files.createDirectories(notArray.getParent());
            Files.writeString(
                    notArray,
                    "{\"format\":\"mst.run/v1\",\"kind\":\"trial\",\"variant\":\"default\",\"caseId\":\""
                            + NOT_ARRAY_CASE
                            + "\",\"trial\":0,\"infrastructureError\":false,\"trace\":{\"events\":{\"kind\":\"tool_call\"},\"finalText\":\"done\"}}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        RunFixture r = RunFixture.create(resultsRoot, EVAL, REDACTED_RUN_ID)
                .runJson(EVAL, "default")
                .redacted(true);
        ArrayNode red = RunFixture.events();
        RunFixture.event(red, "tool_call", "mcp", "mail", "send_message", 0, 700)
                .put("isError", true)
                .putObject("arguments")
                .put("to", "team@example.com");
        r.transcript("default", FAILED_CASE, 0, red, null, null);
        r.score("judge.accuracy", "default", FAILED_CASE, 0, false, "Not sent.");
        return f;
    }

    /**
     * Writes the failed trial: tool_search, skill, a good call, the failed renamed call (index 3), a
     * built-in command, a subagent, a simulated write, an unknown kind with unknown fields; the final
     * answer, usage, client usage, skill loads, Claude's start-up and trace evidence.
     */
    public static void failedTrial(RunFixture f, String variant, String caseId, int trial) {
        ArrayNode ev = RunFixture.events();
        ObjectNode search = RunFixture.event(ev, "tool_search", "builtin", null, "tool_search", 0, 35);
        search.putObject("arguments").put("query", "send email");
        ArrayNode found = search.putArray("results");
        found.addObject().put("name", "send_message").put("server", "mail");
        found.addObject().put("name", "draft_message").put("server", "mail");
        RunFixture.event(ev, "skill", "builtin", null, "weekly-summary", 60, 12).put("isError", false);
        ObjectNode list = RunFixture.event(ev, "tool_call", "mcp", "calendar", "list_events", 120, 640)
                .put("isError", false)
                .put(
                        "output",
                        "[{\"title\":\"Design review\",\"day\":\"Tue\"},{\"title\":\"Planning\",\"day\":\"Thu\"}]");
        list.putObject("arguments").put("from", "2026-01-05").put("to", "2026-01-09");
        ObjectNode send = RunFixture.event(ev, "tool_call", "mcp", "mail", "send_message", 1_900, 1_210)
                .put("rawName", "mcp__mail__send_message")
                .put("isError", true)
                .put("output", FAILED_OUTPUT_TEXT);
        send.putObject("arguments")
                .put("to", "team@example.com")
                .put("subject", "Weekly summary")
                .put("body", "Design review (Tue), Planning (Thu).");
        RunFixture.event(ev, "command", "builtin", null, "bash", 3_400, 95)
                .put("isError", false)
                .put("output", "ok")
                .putObject("arguments")
                .put("command", "date +%F");
        RunFixture.event(ev, "subagent", "builtin", null, "researcher", 3_600, 2_400)
                .put("output", "The team list is in the wiki.");
        ObjectNode draft = RunFixture.event(ev, "tool_call", "mcp", "mail", "draft_message", 6_200, 150)
                .put("isError", false)
                .put("simulatedWrite", true)
                .put("output", "{\"id\":\"draft-1\",\"status\":\"saved\"}");
        draft.putObject("arguments").put("to", "team@example.com");
        ObjectNode unknown = RunFixture.event(ev, "memory_write", "builtin", null, "remember", 6_500, 8);
        unknown.put("scope", "session").putObject("payload").put("fact", "the team address bounces");
        ObjectNode trace = RunFixture.fields()
                .put("finalText", "I could not send the summary: the mailbox refused it. A draft is saved.")
                .put("evidence", "structured");
        trace.putObject("usage")
                .put("inputTokens", 18_450)
                .put("outputTokens", 1_320)
                .put("cacheReadInputTokens", 12_000)
                .put("cacheCreationInputTokens", 2_048)
                .put("totalCostUsd", 0.0873)
                .put("durationMs", 9_800);
        ObjectNode top = RunFixture.fields().put("traceEvidence", "structured");
        top.putObject("clientUsage").put("inputTokens", 18_900).put("outputTokens", 1_400);
        top.putArray("skillLoads")
                .addObject()
                .put("name", "weekly-summary")
                .put("server", "skills")
                .put("via", "tool")
                .put("verified", true);
        ObjectNode startup = top.putObject("clientDiagnostics")
                .putObject("claudeStartup")
                .put("status", "ready")
                .put("elapsedMs", 14_200)
                .put("model", "claude-sonnet-4-5")
                .put("version", "1.0.3");
        ObjectNode server =
                startup.putArray("servers").addObject().put("name", "mail").put("status", "connected");
        server.putArray("tools").add("send_message").add("draft_message");
        top.put("futureField", "kept as it is");
        f.transcript(variant, caseId, trial, ev, trace, top);
    }

    /** Writes a trace of {@code events} tool calls with outputs of ~{@code outputChars}, the 3 001st failed. */
    public static Path longTrace(RunFixture f, String caseId, int events, int outputChars) {
        ArrayNode ev = RunFixture.events();
        String pad = "x".repeat(Math.max(0, outputChars - 60));
        for (int i = 0; i < events; i++) {
            ObjectNode e = RunFixture.event(
                    ev,
                    "tool_call",
                    "mcp",
                    i % 2 == 0 ? "files" : "search",
                    i % 2 == 0 ? "read_file" : "query",
                    i * 250L,
                    40 + i % 200);
            e.put("isError", i == 3_000).put("output", "result " + i + " " + pad);
            e.putObject("arguments").put("path", "/work/docs/page-" + i + ".md").put("offset", i * 10);
        }
        ObjectNode trace = RunFixture.fields().put("finalText", "Read " + events + " pages.");
        trace.putObject("usage").put("inputTokens", 2_000_000).put("outputTokens", 40_000);
        f.transcript("default", caseId, 0, ev, trace, RunFixture.fields().put("error", "Read failed on page 3000"));
        return f.tracePath("default", caseId, 0);
    }

    /** The trial of {@link #FAILED_CASE} that passes ({@link #passingTrial}). */
    public static final int PASSING_TRIAL = 1;

    /**
     * Writes a passing trial ({@link #PASSING_TRIAL}) of {@link #FAILED_CASE}, to align with the failed one: the same
     * first three calls, the mail sent with another subject and no error, the same command, then a check of the sent
     * folder the failed trial never made (and none of its subagent, draft and memory events).
     */
    public static Path passingTrial(RunFixture f) {
        ArrayNode ev = RunFixture.events();
        ObjectNode search = RunFixture.event(ev, "tool_search", "builtin", null, "tool_search", 0, 30);
        search.putObject("arguments").put("query", "send email");
        search.putArray("results").addObject().put("name", "send_message").put("server", "mail");
        RunFixture.event(ev, "skill", "builtin", null, "weekly-summary", 50, 10).put("isError", false);
        RunFixture.event(ev, "tool_call", "mcp", "calendar", "list_events", 100, 600)
                .put("isError", false)
                .put("output", "[{\"title\":\"Design review\",\"day\":\"Tue\"}]")
                .putObject("arguments")
                .put("from", "2026-01-05")
                .put("to", "2026-01-09");
        RunFixture.event(ev, "tool_call", "mcp", "mail", "send_message", 1_800, 900)
                .put("rawName", "mcp__mail__send_message")
                .put("isError", false)
                .put("output", "{\"id\":\"msg-7\",\"status\":\"sent\"}")
                .putObject("arguments")
                .put("to", "team@example.com")
                .put("subject", "Weekly summary (5-9 Jan)")
                .put("body", "Design review (Tue), Planning (Thu).");
        RunFixture.event(ev, "command", "builtin", null, "bash", 2_800, 90)
                .put("isError", false)
                .put("output", "ok")
                .putObject("arguments")
                .put("command", "date +%F");
        RunFixture.event(ev, "tool_call", "mcp", "mail", "list_sent", 3_000, 200)
                .put("isError", false)
                .put("output", "1 message")
                .putObject("arguments")
                .put("limit", 1);
        ObjectNode trace = RunFixture.fields().put("finalText", "The weekly summary is sent to the team.");
        trace.putObject("usage")
                .put("inputTokens", 15_200)
                .put("outputTokens", 980)
                .put("durationMs", 6_400);
        f.transcript("default", FAILED_CASE, PASSING_TRIAL, ev, trace, null);
        f.score("judge.accuracy", "default", FAILED_CASE, PASSING_TRIAL, true, "Sent.");
        f.score("textContains", "default", FAILED_CASE, PASSING_TRIAL, true, "'sent' is in the answer.");
        return f.tracePath("default", FAILED_CASE, PASSING_TRIAL);
    }
}
