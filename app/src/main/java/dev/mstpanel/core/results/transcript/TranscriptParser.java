package dev.mstpanel.core.results.transcript;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.model.TranscriptEvent;
import dev.mstpanel.core.results.model.TrialNumbers;
import dev.mstpanel.core.text.ByteSize;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Streams one trial file (docs/dev/mst-format.md, Results and Trace) into its transcript's parts: every event of
 * its {@code trace} in file order, the trace's {@code finalText}, {@code usage}, {@code error} and
 * {@code evidence}, and the fields MST keeps beside the trace ({@code clientUsage},
 * {@code skillLoads}, {@code clientDiagnostics.claudeStartup}, {@code traceEvidence}). The fields the
 * listing shows ({@link TrialRecord}) are skipped; every other field, known or not, is kept raw in
 * {@code extra} ({@code trace.<name>} for one inside the trace). An event's output text is cut to
 * the output limit (its whole length is kept, and the event says so). What cannot be read is said
 * in {@link Parsed#problems}, never thrown. Used by {@link TranscriptReader}; one instance may parse
 * on several threads at once.
 */
final class TranscriptParser {
    private final ObjectMapper mapper;
    private final int outputLimit;

    /**
     * @param mapper the mapper whose factory makes the parsers (its string length limit applies)
     * @param outputLimitChars the longest output kept per event, in chars ({@link Integer#MAX_VALUE}: all)
     */
    TranscriptParser(ObjectMapper mapper, int outputLimitChars) {
        this.mapper = mapper;
        this.outputLimit = outputLimitChars;
    }

    /**
     * The events and fields of a trace file; what cannot be read (a file gone, cut short, not JSON)
     * is in {@code problems}, with the events read before it.
     *
     * @param file a trial file
     * @param size its length in bytes, as said in a message for a file cut short
     * @param added called on this thread after each event is added, with every event so far (not a
     *     copy: read it before returning), or null
     */
    Parsed parse(Path file, long size, Consumer<List<TranscriptEvent>> added) {
        Parsed p = new Parsed();
        p.added = added;
        List<String> problems = p.problems;
        try (var in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            skipBom(in);
            try (JsonParser jp = mapper.createParser(in)) {
                parseTrial(jp, p, problems);
            }
        } catch (NoSuchFileException e) {
            problems.add("The trace file is gone: " + file + ".");
        } catch (JsonEOFException e) {
            problems.add(
                    "The trace is cut short (" + size + " bytes, ends mid-JSON): the events up to there are shown.");
        } catch (JsonProcessingException e) {
            problems.add(ResultsFiles.notJson("The trace", e)
                    + (p.events.isEmpty()
                            ? ", so no event can be shown."
                            : ": the " + p.events.size() + " events before it are shown."));
        } catch (IOException e) {
            problems.add("The trace could not be read: " + ResultsFiles.why(e));
        }
        return p;
    }

    /**
     * True when a JSON object's top-level fields say it is a trial file (docs/dev/mst-format.md, Results): its
     * {@code kind} is {@code trial}, or it has a {@code caseId} or a {@code trace}. Only the top level is
     * read; the trace is skipped.
     */
    boolean namesATrial(Path file) {
        try (var in = new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            skipBom(in);
            try (JsonParser p = mapper.createParser(in)) {
                if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                    return false;
                }
                while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    com.fasterxml.jackson.core.JsonToken t = p.nextToken();
                    if (f.equals("caseId")
                            || f.equals("trace")
                            || f.equals("kind")
                                    && t == com.fasterxml.jackson.core.JsonToken.VALUE_STRING
                                    && "trial".equals(p.getText())) {
                        return true;
                    }
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            return true; // the listing's reading already said what is wrong with it
        }
        return false;
    }

    /** Skips a UTF-8 byte order mark at the stream's start, if there is one. */
    private static void skipBom(java.io.BufferedInputStream in) throws IOException {
        in.mark(3);
        byte[] b = in.readNBytes(3);
        if (ResultsFiles.bomLength(b, b.length) == 0) {
            in.reset();
        }
    }

    /** A trial file's parts, filled as it is read; the events and problems so far when the read stopped early. */
    static final class Parsed {
        private Consumer<List<TranscriptEvent>> added;
        final List<String> problems = new ArrayList<>();
        final List<TranscriptEvent> events = new ArrayList<>();
        final Map<String, JsonNode> extra = new LinkedHashMap<>();
        String finalText;
        JsonNode usage;
        JsonNode clientUsage;
        String traceError;
        String evidence;
        String traceEvidence;
        JsonNode skillLoads;
        JsonNode claudeStartup;
    }

    private static final java.util.Set<String> LISTED_FIELDS = java.util.Set.of(
            "format",
            "kind",
            "runId",
            "variant",
            "caseId",
            "datasetName",
            "trial",
            "durationMs",
            "infrastructureError",
            "error",
            "gradingError",
            "artifacts",
            "evalName");

    private void parseTrial(JsonParser p, Parsed out, List<String> problems) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            problems.add("The trial file is not a JSON object, so it has no transcript.");
            return;
        }
        boolean sawTrace = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            switch (field) {
                case "trace" -> {
                    sawTrace = true;
                    if (t == JsonToken.START_OBJECT) {
                        parseTrace(p, out, problems);
                    } else {
                        JsonNode raw = p.readValueAsTree();
                        out.extra.put("trace", raw);
                        problems.add("The trial's trace is " + describe(raw)
                                + ", not an object, so it has no events. Its value is shown as written.");
                    }
                }
                case "clientUsage" -> out.clientUsage = nullIfNull(p.readValueAsTree());
                case "skillLoads" -> out.skillLoads = nullIfNull(p.readValueAsTree());
                case "traceEvidence" -> {
                    JsonNode n = p.readValueAsTree();
                    if (n != null && n.isValueNode() && !n.isNull()) {
                        out.traceEvidence = n.asText();
                    } else if (n != null && !n.isNull()) {
                        out.extra.put("traceEvidence", n);
                    }
                }
                case "clientDiagnostics" -> {
                    JsonNode n = p.readValueAsTree();
                    if (n != null && n.isObject()) {
                        JsonNode cs = n.get("claudeStartup");
                        out.claudeStartup = nullIfNull(cs);
                        n.fields().forEachRemaining(e -> {
                            if (!e.getKey().equals("claudeStartup")
                                    && !e.getKey().equals("failureKind")) {
                                out.extra.put("clientDiagnostics." + e.getKey(), e.getValue());
                            }
                        });
                    } else if (n != null && !n.isNull()) {
                        out.extra.put("clientDiagnostics", n);
                    }
                }
                default -> {
                    if (LISTED_FIELDS.contains(field)) {
                        p.skipChildren(); // shown from the listing (TrialRecord)
                    } else {
                        out.extra.put(field, p.readValueAsTree());
                    }
                }
            }
        }
        if (!sawTrace) {
            problems.add("The trial file has no trace, so there are no events to show.");
        }
    }

    private void parseTrace(JsonParser p, Parsed out, List<String> problems) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            switch (field) {
                case "events" -> {
                    if (t == JsonToken.START_ARRAY) {
                        JsonToken e;
                        while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
                            if (e == null) {
                                throw new JsonEOFException(p, null, "end of input in events");
                            }
                            out.events.add(parseEvent(p, e, out.events.size(), problems));
                            if (out.added != null) {
                                out.added.accept(out.events);
                            }
                        }
                    } else {
                        JsonNode raw = p.readValueAsTree();
                        out.extra.put("trace.events", raw);
                        problems.add("The trace's events are " + describe(raw)
                                + ", not an array, so no event can be shown. The value is shown as written.");
                    }
                }
                case "finalText" -> {
                    if (t == JsonToken.VALUE_STRING) {
                        out.finalText = text(p, problems, "the final answer");
                    } else if (t != JsonToken.VALUE_NULL) {
                        out.finalText = ((JsonNode) p.readValueAsTree()).toPrettyString();
                    }
                }
                case "usage" -> out.usage = nullIfNull(p.readValueAsTree());
                case "error" -> out.traceError = t == JsonToken.VALUE_NULL ? null : ResultsFiles.anyText(p, t);
                case "evidence" -> {
                    JsonNode n = p.readValueAsTree();
                    if (n != null && n.isValueNode() && !n.isNull()) {
                        out.evidence = n.asText();
                    } else if (n != null && !n.isNull()) {
                        out.extra.put("trace.evidence", n);
                    }
                }
                default -> out.extra.put("trace." + field, p.readValueAsTree());
            }
        }
    }

    private TranscriptEvent parseEvent(JsonParser p, JsonToken t, int index, List<String> problems) throws IOException {
        Map<String, JsonNode> extra = new LinkedHashMap<>();
        if (t != JsonToken.START_OBJECT) {
            JsonNode raw = p.readValueAsTree();
            extra.put("value", raw);
            return new TranscriptEvent(
                    index,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    0,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    extra,
                    "Event " + (index + 1) + " is " + describe(raw)
                            + ", not an object; its value is shown as written.");
        }
        String kind = null,
                source = null,
                server = null,
                name = null,
                rawName = null,
                startedAt = null,
                completedAt = null,
                output = null;
        JsonNode arguments = null, results = null;
        long outputChars = 0;
        Boolean isError = null, simulated = null;
        Long duration = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken v = p.nextToken();
            switch (f) {
                case "kind" -> kind = string(p, v, f, extra);
                case "source" -> source = string(p, v, f, extra);
                case "server" -> server = string(p, v, f, extra);
                case "name" -> name = string(p, v, f, extra);
                case "rawName" -> rawName = string(p, v, f, extra);
                case "startedAt" -> startedAt = string(p, v, f, extra);
                case "completedAt" -> completedAt = string(p, v, f, extra);
                case "arguments" -> arguments = nullIfNull(p.readValueAsTree());
                case "results" -> results = nullIfNull(p.readValueAsTree());
                case "output" -> {
                    if (v == JsonToken.VALUE_STRING) {
                        int n = p.getTextLength();
                        if (n <= outputLimit) {
                            output = p.getText(); // one copy of the parser's buffer, none through a writer
                        } else {
                            output = new String(p.getTextCharacters(), p.getTextOffset(), outputLimit);
                        }
                        outputChars = n;
                    } else if (v != JsonToken.VALUE_NULL) {
                        output = ((JsonNode) p.readValueAsTree()).toPrettyString();
                        outputChars = output.length();
                        if (output.length() > outputLimit) {
                            output = output.substring(0, outputLimit);
                        }
                    }
                }
                case "isError", "simulatedWrite" -> {
                    Boolean b = v == JsonToken.VALUE_TRUE
                            ? Boolean.TRUE
                            : v == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                    if (b == null && v != JsonToken.VALUE_NULL) {
                        extra.put(f, p.readValueAsTree());
                    }
                    if (f.equals("isError")) {
                        isError = b;
                    } else {
                        simulated = b;
                    }
                }
                case "durationMs" -> {
                    duration = TrialNumbers.DURATION_MS.wholeOf(p, v);
                    if (duration == null && v != JsonToken.VALUE_NULL) {
                        extra.put(
                                f,
                                p.readValueAsTree()); // another type, or out of range: shown as written, the event kept
                    }
                }
                default -> extra.put(f, p.readValueAsTree());
            }
        }
        String problem = null;
        if (output != null && outputChars > output.length()) {
            problem = "This output is " + ByteSize.human(outputChars) + " of text; the first "
                    + ByteSize.human(output.length()) + " is shown. Open the trace file to see all of it.";
        }
        return new TranscriptEvent(
                index,
                kind,
                source,
                server,
                name,
                rawName,
                arguments,
                output,
                outputChars,
                isError,
                duration,
                startedAt,
                completedAt,
                results,
                simulated,
                extra,
                problem);
    }

    private String text(JsonParser p, List<String> problems, String what) throws IOException {
        Bounded b = new Bounded(outputLimit);
        p.getText(b);
        if (b.total > outputLimit) {
            problems.add("The " + what.replace("the ", "") + " is " + ByteSize.human(b.total) + " of text; the first "
                    + ByteSize.human(outputLimit) + " is shown.");
        }
        return b.text();
    }

    private static String string(JsonParser p, JsonToken v, String field, Map<String, JsonNode> extra)
            throws IOException {
        if (v == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        if (v != JsonToken.VALUE_NULL) {
            extra.put(
                    field,
                    p.readValueAsTree()); // a type MST's format (docs/dev/mst-format.md) does not give: shown raw
        }
        return null;
    }

    private static JsonNode nullIfNull(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() ? null : n;
    }

    private static String describe(JsonNode n) {
        if (n == null || n.isNull()) {
            return "null";
        }
        if (n.isTextual()) {
            return "a string";
        }
        if (n.isArray()) {
            return "an array";
        }
        if (n.isObject()) {
            return "an object";
        }
        if (n.isBoolean()) {
            return "a boolean";
        }
        return n.isNumber() ? "a number" : "a " + n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Keeps the first {@code limit} chars written and counts all of them. */
    private static final class Bounded extends Writer {
        private final int limit;
        private final StringBuilder sb = new StringBuilder();
        long total;

        Bounded(int limit) {
            this.limit = limit;
        }

        @Override
        public void write(char[] cbuf, int off, int len) {
            total += len;
            int room = limit - sb.length();
            if (room > 0) {
                sb.append(cbuf, off, Math.min(room, len));
            }
        }

        @Override
        public void write(String str, int off, int len) {
            total += len;
            int room = limit - sb.length();
            if (room > 0) {
                sb.append(str, off, off + Math.min(room, len));
            }
        }

        String text() {
            return sb.toString();
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }
}
