package dev.mstpanel.core.results.compare;

import dev.mstpanel.core.results.model.RunInfo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One variant's trial pass rate in one run of an eval, for the trend chart. Each run folder is its
 * own run of the trend, named by its folder (two folders holding the same run.json, a run
 * copied under a new name, were merged into one point by their shared run id).
 *
 * @param runDir the run folder
 * @param runId the run's id ({@link RunInfo#runId()})
 * @param runName the run folder's name: what the chart names the run by
 * @param startedAt when the run started ({@link RunInfo#startedAt()}: run.json's {@code createdAt}, else the time
 *        in its run id), or null
 * @param variant the variant's name
 * @param passed passed trials
 * @param graded passed + failed trials
 * @param rate passed ÷ graded, 0..1, or null when nothing was graded
 * @param interval its 95% Wilson interval, or null
 */
public record TrendPoint(
        Path runDir,
        String runId,
        String runName,
        Instant startedAt,
        String variant,
        int passed,
        int graded,
        Double rate,
        WilsonInterval interval) {

    /** Oldest run first ({@link RunInfo#startedAt()}, a run with no time last), then by folder name. */
    private static final Comparator<RunTally> ORDER = Comparator.<RunTally, Instant>comparing(
                    r -> r.run().startedAt(), Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(r -> folderName(r.run()));

    /**
     * The points of an eval's runs: one per variant per run folder, oldest run first.
     *
     * @param runs the eval's runs, any order
     */
    public static List<TrendPoint> of(List<RunTally> runs) {
        List<RunTally> sorted = new ArrayList<>(runs);
        sorted.sort(ORDER);
        List<TrendPoint> out = new ArrayList<>();
        for (RunTally r : sorted) {
            Instant at = r.run().startedAt();
            for (VariantTally v : r.variants().values()) {
                Double rate = v.graded() == 0 ? null : (double) v.passed() / v.graded();
                out.add(new TrendPoint(
                        r.run().dir(),
                        r.run().runId(),
                        folderName(r.run()),
                        at,
                        v.variant(),
                        v.passed(),
                        v.graded(),
                        rate,
                        WilsonInterval.of(v.passed(), v.graded())));
            }
        }
        return out;
    }

    /**
     * What the trend says above its chart about the eval's runs, one line each, or null when there is nothing to say:
     * <ul>
     *   <li>the runs it could not read (a run folder of mode 000 was left out of the chart without
     *       a word): a run with no trial read and a problem (its folder cannot be read, its run.json broken and its
     *       traces/ empty), {@code 1 run could not be read, so the chart leaves it out: 20261130T003000Z-big001: The run
     *       folder … cannot be read: permission denied. …};</li>
     *   <li>each run drawn whose run.json could not be read, {@code run.json of run 20261201T173341Z-d17540
     *       could not be read: it is not valid JSON at line 1, column 1; the chart names it by its folder and takes its
     *       variants from its folders.};</li>
     *   <li>run folders that hold the same run.json (the same run id): {@code The run folders A and B hold
     *       the same run.json (run R; one may be a copy of the other): the chart draws each as its own run, named by its folder.}</li>
     * </ul>
     *
     * @param runs the eval's runs, any order; each line names them oldest run first
     */
    public static String unread(List<RunTally> runs) {
        List<RunTally> sorted = new ArrayList<>(runs);
        sorted.sort(ORDER);
        List<String> leftOut = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        List<String> noGraded = new ArrayList<>();
        boolean anyUngraded = false;
        // runs whose run.json could not be read, by why: one line per reason, not one per run (40 lines
        // pushed the chart out of the window)
        Map<String, List<String>> unreadByWhy = new LinkedHashMap<>();
        Map<String, List<String>> byRunId = new LinkedHashMap<>();
        for (RunTally r : sorted) {
            int trials = r.variants().values().stream()
                    .mapToInt(VariantTally::trials)
                    .sum();
            if (trials == 0 && r.run().problem() != null) {
                leftOut.add(r.run().runId() + ": " + r.run().problem());
                continue;
            }
            if (trials > 0 && r.variants().values().stream().allMatch(v -> v.graded() == 0)) {
                // read, but nothing to draw: said, not a bare label under the axis
                int ungraded = r.variants().values().stream()
                        .mapToInt(v -> v.count(dev.mstpanel.core.results.model.TrialStatus.UNGRADED))
                        .sum();
                int infra = r.variants().values().stream()
                        .mapToInt(v -> v.count(dev.mstpanel.core.results.model.TrialStatus.INFRA))
                        .sum();
                anyUngraded |= ungraded > 0;
                noGraded.add(folderName(r.run()) + " (" + (ungraded > 0 ? ungraded + " ungraded" : "")
                        + (ungraded > 0 && infra > 0 ? ", " : "") + (infra > 0 ? infra + " infra" : "")
                        + (ungraded == 0 && infra == 0 ? trials + " trials, none graded" : "") + ")");
            }
            if (r.run().runJsonCopied()) { // named by its folder now, so not grouped below: said on its own
                lines.add("The run folder " + folderName(r.run())
                        + " holds a run.json copied from another run: the chart names it by its"
                        + " folder and places it at that run's start time.");
            }
            if (r.run().runJsonUnread() != null) {
                unreadByWhy
                        .computeIfAbsent(r.run().runJsonUnread(), k -> new ArrayList<>())
                        .add(folderName(r.run()));
            }
            byRunId.computeIfAbsent(r.run().runId(), k -> new ArrayList<>()).add(folderName(r.run()));
        }
        unreadByWhy.forEach(
                (why, folders) -> lines.add(
                        folders.size() == 1
                                ? "run.json of run " + folders.get(0) + " could not be read: " + why
                                        + "; the chart names it by its folder and takes its variants from its folders."
                                : "run.json of " + folders.size() + " runs could not be read (" + why + "): "
                                        + names(folders)
                                        + "; the chart names them by their folders and takes their variants from their folders."));
        byRunId.forEach((id, folders) -> {
            if (folders.size() > 1) {
                lines.add(
                        "The run folders " + String.join(" and ", folders) + " hold the same run.json (run " + id
                                + "; one may be a copy of the other): the chart draws each as its own run, named by its folder.");
            }
        });
        if (!noGraded.isEmpty()) {
            lines.add(
                    0,
                    (noGraded.size() == 1 ? "1 run has" : noGraded.size() + " runs have")
                            + " no graded trial, so the chart has no dot for "
                            + (noGraded.size() == 1 ? "it" : "them") + ": " + String.join(", ", noGraded) + "."
                            + (anyUngraded ? " Grade… in a run's header grades a run's ungraded trials." : ""));
        }
        if (!leftOut.isEmpty()) {
            lines.add(
                    0,
                    leftOut.size() + (leftOut.size() == 1 ? " run" : " runs")
                            + " could not be read, so the chart leaves " + (leftOut.size() == 1 ? "it" : "them")
                            + " out: " + String.join(" ", leftOut));
        }
        List<String> shown = lines;
        if (lines.size() > MAX_LINES) { // the chart stays in view whatever the folder holds
            shown = new ArrayList<>(lines.subList(0, MAX_LINES - 1));
            shown.add("… and " + (lines.size() - (MAX_LINES - 1)) + " more notes of this kind.");
        }
        return shown.isEmpty() ? null : String.join("\n", shown);
    }

    /** The most lines said above the chart. */
    private static final int MAX_LINES = 6;

    /** Up to 8 folder names, then how many more: {@code a, b, c and 12 more}. */
    private static String names(List<String> folders) {
        return folders.size() <= 8
                ? String.join(", ", folders)
                : String.join(", ", folders.subList(0, 8)) + " and " + (folders.size() - 8) + " more";
    }

    private static String folderName(RunInfo run) {
        return run.dir().getFileName() == null
                ? run.runId()
                : run.dir().getFileName().toString();
    }
}
