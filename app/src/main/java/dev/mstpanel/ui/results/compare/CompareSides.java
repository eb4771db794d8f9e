package dev.mstpanel.ui.results.compare;

import dev.mstpanel.core.results.model.RunInfo;
import dev.mstpanel.core.results.model.TrialRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The Compare screen's picking of sides, apart from its state ({@link CompareViewModel}): every side
 * of the eval's runs for the pickers, the two sides a comparison opens on, and the same two runs on
 * another variant ("other variants in these runs"). Pure lookups over the sides listed; FX thread.
 */
final class CompareSides {
    private CompareSides() {}

    /**
     * Every side of the runs given: each variant of each run, newest run (greatest run id) first; a run
     * whose run.json names no variant takes them from the trials the Results view holds.
     *
     * @param loadedTrials a run's trials as the Results view holds them, or null when it has not read them all
     */
    static List<CompareSide> listed(List<RunInfo> runs, Function<Path, List<TrialRecord>> loadedTrials) {
        List<CompareSide> all = new ArrayList<>();
        List<RunInfo> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> b.runId().compareTo(a.runId()));
        for (RunInfo r : sorted) {
            List<String> vs = r.variants().isEmpty() ? variantsFromTrials(loadedTrials, r.dir()) : r.variants();
            for (String v : vs) {
                all.add(new CompareSide(
                        r.dir(),
                        r.runId(),
                        r.startedAt() == null ? null : r.startedAt().toString(),
                        v)); // RunInfo#startedAt
            }
        }
        return all;
    }

    /**
     * The candidate a comparison opens on: for two variants of one run, the one named or else the first
     * other than the base's; for two runs, the one named or else the base's variant. Null when there is none.
     */
    static CompareSide candidate(
            List<CompareSide> all, CompareSide base, Path baseRunDir, Path candidateRunDir, String candidateVariant) {
        if (Objects.equals(baseRunDir, candidateRunDir)) {
            return find(all, candidateRunDir, candidateVariant, base == null ? null : base.variant());
        }
        return find(
                all,
                candidateRunDir,
                candidateVariant != null ? candidateVariant : base == null ? null : base.variant(),
                null);
    }

    /**
     * The same two runs compared on another variant: {@code {base, candidate}}, or null when the sides
     * are not two runs or either run has no such variant.
     */
    static CompareSide[] onVariant(List<CompareSide> all, CompareSide b, CompareSide c, String variant) {
        if (b == null || c == null || b.runDir().equals(c.runDir())) {
            return null;
        }
        CompareSide nb = find(all, b.runDir(), variant, null);
        CompareSide nc = find(all, c.runDir(), variant, null);
        return nb == null || nc == null ? null : new CompareSide[] {nb, nc};
    }

    /** The first side of {@code runDir} with {@code variant}, or when that is null the first whose variant is not {@code notVariant}; else null. */
    static CompareSide find(List<CompareSide> all, Path runDir, String variant, String notVariant) {
        for (CompareSide s : all) {
            if (s.runDir().equals(runDir)
                    && (variant == null
                            ? !s.variant().equals(notVariant)
                            : s.variant().equals(variant))) {
                return s;
            }
        }
        return null;
    }

    private static List<String> variantsFromTrials(Function<Path, List<TrialRecord>> loadedTrials, Path runDir) {
        List<TrialRecord> t = loadedTrials.apply(runDir);
        if (t == null) {
            return List.of();
        }
        return t.stream().map(TrialRecord::variant).distinct().toList();
    }
}
