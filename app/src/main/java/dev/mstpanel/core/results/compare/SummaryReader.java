package dev.mstpanel.core.results.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.ResultsFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's {@code summary.json} (contract, section 9). Lenient: a field of an unexpected
 * shape is left out; a file that cannot be read gives a summary with a {@code problem} and no
 * variants. {@code previousRun}'s per-variant case lists are read from
 * {@code previousRun.variants} as an object keyed by variant or an array of objects with
 * {@code name}; {@code variants[].pairwise} likewise (keyed by judge, or with {@code judge}).
 */
public final class SummaryReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SummaryReader() {}

    /**
     * @param runDir the run folder
     * @return the summary, or null when the run has no {@code summary.json}
     */
    public static RunSummary read(Path runDir) {
        Path file = runDir.resolve("summary.json");
        JsonNode n;
        try {
            ResultsFiles.requireRegularFile(file);
            byte[] bytes = Files.readAllBytes(file);
            int bom = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
            n = JSON.readTree(new java.io.ByteArrayInputStream(bytes, bom, bytes.length - bom));
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return null;
        } catch (JsonProcessingException e) {
            return new RunSummary(file, List.of(), null, "summary.json is not valid JSON (" + e.getOriginalMessage() + "): the figures are computed from the trials.");
        } catch (IOException e) {
            return new RunSummary(file, List.of(), null, "summary.json could not be read (" + e.getMessage() + "): the figures are computed from the trials.");
        }
        if (n == null || !n.isObject()) {
            return new RunSummary(file, List.of(), null, "summary.json is not a JSON object: the figures are computed from the trials.");
        }
        JsonNode deltas = n.path("variantDeltas");
        List<RunSummary.Variant> variants = new ArrayList<>();
        for (JsonNode v : n.path("variants")) {
            String name = text(v.path("name"));
            if (name == null) {
                continue;
            }
            JsonNode r = v.path("result");
            Map<String, Double> metrics = new LinkedHashMap<>();
            Map<String, Double> judges = new LinkedHashMap<>();
            v.path("metrics").fields().forEachRemaining(e -> {
                if (e.getKey().equals("judge_score")) {
                    e.getValue().fields().forEachRemaining(j -> {
                        if (j.getValue().isNumber()) {
                            judges.put(j.getKey(), j.getValue().asDouble());
                        }
                    });
                } else if (e.getValue().isNumber()) {
                    metrics.put(e.getKey(), e.getValue().asDouble());
                }
            });
            RunSummary.Delta delta = null;
            JsonNode d = deltas.path(name);
            if (d.isObject()) {
                Map<String, Double> md = new LinkedHashMap<>();
                d.path("metricDeltas").fields().forEachRemaining(e -> {
                    if (e.getValue().isNumber()) {
                        md.put(e.getKey(), e.getValue().asDouble());
                    }
                });
                delta = new RunSummary.Delta(text(d.path("baseline")), num(d.path("passRate")), num(d.path("passRateDelta")),
                        num(d.path("trialPassRateDelta")), md);
            }
            List<RunSummary.Pairwise> pairwise = new ArrayList<>();
            forEachNamed(v.path("pairwise"), "judge", (judge, p) -> pairwise.add(new RunSummary.Pairwise(judge, integer(p.path("candidateWins")),
                    integer(p.path("baselineWins")), integer(p.path("ties")), num(p.path("candidateWinRate")))));
            variants.add(new RunSummary.Variant(name, integer(r.path("total")), integer(r.path("passed")), integer(r.path("failed")),
                    r.path("durationMs").isNumber() ? r.path("durationMs").asLong() : null, metrics, judges, delta, pairwise));
        }
        RunSummary.PreviousRun previous = null;
        JsonNode p = n.path("previousRun");
        if (p.isObject()) {
            Map<String, RunSummary.CaseChanges> changes = new LinkedHashMap<>();
            forEachNamed(p.path("variants"), "name", (name, c) -> changes.put(name, new RunSummary.CaseChanges(ids(c.path("regressed")),
                    ids(c.path("improved")), ids(c.path("added")), ids(c.path("removed")))));
            previous = new RunSummary.PreviousRun(text(p.path("runId")), text(p.path("timestamp")),
                    p.path("sameConfig").isBoolean() ? p.path("sameConfig").asBoolean() : null, num(p.path("passRate")),
                    num(p.path("passRateDelta")), changes);
        }
        return new RunSummary(file, variants, previous, null);
    }

    private static void forEachNamed(JsonNode n, String nameField, java.util.function.BiConsumer<String, JsonNode> each) {
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> {
                if (e.getValue().isObject()) {
                    each.accept(e.getKey(), e.getValue());
                }
            });
        } else if (n.isArray()) {
            for (JsonNode e : n) {
                String name = text(e.path(nameField));
                if (name == null) {
                    name = text(e.path("name"));
                }
                if (name != null && e.isObject()) {
                    each.accept(name, e);
                }
            }
        }
    }

    private static List<String> ids(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : n) {
            String s = e.isTextual() ? e.asText() : text(e.path("id"));
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    private static String text(JsonNode n) {
        return n.isTextual() ? n.asText() : null;
    }

    private static Double num(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }

    private static Integer integer(JsonNode n) {
        return n.canConvertToInt() && n.isNumber() ? n.asInt() : null;
    }
}
