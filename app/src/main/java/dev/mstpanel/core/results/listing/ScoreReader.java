package dev.mstpanel.core.results.listing;

import static dev.mstpanel.core.results.files.ResultsFiles.anyText;
import static dev.mstpanel.core.results.files.ResultsFiles.orElse;
import static dev.mstpanel.core.results.files.ResultsFiles.rel;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.AccessHint;
import dev.mstpanel.core.results.files.ReadBuffer;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.files.SpecialFile;
import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads a trial's scores: one file per grader at {@code scores/<grader>/<variant>/<case>/<trial>.json}
 * (docs/dev/mst-format.md, Results), streamed, so only {@code score.details} becomes a tree. A file that cannot
 * be read becomes a {@link ScoreRecord} with a {@code problem}. Thread-safe.
 */
public final class ScoreReader {
    private final ObjectMapper mapper;
    private final ReadBuffer buffer;

    ScoreReader(ObjectMapper mapper, ReadBuffer buffer) {
        this.mapper = mapper;
        this.buffer = buffer;
    }

    /**
     * The grader folders of a run ({@code scores/*}), sorted by name; empty when there are none. When
     * {@code scores/} is there but cannot be listed (permission denied, a symlink loop, a file), the list
     * is {@code scores/} itself: every trial's read of its scores then meets that folder's problem
     * ({@link #readScores}), so the trials list as {@code unreadable} with the reason, not as
     * {@code ungraded}.
     */
    public static List<Path> graderDirs(Path runDir) {
        Path scores = runDir.resolve(RunLayout.SCORES);
        if (!Files.exists(scores, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try {
            return ResultsFiles.list(scores).stream().filter(Files::isDirectory).toList();
        } catch (ResultsException e) {
            return List.of(scores);
        }
    }

    /** Why {@code scores/} itself cannot be listed (the one-entry list of {@link #graderDirs}), read once per trial's scores. */
    private static String scoresFolderProblem(Path scores) {
        String why;
        try (java.nio.file.DirectoryStream<Path> s = Files.newDirectoryStream(scores)) {
            why = "it could not be listed";
        } catch (IOException e) {
            why = e instanceof java.nio.file.NotDirectoryException ? "it is not a folder" : ResultsFiles.why(e);
        }
        return "The scores folder scores/ could not be read: " + why + ". "
                + AccessHint.giveAccess(scores, "to see the trials' scores") + ".";
    }

    /**
     * Why a score file could not be looked at (its stat failed with permission denied): the folder above it
     * that this user may not enter, {@code scores/<grader>}, {@code scores/<grader>/<variant>} or the case
     * folder. Looked for only then, so a run that reads costs nothing more.
     */
    private static String folderProblem(Path runDir, Path grader, Path file) {
        Path folder = grader;
        for (Path part : grader.relativize(file.getParent())) {
            Path next = folder.resolve(part.toString());
            try {
                Files.readAttributes(next, java.nio.file.attribute.BasicFileAttributes.class);
            } catch (IOException e) {
                break;
            }
            folder = next;
        }
        return "The score folder " + rel(runDir, folder) + " could not be read: permission denied. "
                + AccessHint.giveAccess(folder, "to see its scores") + ".";
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
            if (g.equals(runDir.resolve(RunLayout.SCORES))) {
                // scores/ itself could not be listed (graderDirs): its trials' scores are not known, and that is said
                out.add(new ScoreRecord("scores", null, null, null, g, scoresFolderProblem(g)));
                break;
            }
            java.nio.file.attribute.BasicFileAttributes a;
            try {
                a = Files.readAttributes(f, java.nio.file.attribute.BasicFileAttributes.class);
            } catch (java.nio.file.AccessDeniedException e) {
                // a folder above it this user may not enter: not "ungraded", its scores could not be read
                out.add(new ScoreRecord(
                        PathSegments.decode(g.getFileName().toString()).display(),
                        null,
                        null,
                        null,
                        f,
                        folderProblem(runDir, g, f)));
                continue;
            } catch (IOException e) {
                continue; // no score file (or a file where a folder should be): this grader did not grade it
            }
            if (!a.isRegularFile()) {
                // a folder, a named pipe, a device or a socket where the score should be: not opened (a pipe would wait
                // for ever), and said, as a trace in that place is
                out.add(new ScoreRecord(
                        PathSegments.decode(g.getFileName().toString()).display(),
                        null,
                        null,
                        null,
                        f,
                        "The score file " + rel(runDir, f)
                                + (a.isDirectory()
                                        ? " is a folder, not a file."
                                        : " is "
                                                + java.util.Objects.requireNonNullElse(
                                                                SpecialFile.of(f), SpecialFile.OTHER)
                                                        .said()
                                                + ", so the panel does not open it.")));
                continue;
            }
            String folderName = PathSegments.decode(g.getFileName().toString()).display();
            // found a regular file just above: opened without a second look
            byte[] bytes;
            int length;
            try {
                bytes = buffer.readRegular(f, a.size());
                length = buffer.length();
            } catch (NoSuchFileException e) {
                continue;
            } catch (IOException e) {
                if (Files.isDirectory(f)) {
                    continue;
                }
                out.add(new ScoreRecord(
                        folderName,
                        null,
                        null,
                        null,
                        f,
                        "The score file " + rel(runDir, f) + " could not be read: " + ResultsFiles.why(e)));
                continue;
            }
            int bom = ResultsFiles.bomLength(bytes, length);
            try (JsonParser p = mapper.createParser(bytes, bom, length - bom)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    out.add(new ScoreRecord(
                            folderName,
                            null,
                            null,
                            null,
                            f,
                            "The score file " + rel(runDir, f) + " is not a JSON object."));
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
                        grader = t == JsonToken.VALUE_STRING || t.isScalarValue() && t != JsonToken.VALUE_NULL
                                ? p.getValueAsString()
                                : null;
                        p.skipChildren();
                    } else if (field.equals("score") && t == JsonToken.START_OBJECT) {
                        hasScore = true;
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String sf = p.currentName();
                            JsonToken v = p.nextToken();
                            switch (sf) {
                                case "pass" ->
                                    pass = v == JsonToken.VALUE_TRUE
                                            ? Boolean.TRUE
                                            : v == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
                                case "reasoning" -> reasoning = anyText(p, v);
                                case "details" -> {
                                    JsonNode d = v == JsonToken.VALUE_NULL ? null : p.readValueAsTree();
                                    details = d == null || d.isNull()
                                            ? null
                                            : d.isTextual() ? d.asText() : d.toPrettyString();
                                }
                                default -> {}
                            }
                            p.skipChildren();
                        }
                    } else {
                        p.skipChildren();
                    }
                }
                grader = orElse(grader, folderName);
                if (!hasScore || pass == null) {
                    out.add(new ScoreRecord(
                            grader, null, null, null, f, "The score file " + rel(runDir, f) + " has no score.pass."));
                    continue;
                }
                out.add(new ScoreRecord(grader, pass, reasoning, details, f, null));
            } catch (JsonEOFException e) {
                out.add(new ScoreRecord(
                        folderName, null, null, null, f, "The score file " + rel(runDir, f) + " is cut short."));
            } catch (JsonProcessingException e) {
                out.add(new ScoreRecord(
                        folderName,
                        null,
                        null,
                        null,
                        f,
                        ResultsFiles.notJson("The score file " + rel(runDir, f), e) + "."));
            } catch (IOException e) {
                out.add(new ScoreRecord(
                        folderName,
                        null,
                        null,
                        null,
                        f,
                        "The score file " + rel(runDir, f) + " could not be read: " + ResultsFiles.why(e)));
            }
        }
        out.sort(Comparator.comparing(ScoreRecord::grader));
        return out;
    }
}
