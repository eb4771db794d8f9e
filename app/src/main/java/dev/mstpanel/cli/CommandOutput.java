package dev.mstpanel.cli;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * How a headless command prints its result: as JSON with {@code --json}, else as text; when the
 * output cannot be written (a closed pipe, a full disk) it says so on stderr, once, and the
 * command exits 1.
 */
final class CommandOutput {
    private CommandOutput() {}

    /** Prints one form of the result. */
    interface Printer {
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
    static int print(PrintWriter err, String command, boolean json, Printer asJson, Printer asText) {
        try {
            (json ? asJson : asText).print();
            return 0;
        } catch (IOException e) {
            err.println("mst-panel " + command + ": could not write the output: " + e.getMessage());
            return 1;
        }
    }
}
