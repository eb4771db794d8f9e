package dev.mstpanel.core.mst;

import java.util.Optional;

/**
 * One line of MST's output, as {@link MstOutputParser} understood it (docs/dev/mst-format.md, Output).
 * Every line gives exactly one of these; a line no pattern knows is an {@link Unknown}, never an
 * error. Shard indexes are 1-based as MST prints them; trials are 1-based as MST prints them.
 */
public sealed interface MstLine {

    /** The line as read (secrets already masked, no line terminator). */
    String text();

    /**
     * {@code [mst] <context> has <x.y> GiB and <n> CPUs: <k> Cowork container(s) at a time, <x.y> GiB each}.
     *
     * @param memoryBytes the context's memory, from the GiB figure (one decimal: ±0.05 GiB)
     * @param containerKind the word before "container", e.g. {@code Cowork}
     * @param perContainerBytes each container's memory, from the GiB figure
     */
    record Capacity(
            String text,
            String context,
            long memoryBytes,
            int cpus,
            int containers,
            String containerKind,
            long perContainerBytes)
            implements MstLine {}

    /** {@code [mst] shard i/n: <client> on MST <version>} (+ {@code  (<image>)}); image may be null. */
    record ShardHello(String text, int shard, int count, String client, String mstVersion, String image)
            implements MstLine {}

    /** {@code [mst] shard i/n: <variant> <caseId> #<trial> collected|infra}; trial 1-based. */
    record TrialLine(String text, int shard, int count, String variant, String caseId, int trial, TrialStatus status)
            implements MstLine {}

    /** A trial's status as MST's coordinator reports it. */
    enum TrialStatus {
        COLLECTED,
        INFRA
    }

    /** {@code [mst] shard i/n: done}. */
    record ShardDone(String text, int shard, int count) implements MstLine {}

    /**
     * {@code [mst] shard i/n: stopped: <reason>}.
     *
     * @param outOfMemory the out-of-memory message inside the reason, or null
     */
    record ShardStopped(String text, int shard, int count, String reason, OutOfMemory outOfMemory) implements MstLine {}

    /**
     * One of the three out-of-memory messages (MST's Cowork-in-Docker document): the worker was
     * killed ({@code Container … ran out of memory}), the desktop was killed at start
     * ({@code Couldn't create a machine for shard …: Container … ran out of memory}), or the desktop
     * or VM was killed mid-run ({@code done, but Container … ran out of memory}; its trials are
     * infrastructure failures).
     *
     * @param container the container's name
     * @param shard the shard (1-based) when the line or the container name tells it, else null
     */
    record OutOfMemory(String text, Kind kind, String container, Integer shard) implements MstLine {
        /** Which of the three messages. */
        public enum Kind {
            WORKER_KILLED,
            DESKTOP_AT_START,
            MID_RUN
        }

        /** The shard, when known. */
        public Optional<Integer> shardIndex() {
            return Optional.ofNullable(shard);
        }
    }

    /** {@code Cowork's workspace was unavailable: …}: an infrastructure failure, left out of pass rates. */
    record WorkspaceUnavailable(String text, String reason, Integer shard) implements MstLine {}

    /** {@code [mst] <k> trials are missing: the run is partial.} */
    record TrialsMissing(String text, int count) implements MstLine {}

    /** {@code Output: <run dir>} (stdout, end of run). */
    record Output(String text, String runDir) implements MstLine {}

    /** {@code Results: <p>/<t> passed (<pct>%)}; percent may be null. */
    record Results(String text, int passed, int total, Double percent) implements MstLine {}

    /**
     * {@code Pairwise <judge>: <variant> vs <baseline>: X% win · Y% loss · Z% tie (N cases)} (docs/dev/mst-format.md, Run flags): a pairwise judge's verdicts, candidate against baseline; percentages 0..100.
     */
    record Pairwise(
            String text,
            String judge,
            String variant,
            String baseline,
            double winPercent,
            double lossPercent,
            double tiePercent,
            int cases)
            implements MstLine {}

    /**
     * {@code Previous run <id> (<time>): pass rate A% -> B%} (docs/dev/mst-format.md, Run flags); the per-variant
     * lines after it ({@code N regressed (…); N improved (…)}) are {@link Unknown} and shown as printed.
     */
    record PreviousRun(String text, String runId, String time, double fromPercent, double toPercent)
            implements MstLine {}

    /**
     * {@code [<variant>: ]N regressed (…); N improved (…)}: a line after {@code Previous run …} (docs/dev/mst-format.md, Run flags). The case ids are those in the parentheses, split at commas; empty when MST printed none.
     *
     * @param variant the variant the line names, or null when it names none
     */
    record CaseChanges(
            String text,
            String variant,
            int regressed,
            java.util.List<String> regressedCases,
            int improved,
            java.util.List<String> improvedCases)
            implements MstLine {
        public CaseChanges {
            regressedCases = java.util.List.copyOf(regressedCases);
            improvedCases = java.util.List.copyOf(improvedCases);
        }
    }

    /** {@code Eval complete: <name>}. */
    record EvalComplete(String text, String evalName) implements MstLine {}

    /**
     * Any other line, kept to be shown.
     *
     * @param shard the shard when the line starts {@code [mst] shard i/n:}, else null
     */
    record Unknown(String text, Integer shard) implements MstLine {}
}
