package dev.mstpanel.core.results.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * What the agent did in one trial (docs/dev/mst-format.md, Trace): the prompt it got (from the run's
 * {@code results.json}), each event of its trace, its final answer, usage and errors, and the fields
 * MST keeps beside the trace. Read when a trial is opened, never while a run lists.
 *
 * @param trial the trial as listed (status, scores, error)
 * @param prompt {@code cases[].request.input} for this case and variant (a JSON value that is not a
 *     string as pretty JSON), or null
 * @param promptNote why there is no prompt (no results.json, case not in it), or null
 * @param events the events in file order
 * @param finalText {@code trace.finalText}, or null
 * @param usage {@code trace.usage}, or null
 * @param clientUsage {@code clientUsage} (same shape as usage), or null
 * @param traceError {@code trace.error} as text, or null
 * @param evidence {@code trace.evidence} ({@code structured}, {@code observed}, {@code none}), or null
 * @param traceEvidence {@code traceEvidence}, or null
 * @param skillLoads {@code skillLoads[]} as written, or null
 * @param claudeStartup {@code clientDiagnostics.claudeStartup} as written, or null
 * @param redacted true when the run stored redacted transcripts ({@code redactStoredResponses} in run.json)
 * @param failingIndex the index in {@code events} of the call where the trial went wrong, or -1
 * @param extra fields of {@code trace} and of the trial file the panel does not know, raw; keys of the
 *     trial file's own are prefixed by nothing, those of {@code trace} by {@code trace.}
 * @param problems what could not be read as MST's format says (the trace is not an object, events are
 *     not an array, an event is not an object, an output was cut), in plain words
 * @param cause the short cause of a failure ({@link FailureCause}), or null
 */
public record Transcript(
        TrialRecord trial,
        String prompt,
        String promptNote,
        List<TranscriptEvent> events,
        String finalText,
        JsonNode usage,
        JsonNode clientUsage,
        String traceError,
        String evidence,
        String traceEvidence,
        JsonNode skillLoads,
        JsonNode claudeStartup,
        boolean redacted,
        int failingIndex,
        Map<String, JsonNode> extra,
        List<String> problems,
        String cause) {
    /** The one sentence said for a redacted run (docs/dev/mst-format.md, Trace). */
    public static final String REDACTED_NOTICE =
            "This run stored redacted transcripts: tool results and the final answer were not kept "
                    + "(redactStoredResponses is true in run.json). The calls and their arguments are shown.";

    public Transcript {
        events = List.copyOf(events);
        problems = List.copyOf(problems);
        extra = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }

    /**
     * A transcript whose trace is still being read: the trial's head and the events so far, nothing that only the
     * trace's end gives (final text, usage, evidence, problems, cause).
     */
    public static Transcript partial(
            TrialRecord trial,
            String prompt,
            String promptNote,
            List<TranscriptEvent> events,
            boolean redacted,
            int failingIndex) {
        return new Transcript(
                trial,
                prompt,
                promptNote,
                events,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                redacted,
                failingIndex,
                Map.of(),
                List.of(),
                null);
    }

    /** This transcript's head with these events only ({@link #partial}): what a view shows while the rest is read. */
    public Transcript partialWith(List<TranscriptEvent> events, int failingIndex) {
        return partial(trial, prompt, promptNote, events, redacted, failingIndex);
    }

    /** The number of {@code tool_call} events. */
    public int toolCalls() {
        return (int) events.stream().filter(e -> "tool_call".equals(e.kind())).count();
    }

    /** The number of events with {@code isError} true. */
    public int toolErrors() {
        return (int) events.stream().filter(TranscriptEvent::failed).count();
    }

    /** The event where the trial went wrong, or null. */
    public TranscriptEvent failingEvent() {
        return failingIndex < 0 ? null : events.get(failingIndex);
    }
}
