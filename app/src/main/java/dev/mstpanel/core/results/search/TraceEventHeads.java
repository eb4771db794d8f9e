package dev.mstpanel.core.results.search;

import static dev.mstpanel.core.results.files.ResultsFiles.scalar;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The one streaming walk over a trace's events (docs/dev/mst-format.md, Trace) for what only needs each
 * event's head: its {@code kind}, {@code source}, {@code server}, {@code name}, {@code rawName} and
 * whether {@code isError} is true; the trace's other fields go to the visitor's
 * {@link Visitor#otherField} (skipped unless it reads them). The listing counts tool calls, MCP
 * calls and failed calls with it, and reads {@code trace.usage} through it
 * ({@link TrialListingReader}), the search across trials finds a called or failed tool with it
 * ({@link TranscriptQuery}); every other field of an event is skipped, no event is kept. A scalar
 * that is not a string (a number) counts as its text; an object or array there counts as absent.
 * Events that are not objects are skipped, as is a {@code trace} that is not an object or an
 * {@code events} that is not an array. Stateless and thread-safe.
 */
public final class TraceEventHeads {
    private TraceEventHeads() {}

    /** Receives each event's head, in file order. */
    public interface Visitor {
        /**
         * One event.
         *
         * @param isError true only when the event's {@code isError} is the JSON literal {@code true}
         * @return true to go on, false to stop the walk here
         */
        boolean event(String kind, String source, String server, String name, String rawName, boolean isError);

        /**
         * A field of the trace other than {@code events} (e.g. {@code usage}): the parser is on its
         * value {@code value}, which this must read to its end or skip.
         *
         * @throws IOException when the JSON is broken
         */
        default void otherField(String field, JsonParser p, JsonToken value) throws IOException {
            p.skipChildren();
        }
    }

    /**
     * Walks the events of the trace value the parser is on.
     *
     * @param p a parser whose current token {@code t} is the value of the trial's {@code trace} field
     * @return false when the visitor stopped the walk (the parser is then inside the trace), true
     *         when the trace was read to its end (the parser is on its last token)
     * @throws IOException when the JSON is broken (Jackson's own exceptions)
     */
    public static boolean walk(JsonParser p, JsonToken t, Visitor v) throws IOException {
        if (t != JsonToken.START_OBJECT) {
            p.skipChildren();
            return true;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken value = p.nextToken();
            if (!f.equals("events") || value != JsonToken.START_ARRAY) {
                v.otherField(f, p, value);
                continue;
            }
            JsonToken e;
            while ((e = p.nextToken()) != JsonToken.END_ARRAY && e != null) {
                if (e != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                String kind = null;
                String source = null;
                String server = null;
                String name = null;
                String rawName = null;
                boolean failed = false;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String ef = p.currentName();
                    JsonToken ev = p.nextToken();
                    switch (ef) {
                        case "kind" -> kind = scalar(p, ev);
                        case "source" -> source = scalar(p, ev);
                        case "server" -> server = scalar(p, ev);
                        case "name" -> name = scalar(p, ev);
                        case "rawName" -> rawName = scalar(p, ev);
                        case "isError" -> failed = ev == JsonToken.VALUE_TRUE;
                        default -> p.skipChildren();
                    }
                }
                if (!v.event(kind, source, server, name, rawName, failed)) {
                    return false;
                }
            }
        }
        return true;
    }
}
