package dev.mstpanel.core.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Reads {@code mst.run/v1} folders (MST's run format; the panel's contract, section 6): which runs
 * a path holds, each run's {@code run.json}, and its trials from {@code traces/} joined with their
 * scores from {@code scores/}. Never throws for bad input: a file that cannot be read becomes a
 * {@code problem} on the run or an {@link TrialStatus#UNREADABLE} trial, and the rest still lists.
 *
 * <p>Traces are parsed with a streaming parser on a small pool of threads (one per CPU); the
 * trace's events are skipped, not kept, so a 10,000-trial run lists in a few MB of heap.
 * Thread-safe. Close it to stop its threads.
 */
public final class ResultsReader implements AutoCloseable {
    /** A run id: UTC start, 6 hex digits, and {@code .g<n>} for a regrade (MST's {@code RUN_ID_PATTERN}). */
    public static final Pattern RUN_ID = Pattern.compile("^\\d{8}T\\d{6}Z-[0-9a-f]{6}(\\.g\\d+)?$");
    private static final Pattern TRIAL_FILE = Pattern.compile("^(\\d{1,9})\\.json$");
    private static final int FIRST_BATCH = 24;
    private static final int BATCH = 256;
    private static final int MAX_KEPT_BUFFER = 4 * 1024 * 1024;

    private final ObjectMapper mapper = new ObjectMapper();
    private final ExecutorService pool;

    /** What a path given by the user turned out to be. */
    public enum LocationKind { RESULTS_ROOT, EVAL, RUN }

    /**
     * A path's runs.
     *
     * @param path the path as given
     * @param kind what it is
     * @param runDirs its run folders, oldest first (run ids sort by start time)
     */
    public record Location(Path path, LocationKind kind, List<Path> runDirs) {}

    public ResultsReader() {
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
            Thread t = new Thread(r, "results-reader-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The folder MST writes its results to, inside the folder it runs in (contract, section 6). */
    public static final String RESULTS_FOLDER = ".mcp-test-results";

    /**
     * Finds the runs below an eval project folder (one holding {@code .mcp-test-results/}: its
     * runs are read from there), a results root ({@code .mcp-test-results}), an eval folder or one
     * run folder. A run folder has {@code run.json}, {@code traces/} or {@code scores/}; an eval
     * folder has {@code runs/} or {@code latest.json}; anything else is read as a results root whose
     * sub-folders are evals.
     *
     * @return the location; {@link Location#path()} is the path as given, even when the runs came
     *         from its {@code .mcp-test-results/}
     * @throws ResultsException when the path is not a folder or cannot be listed
     */
    public Location locate(Path path) throws ResultsException {
        Location found = locateIn(path);
        if (found.kind() == LocationKind.RESULTS_ROOT && Files.isDirectory(path.resolve(RESULTS_FOLDER))) {
            Location inner = locateIn(path.resolve(RESULTS_FOLDER));
            List<Path> runs = new ArrayList<>(found.runDirs());
            runs.addAll(inner.runDirs());
            return new Location(path, inner.kind(), runs);
        }
        return found;
    }

    /**
     * The sentence for a folder that holds no runs: names the path given and every kind of folder
     * that is accepted, so the user knows what to choose instead.
     *
     * @param given the path as the user gave it
     */
    public static String noRunsMessage(Path given) {
        return "No MST runs in " + given + ". Choose one of: the eval's project folder (the one holding "
                + RESULTS_FOLDER + "/), a " + RESULTS_FOLDER + " folder, an eval folder inside it (" + RESULTS_FOLDER
                + "/<eval>, holding runs/), or one run folder (" + RESULTS_FOLDER + "/<eval>/runs/<runId>). Runs appear there once MST has started one.";
    }

    private Location locateIn(Path path) throws ResultsException {
        if (!Files.isDirectory(path)) {
            throw new ResultsException(Files.exists(path) ? path + " is a file, not a results folder: choose .mcp-test-results, an eval folder or a run folder."
                    : "There is no folder at " + path + ".");
        }
        if (isRunDir(path)) {
            return new Location(path, LocationKind.RUN, List.of(path));
        }
        if (path.getFileName() != null && path.getFileName().toString().equals("runs")) {
            return new Location(path, LocationKind.EVAL, runsIn(path));
        }
        if (Files.isDirectory(path.resolve("runs")) || Files.isRegularFile(path.resolve("latest.json"))) {
            return new Location(path, LocationKind.EVAL, runsIn(path.resolve("runs")));
        }
        List<Path> runs = new ArrayList<>();
        for (Path evalDir : list(path)) {
            if (Files.isDirectory(evalDir.resolve("runs"))) {
                runs.addAll(runsIn(evalDir.resolve("runs")));
            }
        }
        return new Location(path, LocationKind.RESULTS_ROOT, runs);
    }

    /**
     * When a run folder last changed: the newest modification time of the folder, its
     * {@code run.json} and every folder and file under {@code traces/}, in ms since the epoch (0
     * when none can be read). A trace is written as soon as its trial ends (contract, section 6),
     * so this tells a run MST is writing from an old copied folder. Costs one stat per trace.
     */
    public static long lastChangeMillis(Path runDir) {
        long newest = modified(runDir);
        newest = Math.max(newest, modified(runDir.resolve("run.json")));
        Path traces = runDir.resolve("traces");
        if (Files.isDirectory(traces)) {
            try (var walk = Files.walk(traces)) {
                newest = Math.max(newest, walk.mapToLong(ResultsReader::modified).max().orElse(0));
            } catch (IOException | java.io.UncheckedIOException e) {
                // a folder vanished while walking: what was seen is enough
            }
        }
        return newest;
    }

    /**
     * 3 when the bytes start with a UTF-8 byte-order mark (EF BB BF, which Windows editors write
     * and JSON forbids, RFC 8259 section 8.1), else 0: files are parsed from after it.
     */
    static int bomLength(byte[] bytes, int length) {
        return length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** True when the folder looks like one run. */
    public static boolean isRunDir(Path dir) {
        return Files.isRegularFile(dir.resolve("run.json")) || Files.isDirectory(dir.resolve("traces"))
                || Files.isDirectory(dir.resolve("scores")) || RUN_ID.matcher(String.valueOf(dir.getFileName())).matches();
    }

    private static List<Path> runsIn(Path runs) throws ResultsException {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        return list(runs).stream().filter(Files::isDirectory).toList();
    }

    /**
     * Reads a run's {@code run.json}. A missing or broken file gives a {@link RunInfo} with a
     * {@code problem} and the names taken from the folders.
     */
    public RunInfo readRun(Path runDir) {
        String folderEval = runDir.getParent() != null && runDir.getParent().getFileName() != null
                && runDir.getParent().getFileName().toString().equals("runs") && runDir.getParent().getParent() != null
                ? PathSegments.decode(String.valueOf(runDir.getParent().getParent().getFileName())).display()
                : PathSegments.decode(String.valueOf(runDir.getFileName())).display();
        String folderRun = String.valueOf(runDir.getFileName());
        Path file = runDir.resolve("run.json");
        JsonNode n;
        try {
            byte[] bytes = Files.readAllBytes(file);
            int bom = bomLength(bytes, bytes.length);
            n = mapper.readTree(new java.io.ByteArrayInputStream(bytes, bom, bytes.length - bom));
            if (n == null || !n.isObject()) {
                return emptyRun(runDir, folderEval, folderRun, "run.json is not a JSON object, so the run's phases and runner are unknown.");
            }
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return emptyRun(runDir, folderEval, folderRun, "run.json is missing: the run may still be starting, or the folder was copied in part. Its trials are listed from traces/.");
        } catch (JsonEOFException e) {
            return emptyRun(runDir, folderEval, folderRun, "run.json is cut short: it may still be being written.");
        } catch (JsonProcessingException e) {
            return emptyRun(runDir, folderEval, folderRun, "run.json is not valid JSON (" + e.getOriginalMessage() + ").");
        } catch (IOException e) {
            return emptyRun(runDir, folderEval, folderRun, "run.json could not be read: " + e.getMessage());
        }
        JsonNode env = n.path("environment");
        List<String> variants = new ArrayList<>();
        for (JsonNode v : n.path("variants")) {
            String name = v.isTextual() ? v.asText() : text(v.path("name"));
            if (name != null) {
                variants.add(name);
            }
        }
        Integer shards = env.path("shards").canConvertToInt() ? env.path("shards").asInt() : null;
        if (shards == null && env.path("options").path("shards").canConvertToInt()) {
            shards = env.path("options").path("shards").asInt();
        } else if (shards == null && env.path("options").path("shards").isTextual()) {
            try {
                shards = Integer.parseInt(env.path("options").path("shards").asText().trim());
            } catch (NumberFormatException ignored) {
                // left unknown
            }
        }
        String keep = text(env.path("keep"));
        if (keep == null) {
            keep = text(env.path("options").path("keep"));
        }
        return new RunInfo(runDir, orElse(text(n.path("evalName")), folderEval), orElse(text(n.path("runId")), folderRun),
                text(n.path("createdAt")), text(n.path("finishedAt")), text(n.path("mst").path("version")),
                text(env.path("name")), shards, keep, text(n.path("phases").path("collect")), text(n.path("phases").path("grade")),
                n.path("partial").isBoolean() ? n.path("partial").asBoolean() : null,
                n.path("redactStoredResponses").isBoolean() ? n.path("redactStoredResponses").asBoolean() : null,
                List.copyOf(variants), null);
    }

    private static RunInfo emptyRun(Path dir, String eval, String runId, String problem) {
        return new RunInfo(dir, eval, runId, null, null, null, null, null, null, null, null, null, null, List.of(), problem);
    }

    /**
     * Every trial of a run, ordered by variant, case and trial folder.
     *
     * @see #readTrials(RunInfo, Consumer)
     */
    public List<TrialRecord> readTrials(RunInfo run) {
        List<TrialRecord> all = new ArrayList<>();
        readTrials(run, all::addAll);
        return all;
    }

    /**
     * Reads a run's trials and hands them to {@code sink} in ordered batches as they are parsed (a
     * small first batch, so a window can show the first cases at once), on the calling thread.
     * After the traces come the trials that have a score but no trace ({@link TrialStatus#MISSING}).
     *
     * @param run the run, from {@link #readRun(Path)}
     * @param sink receives batches, in order; never an empty one
     */
    public void readTrials(RunInfo run, Consumer<List<TrialRecord>> sink) {
        Path runDir = run.dir();
        List<Path> graders = graderDirs(runDir);
        // keys are found folder by folder and parsed as soon as a chunk is full, so the first
        // cases reach the sink before the whole tree has been listed
        Set<TrialKey> seen = new HashSet<>();
        java.util.concurrent.BlockingQueue<Future<List<TrialRecord>>> futures = new java.util.concurrent.LinkedBlockingQueue<>();
        Future<List<TrialRecord>> end = new java.util.concurrent.CompletableFuture<>();
        pool.submit(() -> {
            List<TrialKey> chunk = new ArrayList<>();
            int[] submitted = {0};
            try {
                forEachTraceKey(runDir, k -> {
                    seen.add(k);
                    chunk.add(k);
                    if (chunk.size() >= (submitted[0] == 0 ? FIRST_BATCH : BATCH)) {
                        futures.add(submitChunk(run, List.copyOf(chunk), graders));
                        chunk.clear();
                        submitted[0]++;
                    }
                });
                if (!chunk.isEmpty()) {
                    futures.add(submitChunk(run, List.copyOf(chunk), graders));
                }
            } finally {
                futures.add(end);
            }
        });
        while (true) {
            Future<List<TrialRecord>> f;
            try {
                f = futures.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (f == end) {
                break;
            }
            try {
                sink.accept(f.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException e) {
                throw new IllegalStateException("reading traces failed", e.getCause());
            }
        }
        List<TrialRecord> orphans;
        synchronized (seen) {
            orphans = scoresWithoutTrace(run, graders, seen);
        }
        if (!orphans.isEmpty()) {
            sink.accept(orphans);
        }
    }

    private Future<List<TrialRecord>> submitChunk(RunInfo run, List<TrialKey> chunk, List<Path> graders) {
        return pool.submit(() -> {
            List<TrialRecord> out = new ArrayList<>(chunk.size());
            for (TrialKey k : chunk) {
                out.add(readTrial(run, k, graders));
            }
            return out;
        });
    }

    /**
     * Reads one trial again (e.g. when its trace or a score changed on disk).
     *
     * @param run its run
     * @param key where it lives
     * @return the trial; {@link TrialStatus#MISSING} when it has no trace
     */
    public TrialRecord readTrial(RunInfo run, TrialKey key) {
        return readTrial(run, key, graderDirs(run.dir()));
    }

    /** The trace keys of a run, in folder order (variant, case, trial number). */
    public List<TrialKey> traceKeys(Path runDir) {
        List<TrialKey> keys = new ArrayList<>();
        forEachTraceKey(runDir, keys::add);
        return keys;
    }

    private static void forEachTraceKey(Path runDir, Consumer<TrialKey> keys) {
        Path traces = runDir.resolve("traces");
        for (Path v : listQuietly(traces)) {
            if (!Files.isDirectory(v)) {
                continue;
            }
            String vs = v.getFileName().toString();
            for (Path c : listQuietly(v)) {
                String cs = c.getFileName().toString();
                List<TrialKey> trials = new ArrayList<>();
                for (Path t : listQuietly(c)) {
                    var m = TRIAL_FILE.matcher(t.getFileName().toString());
                    if (m.matches()) {
                        trials.add(new TrialKey(vs, cs, Integer.parseInt(m.group(1))));
                    }
                }
                trials.sort(Comparator.comparingInt(TrialKey::trial));
                trials.forEach(keys);
            }
        }
    }

    private TrialRecord readTrial(RunInfo run, TrialKey key, List<Path> graders) {
        Path runDir = run.dir();
        Path trace = runDir.resolve("traces").resolve(key.variantSegment()).resolve(key.caseSegment()).resolve(key.trial() + ".json");
        List<ScoreRecord> scores = readScores(runDir, key, graders);
        PathSegments.Decoded vd = PathSegments.decode(key.variantSegment());
        PathSegments.Decoded cd = PathSegments.decode(key.caseSegment());
        Path defaultArtifacts = runDir.resolve("artifacts").resolve(key.variantSegment()).resolve(key.caseSegment()).resolve(String.valueOf(key.trial()));
        byte[] bytes;
        int length;
        try {
            bytes = readInto(trace);
            length = readLength.get()[0];
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

    /** Each reading thread's buffer, grown to the largest file it has read: traces are not copied per trial. */
    private final ThreadLocal<byte[][]> readBuffer = ThreadLocal.withInitial(() -> new byte[][] {new byte[64 * 1024]});
    private final ThreadLocal<int[]> readLength = ThreadLocal.withInitial(() -> new int[1]);

    /** Reads a whole file into this thread's buffer; its length goes to {@link #readLength}. */
    private byte[] readInto(Path file) throws IOException {
        byte[][] holder = readBuffer.get();
        byte[] buf = holder[0];
        int n = 0;
        try (var in = Files.newInputStream(file)) {
            while (true) {
                if (n == buf.length) {
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                    holder[0] = buf;
                }
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        }
        readLength.get()[0] = n;
        if (buf.length > MAX_KEPT_BUFFER) {
            holder[0] = new byte[64 * 1024]; // a huge trace: do not keep its buffer for the rest
        }
        return buf;
    }

    private TrialRecord unreadable(RunInfo run, TrialKey key, PathSegments.Decoded vd, PathSegments.Decoded cd, List<ScoreRecord> scores,
                                   Path trace, Path artifacts, String problem) {
        return new TrialRecord(key, run.evalName(), run.runId(), run.dir(), vd.display(), cd.text(), cd.cut(), null, null,
                TrialStatus.UNREADABLE, null, null, null, scores, trace, artifacts, problem);
    }

    private List<ScoreRecord> readScores(Path runDir, TrialKey key, List<Path> graders) {
        if (graders.isEmpty()) {
            return List.of();
        }
        List<ScoreRecord> out = new ArrayList<>(graders.size());
        for (Path g : graders) {
            Path f = g.resolve(key.variantSegment()).resolve(key.caseSegment()).resolve(key.trial() + ".json");
            if (!Files.isRegularFile(f)) {
                continue;
            }
            String folderName = PathSegments.decode(g.getFileName().toString()).display();
            // open it straight away (no stat first): most trials have a score per grader
            byte[] bytes;
            int length;
            try {
                bytes = readInto(f);
                length = readLength.get()[0];
            } catch (NoSuchFileException e) {
                continue;
            } catch (IOException e) {
                if (Files.isDirectory(f)) {
                    continue;
                }
                out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " could not be read: " + e.getMessage()));
                continue;
            }
            int bom = bomLength(bytes, length);
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
                out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " is not valid JSON: " + e.getOriginalMessage()));
            } catch (IOException e) {
                out.add(new ScoreRecord(folderName, null, null, null, f, "The score file " + rel(runDir, f) + " could not be read: " + e.getMessage()));
            }
        }
        out.sort(Comparator.comparing(ScoreRecord::grader));
        return out;
    }

    private List<TrialRecord> scoresWithoutTrace(RunInfo run, List<Path> graders, Set<TrialKey> seen) {
        Set<TrialKey> orphans = new java.util.TreeSet<>();
        for (Path g : graders) {
            for (Path v : listQuietly(g)) {
                for (Path c : listQuietly(v)) {
                    for (Path t : listQuietly(c)) {
                        var m = TRIAL_FILE.matcher(t.getFileName().toString());
                        if (m.matches()) {
                            TrialKey k = new TrialKey(v.getFileName().toString(), c.getFileName().toString(), Integer.parseInt(m.group(1)));
                            if (!seen.contains(k)) {
                                orphans.add(k);
                            }
                        }
                    }
                }
            }
        }
        List<TrialRecord> out = new ArrayList<>();
        for (TrialKey k : orphans) {
            TrialRecord r = readTrial(run, k, graders);
            String graderNames = String.join(", ", r.scores().stream().map(ScoreRecord::grader).toList());
            out.add(new TrialRecord(r.key(), r.evalName(), r.runId(), r.runDir(), r.variant(), r.caseId(), r.caseIdCut(), null, null,
                    TrialStatus.MISSING, null, null, null, r.scores(), null, r.artifactsDir(),
                    "A score (" + graderNames + ") exists but the trace traces/" + k.variantSegment() + "/" + k.caseSegment() + "/" + k.trial()
                            + ".json does not: the trace was lost or not copied."));
        }
        return out;
    }

    private static List<Path> graderDirs(Path runDir) {
        return listQuietly(runDir.resolve("scores")).stream().filter(Files::isDirectory).toList();
    }

    private static String rel(Path runDir, Path f) {
        return runDir.relativize(f).toString().replace('\\', '/');
    }

    private static List<Path> list(Path dir) throws ResultsException {
        // sort the names once taken out, not Path.getFileName() in every comparison
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            List<String> names = new ArrayList<>();
            for (Path p : s) {
                names.add(p.getFileName().toString());
            }
            names.sort(null);
            List<Path> out = new ArrayList<>(names.size());
            for (String n : names) {
                out.add(dir.resolve(n));
            }
            return out;
        } catch (IOException e) {
            throw new ResultsException("The folder " + dir + " could not be listed: " + e.getMessage(), e);
        }
    }

    static List<Path> listQuietly(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try {
            return list(dir);
        } catch (ResultsException e) {
            return List.of();
        }
    }

    private static String scalar(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t.isScalarValue()) {
            return p.getValueAsString();
        }
        p.skipChildren();
        return null;
    }

    private String anyText(JsonParser p, JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t.isScalarValue()) {
            return p.getValueAsString();
        }
        JsonNode n = p.readValueAsTree();
        return n == null ? null : anyText(n);
    }

    private static String anyText(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        if (n.isTextual()) {
            return n.asText();
        }
        if (n.isObject() && n.path("message").isTextual()) {
            return n.path("message").asText();
        }
        return n.toString();
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() || n.isContainerNode() ? null : n.asText();
    }

    private static String orElse(String a, String b) {
        return a == null || a.isBlank() ? b : a;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
