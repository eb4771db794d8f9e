package dev.mstpanel.core.results.files;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * Walks the {@code cases[]} of a run's {@code results.json} (docs/dev/mst-format.md, Trace: one entry per case and
 * variant, {@code id}, {@code variant}, {@code datasetName}, {@code request {input, trials, tags, …}}) as a
 * stream, for the readers that each take a part of it: the prompts ({@link PromptIndex}), the trials it names
 * ({@link ExpectedTrials}) and the cases' datasets and tags ({@link CaseLabels}). Entries that are not objects and fields not asked for are skipped.
 */
public final class ResultsJsonCases {
    /** What a reader takes from each case. */
    public interface Visitor {
        /**
         * A field of the case's {@code request} object.
         *
         * @param t its value's first token; the visitor reads the value, or skips it ({@link JsonParser#skipChildren})
         */
        void requestField(String name, JsonToken t, JsonParser p) throws IOException;

        /**
         * A field of the case's entry other than {@code id}, {@code variant} and {@code request} (its
         * {@code datasetName}, say); skipped unless the visitor reads it.
         *
         * @param t its value's first token; the visitor reads the value, or skips it ({@link JsonParser#skipChildren})
         */
        default void caseField(String name, JsonToken t, JsonParser p) throws IOException {
            p.skipChildren();
        }

        /** The case's entry ended: its {@code id} (null when it has none) and {@code variant} (null for the default). */
        void caseEnd(String id, String variant);
    }

    private ResultsJsonCases() {}

    /**
     * Reads the file's object from {@code p} (before its first token) to its end.
     *
     * @return false when the file is not a JSON object (nothing visited)
     * @throws IOException as the parser throws it (not JSON, cut short)
     */
    public static boolean walk(JsonParser p, Visitor visitor) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken t = p.nextToken();
            if (!f.equals("cases") || t != JsonToken.START_ARRAY) {
                p.skipChildren();
                continue;
            }
            JsonToken e;
            while ((e = p.nextToken()) != JsonToken.END_ARRAY && e != null) {
                if (e != JsonToken.START_OBJECT) {
                    p.skipChildren();
                    continue;
                }
                entry(p, visitor);
            }
        }
        return true;
    }

    private static void entry(JsonParser p, Visitor visitor) throws IOException {
        String id = null;
        String variant = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String cf = p.currentName();
            JsonToken v = p.nextToken();
            switch (cf) {
                case "id" -> id = ResultsFiles.scalar(p, v);
                case "variant" -> variant = ResultsFiles.scalar(p, v);
                case "request" -> {
                    if (v != JsonToken.START_OBJECT) {
                        p.skipChildren();
                        break;
                    }
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String rf = p.currentName();
                        visitor.requestField(rf, p.nextToken(), p);
                    }
                }
                default -> visitor.caseField(cf, v, p);
            }
        }
        visitor.caseEnd(id, variant);
    }
}
