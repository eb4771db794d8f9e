package dev.mstpanel.core.results.listing;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.files.ResultsJsonCases;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.search.PromptIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The dataset and the tags of each case, as a run's {@code results.json} gives them (docs/dev/mst-format.md,
 * Trace: each {@code cases[]} entry's {@code datasetName} and {@code request.tags}), for grouping cases by
 * either. A case appears once per variant there; its tags are the union over its entries, in the order
 * first seen, and its dataset the first one named. Immutable once read.
 *
 * @param datasets dataset name by case id; cases without one are absent
 * @param tags the tags by case id; cases without any are absent
 * @param problem why results.json could not be read (absent: a run still going; too large; not JSON), or null
 */
public record CaseLabels(Map<String, String> datasets, Map<String, List<String>> tags, String problem) {
    public CaseLabels {
        datasets = Map.copyOf(datasets);
        Map<String, List<String>> t = new HashMap<>();
        tags.forEach((k, v) -> t.put(k, List.copyOf(v)));
        tags = Map.copyOf(t);
    }

    /** No labels: for a run not read (yet), or a test. */
    public static final CaseLabels NONE = new CaseLabels(Map.of(), Map.of(), null);

    /** The case's dataset, or null when results.json names none. */
    public String dataset(String caseId) {
        return datasets.get(caseId);
    }

    /** The case's tags, empty when it has none. */
    public List<String> tags(String caseId) {
        return tags.getOrDefault(caseId, List.of());
    }

    /** Reads {@code results.json} of a run folder. Blocking disk work. Never throws: what was read before a problem is kept. */
    public static CaseLabels read(Path runDir, ObjectMapper mapper) {
        Path file = runDir.resolve(RunLayout.RESULTS_JSON);
        Map<String, String> datasets = new HashMap<>();
        Map<String, LinkedHashSet<String>> tags = new HashMap<>();
        String problem = null;
        try {
            long size = Files.size(file);
            if (size > PromptIndex.MAX_BYTES) {
                return new CaseLabels(
                        Map.of(),
                        Map.of(),
                        "results.json is " + dev.mstpanel.core.text.ByteSize.human(size) + ", more than the "
                                + dev.mstpanel.core.text.ByteSize.human(PromptIndex.MAX_BYTES)
                                + " the panel reads, so the cases' tags are not known.");
            }
            ResultsFiles.requireRegularFile(file);
            try (var in = new java.io.BufferedInputStream(Files.newInputStream(file));
                    JsonParser p = mapper.createParser(in)) {
                boolean object = ResultsJsonCases.walk(p, new ResultsJsonCases.Visitor() {
                    private String dataset;
                    private final List<String> caseTags = new ArrayList<>();

                    @Override
                    public void caseField(String name, JsonToken t, JsonParser parser) throws IOException {
                        if (name.equals("datasetName") && t == JsonToken.VALUE_STRING) {
                            dataset = parser.getText();
                        } else {
                            parser.skipChildren();
                        }
                    }

                    @Override
                    public void requestField(String name, JsonToken t, JsonParser parser) throws IOException {
                        if (!name.equals("tags")) {
                            parser.skipChildren();
                        } else if (t == JsonToken.VALUE_STRING) {
                            caseTags.add(parser.getText()); // one tag written as a string, not a list of one
                        } else if (t == JsonToken.START_ARRAY) {
                            JsonToken e;
                            while ((e = parser.nextToken()) != JsonToken.END_ARRAY && e != null) {
                                if (e == JsonToken.VALUE_STRING) {
                                    caseTags.add(parser.getText());
                                } else {
                                    parser.skipChildren(); // not a tag: a number or an object is no name
                                }
                            }
                        } else {
                            parser.skipChildren();
                        }
                    }

                    @Override
                    public void caseEnd(String id, String variant) {
                        if (id != null) {
                            if (dataset != null && !dataset.isBlank()) {
                                datasets.putIfAbsent(id, dataset);
                            }
                            for (String tag : caseTags) {
                                if (!tag.isBlank()) {
                                    tags.computeIfAbsent(id, k -> new LinkedHashSet<>())
                                            .add(tag);
                                }
                            }
                        }
                        dataset = null;
                        caseTags.clear();
                    }
                });
                if (!object) {
                    problem = "results.json is not a JSON object, so the cases' tags are not known.";
                }
            }
        } catch (NoSuchFileException e) {
            problem =
                    "The run has no results.json (it is written when the run ends), so the cases' tags are not known.";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            problem = "results.json is not valid JSON" + ResultsFiles.whereNotJson(e)
                    + ", so the tags of the cases after that point are not known.";
        } catch (IOException e) {
            problem = "results.json could not be read (" + ResultsFiles.why(e) + "), so the cases' tags are not known.";
        }
        Map<String, List<String>> out = new HashMap<>();
        tags.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        return new CaseLabels(datasets, out, problem);
    }
}
