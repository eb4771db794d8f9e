package dev.mstpanel.cli.output;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Where a headless command prints, mixed into it with {@code @Mixin}: picocli's stdout and stderr,
 * each guarded for the terminal ({@link TerminalText#guard}), so no command can print data from a
 * file or an engine raw by forgetting to wrap its writers, and each masked line by line with the secrets of
 * the environment (docs/masking-secrets.md): a key a run's files hold (a trace, a case id, a tag, a triage
 * note) is masked in whatever a command prints of it, as it is in the run log and in exports. A command that prints data as well has
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
            out = TerminalText.guard(masked(command.commandLine().getOut()));
        }
        return out;
    }

    /** The command's stderr, guarded for the terminal. */
    public PrintWriter err() {
        if (err == null) {
            err = TerminalText.guard(masked(command.commandLine().getErr()));
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
        if (unguardedOut == null) {
            unguardedOut = masked(command.commandLine().getOut());
        }
        return unguardedOut;
    }

    private PrintWriter unguardedOut;

    /** The secrets of this process's environment, read once: what every command's output is masked with. */
    private static volatile dev.mstpanel.core.mst.SecretRedactor environmentSecrets;

    /** {@code w} masked line by line with the environment's secrets; {@code w} itself when it has none. */
    static PrintWriter masked(PrintWriter w) {
        dev.mstpanel.core.mst.SecretRedactor secrets = environmentSecrets;
        if (secrets == null) {
            secrets = dev.mstpanel.core.mst.SecretRedactor.forEnvironment(System.getenv());
            environmentSecrets = secrets;
        }
        return secrets.size() == 0 ? w : new PrintWriter(new MaskingWriter(w, secrets.knownValues()), true);
    }
}
