package dev.mstpanel.core.shell;

/**
 * What a finished (or timed-out) command printed.
 *
 * @param exitCode the exit code, or -1 when it timed out or could not start
 * @param stdout standard output, decoded as UTF-8
 * @param stderr standard error, decoded as UTF-8
 * @param timedOut true when the command was stopped for running past its timeout
 * @param elapsedMillis wall time in ms
 */
public record CommandResult(int exitCode, String stdout, String stderr, boolean timedOut, long elapsedMillis) {
    /** True when it exited 0 in time. */
    public boolean ok() {
        return exitCode == 0 && !timedOut;
    }
}
