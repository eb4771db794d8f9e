package dev.mstpanel.core.results.listing;

import static dev.mstpanel.core.results.files.ResultsFiles.orElse;
import static dev.mstpanel.core.results.files.ResultsFiles.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.layout.PathSegments;
import dev.mstpanel.core.results.layout.RunLayout;
import dev.mstpanel.core.results.layout.RunLocator;
import dev.mstpanel.core.results.model.RunInfo;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a run's {@code run.json} (docs/dev/mst-format.md, Results) into a {@link RunInfo}. Never throws: a
 * missing or broken file gives a {@link RunInfo} with a {@code problem} and the names taken from
 * the folders. Thread-safe.
 */
public final class RunJsonReader {
    /** How the problem of a run.json copied from another run starts (its kind is {@link RunInfo.ProblemKind#RUN_JSON_COPIED}). */
    static final String COPIED = RunInfo.COPIED;

    /**
     * The largest run.json read, 4 MiB: a run.json MST writes is a few KB (its variants, datasets and
     * environment; docs/dev/mst-format.md, Results), so a larger one is not a run.json of MST's and is not read whole
     * (a 200 MB one took the panel to 1.3 GB). Such a run is named by its folders, as a broken one is.
     */
    static final long MAX_BYTES = 4L * 1024 * 1024;
    /** Said after a run.json too large to read: where the names come from instead. */
    private static final String FROM_FOLDERS =
            " The run is named by its folder, its variants by their folders in traces/.";

    private final ObjectMapper mapper;

