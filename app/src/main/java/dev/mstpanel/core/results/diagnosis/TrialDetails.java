package dev.mstpanel.core.results.diagnosis;

import dev.mstpanel.core.results.files.ResultsFiles;
import dev.mstpanel.core.results.model.TrialRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What the trial inspector shows of one trial, read when the trial is opened (not when it is
 * listed): its failure diagnosis files loaded and checked. Each part carries its own problem, so a
 * broken file shows where it belongs and the other parts still show.
 *
 * @param trial the trial
 * @param diagnosis where its diagnosis files are
 * @param screenshotProblem why {@code screen.png} cannot be shown (empty, not a PNG), or null
 * @param accessibility the accessibility dump, or null
 * @param accessibilityProblem why it could not be read, or null
 * @param logs each log, in the order found, not yet loaded ({@link #loadLog(Path)} loads one when it is shown:
 *     a trial may keep thousands of logs)
 * @param system the machine's state, or null when there is no {@code system.json}
 */
public record TrialDetails(
        TrialRecord trial,
        FailureDiagnosis diagnosis,
        String screenshotProblem,
        TextDocument accessibility,
        String accessibilityProblem,
        List<Log> logs,
        SystemState system) {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};

    /**
     * One log of {@code logs/}.
     *
     * @param file the file
     * @param text its loaded text (its last part when large), or null
     * @param problem why it could not be read, or null
     */
    public record Log(Path file, TextDocument text, String problem) {
        /** The tab title: the file name, with the session copy's folder when it is one. */
        public String title() {
            return file.getFileName().toString();
        }
    }

    public TrialDetails {
        logs = List.copyOf(logs);
    }

    /**
     * Finds and reads a trial's failure diagnosis. Blocking disk work: call off the UI thread.
     *
     * @param trial the trial
     * @param redactedRun the run's {@code redactStoredResponses}, or null when unknown
     */
    public static TrialDetails load(TrialRecord trial, Boolean redactedRun) {
        FailureDiagnosis d = FailureDiagnosis.find(trial.artifactsDir(), redactedRun);
        String shotProblem = d.screenshot() == null ? null : checkPng(d.screenshot());
        TextDocument ax = null;
        String axProblem = null;
        if (d.accessibility() != null) {
            try {
                ax = TextDocument.load(d.accessibility(), TextDocument.DUMP_BUDGET_BYTES);
            } catch (IOException e) {
                axProblem = "accessibility.txt could not be read: " + e.getMessage();
            }
        }
        List<Log> logs = new ArrayList<>();
        for (Path p : d.logs()) {
            logs.add(new Log(p, null, null));
        }
        SystemState sys = d.system() == null ? null : SystemState.read(d.system());
        return new TrialDetails(trial, d, shotProblem, ax, axProblem, logs, sys);
    }

    /**
     * Loads one log (its last {@link TextDocument#LOG_BUDGET_BYTES} when large). Blocking disk work:
     * call off the UI thread.
     *
     * @return the log with its text, or with the reason it could not be read
     */
    public static Log loadLog(Path file) {
        try {
            return new Log(file, TextDocument.load(file, TextDocument.LOG_BUDGET_BYTES), null);
        } catch (IOException e) {
            return new Log(file, null, file.getFileName() + " could not be read: " + e.getMessage());
        }
    }

    /**
     * Checks that a file is a PNG image by its signature.
     *
     * @return null when it is, else a sentence saying what is wrong
     */
    public static String checkPng(Path file) {
        try {
            ResultsFiles.requireRegularFile(file);
        } catch (IOException e) {
            return "screen.png could not be read: " + e.getMessage() + ".";
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(8);
            if (head.length == 0) {
                return "screen.png is empty: the screenshot was not captured.";
            }
            if (head.length < 8 || !java.util.Arrays.equals(head, PNG)) {
                return "screen.png is not a PNG image (it begins with bytes "
                        + HexFormat.ofDelimiter(" ").formatHex(head)
                        + "), so it cannot be shown. Open the file to see what it holds.";
            }
            return null;
        } catch (IOException e) {
            return "screen.png could not be read: " + e.getMessage();
        }
    }
}
