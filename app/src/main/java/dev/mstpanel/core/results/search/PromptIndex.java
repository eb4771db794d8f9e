package dev.mstpanel.core.results.search;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.files.ResultsJsonCases;
import dev.mstpanel.core.results.layout.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The prompts of a run: {@code cases[].request.input} of its {@code results.json}, by variant and
 * case id (docs/dev/mst-format.md, Trace). Streamed: only each case's id, variant and input are kept. A
 * prompt that is not a string is kept as pretty JSON. Immutable once read.
 *
 * @param prompts prompt by {@code variant + '\n' + caseId}
 * @param problem why results.json could not be read (absent, not JSON), or null
 */
public record PromptIndex(Map<String, String> prompts, String problem) {
    /** The largest results.json read, in bytes (512 MiB): a bigger one is refused with a message. */
    public static final long MAX_BYTES = 512L * 1024 * 1024;

    /** The prompt of a case and variant, or null. */
    public String prompt(String variant, String caseId) {
        return prompts.get(variant + "\n" + caseId);
    }

    /** Reads {@code results.json} of a run folder. Blocking disk work. Never throws. */
    public static PromptIndex read(Path runDir, ObjectMapper mapper) {
        Path file = runDir.resolve(RunLayout.RESULTS_JSON);
        Map<String, String> out = new HashMap<>();
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                return new PromptIndex(
                        Map.of(),
                        "results.json is " + dev.mstpanel.core.text.ByteSize.human(size) + ", more than the "
                                + dev.mstpanel.core.text.ByteSize.human(MAX_BYTES)
                                + " the panel reads, so the prompts are not shown.");
            }
            ResultsFiles.requireRegularFile(file);
            try (var in = new java.io.BufferedInputStream(Files.newInputStream(file));
                    JsonParser p = mapper.createParser(in)) {
                boolean object = ResultsJsonCases.walk(p, new ResultsJsonCases.Visitor() {
                    private String input;

                    @Override
                    public void requestField(String name, JsonToken t, JsonParser parser) throws IOException {
                        if (name.equals("input") && t != JsonToken.VALUE_NULL) {
                            if (t == JsonToken.VALUE_STRING) {
                                input = parser.getText();
                            } else {
                                JsonNode n = parser.readValueAsTree();
                                input = n.toPrettyString();
                            }
                        } else {
                            parser.skipChildren();
                        }
                    }

                    @Override
                    public void caseEnd(String id, String variant) {
                        if (id != null && input != null) {
                            out.put((variant == null ? "default" : variant) + "\n" + id, input);
                        }
                        input = null;
                    }
                });
                if (!object) {
                    return new PromptIndex(
                            Map.of(), "results.json is not a JSON object, so the prompts are not shown.");
                }
            }
        } catch (NoSuchFileException e) {
            return new PromptIndex(
                    Map.of(),
                    "The run has no results.json (it is written when the run ends), so the prompt is not shown.");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // the parser's own text is not for a user: where it stops being JSON
            return new PromptIndex(
                    Map.copyOf(out),
                    "results.json is not valid JSON" + ResultsFiles.whereNotJson(e) + ", so the prompt is not shown.");
        } catch (IOException e) {
            return new PromptIndex(
                    Map.copyOf(out),
                    "results.json could not be read (" + ResultsFiles.why(e) + "), so the prompt is not shown.");
        }
        return new PromptIndex(Map.copyOf(out), null);
    }
}
