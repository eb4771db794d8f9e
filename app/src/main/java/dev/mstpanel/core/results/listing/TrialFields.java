package dev.mstpanel.core.results.listing;

import static dev.mstpanel.core.results.files.ResultsFiles.anyText;
import static dev.mstpanel.core.results.files.ResultsFiles.scalar;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.mstpanel.core.results.model.TrialNumbers;
import java.io.IOException;

/**
 * The top-level fields of a trial file the listing reads besides the trace (docs/dev/mst-format.md, Results):
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
    /** {@code infrastructureError} when it is a boolean; null when absent or of another type (then MST's rule decides). */
    Boolean infrastructureError;

    String error;
    /** True when {@code error} is present and not null, whatever its type. */
    boolean errorPresent;
    /** {@code error} when it is a string: the only text MST's infrastructure rule reads. */
    String errorString;
    /** {@code clientDiagnostics.failureKind} when it is a string ({@code ""} included); null for any other type. */
    String failureKindString;

    String gradingError;
    String failureKind;
    String artifacts;

    /** True when the trial failed on infrastructure by MST's rule ({@link InfraRule}). */
    boolean infra() {
        return InfraRule.isInfra(infrastructureError, errorPresent, errorString, failureKindString);
    }

    void read(String field, JsonParser p, JsonToken t) throws IOException {
        switch (field) {
            case "kind" -> kind = scalar(p, t);
            case "variant" -> variant = scalar(p, t);
            case "caseId" -> caseId = scalar(p, t);
            case "datasetName" -> dataset = scalar(p, t);
            case "durationMs" -> duration = TrialNumbers.DURATION_MS.wholeOf(p, t);
            case "infrastructureError" ->
                infrastructureError =
                        t == JsonToken.VALUE_TRUE ? Boolean.TRUE : t == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
            case "error" -> {
                errorPresent = t != JsonToken.VALUE_NULL;
                errorString = t == JsonToken.VALUE_STRING ? p.getText() : null;
                error = anyText(p, t);
            }
            case "gradingError" -> gradingError = anyText(p, t);
            case "artifacts" -> artifacts = scalar(p, t);
            case "clientDiagnostics" -> {
                if (t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String f = p.currentName();
                        JsonToken v = p.nextToken();
                        if (f.equals("failureKind")) {
                            failureKindString = v == JsonToken.VALUE_STRING ? p.getText() : null;
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
