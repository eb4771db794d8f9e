package dev.mstpanel.ui.common;

/**
 * Why a background task of a view failed, in words for the view (the Compare screen's load, the trend's, the
 * Runs form's check): the log line beside it has the stack trace (a report of a screen stuck
 * on "Reading and comparing both sides…" after the jar was rebuilt under a running window). Stateless.
 */
public final class FailureText {
    private FailureText() {}

    /** A failure in words for a view, ending with a full stop (its log line has the stack trace). */
    public static String reason(Throwable t) {
        while ((t instanceof java.util.concurrent.CompletionException
                        || t instanceof java.util.concurrent.ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof LinkageError) {
            return "the panel's own program files changed while it was running (was it rebuilt or updated?). Restart the panel.";
        }
        if (t instanceof OutOfMemoryError) {
            return "the panel ran out of memory while reading the trials. Close other views or give the panel more memory (-Xmx).";
        }
        if (t instanceof java.util.concurrent.RejectedExecutionException) {
            return "the panel is shutting down its background work.";
        }
        if (t instanceof java.io.UncheckedIOException u && u.getCause() != null) {
            t = u.getCause();
        }
        String m = t.getMessage();
        if (t instanceof java.nio.file.NoSuchFileException) {
            return "no such file: " + m + ".";
        }
        if (t instanceof java.nio.file.AccessDeniedException) {
            return "permission denied: " + m + ".";
        }
        if (m == null || m.isBlank()) {
            return "an unexpected " + t.getClass().getSimpleName() + " (see the panel's log).";
        }
        return m.endsWith(".") ? m : m + ".";
    }
}
