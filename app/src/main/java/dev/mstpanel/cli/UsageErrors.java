package dev.mstpanel.cli;

import dev.mstpanel.cli.output.TerminalText;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * How every command says a usage error (picocli's parameter exception handler, shared by all
 * commands): one plain line, {@code mst-panel <command>: <what is wrong>}, as the commands print
 * their own usage errors; then, for a misspelt command or option, picocli's suggestions. Not the
 * whole usage text: it buried the one line that says what is wrong ({@code --help} shows it).
 * Returns the command's exit code for invalid input (2).
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        String line =
                cmd.getCommandSpec().qualifiedName() + ": " + TerminalText.escape(String.valueOf(ex.getMessage()));
        if (ex instanceof CommandLine.MissingParameterException
                || ex instanceof CommandLine.UnmatchedArgumentException) {
            // picocli's own words say what is wrong, not what to give (the panel's own messages do)
            line += (line.endsWith(".") ? "" : ".") + " `"
                    + cmd.getCommandSpec().qualifiedName() + " --help` lists what it takes.";
        }
        err.println(line);
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
