package dev.mstpanel.core.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the results folder for the run's traces (issue 4, "Progress from three sources", the
 * results folder): finds the run folder ({@code <root>/.mcp-test-results/<eval>/runs/<runId>},
 * MST's contract section 6) that appears after the start, or the one being resumed, and tells the
 * {@link RunModel} about each {@code traces/<variant>/<caseId>/<trial>.json} as it appears.
 *
 * <p>A plain poll (default once a second) over one folder tree: cheap for the few hundred files a
 * run writes, and it works on every file system (network folders included). Trace files that do
 * not parse yet (being written) are read again on the next poll.
 */
public final class RunFolderWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RunFolderWatcher.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path resultsRoot;
    private final String resumeId;
    private final RunModel model;
    private final Duration interval;
    private final Set<Path> runDirsAtStart = new HashSet<>();
    private final Set<Path> tracesDone = new HashSet<>();
    private Path runDir;
    private volatile boolean closed;
    private Thread thread;

    /**
     * @param resultsRoot the folder holding {@code .mcp-test-results} (the eval config's folder), or
     *     the {@code --output-dir}'s parent layout root
     * @param resumeId the run id (or its 6-hex short id) given to {@code --resume}, or null
     * @param model where traces go
     * @param interval how often to look, e.g. 1 s
     */
    public RunFolderWatcher(Path resultsRoot, String resumeId, RunModel model, Duration interval) {
        this.resultsRoot = resultsRoot;
        this.resumeId = resumeId;
        this.model = model;
        this.interval = interval;
    }

    /** Notes the run folders already there, then polls on a daemon thread. */
    public synchronized void start() {
        runDirsAtStart.addAll(runDirs());
        if (resumeId != null) {
            for (Path d : runDirsAtStart) {
                if (d.getFileName().toString().endsWith(resumeId) || d.getFileName().toString().equals(resumeId)) {
                    runDir = d;
                    model.runDirFound(d.toString());
                    try (Stream<Path> s = Files.walk(d.resolve("traces"))) {
                        s.filter(p -> p.toString().endsWith(".json")).forEach(tracesDone::add);
                    } catch (IOException | java.io.UncheckedIOException ignored) {
                        // no traces yet
                    }
                }
            }
        }
        thread = new Thread(this::loop, "run-folder");
        thread.setDaemon(true);
        thread.start();
    }

    /** Uses this run folder (from MST's {@code Output:} line) when none was found yet. */
    public synchronized void useRunDir(Path dir) {
        if (runDir == null) {
            runDir = dir;
        }
    }

    /** Looks once now. */
    public synchronized void pollOnce() {
        if (runDir == null) {
            for (Path d : runDirs()) {
                if (!runDirsAtStart.contains(d)) {
                    runDir = d;
                    model.runDirFound(d.toString());
                    break;
                }
            }
        }
        if (runDir == null) {
            return;
        }
        Path traces = runDir.resolve("traces");
        if (!Files.isDirectory(traces)) {
            return;
        }
        try (Stream<Path> s = Files.walk(traces, 3)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (!p.toString().endsWith(".json") || tracesDone.contains(p) || traces.relativize(p).getNameCount() != 3) {
                    continue;
                }
                read(traces, p);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            LOG.debug("walking {} failed: {}", traces, e.getMessage());
        }
    }

    private void read(Path traces, Path p) {
        Path rel = traces.relativize(p);
        String file = rel.getName(2).toString();
        int trial;
        try {
            trial = Integer.parseInt(file.substring(0, file.length() - ".json".length()));
        } catch (NumberFormatException e) {
            tracesDone.add(p);
            return;
        }
        JsonNode node;
        try {
            node = JSON.readTree(p.toFile());
        } catch (IOException e) {
            return; // being written: next poll
        }
        if (node == null || !node.isObject()) {
            return;
        }
        tracesDone.add(p);
        String failureKind = node.path("clientDiagnostics").path("failureKind").asText(null);
        if ("missing".equals(failureKind)) {
            return;
        }
        boolean infra = node.path("infrastructureError").asBoolean(false) || failureKind != null;
        String variant = node.hasNonNull("variant") ? node.get("variant").asText() : decodeSegment(rel.getName(0).toString());
        String caseId = node.hasNonNull("caseId") ? node.get("caseId").asText() : decodeSegment(rel.getName(1).toString());
        model.traceFound(variant, caseId, trial, infra);
    }

    private List<Path> runDirs() {
        Path base = resultsRoot.resolve(".mcp-test-results");
        if (!Files.isDirectory(base)) {
            return List.of();
        }
        try (Stream<Path> evals = Files.list(base)) {
            return evals.map(e -> e.resolve("runs")).filter(Files::isDirectory).flatMap(r -> {
                try (Stream<Path> runs = Files.list(r)) {
                    return runs.filter(Files::isDirectory).toList().stream();
                } catch (IOException e) {
                    return Stream.empty();
                }
            }).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Undoes MST's percent-encoding of a path segment ({@code encodeURIComponent}; no {@code +} for space). */
    static String decodeSegment(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%' && i + 2 < segment.length() + 0 && i + 2 <= segment.length() - 1) {
                try {
                    out.write(Integer.parseInt(segment.substring(i + 1, i + 3), 16));
                    i += 2;
                    continue;
                } catch (NumberFormatException ignored) {
                    // a lone %
                }
            }
            byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
            out.write(b, 0, b.length);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private void loop() {
        while (!closed) {
            try {
                pollOnce();
            } catch (RuntimeException e) {
                LOG.warn("results folder poll failed", e);
            }
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops polling. */
    @Override
    public void close() {
        closed = true;
        if (thread != null) {
            thread.interrupt();
        }
    }
}
