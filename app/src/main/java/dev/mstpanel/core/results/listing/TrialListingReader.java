package dev.mstpanel.core.results.listing;

import static dev.mstpanel.core.results.files.ResultsFiles.bomLength;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.cache.TrialCache;
import dev.mstpanel.core.results.files.ReadBuffer;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.layout.CaseFolders;
import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.model.Problem;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialNumbers;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.model.TrialUsage;
import dev.mstpanel.core.results.search.TraceEventHeads;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.search.UnsearchedTraces;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads one trial as the panel lists it (docs/dev/mst-format.md, Results): its trace's top-level fields
 * (variant, case id, dataset, duration, errors, failure kind, artifacts folder) with a streaming
 * parser that skips the events, joined with its scores into a {@link TrialRecord} and its status.
 * Never throws for bad input: a trace that cannot be read gives an {@link TrialStatus#UNREADABLE}
 * trial with the reason. Thread-safe.
 */
public final class TrialListingReader {
    private final ObjectMapper mapper;
    private final ReadBuffer buffer;
    private final ScoreReader scoreReader;

    public TrialListingReader(ObjectMapper mapper, ReadBuffer buffer) {
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
    public TrialRecord readTrial(RunInfo run, TrialKey key, List<Path> graders) {
        Path runDir = run.dir();
        Path trace = key.traceIn(runDir);
        return readTrial(run, key, graders, trace, null);
    }

    /**
     * Reads one trial when its trace matches a query.
     *
     * @param query what the trace must hold, or null for every trial
     * @return the trial, or null when the query does not match (a trial without a readable trace never matches)
     */
    public TrialRecord readTrial(RunInfo run, TrialKey key, List<Path> graders, TranscriptQuery query) {
        return readTrial(run, key, graders, query, null);
    }

    /**
     * A trial that could not be read at all (its folder, or its file name), with the reason: listed,
     * never dropped.
     */
    public static TrialRecord unreadable(RunInfo run, TrialKey key, String problem) {
        return unreadable(run, key, Problem.other(problem));
    }

    /** {@link #unreadable(RunInfo, TrialKey, String)} with a problem of a known kind. */
    public static TrialRecord unreadable(RunInfo run, TrialKey key, Problem problem) {
        Path trace;
        Path artifacts;
        try {
            trace = key.traceIn(run.dir());
            artifacts = key.artifactsIn(run.dir());
        } catch (java.nio.file.InvalidPathException e) {
            // a name no path can be made of here (a C locale reads non-ASCII names as U+FFFD): the problem names the
            // folder
            trace = null;
            artifacts = null;
        }
        return unreadable(
                run,
                key,
                PathSegments.decode(key.variantSegment()),
                PathSegments.decode(key.caseSegment()),
                List.of(),
                trace,
                artifacts,
                problem);
    }

    /** Marks a trial whose trace does not match the query. */
    private static final TrialRecord NO_MATCH = new TrialRecord(
            new TrialKey("", "", 0),
            "",
            "",
            Path.of(""),
            "",
            "",
            false,
            null,
            null,
            TrialStatus.UNREADABLE,
            null,
            null,
            null,
            List.of(),
            null,
            null,
            null);

    /** Reads one trial from a trace file at any path (no scores when it is not in a run folder). */
    public TrialRecord readTrial(RunInfo run, TrialKey key, List<Path> graders, Path trace) {
        return readTrial(run, key, graders, trace, null);
    }

    private TrialRecord readTrial(RunInfo run, TrialKey key, List<Path> graders, Path trace, TranscriptQuery query) {
        return readTrial(run, key, graders, trace, query, null);
    }

    /**
     * Reads one trial, from the cache when its files are unchanged since it was last read (then no
     * file of it is opened, unless a search must look in its bytes).
     *
     * @param cache the run's cache, or null to read every file
     */
    public TrialRecord readTrial(
            RunInfo run, TrialKey key, List<Path> graders, TranscriptQuery query, TrialCache cache) {
        return readTrial(run, key, graders, query, cache, null);
    }

    /**
     * Reads one trial when its trace matches a query, and says which traces could not be searched.
     *
     * @param cache the run's cache, or null to read every file
     * @param unsearched receives the traces that could not be searched (unreadable, too large, cut short, not a JSON
     *                   object), with the listing's reason; null to drop them
     * @return the trial, or null when the query does not match or the trace could not be searched
     */
    public TrialRecord readTrial(
            RunInfo run,
            TrialKey key,
            List<Path> graders,
            TranscriptQuery query,
            TrialCache cache,
            UnsearchedTraces unsearched) {
        Path trace = key.traceIn(run.dir());
        TrialRecord t = readTrial(run, key, graders, trace, query, cache);
        if (query != null && !query.isEmpty() && (t.traceFile() == null || traceUnreadable(t))) {
            // no trace (nothing to search in), or one that could not be read or parsed: said, not taken for "no match"
            if (unsearched != null && t.traceFile() != null && t.status() == TrialStatus.UNREADABLE) {
                unsearched.add(key, t.problem());
            }
            return null;
        }
        return t == NO_MATCH ? null : t;
    }

    private TrialRecord readTrial(
            RunInfo run, TrialKey key, List<Path> graders, Path trace, TranscriptQuery query, TrialCache cache) {
        Path runDir = run.dir();
        boolean searching = query != null && !query.isEmpty();
        TrialCache.Stamps stamps = null;
        if (cache != null && !searching) {
            stamps = cache.stamps(trace, key, graders);
            TrialRecord kept = cache.get(run, key, stamps);
            if (kept != null) {
                return kept;
            }
        }
        // a search reads a trial's scores only once its trace matched
        List<ScoreRecord> scores = searching ? List.of() : scores(runDir, key, graders);
        PathSegments.Decoded vd = PathSegments.decode(key.variantSegment());
        PathSegments.Decoded cd = PathSegments.decode(key.caseSegment());
        Path defaultArtifacts = key.artifactsIn(runDir);
        byte[] bytes;
        int length;
        try {
            bytes = buffer.read(trace);
            length = buffer.length();
        } catch (NoSuchFileException e) {
            return new TrialRecord(
                    key,
                    run.evalName(),
                    run.runId(),
                    runDir,
                    vd.display(),
                    cd.text(),
                    cd.cut(),
                    null,
                    null,
                    TrialStatus.MISSING,
                    null,
                    null,
                    null,
                    scores,
                    null,
                    defaultArtifacts,
                    "No trace yet: traces/" + key.variantSegment() + "/" + key.caseSegment() + "/" + key.trial()
                            + ".json does not exist.");
        } catch (ReadBuffer.TooLargeException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.tooLarge(trace, e));
        } catch (IOException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.unreadable(e));
        }
        if (length == 0) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.empty());
        }
        int bom = bomLength(bytes, length);
        // a search checks the trace's bytes first: a trace that does not hold the text is not parsed
        // (one that cannot be searched is parsed, for the listing's reason)
        TranscriptQuery.Outcome found =
                searching ? query.search(bytes, bom, length - bom) : TranscriptQuery.Outcome.MATCH;
        if (found == TranscriptQuery.Outcome.NO_MATCH) {
            // the bytes do not hold the text: a no-match for a whole trace, as the listing (cached, files unchanged) or
            // a skim says
            // (the cache is asked about the trace alone: one look at it, no record decoded, scores not looked at)
            Boolean whole = cache == null ? null : cache.traceWhole(key, trace);
            if (whole != null ? whole : TranscriptQuery.parsesWhole(bytes, bom, length - bom)) {
                return NO_MATCH;
            }
            // broken in the middle (its first byte a brace and its last one too): could not be searched, whatever the
            // text
            TrialRecord t =
                    parse(run, key, graders, trace, bytes, bom, length, false, scores, vd, cd, defaultArtifacts);
            return traceUnreadable(t) ? t : NO_MATCH;
        }
        if (found == TranscriptQuery.Outcome.UNSEARCHABLE) {
            TrialRecord t =
                    parse(run, key, graders, trace, bytes, bom, length, false, scores, vd, cd, defaultArtifacts);
            // parsed after all (text after the object's end): whole where it counts, and it did not match
            return t.status() == TrialStatus.UNREADABLE ? t : NO_MATCH;
        }
        if (cache != null && searching) {
            stamps = cache.stamps(trace, key, graders);
            TrialRecord kept = cache.get(run, key, stamps);
            if (kept != null) {
                return kept;
            }
        }
        TrialRecord t =
                parse(run, key, graders, trace, bytes, bom, length, searching, scores, vd, cd, defaultArtifacts);
        if (cache != null) {
            cache.put(key, stamps, t);
        }
        return t;
    }

    /**
     * True when the trial is unreadable because of its trace (cut short, not JSON, not an object, not readable), not
     * because of a score file: such a trace never matches a search, it could not be searched.
     */
    public static boolean traceUnreadable(TrialRecord t) {
        return t.traceUnreadable();
    }

    /** The trial from its trace's bytes (and its scores, read now when a search found the trace). */
    private TrialRecord parse(
            RunInfo run,
            TrialKey key,
            List<Path> graders,
            Path trace,
            byte[] bytes,
            int bom,
            int length,
            boolean searching,
            List<ScoreRecord> scores,
            PathSegments.Decoded vd,
            PathSegments.Decoded cd,
            Path defaultArtifacts) {
        Path runDir = run.dir();
        TrialFields f = new TrialFields();
        EventCounts counts = new EventCounts();
        try (JsonParser p = mapper.createParser(bytes, bom, length - bom)) {
            JsonToken first = p.nextToken();
            if (first == null) { // only whitespace: no JSON value at all
                return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.onlyWhitespace());
            }
            if (first != JsonToken.START_OBJECT) {
                return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.notAnObject());
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                switch (field) {
                    case "trace" -> counts.read(p, t);
                    case "clientUsage" -> counts.clientUsage(p, t);
                    default -> f.read(field, p, t);
                }
            }
        } catch (JsonEOFException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.cutShort(length));
        } catch (JsonProcessingException e) {
            if (ResultsFiles.endsMidJson(e, length - bom)) {
                // the parser's other way of saying the bytes end mid-JSON (after a comma, in a field name): cut short
                // too
                return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.cutShort(length));
            }
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.notJson(e));
        } catch (IOException e) {
            return unreadable(run, key, vd, cd, scores, trace, defaultArtifacts, Problem.unreadable(e));
        }
        if (searching) {
            scores = scores(runDir, key, graders);
        }
        Problem problem = null;
        if (f.kind != null && !f.kind.equals("trial")) {
            problem = Problem.wrongKind(f.kind);
        }
        // the folder and the trace's caseId disagreeing; a trace file read from elsewhere (a copy) has no case folder
        // to check
        CaseFolders.Listed listed = trace.equals(key.traceIn(runDir))
                ? CaseFolders.of(key, f.caseId, cd)
                : CaseFolders.of(key, f.caseId, null);
        boolean cut = listed.cut();
        String shownCase = listed.caseId();
        if (listed.note() != null) {
            problem = problem == null ? Problem.other(listed.note()) : problem.withNote(listed.note());
        }
        String shownVariant = f.variant != null ? f.variant : vd.display();
        Path artifactsDir = defaultArtifacts;
        if (f.artifacts != null && !f.artifacts.isBlank()) {
            Path p = runDir.resolve(f.artifacts).normalize();
            if (p.startsWith(runDir.normalize())) {
                artifactsDir = p;
            }
        }
        String scoreProblem = TrialStatus.scoreProblem(scores);
        if (scoreProblem != null) {
            problem = Problem.other(scoreProblem);
        }
        TrialStatus status = TrialStatus.of(scores, f.infra(), f.failureKind);
        return new TrialRecord(
                key,
                run.evalName(),
                run.runId(),
                runDir,
                shownVariant,
                shownCase,
                cut,
                f.dataset,
                f.duration,
                status,
                f.error,
                f.gradingError,
                f.failureKind,
                scores,
                trace,
                artifactsDir,
                null,
                counts.calls,
                counts.errors,
                counts.firstFailed,
                counts.usage(),
                problem);
    }

    /**
     * Counts a trace's tool calls and failed calls while the listing streams past its events
     * ({@link TraceEventHeads}), keeping only the first failed call's {@code server · name}: no event is kept.
     * Also keeps {@code trace.usage} (else {@code clientUsage}) and the MCP calls for {@link TrialUsage}.
     */
    private static final class EventCounts implements TraceEventHeads.Visitor {
        int calls;
        int errors;
        int mcpCalls;
        String firstFailed;
        Long inputTokens;
        Long outputTokens;
        Double totalCost;
        Double estimatedCost;
        boolean traceUsage;

        TrialUsage usage() {
            Double cost = totalCost != null ? totalCost : estimatedCost;
            if (inputTokens == null && outputTokens == null && cost == null && mcpCalls == 0) {
                return TrialUsage.NONE;
            }
            return new TrialUsage(inputTokens, outputTokens, cost, mcpCalls);
        }

        /** {@code clientUsage} beside {@code trace}: used only when {@code trace.usage} is absent (in either order). */
        void clientUsage(JsonParser p, JsonToken t) throws IOException {
            if (traceUsage) {
                p.skipChildren();
                return;
            }
            readUsage(p, t);
        }

        private void readUsage(JsonParser p, JsonToken t) throws IOException {
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                return;
            }
            Long in = null;
            Long out = null;
            Double total = null;
            Double estimated = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                JsonToken v = p.nextToken();
                switch (f) {
                    case "inputTokens" -> in = TrialNumbers.TOKENS.wholeOf(p, v);
                    case "outputTokens" -> out = TrialNumbers.TOKENS.wholeOf(p, v);
                    case "totalCostUsd" -> total = TrialNumbers.COST_USD.valueOf(p, v);
                    case "estimatedCostUsd" -> estimated = TrialNumbers.COST_USD.valueOf(p, v);
                    default -> p.skipChildren();
                }
            }
            inputTokens = in;
            outputTokens = out;
            totalCost = total;
            estimatedCost = estimated;
        }

        void read(JsonParser p, JsonToken t) throws IOException {
            TraceEventHeads.walk(p, t, this);
        }

        @Override
        public void otherField(String field, JsonParser p, JsonToken value) throws IOException {
            if (field.equals("usage") && value == JsonToken.START_OBJECT) {
                readUsage(p, value);
                traceUsage = true;
            } else {
                p.skipChildren();
            }
        }

        @Override
        public boolean event(String kind, String source, String server, String name, String rawName, boolean failed) {
            if ("tool_call".equals(kind)) {
                calls++;
                if ("mcp".equals(source)) {
                    mcpCalls++;
                }
            }
            if (failed) {
                errors++;
                if (firstFailed == null) {
                    String n = name != null ? name : rawName != null ? rawName : kind != null ? kind : "event";
                    firstFailed = server == null ? n : server + " · " + n;
                }
            }
            return true;
        }
    }

    private static TrialRecord unreadable(
            RunInfo run,
            TrialKey key,
            PathSegments.Decoded vd,
            PathSegments.Decoded cd,
            List<ScoreRecord> scores,
            Path trace,
            Path artifacts,
            String problem) {
        return unreadable(run, key, vd, cd, scores, trace, artifacts, Problem.other(problem));
    }

    private static TrialRecord unreadable(
            RunInfo run,
            TrialKey key,
            PathSegments.Decoded vd,
            PathSegments.Decoded cd,
            List<ScoreRecord> scores,
            Path trace,
            Path artifacts,
            Problem problem) {
        return new TrialRecord(
                key,
                run.evalName(),
                run.runId(),
                run.dir(),
                vd.display(),
                cd.text(),
                cd.cut(),
                null,
                null,
                TrialStatus.UNREADABLE,
                null,
                null,
                null,
                scores,
                trace,
                artifacts,
                null,
                0,
                0,
                null,
                TrialUsage.NONE,
                problem);
    }
}
