package dev.mstpanel.core.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.cache.TrialCache;
import dev.mstpanel.core.results.diagnosis.FailureDiagnosis;
import dev.mstpanel.core.results.files.ReadBuffer;
import dev.mstpanel.core.results.files.ResultsException;
import dev.mstpanel.core.results.layout.Location;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.layout.RunLocator;
import dev.mstpanel.core.results.layout.TraceKeys;
import dev.mstpanel.core.results.listing.CaseLabels;
import dev.mstpanel.core.results.listing.ExpectedTrials;
import dev.mstpanel.core.results.listing.RunJsonReader;
import dev.mstpanel.core.results.listing.ScoreReader;
import dev.mstpanel.core.results.listing.TrialHeads;
import dev.mstpanel.core.results.listing.TrialListingReader;
import dev.mstpanel.core.results.model.Problem;
import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.ScoreRecord;
import dev.mstpanel.core.results.model.TrialKey;
import dev.mstpanel.core.results.model.TrialRecord;
import dev.mstpanel.core.results.model.TrialStatus;
import dev.mstpanel.core.results.search.TranscriptQuery;
import dev.mstpanel.core.results.search.UnsearchedTraces;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Reads {@code mst.run/v1} folders (MST's run format; the panel's docs/dev/mst-format.md, Results): which runs
 * a path holds ({@link RunLocator}), each run's {@code run.json} ({@link RunJsonReader}), and its
 * trials from {@code traces/} ({@link TraceKeys}, {@link TrialListingReader}) joined with their
 * scores from {@code scores/} ({@link ScoreReader}). Never throws for bad input: a file that cannot
 * be read becomes a {@code problem} on the run or an {@link TrialStatus#UNREADABLE} trial, and the
 * rest still lists.
 *
 * <p>Traces are parsed with a streaming parser on a small pool of threads (one per CPU); the
 * trace's events are skipped, not kept, so a 10,000-trial run lists in a few MB of heap. Made with
 * a cache folder, it keeps what it listed there ({@link TrialCache}) and lists a run again from its
 * files' sizes and times, parsing only the trials whose files changed.
 * Thread-safe. Close it to stop its threads.
 */
public final class ResultsReader implements AutoCloseable {
    /** A run id: UTC start, 6 hex digits, and {@code .g<n>} for a regrade (MST's {@code RUN_ID_PATTERN}). */
    public static final Pattern RUN_ID = RunLocator.RUN_ID;

    private static final int FIRST_BATCH = 24;
    private static final int BATCH = 256;

    // a string as long as a file the panel reads (a judge's reasoning of 25 MB): Jackson's default stops at 20 M
    // characters, which read as "not valid JSON"
    private final ObjectMapper mapper = new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
            .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                    .maxStringLength((int) ReadBuffer.MAX_FILE_BYTES)
                    .build())
            .build());
    private final ReadBuffer buffer = new ReadBuffer();
    private final RunJsonReader runs = new RunJsonReader(mapper);
    private final TrialListingReader trials = new TrialListingReader(mapper, buffer);
    private final TrialHeads heads = new TrialHeads(mapper, trials);
    private final ExecutorService pool;
    private final Path cacheDir;
    /** Caches of listed trials being read ahead ({@link #readAhead(Path)}), by run folder as given. */
    private final java.util.Map<Path, Future<TrialCache>> ahead = new java.util.concurrent.ConcurrentHashMap<>();
    /** Writes the runs' caches one at a time, apart from the reading threads. */
    private final ExecutorService saver = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "results-cache-writer");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    private final List<Future<?>> saves = new ArrayList<>();

    public ResultsReader() {
        this(null);
    }

    /**
     * A reader that keeps the trials it lists in the cache folder ({@link TrialCache}), so a run read
     * once lists again from its files' sizes and times.
     *
     * @param cacheDir the panel's cache folder ({@code AppPaths.cacheDir()}), or null to read every file each time
     */
    public ResultsReader(Path cacheDir) {
        this.cacheDir = cacheDir;
        AtomicInteger n = new AtomicInteger();
        this.pool =
                Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
                    Thread t = new Thread(r, "results-reader-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    /** The folder MST writes its results to, inside the folder it runs in (docs/dev/mst-format.md, Results). */
    public static final String RESULTS_FOLDER = RunLocator.RESULTS_FOLDER;

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
        return RunLocator.locate(path);
    }

    /** @see RunLocator#noRunsMessage(Path) */
    public static String noRunsMessage(Path given) {
        return RunLocator.noRunsMessage(given);
    }

    /** @see RunLocator#lastChangeMillis(Path) */
    public static long lastChangeMillis(Path runDir) {
        return RunLocator.lastChangeMillis(runDir);
    }

    /** True when the folder looks like one run. */
    public static boolean isRunDir(Path dir) {
        return RunLocator.isRunDir(dir);
    }

    /**
     * Starts reading a run's cache of listed trials ({@link TrialCache}: a 10,000-trial run's is about
     * 5 MB, 30,000 entries) on the reader's threads, so that the next listing of that run, started
     * after its {@code run.json} is read, finds it read: the two are read at once instead of one
     * after the other (the listing through the launcher, whole process). Nothing when this
     * reader keeps no cache, or one is already being read for the folder.
     *
     * @param runDir the run folder, as the listing will be given it ({@link RunInfo#dir()})
     */
    public void readAhead(Path runDir) {
        if (cacheDir == null) {
            return;
        }
        ahead.computeIfAbsent(runDir, d -> pool.submit(() -> TrialCache.open(cacheDir, d, ScoreReader.graderDirs(d))));
    }

    /** The cache of a run for a listing: the one read ahead when it is of these grader folders, else read now. */
    private TrialCache cacheFor(RunInfo run, List<Path> graders) {
        Future<TrialCache> f = ahead.remove(run.dir());
        if (f != null) {
            try {
                TrialCache read = f.get();
                if (read.isOf(graders)) {
                    return read;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // read again below, where a failure is logged
            }
        }
        return TrialCache.open(cacheDir, run.dir(), graders);
    }

    /**
     * Reads a run's {@code run.json}. A missing or broken file gives a {@link RunInfo} with a
     * {@code problem} and the names taken from the folders.
     */
    public RunInfo readRun(Path runDir) {
        return runs.readRun(runDir);
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
        readTrials(run, null, sink);
    }

    /**
     * Reads the trials of a run whose trace matches a query (the search across trials), in the same single pass as the listing: each trace is read once, searched in its
     * bytes, and parsed for its values only when its bytes hold the text. Trials without a
     * readable trace never match. Fewer batches come when few trials match.
     *
     * @param query what the trace must hold, or null for every trial (then as {@link #readTrials(RunInfo, Consumer)})
     * @param sink receives batches, in order; never an empty one
     */
    public void readTrials(RunInfo run, TranscriptQuery query, Consumer<List<TrialRecord>> sink) {
        readTrials(run, query, sink, null);
    }

    /**
     * As {@link #readTrials(RunInfo, TranscriptQuery, Consumer)}, and says which traces the search
     * could not look into (unreadable, too large, cut short, not a JSON object, or in a case folder
     * that could not be listed): those never match, and a user must not take "no match" for the
     * whole truth.
     *
     * @param unsearched receives them (with the listing's reason), or null; unused without a query
     */
    public void readTrials(
            RunInfo run, TranscriptQuery query, Consumer<List<TrialRecord>> sink, UnsearchedTraces unsearched) {
        readTrials(run, query, sink, unsearched, false, null);
    }

    /**
     * {@link #readTrials(RunInfo, TranscriptQuery, Consumer, UnsearchedTraces)}, and the failure
     * diagnoses {@code diagnoses} finds while {@code sink} runs are kept with the run's trials in the
     * cache of listed trials (and taken from it while their folders are unchanged: {@link KeptDiagnoses}).
     *
     * @param diagnoses the run's finder ({@link FailureDiagnosis#finder(Path, Boolean)}), used by {@code sink}
     */
    public void readTrials(
            RunInfo run,
            TranscriptQuery query,
            Consumer<List<TrialRecord>> sink,
            UnsearchedTraces unsearched,
            FailureDiagnosis.Finder diagnoses) {
        readTrials(run, query, sink, unsearched, false, diagnoses);
    }

    /**
     * Reads a run's trials for their statuses, as fast as the files allow (the Compare
     * screen's figures): a run listed before lists from the cache of listed trials, as
     * {@link #readTrials(RunInfo, Consumer)} does; a run never listed is read from each trace's first
     * and last bytes ({@link TrialHeads}): its trials have their status, variant, case, duration and
     * errors, but no tool calls, failed tool or usage, and are not cached.
     *
     * @param sink receives batches, in order; never an empty one
     * @return true when the trials are complete (as the listing gives them), false when they are
     *         statuses only and a {@link #readTrials(RunInfo, Consumer)} must follow for the rest
     */
    public boolean readTrialStatuses(RunInfo run, Consumer<List<TrialRecord>> sink) {
        return readTrials(run, null, sink, null, true, null);
    }

    private boolean readTrials(
            RunInfo run,
            TranscriptQuery query,
            Consumer<List<TrialRecord>> sink,
            UnsearchedTraces unsearched,
            boolean statusesOnly,
            FailureDiagnosis.Finder diagnoses) {
        Path runDir = run.dir();
        List<Path> graders = ScoreReader.graderDirs(runDir);
        // keys are found folder by folder and parsed as soon as a chunk is full, so the first
        // cases reach the sink before the whole tree has been listed
        Set<TrialKey> seen = new HashSet<>();
        boolean searching = query != null && !query.isEmpty();
        // a search lists the folders from the cache too: a look at each folder's time, where listing 10,000 from the
        // disk took
        // about 4x the CPU (a profile of the 10,000-trial bench run)
        TrialCache opened = cacheDir == null ? null : cacheFor(run, graders);
        // statuses of a run never listed come from the traces' ends, and such records never enter the cache
        boolean fromEnds = statusesOnly && (opened == null || opened.size() == 0);
        TrialCache cache = fromEnds ? null : opened;
        if (diagnoses != null && cache != null) {
            diagnoses.keepIn(
                    cache.diagnoses()); // the sink's finds: before the cache is saved, at the end of this listing
        }
        // what cannot be listed as MST writes it: notes on listed trials, and
        // trials that could not be read at all, listed at the end with their reason
        java.util.Map<TrialKey, String> notes = new java.util.concurrent.ConcurrentHashMap<>();
        // the case folders whose trials could not be listed (their key is (variant, case, 0))
        Set<TrialKey> unlisted = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.BlockingQueue<Future<List<TrialRecord>>> futures =
                new java.util.concurrent.LinkedBlockingQueue<>();
        Future<List<TrialRecord>> end = new java.util.concurrent.CompletableFuture<>();
        // the score files are listed beside the traces (a listing only: which trials have a score but no trace)
        java.util.concurrent.CompletableFuture<Future<Set<TrialKey>>> scored =
                new java.util.concurrent.CompletableFuture<>();
        boolean whole = query == null || query.isEmpty();
        pool.submit(() -> {
            List<TrialKey> chunk = new ArrayList<>();
            int[] submitted = {0};
            try {
                TraceKeys.forEach(
                        runDir,
                        k -> {
                            seen.add(k);
                            chunk.add(k);
                            if (chunk.size() >= (submitted[0] == 0 ? FIRST_BATCH : BATCH)) {
                                futures.add(submitChunk(
                                        run, List.copyOf(chunk), graders, query, notes, cache, unsearched, fromEnds));
                                chunk.clear();
                                if (submitted[0]++ == 0 && whole) { // after the first batch, which a window waits for
                                    scored.complete(pool.submit(() ->
                                            TraceKeys.scored(graders, cache == null ? TraceKeys.PLAIN : cache::names)));
                                }
                            }
                        },
                        notes::put,
                        cache == null ? TraceKeys.PLAIN : cache::names,
                        unlisted::add);
                if (!chunk.isEmpty()) {
                    futures.add(
                            submitChunk(run, List.copyOf(chunk), graders, query, notes, cache, unsearched, fromEnds));
                }
            } catch (RuntimeException e) {
                // not silent: the trials listed so far are shown, and the log says where the listing stopped
                org.slf4j.LoggerFactory.getLogger(ResultsReader.class)
                        .warn("Listing the traces of {} stopped early", runDir, e);
                throw e;
            } finally {
                if (whole && !scored.isDone()) {
                    scored.complete(pool.submit(
                            () -> TraceKeys.scored(graders, cache == null ? TraceKeys.PLAIN : cache::names)));
                }
                futures.add(end);
            }
        });
        while (true) {
            Future<List<TrialRecord>> f;
            try {
                f = futures.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !fromEnds;
            }
            if (f == end) {
                break;
            }
            try {
                List<TrialRecord> batch = f.get();
                if (!batch.isEmpty()) {
                    sink.accept(batch);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !fromEnds;
            } catch (ExecutionException e) {
                throw new IllegalStateException("reading traces failed", e.getCause());
            }
        }
        if (searching) {
            if (cache != null) {
                saveLater(cache); // the trials the search found, for the next listing
            }
            if (unsearched != null) {
                // a case folder that could not be listed, a second file of a trial: its traces were not searched
                for (var e : new java.util.TreeMap<>(notes).entrySet()) {
                    if (!seen.contains(e.getKey())) {
                        TrialKey k = e.getKey().trial() == -1
                                ? new TrialKey(e.getKey().variantSegment(), "", 0)
                                : e.getKey();
                        unsearched.add(k, e.getValue());
                    }
                }
            }
            return true; // a score without a trace has nothing to search in
        }
        List<TrialRecord> orphans = new ArrayList<>();
        // traces/ or a variant folder that could not be read: the scores below it are listed with its problem
        java.util.Map<TrialKey, String> unreadableAbove = new java.util.LinkedHashMap<>();
        // a case folder that could not be read: its problem, by "variant/case"
        java.util.Map<String, String> unreadableFolders = new java.util.HashMap<>();
        for (var e : new java.util.TreeMap<>(notes).entrySet()) {
            if (e.getKey().trial() == -1) {
                unreadableAbove.put(e.getKey(), e.getValue());
            } else if (unlisted.contains(e.getKey()) && !seen.contains(e.getKey())) {
                unreadableFolders.put(
                        e.getKey().variantSegment() + "/" + e.getKey().caseSegment(), e.getValue());
            } else if (!seen.contains(e.getKey())) {
                orphans.add(TrialListingReader.unreadable(run, e.getKey(), e.getValue()));
            }
        }
        // the trials below a folder that could not be read, as results.json names them: listed as unreadable with the
        // folder's problem, so that they stay in the counts; read only then
        java.util.Map<TrialKey, String> hidden = new java.util.TreeMap<>();
        if (!unreadableAbove.isEmpty() || !unreadableFolders.isEmpty()) {
            for (TrialKey k : ExpectedTrials.read(runDir, mapper)) {
                if (seen.contains(k)) {
                    continue;
                }
                String why = unreadableFolders.get(k.variantSegment() + "/" + k.caseSegment());
                if (why == null) {
                    for (var a : unreadableAbove.entrySet()) {
                        if (TraceKeys.coveredBy(a.getKey(), k)) {
                            why = a.getValue();
                            break;
                        }
                    }
                }
                if (why != null) {
                    hidden.put(k, why);
                }
            }
        }
        Set<String> foldersShown = new HashSet<>();
        synchronized (seen) {
            Set<TrialKey> scoreKeys;
            try {
                scoreKeys = scored.get().get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !fromEnds;
            } catch (ExecutionException e) {
                throw new IllegalStateException("listing the scores failed", e.getCause());
            }
            Set<TrialKey> aboveShown = new HashSet<>();
            for (TrialRecord o : scoresWithoutTrace(run, graders, TraceKeys.without(scoreKeys, seen))) {
                TrialKey above = unreadableAbove.keySet().stream()
                        .filter(f -> TraceKeys.coveredBy(f, o.key()))
                        .findFirst()
                        .orElse(null);
                String inFolder = unreadableFolders.get(
                        o.key().variantSegment() + "/" + o.key().caseSegment());
                if (inFolder != null) {
                    // a score beside a case folder that could not be read: not "trace lost", the folder's problem says
                    // why
                    orphans.add(TrialListingReader.unreadable(run, o.key(), inFolder)
                            .withScores(o.scores()));
                    hidden.remove(o.key());
                    foldersShown.add(o.key().variantSegment() + "/" + o.key().caseSegment());
                } else if (above != null) {
                    hidden.remove(o.key());
                    // not "trace lost": its traces/ or variant folder could not be read, and its problem says why
                    orphans.add(TrialListingReader.unreadable(run, o.key(), unreadableAbove.get(above))
                            .withScores(o.scores()));
                    aboveShown.add(above);
                } else {
                    orphans.add(o);
                }
            }
            for (var e : hidden.entrySet()) { // no score, but results.json names it
                orphans.add(TrialListingReader.unreadable(run, e.getKey(), e.getValue()));
                foldersShown.add(e.getKey().variantSegment() + "/" + e.getKey().caseSegment());
                for (TrialKey a : unreadableAbove.keySet()) {
                    if (TraceKeys.coveredBy(a, e.getKey())) {
                        aboveShown.add(a);
                    }
                }
            }
            for (var e : unreadableFolders.entrySet()) {
                if (!foldersShown.contains(
                        e.getKey())) { // neither a score nor results.json names its trials: one row says so
                    String[] vc = e.getKey().split("/", 2);
                    orphans.add(TrialListingReader.unreadable(run, new TrialKey(vc[0], vc[1], 0), e.getValue()));
                }
            }
            for (var e : unreadableAbove.entrySet()) {
                if (!aboveShown.contains(e.getKey())) { // no score below it either: one row says so
                    orphans.add(TrialListingReader.unreadable(
                            run, new TrialKey(e.getKey().variantSegment(), "", 0), e.getValue()));
                }
            }
            orphans.sort(java.util.Comparator.comparing(
                    TrialRecord::key)); // in variant, case and trial order among themselves
            if (cache != null) {
                cache.retain(seen); // every folder of the run has been looked at
                saveLater(cache);
            }
        }
        if (!orphans.isEmpty()) {
            sink.accept(orphans);
        }
        return !fromEnds;
    }

    private Future<List<TrialRecord>> submitChunk(
            RunInfo run,
            List<TrialKey> chunk,
            List<Path> graders,
            TranscriptQuery query,
            java.util.Map<TrialKey, String> notes,
            TrialCache cache,
            UnsearchedTraces unsearched,
            boolean fromEnds) {
        return pool.submit(() -> {
            List<TrialRecord> out = new ArrayList<>(chunk.size());
            for (TrialKey k : chunk) {
                TrialRecord t;
                try {
                    t = fromEnds
                            ? heads.read(run, k, graders)
                            : trials.readTrial(run, k, graders, query, cache, unsearched);
                } catch (RuntimeException e) {
                    // one trial that breaks the reader is that trial's problem, not the whole run's
                    t = query != null ? null : TrialListingReader.unreadable(run, k, Problem.unreadable(e));
                    if (query != null && !query.isEmpty() && unsearched != null) {
                        unsearched.add(k, "The trace could not be read: " + e.getMessage());
                    }
                }
                if (t != null) {
                    String note = notes.get(k);
                    out.add(note == null ? t : t.withNote(note));
                }
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
        return trials.readTrial(run, key, ScoreReader.graderDirs(run.dir()));
    }

    /**
     * Why a run folder cannot be read, or null when it can be listed: {@code The run folder DIR cannot be
     * read: permission denied. …} with how to fix it. Looked at only when its {@code run.json} could not be
     * read (a folder of mode 000 hides both), so a run that reads costs nothing more.
     *
     * @param runDir the run folder
     */
    public static String folderProblem(Path runDir) {
        return RunLocator.folderProblem(runDir);
    }

    /**
     * Why a run lists no trial, in words for after its name: {@code it has no traces/ folder yet} or {@code its traces/
     * folder holds none yet} (the second was said of a run without the folder). Looks at the disk once;
     * for a message only.
     */
    public static String noTracesWhy(Path runDir) {
        return java.nio.file.Files.isDirectory(runDir.resolve(RunLayout.TRACES))
                ? "its traces/ folder holds none yet"
                : "it has no traces/ folder yet";
    }

    /**
     * Reads a trace file that is not in a run folder's {@code traces/} (a copied file): its trial
     * from the file alone, without scores; the key is taken from the names of its folders.
     */
    public TrialRecord readTraceFile(RunInfo run, Path traceFile) {
        Path c = traceFile.getParent();
        Path v = c == null ? null : c.getParent();
        String name = String.valueOf(traceFile.getFileName());
        int trial = 0;
        var m = RunLayout.TRIAL_FILE.matcher(name);
        if (m.matches()) {
            trial = Integer.parseInt(m.group(1));
        }
        // the folders are taken for variant and case only for a file named as MST names trials (a copied case folder);
        // any other file's folders are not its variant and case (/tmp/c13b/kt.json showed "tmp / c13b")
        TrialKey key = !m.matches()
                ? new TrialKey("(variant not known)", name, 0)
                : new TrialKey(
                        v == null || v.getFileName() == null
                                ? "default"
                                : v.getFileName().toString(),
                        c == null || c.getFileName() == null
                                ? name
                                : c.getFileName().toString(),
                        trial);
        return trials.readTrial(run, key, List.of(), traceFile);
    }

    /**
     * The dataset and tags of each case of a run, from its {@code results.json} ({@link CaseLabels#read}).
     * Blocking disk work; never throws: a file that cannot be read is said in {@link CaseLabels#problem()}.
     */
    public CaseLabels readCaseLabels(Path runDir) {
        return CaseLabels.read(runDir, mapper);
    }

    /** The trace keys of a run, in folder order (variant, case, trial number). */
    public List<TrialKey> traceKeys(Path runDir) {
        List<TrialKey> keys = new ArrayList<>();
        TraceKeys.forEach(runDir, keys::add);
        return keys;
    }

    private List<TrialRecord> scoresWithoutTrace(RunInfo run, List<Path> graders, Set<TrialKey> orphans) {
        List<TrialRecord> out = new ArrayList<>();
        for (TrialKey k : orphans) {
            TrialRecord r = trials.readTrial(run, k, graders);
            String graderNames = String.join(
                    ", ", r.scores().stream().map(ScoreRecord::grader).toList());
            out.add(new TrialRecord(
                    r.key(),
                    r.evalName(),
                    r.runId(),
                    r.runDir(),
                    r.variant(),
                    r.caseId(),
                    r.caseIdCut(),
                    null,
                    null,
                    TrialStatus.MISSING,
                    null,
                    null,
                    null,
                    r.scores(),
                    null,
                    r.artifactsDir(),
                    "A score (" + graderNames + ") exists but the trace traces/" + k.variantSegment() + "/"
                            + k.caseSegment() + "/" + k.trial() + ".json does not: the trace was lost or not copied."));
        }
        return out;
    }

    /**
     * Writes a run's cache on the reader's own thread, after the listing has handed over its trials
     * (writing megabytes must not hold up the figures a window waits for); {@link #close()} waits for it.
     */
    private void saveLater(TrialCache cache) {
        synchronized (saves) {
            saves.removeIf(Future::isDone);
            saves.add(saver.submit(cache::save));
        }
    }

    /** Waits up to 10 s for the caches still being written, then stops the reader's threads. */
    @Override
    public void close() {
        flushCaches();
        saver.shutdownNow();
        pool.shutdownNow();
    }

    /** Waits up to 10 s for the caches of listed trials still being written. */
    public void flushCaches() {
        List<Future<?>> pending;
        synchronized (saves) {
            pending = new ArrayList<>(saves);
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        for (Future<?> f : pending) {
            try {
                f.get(Math.max(1, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                // a cache not written only costs the next listing its speed
            }
        }
    }
}
