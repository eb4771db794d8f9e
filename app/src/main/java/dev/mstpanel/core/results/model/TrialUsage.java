package dev.mstpanel.core.results.model;

/**
 * What one trial used, as its trial file records it (docs/dev/mst-format.md, Trace): tokens and cost from
 * {@code trace.usage} (else {@code clientUsage}, which has the same shape), and how many of its
 * {@code tool_call} events went to an MCP server ({@code source: "mcp"}). Immutable.
 *
 * @param inputTokens {@code usage.inputTokens}, or null when not recorded
 * @param outputTokens {@code usage.outputTokens}, or null when not recorded
 * @param costUsd {@code usage.totalCostUsd}, else {@code usage.estimatedCostUsd}, in US dollars; null when neither is recorded
 * @param mcpCalls {@code tool_call} events with {@code source} {@code mcp}
 */
public record TrialUsage(Long inputTokens, Long outputTokens, Double costUsd, int mcpCalls) {

    /** Nothing recorded: no usage object and no MCP call. */
    public static final TrialUsage NONE = new TrialUsage(null, null, null, 0);

    /** Input + output tokens, or null when neither is recorded. */
    public Long tokens() {
        if (inputTokens == null && outputTokens == null) {
            return null;
        }
        return (inputTokens == null ? 0 : inputTokens) + (outputTokens == null ? 0 : outputTokens);
    }
}
