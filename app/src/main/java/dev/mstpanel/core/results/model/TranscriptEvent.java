package dev.mstpanel.core.results.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One event of a trial's {@code trace.events[]} (docs/dev/mst-format.md, Trace), in file order. Every field
 * but {@code index} may be null: a field absent from the file, or one whose value has a type the
 * format does not give (then its raw value is in {@code extra}, under its own name).
 *
 * @param index the 0-based position in {@code trace.events[]}
 * @param kind {@code tool_call}, {@code skill}, {@code command}, {@code subagent}, {@code tool_search}, or
 *     a kind the panel does not know (shown as it is)
 * @param source {@code mcp} or {@code builtin}
 * @param server the MCP server's label
 * @param name the tool's name (for MCP calls, the server's own name)
 * @param rawName the name the model used (a renamed or provider-encoded tool)
 * @param arguments the call's arguments as written (usually an object)
 * @param output the result as text; a JSON value that is not a string is kept as its JSON text.
 *     Cut to the reader's output limit: see {@code outputChars}
 * @param outputChars the output's whole length in chars (more than {@code output.length()} when cut), or 0
 * @param isError true when the call failed; null when not observed
 * @param durationMs how long it took, in ms
 * @param startedAt ISO-8601 time as written
 * @param completedAt ISO-8601 time as written
 * @param results {@code tool_search} only: the tools found, as written ({@code [{name, server?}]})
 * @param simulatedWrite true when MST's dry-run proxy invented the output (the write never reached the server)
 * @param extra every field the panel does not know (and {@code id}), raw, in file order
 * @param problem why the event could not be read as an object, or null
 */
public record TranscriptEvent(
        int index,
        String kind,
        String source,
        String server,
        String name,
        String rawName,
        JsonNode arguments,
        String output,
        long outputChars,
        Boolean isError,
        Long durationMs,
        String startedAt,
        String completedAt,
        JsonNode results,
        Boolean simulatedWrite,
        Map<String, JsonNode> extra,
        String problem) {
    /** The event kinds of the docs/dev/mst-format.md, Trace. */
    public static final List<String> KNOWN_KINDS = List.of("tool_call", "skill", "command", "subagent", "tool_search");

    public TranscriptEvent {
        extra = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }

    /** True when {@code isError} is true. */
    public boolean failed() {
        return Boolean.TRUE.equals(isError);
    }

    /** True when {@code simulatedWrite} is true. */
    public boolean simulated() {
        return Boolean.TRUE.equals(simulatedWrite);
    }

    /** True for one of the client's own tools ({@code source: builtin}). */
    public boolean builtin() {
        return "builtin".equals(source);
    }

    /** True when the kind is one MST's format (docs/dev/mst-format.md) names. */
    public boolean knownKind() {
        return kind != null && KNOWN_KINDS.contains(kind);
    }

    /** True when the output was cut to the reader's limit. */
    public boolean outputCut() {
        return output != null && outputChars > output.length();
    }

    /** How a person reads the tool: {@code server · name}, or the name alone, or the kind when there is no name. */
    public String title() {
        String n = name != null ? name : rawName;
        if (n == null) {
            return kind == null ? "(no kind)" : kind;
        }
        return server == null ? n : server + " · " + n;
    }

    /** True when the model used another name than the tool's own. */
    public boolean renamed() {
        return rawName != null && !rawName.equals(name);
    }

    /** The names of a {@code tool_search}'s results ({@code server · name} when a server is given). */
    public List<String> resultNames() {
        List<String> out = new ArrayList<>();
        if (results != null && results.isArray()) {
            for (JsonNode r : results) {
                String n = r.path("name").isTextual()
                        ? r.path("name").asText()
                        : r.isTextual() ? r.asText() : r.toString();
                out.add(r.path("server").isTextual() ? r.path("server").asText() + " · " + n : n);
            }
        }
        return out;
    }
}
