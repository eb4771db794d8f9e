package dev.mstpanel.core.results.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialNumbers;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a transcript's numbers read for people, the same in the window and the {@code transcript}
 * command: usage ({@code trace.usage}, docs/dev/mst-format.md, Trace), durations and event times. Stateless.
 */
public final class TranscriptFormat {
    private TranscriptFormat() {}

    /**
     * A usage object in one line: {@code 12,345 in · 1,234 out · 900 reasoning · 10,000 cache read ·
     * 200 cache write · $0.0123 · 41.2 s}; the estimated cost is marked {@code (estimated)}.
     * Fields it does not know are left out (the raw object is shown beside it).
     *
     * @return the line, or {@code "none"} for null
     */
    public static String usage(JsonNode u) {
        if (u == null || !u.isObject()) {
            return u == null ? "none" : u.toString();
        }
        List<String> parts = new ArrayList<>();
        tokens(parts, u, "inputTokens", "in");
        tokens(parts, u, "outputTokens", "out");
        tokens(parts, u, "reasoningOutputTokens", "reasoning");
        tokens(parts, u, "cacheReadInputTokens", "cache read");
        tokens(parts, u, "cacheCreationInputTokens", "cache write");
        Double total = TrialNumbers.COST_USD.valueOf(u.get("totalCostUsd"));
        Double estimated = TrialNumbers.COST_USD.valueOf(u.get("estimatedCostUsd"));
        if (total != null) {
            parts.add(String.format(Locale.ROOT, "$%.4f", total));
        } else if (estimated != null) {
            parts.add(String.format(Locale.ROOT, "$%.4f (estimated)", estimated));
        }
        Long ms = TrialNumbers.DURATION_MS.wholeOf(u.get("durationMs"));
        if (ms != null) {
            parts.add(duration(ms));
        }
        List<String> odd = new ArrayList<>();
        for (String f : new String[] {
            "inputTokens",
            "outputTokens",
            "reasoningOutputTokens",
            "cacheReadInputTokens",
            "cacheCreationInputTokens",
            "totalCostUsd",
            "estimatedCostUsd",
            "durationMs"
        }) {
            if (kindOf(f).isOutOfRange(u.get(f))) {
                odd.add(f);
            }
        }
        if (!odd.isEmpty()) { // said, not printed: a 300-digit figure tells nobody anything
            parts.add(String.join(", ", odd) + " out of range, left out");
        }
        return parts.isEmpty() ? u.toString() : String.join(" · ", parts);
    }

    private static void tokens(List<String> parts, JsonNode u, String field, String label) {
        Long n = TrialNumbers.TOKENS.wholeOf(u.get(field));
        if (n != null) {
            parts.add(String.format(Locale.ROOT, "%,d %s", n, label));
        }
    }

    private static TrialNumbers kindOf(String usageField) {
        return usageField.endsWith("Tokens")
                ? TrialNumbers.TOKENS
                : usageField.endsWith("Usd") ? TrialNumbers.COST_USD : TrialNumbers.DURATION_MS;
    }

    /** A duration in ms as people read it: {@code 320 ms}, {@code 4.2 s}, {@code 3 min 5 s}. */
    public static String duration(long ms) {
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        return (ms / 60_000) + " min " + (ms % 60_000) / 1000 + " s";
    }

    /** An ISO-8601 time ({@code 2026-01-05T10:15:03.120Z}, or with an offset) in ms since the epoch, or -1. */
    public static long millis(String iso) {
        if (iso == null || iso.isBlank()) {
            return -1;
        }
        try {
            return Instant.parse(iso).toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return OffsetDateTime.parse(iso).toInstant().toEpochMilli();
            } catch (DateTimeParseException e2) {
                return -1;
            }
        }
    }

    /** The start of the first event that has one, in ms since the epoch, or -1. */
    public static long firstStart(List<TranscriptEvent> events) {
        for (TranscriptEvent e : events) {
            long at = millis(e.startedAt());
            if (at >= 0) {
                return at;
            }
        }
        return -1;
    }

    /** An offset from the first event: {@code +0 ms}, {@code +4.2 s}. */
    public static String offset(long ms) {
        return "+" + duration(Math.max(0, ms));
    }
}
