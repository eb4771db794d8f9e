package dev.mstpanel.logging;

import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Logback's status listener for the panel: the first error logback meets (a log file it cannot
 * open or roll over) becomes one line on stderr, e.g. {@code mst-panel: cannot write the log
 * file /x/mst-panel.log (Is a directory); going on without it.}; later ones and every info or
 * warning status are dropped. Its presence also stops logback from printing its status list and
 * stack traces on stdout.
 */
final class LoggingProblems extends ContextAwareBase implements StatusListener {
    private final String logFile;
    private final PrintStream err;
    private final AtomicBoolean reported = new AtomicBoolean();

    /**
     * @param logFile the log file's path, for the message
     * @param err where the one line goes (stderr)
     */
    LoggingProblems(String logFile, PrintStream err) {
        this.logFile = logFile;
        this.err = err;
    }

    @Override
    public void addStatusEvent(Status status) {
        if (status.getLevel() < Status.ERROR || !reported.compareAndSet(false, true)) {
            return;
        }
        String why = reason(status);
        if (why.startsWith(logFile + " (") && why.endsWith(")")) {
            why = why.substring(logFile.length() + 2, why.length() - 1); // FileNotFoundException's "PATH (reason)"
        }
        err.println("mst-panel: cannot write the log file " + logFile + " (" + why + "); going on without it."
                + " Check that the path is a file you may write, or set MST_PANEL_HOME to another folder.");
        err.flush();
    }

    /** The deepest cause's message, in one line. */
    static String reason(Status status) {
        Throwable t = status.getThrowable();
        String why = status.getMessage();
        for (; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                why = t.getMessage();
            }
        }
        return why == null ? "unknown reason" : why.strip().lines().findFirst().orElse("unknown reason");
    }
}
