package dev.mstpanel.cli.output;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * How a headless command prints its result: as JSON with {@code --json}, else as text; when the
 * JSON cannot be written it ends as {@link #notWritten} says.
 */
public final class CommandOutput {
    private CommandOutput() {}

    /** Prints one form of the result. */
    public interface Printer {
        /** @throws IOException when the output cannot be written */
        void print() throws IOException;
    }

    /**
     * @param err the command's stderr
     * @param command the command's name, e.g. {@code compare}, for the message
     * @param json whether {@code --json} was given
     * @param asJson prints the JSON form
     * @param asText prints the text form
     * @return the exit code: 0 when printed, 1 when the output could not be written
     */
    public static int print(PrintWriter err, String command, boolean json, Printer asJson, Printer asText) {
        try {
            (json ? asJson : asText).print();
            return 0;
        } catch (IOException e) {
            return notWritten(err, command, e);
        } catch (java.io.UncheckedIOException e) {
            return notWritten(err, command, e.getCause());
        }
    }

    /**
     * What a command does when its output could not be written: a reader that stopped reading (the
     * end of {@code | head}: a broken pipe) is no error of the user's, so it ends quietly with 141, as
     * a command stopped by SIGPIPE does; anything else (a full disk) is said once on stderr, exit 1.
     *
     * @return the exit code
     */
    public static int notWritten(PrintWriter err, String command, IOException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        if (brokenPipe(e)) {
            return 141;
        }
        err.println("mst-panel" + (command == null ? "" : " " + command) + ": could not write the output: " + m);
        return 1;
    }

    /**
     * True when the write failed because the reader closed the pipe (EPIPE). Java has no exception class or error code
     * for it: a write to a closed pipe is a plain IOException whose message is the system's text for EPIPE. This is the
     * one place that reads it, where the system hands over; callers decide by this answer.
     */
    static boolean brokenPipe(IOException e) {
        return e.getMessage() != null && e.getMessage().contains("Broken pipe");
    }

    /**
     * The exit code of a command that printed to the process's standard output, once it has ended: the
     * text it printed goes through a writer that hides a failed write (a print writer), so a full disk
     * ({@code > /dev/full}) or a closed pipe ({@code | head}) is looked at here, for every command and
     * every form of output, as {@link #notWritten} says. A command that already failed keeps its code,
     * but a full disk is still said ({@code doctor > /dev/full} with a failing check
     * ended 1 and said nothing, so the lost report looked like a written one); a closed pipe stays quiet.
     *
     * @param command the command's name, or null when the arguments named none ({@code --help})
     * @param code the command's own exit code
     * @return {@code code} when it is not 0, else the code {@link #notWritten} gives
     */
    public static int ended(JsonOutput.ProcessStdout out, PrintWriter err, String command, int code) {
        IOException failure = out.failure();
        if (failure == null) {
            return code;
        }
        int lost = notWritten(err, command, failure);
        return code != 0 ? code : lost;
    }
}