    public RunJsonReader(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** @see ResultsReader#readRun(Path) */
    public RunInfo readRun(Path runDir) {
        String folderEval = runDir.getParent() != null
                        && runDir.getParent().getFileName() != null
                        && runDir.getParent().getFileName().toString().equals("runs")
                        && runDir.getParent().getParent() != null
                ? PathSegments.decode(
                                String.valueOf(runDir.getParent().getParent().getFileName()))
                        .display()
                : PathSegments.decode(String.valueOf(runDir.getFileName())).display();
        String folderRun = String.valueOf(runDir.getFileName());
        Path file = runDir.resolve(RunLayout.RUN_JSON);
        JsonNode n;
        long given = 0; // the bytes given to the parser
        try {
            byte[] bytes = ResultsFiles.readAtMost(file, MAX_BYTES);
            if (bytes.length == 0) {
                return emptyRun(
                        runDir,
                        folderEval,
                        folderRun,
                        "run.json is empty (0 bytes): the run may still be starting, or it was cut off.",
                        "it is empty (0 bytes)");
            }
            int bom = ResultsFiles.bomLength(bytes, bytes.length);
            given = bytes.length - bom;
            n = mapper.readTree(new java.io.ByteArrayInputStream(bytes, bom, bytes.length - bom));
            if (n == null || n.isMissingNode()) {
                return emptyRun(
                        runDir,
                        folderEval,
                        folderRun,
                        "run.json holds no JSON value (only blanks).",
                        "it holds no JSON value");
            }
            if (!n.isObject()) {
                return emptyRun(
                        runDir,
                        folderEval,
                        folderRun,
                        "run.json is not a JSON object, so the run's phases and runner are unknown.",
                        "it is not a JSON object");
            }
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return RunInfo.unread(
                    runDir,
                    folderEval,
                    folderRun,
                    "run.json is missing: the run may still be starting, or the folder was copied in part. Its trials are listed from traces/.",
                    RunInfo.ProblemKind.RUN_JSON_MISSING,
                    "it is missing");
        } catch (ResultsFiles.TooLargeException e) {
            // a run.json MST writes is a few KB: a huge one is not read whole (a 200 MB file took the panel to 1.3 GB)
            String size = mib(e.size);
            return emptyRun(
                    runDir,
                    folderEval,
                    folderRun,
                    "run.json is " + size + ", larger than any run.json MST writes (the limit is " + mib(MAX_BYTES)
                            + "): it is not read." + FROM_FOLDERS,
                    "it is " + size + ", larger than any run.json MST writes (the limit is " + mib(MAX_BYTES) + ")");
        } catch (JsonEOFException e) {
            return emptyRun(
                    runDir,
                    folderEval,
                    folderRun,
                    "run.json is cut short: it may still be being written.",
                    "it is cut short");
        } catch (JsonProcessingException e) {
            if (ResultsFiles.endsMidJson(e, given)) {
                // the parser says "end-of-input" without a JsonEOFException when the file ends inside an object or
                // array
                return emptyRun(
                        runDir,
                        folderEval,
                        folderRun,
                        "run.json is cut short: it may still be being written.",
                        "it is cut short");
            }
            return emptyRun(
                    runDir,
                    folderEval,
                    folderRun,
                    ResultsFiles.notJson("run.json", e) + ".",
                    ResultsFiles.notJson("it", e));
        } catch (IOException e) {
            String folder = RunLocator.folderProblem(runDir);
            if (folder != null) {
                return RunInfo.unread(
                        runDir,
                        folderEval,
                        folderRun,
                        folder,
                        RunInfo.ProblemKind.FOLDER_UNREADABLE,
                        "its run folder cannot be read");
            }
            return emptyRun(
                    runDir,
                    folderEval,
                    folderRun,
                    "run.json could not be read (" + ResultsFiles.why(e) + "): " + file
                            + ". Its trials are listed from traces/ where they can be read.",
                    ResultsFiles.why(e));
        }
        JsonNode env = n.path("environment");
        List<String> variants = new ArrayList<>();
        java.util.Map<String, String> clients = new java.util.LinkedHashMap<>();
        for (JsonNode v : n.path("variants")) {
            String name = v.isTextual() ? v.asText() : text(v.path("name"));
            if (name != null) {
                variants.add(name);
                String client = v.isObject() ? text(v.path("client")) : null;
                if (client != null) {
                    clients.put(name, client);
                }
            }
        }
        Integer shards =
                env.path("shards").canConvertToInt() ? env.path("shards").asInt() : null;
        if (shards == null && env.path("options").path("shards").canConvertToInt()) {
            shards = env.path("options").path("shards").asInt();
        } else if (shards == null && env.path("options").path("shards").isTextual()) {
            try {
                shards = Integer.parseInt(
                        env.path("options").path("shards").asText().trim());
            } catch (NumberFormatException ignored) {
                // left unknown
            }
        }
        String keep = text(env.path("keep"));
        if (keep == null) {
            keep = text(env.path("options").path("keep"));
        }
        String jsonRun = text(n.path("runId"));
        String runProblem = null;
        String runId = orElse(jsonRun, folderRun);
        // a folder named as MST names runs (its UTC start, then "-" and the rest: 6 hex digits from MST, anything from
        // a person)
        if (jsonRun != null
                && !jsonRun.equals(folderRun)
                && (RunLocator.RUN_ID.matcher(folderRun).matches()
                        || RunLocator.STAMPED.matcher(folderRun).matches())
                && !jsonRun.equals(RunLocator.regradeOf(folderRun))) {
            // (a regrade's folder, <run id>.g<n> of docs/dev/mst-format.md, Results, may carry the run.json of the run
            // it grades again)
            // a run.json copied from another run: the folder is what the panel lists, resumes and compares
            runId = folderRun;
            runProblem = RunInfo.COPIED + " (" + jsonRun + ") than its folder " + folderRun
                    + ": it was copied from that run. The panel uses the folder's name; put this run's own run.json back to see its own phases and runner.";
        }
        return new RunInfo(
                runDir,
                orElse(text(n.path("evalName")), folderEval),
                runId,
                text(n.path("createdAt")),
                text(n.path("finishedAt")),
                text(n.path("mst").path("version")),
                text(env.path("name")),
                shards,
                keep,
                text(n.path("phases").path("collect")),
                text(n.path("phases").path("grade")),
                n.path("partial").isBoolean() ? n.path("partial").asBoolean() : null,
                n.path("redactStoredResponses").isBoolean()
                        ? n.path("redactStoredResponses").asBoolean()
                        : null,
                List.copyOf(variants),
                runProblem,
                null,
                clients,
                runProblem == null ? null : RunInfo.ProblemKind.RUN_JSON_COPIED);
    }

    private static RunInfo emptyRun(Path dir, String eval, String runId, String problem, String unread) {
        return RunInfo.unread(dir, eval, runId, problem, RunInfo.ProblemKind.RUN_JSON_UNREAD, unread);
    }

    /** {@code 200 MiB}, {@code 4 MiB}, {@code 4.5 MiB}: a size in MiB, as the problem names it. */
    private static String mib(long bytes) {
        double m = bytes / (1024.0 * 1024);
        return (m == Math.rint(m) || m >= 100
                        ? String.format(java.util.Locale.ROOT, "%.0f", m)
                        : String.format(java.util.Locale.ROOT, "%.1f", m))
                + " MiB";
    }
}
