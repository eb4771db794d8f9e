package dev.mstpanel.core.results.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.text.Texts;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's {@code summary.json} (docs/dev/mst-format.md, Compare). Lenient: a field of an unexpected
 * shape is left out; a file that cannot be read gives a summary with a {@code problem} and no
 * variants. {@code previousRun}'s per-variant case lists are read from
 * {@code previousRun.variants} as an object keyed by variant or an array of objects with
 * {@code name}; {@code variants[].pairwise} likewise (keyed by judge, or with {@code judge}).
 */
public final class SummaryReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The largest summary.json read, 16 MiB: MST's is its variants' figures, deltas and the previous run's
     * case lists (docs/dev/mst-format.md, Compare), some KB to a few hundred KB for thousands of cases. A larger file is
     * not read whole (a 1.5 GB one took the panel to 5 GB, and one over 2 GB could not be read at all:
     * ); the figures are then computed from the trials, as for a broken one.
     */
    static final long MAX_BYTES = 16L * 1024 * 1024;

    private SummaryReader() {}

    /**
     * @param runDir the run folder
     * @return the summary, or null when the run has no {@code summary.json}
     */
    public static RunSummary read(Path runDir) {
        Path file = runDir.resolve(RunLayout.SUMMARY_JSON);
        JsonNode n;
        try {
            byte[] bytes = ResultsFiles.readAtMost(file, MAX_BYTES);
            if (bytes.length == 0 || new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
                // MST writes it at the run's end: an empty one is being written, or was cut off before its first byte
                return new RunSummary(
                        file,
                        List.of(),
                        null,
                        "summary.json is empty (it may still be being written): the figures are computed from the trials.");
            }
            int bom = bytes.length >= 3
                            && (bytes[0] & 0xFF) == 0xEF
                            && (bytes[1] & 0xFF) == 0xBB
                            && (bytes[2] & 0xFF) == 0xBF
                    ? 3
                    : 0;
            n = JSON.readTree(new java.io.ByteArrayInputStream(bytes, bom, bytes.length - bom));
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return null;
        } catch (ResultsFiles.TooLargeException e) {
            return new RunSummary(
                    file,
                    List.of(),
                    null,
                    "summary.json is " + dev.mstpanel.core.text.ByteSize.human(e.size)
                            + ", larger than any summary.json MST writes (the limit is "
                            + dev.mstpanel.core.text.ByteSize.human(e.limit)
                            + "), so it is not read: the figures are computed from the trials.");
        } catch (com.fasterxml.jackson.core.io.JsonEOFException e) {
            return new RunSummary(
                    file, List.of(), null, "summary.json is cut short: the figures are computed from the trials.");
        } catch (JsonProcessingException e) {
            // where it stops being JSON, not the parser's own words ("Unrecognized token …")
            return new RunSummary(
                    file,
                    List.of(),
                    null,
                    ResultsFiles.notJson("summary.json", e) + ": the figures are computed from the trials.");
        } catch (IOException e) {
            return new RunSummary(
                    file,
                    List.of(),
                    null,
                    "summary.json could not be read (" + ResultsFiles.why(e)
                            + "): the figures are computed from the trials.");
        }
        if (n == null || !n.isObject()) {
            return new RunSummary(
                    file,
                    List.of(),
                    null,
                    "summary.json is not a JSON object: the figures are computed from the trials.");
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
            List<String> leftOut = new ArrayList<>();
            v.path("metrics").fields().forEachRemaining(e -> {
                if (e.getKey().equals("judge_score")) {
                    e.getValue().fields().forEachRemaining(j -> {
                        if (j.getValue().isNumber()
                                && Double.isFinite(j.getValue().asDouble())) {
                            judges.put(j.getKey(), j.getValue().asDouble());
                        }
                    });
                    return;
                }
                String why = notAFigure(e.getKey(), e.getValue());
                if (why != null) {
                    leftOut.add(e.getKey() + " (" + why + ")");
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
                delta = new RunSummary.Delta(
                        text(d.path("baseline")),
                        num(d.path("passRate")),
                        num(d.path("passRateDelta")),
                        num(d.path("trialPassRateDelta")),
                        md);
            }
            List<RunSummary.Pairwise> pairwise = new ArrayList<>();
            forEachNamed(
                    v.path("pairwise"),
                    "judge",
                    (judge, p) -> pairwise.add(new RunSummary.Pairwise(
                            judge,
                            integer(p.path("candidateWins")),
                            integer(p.path("baselineWins")),
                            integer(p.path("ties")),
                            num(p.path("candidateWinRate")))));
            variants.add(new RunSummary.Variant(
                    name,
                    integer(r.path("total")),
                    integer(r.path("passed")),
                    integer(r.path("failed")),
                    r.path("durationMs").isNumber() && r.path("durationMs").asLong() >= 0
                            ? r.path("durationMs").asLong()
                            : null,
                    metrics,
                    judges,
                    delta,
                    pairwise,
                    leftOut));
        }
        RunSummary.PreviousRun previous = null;
        JsonNode p = n.path("previousRun");
        if (p.isObject()) {
            Map<String, RunSummary.CaseChanges> changes = new LinkedHashMap<>();
            forEachNamed(
                    p.path("variants"),
                    "name",
                    (name, c) -> changes.put(
                            name,
                            new RunSummary.CaseChanges(
                                    ids(c.path("regressed")),
                                    ids(c.path("improved")),
                                    ids(c.path("added")),
                                    ids(c.path("removed")))));
            previous = new RunSummary.PreviousRun(
                    text(p.path("runId")),
                    text(p.path("timestamp")),
                    p.path("sameConfig").isBoolean() ? p.path("sameConfig").asBoolean() : null,
                    num(p.path("passRate")),
                    num(p.path("passRateDelta")),
                    changes);
        }
        return new RunSummary(file, variants, previous, null);
    }

    /** The largest mean the panel takes as a figure (tokens, US dollars, seconds, calls per trial): 10^12; beyond it a value is not one a run had. */
    static final double LARGEST_FIGURE = 1e12;

    /** The figures of {@code metrics} a card or the {@code compare} table shows (VariantFigures): counted, so never negative. */
    private static final java.util.Set<String> SHOWN = java.util.Set.of(
            "tool_count_mean",
            "mcp_call_count_mean",
            "input_tokens_mean",
            "output_tokens_mean",
            "cost_usd_mean",
            "duration_s_mean",
            "passed_rate",
            "trial_pass_rate",
            "judge_pass_rate");

    /**
     * Why a metric of summary.json is no figure a run can have, in words ({@code -5: negative}), or null when it is one (or is a metric
     * the panel does not show, kept when a number): a string, a boolean or a container where a number belongs, a value that is not
     * finite (1e400 reads as infinity), a negative count or mean, a rate above 1, or a mean above {@link #LARGEST_FIGURE}.
     */
    static String notAFigure(String metric, JsonNode v) {
        if (!SHOWN.contains(metric)) {
            return null;
        }
        if (!v.isNumber()) {
            return v.isTextual()
                    ? "\"" + shortText(v.asText()) + "\": a string, not a number"
                    : v.isNull() ? null : v.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not a number";
        }
        double d = v.asDouble();
        String shown = v.isIntegralNumber() ? v.asText() : shortText(v.asText());
        if (!Double.isFinite(d)) {
            return "too large to be a number"; // 1e400 reads as infinity: its own text is not kept
        }
        if (d < 0) {
            return shown + ": negative";
        }
        if (metric.endsWith("_rate") && d > 1) {
            return shown + ": a rate above 1";
        }
        if (d > LARGEST_FIGURE) {
            return shown + ": too large to be a figure";
        }
        return null;
    }

    private static String shortText(String s) {
        return Texts.cut(s, 24);
    }

    private static void forEachNamed(
            JsonNode n, String nameField, java.util.function.BiConsumer<String, JsonNode> each) {
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
