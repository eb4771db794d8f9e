package dev.mstpanel.ui.runs;

import dev.mstpanel.core.mst.EndOfRunReport;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A whole run at one moment, as the Run view shows it. Immutable; a {@link RunSession} sends a
 * new one whenever something changed.
 *
 * @param state where the run is
 * @param startedAt when MST started
 * @param finishedAt when MST exited, or null while it runs
 * @param collected trials collected so far
 * @param infra trials that failed for infrastructure reasons so far
 * @param missing trials MST reported missing at the end, or -1 while unknown
 * @param shards one entry per shard MST has announced, by index
 * @param resultLine MST's {@code Results: …} line, or null
 * @param runDir the run's results folder ({@code Output: …}), or null
 * @param keptContainers names of containers kept after the run
 * @param exitCode MST's exit code once it exited, or null
 * @param failure why the run could not start or ended badly (a sentence), or null
 * @param leftContainers once ended, the run's containers still there (not kept ones), each as
 *     {@code <name> on <context> (<state>)}; empty while it runs
 * @param endOfRun MST's end-of-run lines (variant table, {@code Pairwise …}, {@code Previous run …}; docs/dev/mst-format.md, Run flags), {@link EndOfRunReport#EMPTY} when it printed none
 */
public record RunSnapshot(
        State state,
        Instant startedAt,
        Instant finishedAt,
        int collected,
        int infra,
        int missing,
        List<ShardSnapshot> shards,
        String resultLine,
        Path runDir,
        List<String> keptContainers,
        Integer exitCode,
        String failure,
        List<String> leftContainers,
        EndOfRunReport endOfRun) {

    /** A snapshot without end-of-run lines. */
    public RunSnapshot(
            State state,
            Instant startedAt,
            Instant finishedAt,
            int collected,
            int infra,
            int missing,
            List<ShardSnapshot> shards,
            String resultLine,
            Path runDir,
            List<String> keptContainers,
            Integer exitCode,
            String failure,
            List<String> leftContainers) {
        this(
                state,
                startedAt,
                finishedAt,
                collected,
                infra,
                missing,
                shards,
                resultLine,
                runDir,
                keptContainers,
                exitCode,
                failure,
                leftContainers,
                EndOfRunReport.EMPTY);
    }

    /** A snapshot with no containers left behind. */
    public RunSnapshot(
            State state,
            Instant startedAt,
            Instant finishedAt,
            int collected,
            int infra,
            int missing,
            List<ShardSnapshot> shards,
            String resultLine,
            Path runDir,
            List<String> keptContainers,
            Integer exitCode,
            String failure) {
        this(
                state,
                startedAt,
                finishedAt,
                collected,
                infra,
                missing,
                shards,
                resultLine,
                runDir,
                keptContainers,
                exitCode,
                failure,
                List.of());
    }
    /** Where a run is. */
    public enum State {
        STARTING,
        RUNNING,
        CANCELLING,
        FINISHED,
        CANCELLED,
        FAILED;

        /** True once MST has exited. */
        public boolean ended() {
            return this == FINISHED || this == CANCELLED || this == FAILED;
        }
    }

    public RunSnapshot {
        shards = shards == null ? List.of() : List.copyOf(shards);
        keptContainers = keptContainers == null ? List.of() : List.copyOf(keptContainers);
        leftContainers = leftContainers == null ? List.of() : List.copyOf(leftContainers);
        endOfRun = endOfRun == null ? EndOfRunReport.EMPTY : endOfRun;
    }

    /** The run id, the last segment of {@link #runDir()} ({@code 20261129T101500Z-a1b2c3}), or null. */
    public String runId() {
        return runDir == null || runDir.getFileName() == null
                ? null
                : runDir.getFileName().toString();
    }
}
