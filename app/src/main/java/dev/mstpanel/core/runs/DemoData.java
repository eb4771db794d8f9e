package dev.mstpanel.core.runs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The built-in demo ("A built-in demo"), shipped in the jar under
 * {@code /dev/mstpanel/demo/}: {@code demo.recording.jsonl.gz} (a recording of the {@code mst}
 * stand-in's 3-shard run on the test engines) and {@code demo-results.zip} (its eval folder's
 * {@code .mcp-test-results}). Both are made by {@code scripts/make-demo.sh}. The recording names
 * its eval folder {@value #PLACEHOLDER}; it is read with that replaced by the folder the results
 * were copied to ({@link #installResults}), so the replay's run folder opens in Results.
 */
public final class DemoData {
    /** Where the demo's resources are in the jar. */
    public static final String RESOURCES = "/dev/mstpanel/demo/";
    /** Stands for the demo's eval folder in its recording. */
    public static final String PLACEHOLDER = "@DEMO_EVAL@";
    /** The demo's eval config, as its recorded run names it, beside its results. */
    public static final String EVAL_CONFIG = "eval.json";
    /** The files of the demo's eval (its config and its one dataset), under {@code eval/} in the resources. */
    private static final java.util.List<String> EVAL_FILES = java.util.List.of(EVAL_CONFIG, "cases.json");

    /** The marker file in the demo's copy: what it is, so nobody takes it for their own results. */
    public static final String MARKER = "DEMO-DATA.txt";

    private DemoData() {}

    /**
     * The demo's recording.
     *
     * @param evalFolder the folder the demo's results were copied to (its run folder is under
     *     it), or null to leave the placeholder
     * @return the recording, named {@code demo.recording.jsonl.gz}
     * @throws IOException when the jar has no demo (a build without resources)
     */
    public static RunRecording recording(Path evalFolder) throws IOException {
        try (InputStream in = open("demo.recording.jsonl.gz")) {
            byte[] raw = new java.util.zip.GZIPInputStream(in).readAllBytes();
            String text = new String(raw, StandardCharsets.UTF_8);
            if (evalFolder != null) {
                String json = RunRecorder.JSON.writeValueAsString(
                        evalFolder.toAbsolutePath().toString());
                text = text.replace(PLACEHOLDER, json.substring(1, json.length() - 1));
            }
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8); // small: the demo is a few hundred kilobytes
            return RunRecording.read(Path.of("demo.recording.jsonl.gz"), () -> new java.io.ByteArrayInputStream(bytes));
        }
    }

    /**
     * Copies the demo's results into {@code dataDir/demo/eval} (again each time, so an edited copy
     * is made whole), with the eval config its run names ({@value #EVAL_CONFIG} and its dataset) and a
     * {@value #MARKER} saying it is demo data.
     *
     * @param dataDir the panel's data folder
     * @return the demo's eval folder (holding {@code .mcp-test-results})
     * @throws IOException when the copy cannot be written: its message names the folder, why and the
     *         fix, as a user reads it (a data folder that cannot be written was silent)
     */
    public static Path installResults(Path dataDir) throws IOException {
        Path eval = evalConfig(dataDir).getParent();
        try {
            return copyResults(eval);
        } catch (IOException e) {
            String why = e instanceof java.nio.file.AccessDeniedException
                    ? "permission denied"
                    : e instanceof java.nio.file.FileAlreadyExistsException
                            ? "a file is where a folder belongs"
                            : e instanceof java.nio.file.FileSystemException f && f.getReason() != null
                                    ? f.getReason().toLowerCase(java.util.Locale.ROOT)
                                    : String.valueOf(e.getMessage());
            if (e instanceof java.nio.file.FileSystemException f
                    && f.getFile() != null
                    && !f.getFile().equals(eval.toString())) {
                why = f.getFile() + ": " + why;
            }
            throw new IOException(
                    "The demo's results cannot be copied into " + eval + " (" + why + "): make that folder writable"
                            + " (or remove what is in its way), or set MST_PANEL_HOME to a folder you can write",
                    e);
        }
    }

    private static Path copyResults(Path eval) throws IOException {
        Files.createDirectories(eval);
        try (ZipInputStream zip = new ZipInputStream(open("demo-results.zip"))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                Path target = eval.resolve(e.getName()).normalize();
                if (!target.startsWith(eval)) {
                    continue;
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        // the eval config the demo's run names (--config <eval folder>/eval.json) and its dataset, so the demo's
        // run can be estimated and run again like one's own
        for (String name : EVAL_FILES) {
            try (InputStream in = open("eval/" + name)) {
                Files.copy(in, eval.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.writeString(
                eval.resolve(MARKER),
                "Demo data of mst-panel: a recorded run of a stand-in for MST, not your results.\n"
                        + "The panel copies it here when you open the demo; deleting this folder is safe.\n");
        return eval;
    }

    /**
     * The eval config of the demo's copy in a data folder, which its run names ({@code --config}); path arithmetic
     * only. A re-run or grade of the demo's run picks it, as the config of the demo's project folder.
     */
    public static Path evalConfig(Path dataDir) {
        return dataDir.resolve("demo").resolve("eval").resolve(EVAL_CONFIG);
    }

    /** True when a folder is (inside) the demo's copy. */
    public static boolean isDemo(Path folder) {
        for (Path p = folder.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(MARKER))) {
                return true;
            }
        }
        return false;
    }

    private static InputStream open(String name) throws IOException {
        InputStream in = DemoData.class.getResourceAsStream(RESOURCES + name);
        if (in == null) {
            throw new IOException(
                    "no " + RESOURCES + name + " in the panel's jar (remake it with scripts/make-demo.sh)");
        }
        return in;
    }
}
