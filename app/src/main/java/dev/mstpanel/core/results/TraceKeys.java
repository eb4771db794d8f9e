package dev.mstpanel.core.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Where a run's trials are on disk: the keys of {@code traces/<variant>/<case>/<trial>.json} and of
 * the score files {@code scores/<grader>/<variant>/<case>/<trial>.json} (contract, section 6).
 * Lists folders only; no file is read. Stateless.
 */
final class TraceKeys {
    static final Pattern TRIAL_FILE = Pattern.compile("^(\\d{1,9})\\.json$");

    private TraceKeys() {
    }

    /** Hands the trace keys of a run to {@code keys} in folder order (variant, case, trial number). */
    static void forEach(Path runDir, Consumer<TrialKey> keys) {
        Path traces = runDir.resolve("traces");
        for (Path v : ResultsFiles.listQuietly(traces)) {
            if (!Files.isDirectory(v)) {
                continue;
            }
            String vs = v.getFileName().toString();
            for (Path c : ResultsFiles.listQuietly(v)) {
                String cs = c.getFileName().toString();
                List<TrialKey> trials = new ArrayList<>();
                for (Path t : ResultsFiles.listQuietly(c)) {
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

    /** The keys that have a score file in one of {@code graders} but are not in {@code seen}, sorted. */
    static Set<TrialKey> scoredOnly(List<Path> graders, Set<TrialKey> seen) {
        Set<TrialKey> orphans = new TreeSet<>();
        for (Path g : graders) {
            for (Path v : ResultsFiles.listQuietly(g)) {
                for (Path c : ResultsFiles.listQuietly(v)) {
                    for (Path t : ResultsFiles.listQuietly(c)) {
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
        return orphans;
    }
}
