package dev.mstpanel.cli;

import static dev.mstpanel.cli.InProcessCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.cli.InProcessCli.Result;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * The top command line builds only the command it is given (a faster headless start), and still
 * lists, helps with and suggests every command as before.
 */
class CommandLineTest {
    @Test
    void helpListsEveryCommand() {
        Result r = run("--help");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .contains(
                        "contexts",
                        "run",
                        "replay",
                        "demo",
                        "trials",
                        "transcript",
                        "compare",
                        "containers",
                        "shell",
                        "doctor",
                        "colima");
    }

    @Test
    void aNamedCommandIsTheOnlyOneBuiltAndKeepsItsFullName() {
        var cl = MstPanelCommand.commandLine("trials", "/nowhere");
        assertThat(cl.getSubcommands()).containsOnlyKeys("trials");
        Result r = run("trials", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage: mst-panel trials");
    }

    @Test
    void aMisspeltCommandIsAUsageErrorThatSuggestsTheRightOne() {
        Result r = run("trails", "x");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("trials");
        assertThat(MstPanelCommand.commandLine("trails").getSubcommands()).hasSize(MstPanelCommand.COMMANDS.size());
    }

    @Test
    void eachCommandIsListedUnderItsOwnName() {
        for (var e : MstPanelCommand.COMMANDS.entrySet()) {
            assertThat(e.getValue()
                            .getAnnotation(picocli.CommandLine.Command.class)
                            .name())
                    .isEqualTo(e.getKey());
        }
        assertThat(MstPanelCommand.COMMANDS).hasSize(15);
    }

    @Test
    void versionAloneBuildsNoCommandAndPrintsWhatTheFullCommandLinePrints() {
        for (String flag : new String[] {"--version", "-V"}) {
            assertThat(MstPanelCommand.commandLine(flag).getSubcommands()).isEmpty();
            Result r = run(flag);
            assertThat(r.code()).isZero();
            assertThat(r.err()).isEmpty();
            assertThat(r.out())
                    .isEqualTo(withEveryCommand(flag))
                    .startsWith("mst-panel ")
                    .contains("\nJava " + System.getProperty("java.version"));
        }
    }

    @Test
    void helpIsWhatTheFullCommandLinePrints() {
        Result r = run("--help");
        assertThat(r.out()).isEqualTo(withEveryCommand("--help"));
        assertThat(run("--version", "--help").out())
                .as("--version with more is not the short path")
                .isEqualTo(withEveryCommand("--version", "--help"));
    }

    /** What a command line with every command prints for these arguments (picocli's own, nothing left out). */
    private static String withEveryCommand(String... args) {
        picocli.CommandLine cl = new picocli.CommandLine(new MstPanelCommand());
        MstPanelCommand.COMMANDS.forEach(cl::addSubcommand);
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(new StringWriter()));
        cl.execute(args);
        return out.toString();
    }
}
