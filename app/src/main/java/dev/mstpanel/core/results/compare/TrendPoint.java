package dev.mstpanel.core.results.compare;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One variant's trial pass rate in one run of an eval, for the trend chart (issue 10).
 *
 * @param runDir the run folder
 * @param runId the run's id
 * @param startedAt when the run started: the UTC time in its run id (contract, section 6), else {@code run.json}'s {@code createdAt}, else null
 * @param variant the variant's name
 * @param passed passed trials
 * @param graded passed + failed trials
 * @param rate passed ÷ graded, 0..1, or null when nothing was graded
 * @param interval its 95% Wilson interval, or null
 */
public record TrendPoint(Path runDir, String runId, Instant startedAt, String variant, int passed, int graded, Double rate,
                         WilsonInterval interval) {

    /**
     * The points of an eval's runs: one per variant per run, oldest run first.
     *
     * @param runs the eval's runs, any order
     */
    public static List<TrendPoint> of(List<RunTally> runs) {
        List<RunTally> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> a.run().runId().compareTo(b.run().runId()));
        List<TrendPoint> out = new ArrayList<>();
        for (RunTally r : sorted) {
            Instant at = startedAt(r.run().createdAt(), r.run().runId());
            for (VariantTally v : r.variants().values()) {
                Double rate = v.graded() == 0 ? null : (double) v.passed() / v.graded();
                out.add(new TrendPoint(r.run().dir(), r.run().runId(), at, v.variant(), v.passed(), v.graded(), rate,
                        WilsonInterval.of(v.passed(), v.graded())));
            }
        }
        return out;
    }

    /**
     * The runs of an eval that could not be read, for the trend to say so (tester check12 F6: a run folder of
     * mode 000 was left out of the chart without a word): a run with no trial read and a problem (its folder
     * cannot be read, its run.json broken and its traces/ empty).
     *
     * @param runs the eval's runs, any order
     * @return {@code null} when every run was read, else e.g. {@code 1 run could not be read: 20261130T003000Z-big001:
     *         The run folder … cannot be read: permission denied. …}, oldest run first
     */
    public static String unread(List<RunTally> runs) {
        List<RunTally> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> a.run().runId().compareTo(b.run().runId()));
        List<String> lines = new ArrayList<>();
        for (RunTally r : sorted) {
            int trials = r.variants().values().stream().mapToInt(VariantTally::trials).sum();
            if (trials == 0 && r.run().problem() != null) {
                lines.add(r.run().runId() + ": " + r.run().problem());
            }
        }
        if (lines.isEmpty()) {
            return null;
        }
        return lines.size() + (lines.size() == 1 ? " run" : " runs") + " could not be read, so the chart leaves "
                + (lines.size() == 1 ? "it" : "them") + " out: " + String.join(" ", lines);
    }

    /** The UTC start in a run id ({@code 20260105T101500Z-…}), else {@code createdAt} parsed, else null. */
    static Instant startedAt(String createdAt, String runId) {
        if (runId != null && runId.length() >= 16 && runId.charAt(8) == 'T' && runId.charAt(15) == 'Z') {
            String s = runId.substring(0, 4) + "-" + runId.substring(4, 6) + "-" + runId.substring(6, 8) + "T" + runId.substring(9, 11)
                    + ":" + runId.substring(11, 13) + ":" + runId.substring(13, 15) + "Z";
            try {
                return Instant.parse(s);
            } catch (java.time.format.DateTimeParseException ignored) {
                // fall back to createdAt
            }
        }
        if (createdAt != null) {
            try {
                return Instant.parse(createdAt);
            } catch (java.time.format.DateTimeParseException ignored) {
                return null;
            }
        }
        return null;
    }
}
