package dev.mstpanel.ui.results.transcript;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.model.Transcript;
import dev.mstpanel.core.results.transcript.TranscriptFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/**
 * The sections of a transcript after its events (docs/dev/mst-format.md, Trace, and the fields MST keeps
 * beside the trace): the final answer, usage (trace and client), errors (the trial's, the trace's,
 * grading), Claude's start-up, the skills loaded, the evidence and every field the panel does not
 * know, as written. Text only: {@link TranscriptRowNodes#section} makes their nodes.
 */
final class TranscriptSections {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TranscriptSections() {}

    /**
     * One section's content.
     *
     * @param id the section's name, in its body's node id ({@code transcript-<id>}): {@code final},
     *     {@code usage}, {@code errors}, {@code startup}, {@code skills}, {@code evidence}, {@code extra},
     *     {@code reading}
     * @param body the text shown (cut at {@link TranscriptRowNodes#SHOWN_CHARS} characters)
     * @param monospace true for code-like text (errors, raw JSON)
     * @param style a style class ({@code section-error}, {@code section-final}…)
     */
    record Section(String id, String title, Ikon icon, String body, boolean monospace, String style) {}

    /**
     * The section at the end while the trace is read.
     *
     * @param eventsSoFar the events shown so far
     */
    static Section reading(int eventsSoFar) {
        return new Section(
                "reading",
                "Reading the transcript…",
                Feather.LOADER,
                String.format(
                        Locale.ROOT,
                        "%,d events read so far; the final answer, usage and errors follow when the whole trace is read.",
                        eventsSoFar),
                false,
                "section-muted");
    }

    /** The sections after the events, in the order shown; the final answer is always there (said missing when it is). */
    static List<Section> of(Transcript t) {
        List<Section> rows = new ArrayList<>(8);
        if (t.finalText() != null) {
            rows.add(new Section(
                    "final", "Final answer", Feather.MESSAGE_SQUARE, t.finalText(), false, "section-final"));
        } else if (t.redacted()) {
            rows.add(new Section(
                    "final",
                    "Final answer",
                    Feather.MESSAGE_SQUARE,
                    "Not kept: this run stored redacted transcripts.",
                    false,
                    "section-muted"));
        } else {
            rows.add(new Section(
                    "final",
                    "Final answer",
                    Feather.MESSAGE_SQUARE,
                    "The agent gave no final answer.",
                    false,
                    "section-muted"));
        }
        if (t.usage() != null || t.clientUsage() != null) {
            StringBuilder u = new StringBuilder();
            if (t.usage() != null) {
                u.append("Trace: ").append(TranscriptFormat.usage(t.usage()));
            }
            if (t.clientUsage() != null) {
                u.append(u.length() == 0 ? "" : "\n")
                        .append("Client: ")
                        .append(TranscriptFormat.usage(t.clientUsage()));
            }
            rows.add(new Section("usage", "Usage", Feather.ACTIVITY, u.toString(), false, "section-plain"));
        }
        List<String> errors = new ArrayList<>();
        if (t.trial().error() != null) {
            errors.add(t.trial().error());
        }
        if (t.traceError() != null && !t.traceError().equals(t.trial().error())) {
            errors.add("Trace error: " + t.traceError());
        }
        if (t.trial().gradingError() != null) {
            errors.add("Grading error: " + t.trial().gradingError());
        }
        if (!errors.isEmpty()) {
            rows.add(new Section(
                    "errors", "Errors", Feather.ALERT_OCTAGON, String.join("\n", errors), true, "section-error"));
        }
        if (t.claudeStartup() != null) {
            rows.add(new Section(
                    "startup", "Claude's start-up", Feather.POWER, startup(t.claudeStartup()), false, "section-plain"));
        }
        if (t.skillLoads() != null && t.skillLoads().size() > 0) {
            rows.add(new Section(
                    "skills", "Skills loaded", Feather.BOOK_OPEN, skills(t.skillLoads()), false, "section-plain"));
        }
        List<String> evidence = new ArrayList<>();
        if (t.evidence() != null) {
            evidence.add("trace: " + t.evidence());
        }
        if (t.traceEvidence() != null) {
            evidence.add("trial: " + t.traceEvidence());
        }
        if (!evidence.isEmpty()) {
            rows.add(new Section(
                    "evidence",
                    "Evidence (how much of the client's activity MST could see)",
                    Feather.EYE,
                    String.join(" · ", evidence),
                    false,
                    "section-plain"));
        }
        if (!t.extra().isEmpty()) {
            var more = JSON.createObjectNode();
            t.extra().forEach(more::set);
            rows.add(new Section(
                    "extra",
                    "More fields (not known to the panel, shown as written)",
                    Feather.CODE,
                    more.toPrettyString(),
                    true,
                    "section-plain"));
        }
        return rows;
    }

    private static String startup(JsonNode s) {
        StringBuilder sb = new StringBuilder();
        List<String> head = new ArrayList<>();
        for (String f : new String[] {"status", "model", "version"}) {
            if (s.path(f).isValueNode()) {
                head.add(f + " " + s.path(f).asText());
            }
        }
        if (s.path("elapsedMs").isNumber()) {
            head.add("ready in " + TranscriptFormat.duration(s.path("elapsedMs").asLong()));
        }
        sb.append(String.join(" · ", head));
        for (JsonNode srv : s.path("servers")) {
            sb.append("\n")
                    .append(srv.path("name").asText("?"))
                    .append(": ")
                    .append(srv.path("status").asText("?"));
            if (srv.path("tools").isArray()) {
                List<String> tools = new ArrayList<>();
                srv.path("tools")
                        .forEach(x -> tools.add(
                                x.isTextual() ? x.asText() : x.path("name").asText(x.toString())));
                sb.append(" (")
                        .append(tools.size())
                        .append(tools.size() == 1 ? " tool: " : " tools: ")
                        .append(String.join(", ", tools))
                        .append(')');
            }
        }
        return sb.toString();
    }

    private static String skills(JsonNode loads) {
        List<String> out = new ArrayList<>();
        for (JsonNode l : loads) {
            String line = l.path("name").asText("?");
            if (l.path("server").isTextual()) {
                line += " from " + l.path("server").asText();
            }
            if (l.path("via").isTextual()) {
                line += " via " + l.path("via").asText();
            }
            if (l.path("verified").isBoolean()) {
                line += l.path("verified").asBoolean() ? " (verified)" : " (not verified)";
            }
            out.add(line);
        }
        return String.join("\n", out);
    }
}
