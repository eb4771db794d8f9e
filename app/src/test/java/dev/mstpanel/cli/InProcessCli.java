package dev.mstpanel.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs the panel's command line in the test's JVM, as {@code java -jar mst-panel.jar ARGS} would,
 * and keeps what it printed: one helper for the CLI tests instead of a copy in each.
 */
final class InProcessCli {
    private InProcessCli() {}

    /** A command's exit code and what it wrote to stdout and stderr. */
    record Result(int code, String out, String err) {}

    /** Runs {@code mst-panel ARGS} in this JVM. */
    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = MstPanelCommand.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }
}
