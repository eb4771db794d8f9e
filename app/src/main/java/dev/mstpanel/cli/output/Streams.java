package dev.mstpanel.cli.output;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Where a headless command prints, mixed into it with {@code @Mixin}: picocli's stdout and stderr,
 * each guarded for the terminal ({@link TerminalText#guard}), so no command can print data from a
 * file or an engine raw by forgetting to wrap its writers. A command that prints data as well has
 * {@link OutputOptions} (this and {@code --json}). Marked a command only because picocli takes no mixin
 * without an annotation of its own; it adds nothing to the command it is mixed into.
 */
@Command
public class Streams {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    private PrintWriter out;
    private PrintWriter err;

    /** The command's stdout, guarded for the terminal; one writer for the whole command (the guard keeps a pending {@code \r}). */
    public PrintWriter out() {
        if (out == null) {
            out = TerminalText.guard(command.commandLine().getOut());
        }
        return out;
    }

    /** The command's stderr, guarded for the terminal. */
    public PrintWriter err() {
        if (err == null) {
            err = TerminalText.guard(command.commandLine().getErr());
        }
        return err;
    }

    /** The command's name as typed after {@code mst-panel} ({@code contexts}, {@code demo}), for its messages. */
    public String name() {
        return command.name();
    }

    /** The command's command line, for a usage error ({@link CommandLine.ParameterException}). */
    public CommandLine commandLine() {
        return command.commandLine();
    }

    /** Picocli's stdout as given, not guarded: only for JSON, whose generator escapes as the guard does ({@link JsonOutput}). */
    PrintWriter unguardedOut() {
        return command.commandLine().getOut();
    }
}
