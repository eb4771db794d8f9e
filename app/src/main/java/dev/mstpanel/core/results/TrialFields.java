package dev.mstpanel.core.results;

import static dev.mstpanel.core.results.ResultsFiles.anyText;
import static dev.mstpanel.core.results.ResultsFiles.scalar;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The top-level fields of a trial file the listing reads besides the trace (contract, section 6):
 * {@code kind}, {@code variant}, {@code caseId}, {@code datasetName}, {@code durationMs} (ms),
 * {@code infrastructureError}, {@code error}, {@code gradingError}, {@code artifacts} and
 * {@code clientDiagnostics.failureKind}; a later field replaces an earlier one, as a forward parse
 * does. One reader for the listing ({@link TrialListingReader}) and for the statuses from a trace's
 * ends ({@link TrialHeads}), so both take a trial's status from the same values.
 */
final class TrialFields {
    String kind;
    String variant;
    String caseId;
    String dataset;
    Long duration;
    boolean infra;
    String error;
    String gradingError;
    String failureKind;
    String artifacts;

    void read(String field, JsonParser p, JsonToken t) throws IOException {
        switch (field) {
            case "kind" -> kind = scalar(p, t);
            case "variant" -> variant = scalar(p, t);
            case "caseId" -> caseId = scalar(p, t);
            case "datasetName" -> dataset = scalar(p, t);
            case "durationMs" -> duration = t.isNumeric() ? p.getValueAsLong() : null;
            case "infrastructureError" -> infra = t == JsonToken.VALUE_TRUE;
            case "error" -> error = anyText(p, t);
            case "gradingError" -> gradingError = anyText(p, t);
            case "artifacts" -> artifacts = scalar(p, t);
            case "clientDiagnostics" -> {
                if (t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String f = p.currentName();
                        JsonToken v = p.nextToken();
                        if (f.equals("failureKind")) {
                            failureKind = scalar(p, v);
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
            default -> p.skipChildren();
        }
    }
}
