package dev.mstpanel.core.results;

import static dev.mstpanel.core.results.ResultsFiles.anyText;
import static dev.mstpanel.core.results.ResultsFiles.orElse;
import static dev.mstpanel.core.results.ResultsFiles.rel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads a trial's scores: one file per grader at {@code scores/<grader>/<variant>/<case>/<trial>.json}
 * (contract, section 6), streamed, so only {@code score.details} becomes a tree. A file that cannot
 * be read becomes a {@link ScoreRecord} with a {@code problem}. Thread-safe.
 */
final class ScoreReader {
    private final ObjectMapper mapper;
    private final ReadBuffer buffer;

    ScoreReader(ObjectMapper mapper, ReadBuffer buffer) {
        this.mapper = mapper;
        this.buffer = buffer;
    }

    /** The grader folders of a run ({@code scores/*}), sorted by name; empty when there are none. */
    static List<Path> graderDirs(Path runDir) {
        return ResultsFiles.listQuietly(runDir.resolve("scores")).stream().filter(Files::isDirectory).toList();
    }

    /**
     * The trial's scores, sorted by grader.
     *
     * @param graders from {@link #graderDirs(Path)}
     */
    List<ScoreRecord> readScores(Path runDir, TrialKey key, List<Path> graders) {
        if (graders.isEmpty()) {
            return List.of();
        }
        List<ScoreRecord> out = new ArrayList<>(graders.size());
        for (Path g : graders) {
            Path f = key.fileIn(g);
            if (!Files.isRegularFile(f)) {
                // a named pipe, a device or a socket where the score should be: not opened (it would wait for ever), and said
                if (Files.exists(f) && !Files.isDirectory(f)) {
                    out.add(new ScoreRecord(PathSegments.decode(g.getFileName().toString()).display(), null, null, null, f,
                            "The score file " + rel(runDir, f) + " is not a regular file (a named pipe, a device or a socket), so the panel does not open it."));
                }
                continue;
            }
            String folderName = PathSegments.decode(g.getFileName().toString()).display();
            // open it straight away (no stat first): most trials have a score per grader
            byte[] bytes;
            int length;
            try {
                bytes = buffer.read(f);
                length = buffer.length();
            } catch (NoSuchFileException e) {
                continue;
            } catch (IOException e) {
                if (Files.isDirectory(f)) {
                    continue;
                }
                out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " could not be read: " + ResultsFiles.why(e)));
                continue;
            }
            int bom = ResultsFiles.bomLength(bytes, length);
            try (JsonParser p = mapper.createParser(bytes, bom, length - bom)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " is not a JSON object."));
                    continue;
                }
                // streamed: only score.details (free-form, shown pretty-printed) becomes a tree
                String grader = null;
                boolean hasScore = false;
                Boolean pass = null;
                String reasoning = null;
                String details = null;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken t = p.nextToken();
                    if (field.equals("grader")) {
                        grader = t == JsonToken.VALUE_STRING || t.isScalarValue() && t != JsonToken.VALUE_NULL ? p.getValueAsString() : null;
                        p.skipChildren();
                    } else if (field.equals("score") && t == JsonToken.START_OBJECT) {
                        hasScore = true;
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String sf = p.currentName();
                            JsonToken v = p.nextToken();
                            switch (sf) {
                                case "pass" -> pass = v == JsonToken.VALUE_TRUE ? Boolean.TRUE : v == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                                case "reasoning" -> reasoning = anyText(p, v);
                                case "details" -> {
                                    JsonNode d = v == JsonToken.VALUE_NULL ? null : p.readValueAsTree();
                                    details = d == null || d.isNull() ? null : d.isTextual() ? d.asText() : d.toPrettyString();
                                }
                                default -> { }
                            }
                            p.skipChildren();
                        }
                    } else {
                        p.skipChildren();
                    }
                }
                grader = orElse(grader, folderName);
                if (!hasScore || pass == null) {
                    out.add(new ScoreRecord(grader, null, null, null, f, "The score file " + rel(runDir, f) + " has no score.pass."));
                    continue;
                }
                out.add(new ScoreRecord(grader, pass, reasoning, details, f, null));
            } catch (JsonEOFException e) {
                out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " is cut short."));
            } catch (JsonProcessingException e) {
                out.add(new ScoreRecord(folderName, null, null, null, f, ResultsFiles.notJson("The score file " + rel(runDir, f), e) + "."));
            } catch (IOException e) {
                out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " could not be read: " + ResultsFiles.why(e)));
            }
        }
        out.sort(Comparator.comparing(ScoreRecord::grader));
        return out;
    }
}
