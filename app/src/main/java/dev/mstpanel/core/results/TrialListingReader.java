package dev.mstpanel.core.results;

import static dev.mstpanel.core.results.ResultsFiles.anyText;
import static dev.mstpanel.core.results.ResultsFiles.bomLength;
import static dev.mstpanel.core.results.ResultsFiles.scalar;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads one trial as the panel lists it (contract, section 6): its trace's top-level fields
 * (variant, case id, dataset, duration, errors, failure kind, artifacts folder) with a streaming
 * parser that skips the events, joined with its scores into a {@link TrialRecord} and its status.
 * Never throws for bad input: a trace that cannot be read gives an {@link TrialStatus#UNREADABLE}
 * trial with the reason. Thread-safe.
 */
final class TrialListingReader {
    private final ObjectMapper mapper;
    private final ReadBuffer buffer;
    private final ScoreReader scoreReader;

    TrialListingReader(ObjectMapper mapper, ReadBuffer buffer) {
        this.mapper = mapper;
        this.buffer = buffer;
        this.scoreReader = new ScoreReader(mapper, buffer);
    }

    /** The trial's scores, sorted by grader. */
    List<ScoreRecord> scores(Path runDir, TrialKey key, List<Path> graders) {
        return scoreReader.readScores(runDir, key, graders);
    }

    /**
     * Reads one trial.
     *
     * @param graders the run's grader folders ({@link ScoreReader#graderDirs(Path)})
     * @return the trial; {@link TrialStatus#MISSING} when it has no trace
     */
    TrialRecord readTrial(RunInfo run, TrialKey key, List<Path> graders) {
        Path runDir = run.dir();
        Path trace = runDir.resolve("traces").resolve(key.variantSegment()).resolve(key.caseSegment()).resolve(key.trial() + ".json");
        List<ScoreRecord> scores = scores(runDir, key, graders);
        PathSegments.Decoded vd = PathSegments.decode(key.variantSegment());
        PathSegments.Decoded cd = PathSegments.decode(key.caseSegment());
        Path defaultArtifacts = runDir.resolve("artifacts").resolve(key.variantSegment()).resolve(key.caseSegment()).resolve(String.valueOf(key.trial()));
        byte[] bytes;
        int length;
        try {
            bytes = buffer.read(trace);
            length = buffer.length();
        } catch (NoSuchFileException e) {
            return new TrialRecord(key, run.evalName(), run.runId(), runDir, vd.display(), cd.text(), cd.cut(), null, null, TrialStatus.MISSING,
                    null, null, null, scores, null, defaultArtifacts, "No trace yet: traces/" + key.variantSegment() + "/" + key.caseSegment() + "/" + key.trial() + ".json does not exist.");
        } catch (IOException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, "The trace could not be read: " + e.getMessage());
        }
        if (length == 0) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, "The trace file is empty: it may still be being written.");
        }
        String variant = null;
        String caseId = null;
        String dataset = null;
        Long duration = null;
        boolean infra = false;
        String error = null;
        String gradingError = null;
        String failureKind = null;
        String artifacts = null;
        String kind = null;
        int bom = bomLength(bytes, length);
        try (JsonParser p = mapper.createParser(bytes, bom, length - bom)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, "The trace is not a JSON object.");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
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
        } catch (JsonEOFException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts,
                    "The trace is cut short (" + length + " bytes, ends mid-JSON): it may still be being written, or the disk filled up.");
        } catch (JsonProcessingException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, "The trace is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, "The trace could not be read: " + e.getMessage());
        }
        String problem = null;
        if (kind != null && !kind.equals("trial")) {
            problem = "The trace's kind is \"" + kind + "\", not \"trial\".";
        }
        boolean cut = caseId == null && cd.cut();
        String shownCase = caseId != null ? caseId : cd.text();
        String shownVariant = variant != null ? variant : vd.display();
        Path artifactsDir = defaultArtifacts;
        if (artifacts != null && !artifacts.isBlank()) {
            Path p = runDir.resolve(artifacts).normalize();
            if (p.startsWith(runDir.normalize())) {
                artifactsDir = p;
            }
        }
        TrialStatus status;
        String scoreProblem = scores.stream().map(ScoreRecord::problem).filter(x -> x != null).findFirst().orElse(null);
        if (scoreProblem != null) {
            status = TrialStatus.UNREADABLE;
            problem = scoreProblem;
        } else if ("missing".equals(failureKind)) {
            status = TrialStatus.MISSING;
        } else if (infra || failureKind != null) {
            status = TrialStatus.INFRA;
        } else if (scores.isEmpty()) {
            status = TrialStatus.UNGRADED;
        } else if (scores.stream().allMatch(s -> Boolean.TRUE.equals(s.pass()))) {
            status = TrialStatus.PASSED;
        } else {
            status = TrialStatus.FAILED;
        }
        return new TrialRecord(key, run.evalName(), run.runId(), runDir, shownVariant, shownCase, cut, dataset, duration, status,
                error, gradingError, failureKind, scores, trace, artifactsDir, problem);
    }

    private static TrialRecord unreadable(RunInfo run, TrialKey key, PathSegments.Decoded vd, PathSegments.Decoded cd, List<ScoreRecord> scores,
                                   Path trace, Path artifacts, String problem) {
        return new TrialRecord(key, run.evalName(), run.runId(), run.dir(), vd.display(), cd.text(), cd.cut(), null, null,
                TrialStatus.UNREADABLE, null, null, null, scores, trace, artifacts, problem);
    }

}
