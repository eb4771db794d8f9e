package dev.mstpanel.core.mst;

/**
 * Receives a supervised process's output, one line at a time, on the supervisor's reader threads
 * (one per stream: calls for stdout and stderr may come concurrently). Implementations must be
 * quick and thread-safe; fold lines into a model and let the UI coalesce.
 */
@FunctionalInterface
public interface OutputListener {

    /** Which stream a line came from. */
    enum Stream {
        STDOUT,
        STDERR
    }

    /**
     * The process started; called once, before any {@link #onLine}, so what follows from its output
     * comes after what its start says.
     *
     * @param shownCommandLine the command line with secrets masked
     * @param pid the process id
     */
    default void onStarted(String shownCommandLine, long pid) {}

    /**
     * One line, decoded as UTF-8, without its line terminator ({@code \n}, {@code \r\n} or {@code \r}),
     * secrets already masked.
     */
    void onLine(Stream stream, String line);

    /** Something the supervisor did (e.g. "Sent SIGINT to process 123"); secrets masked. */
    default void onNotice(String message) {}

    /** The process exited and both streams were read to their end. */
    default void onExit(int exitCode) {}
}
