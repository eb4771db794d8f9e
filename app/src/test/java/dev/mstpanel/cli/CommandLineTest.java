package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * The top command line builds only the command it is given (a faster headless start), and still
 * lists, helps with and suggests every command as before.
 */
class CommandLineTest {
    private record Result(int code, String out, String err) {}

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = MstPanelCommand.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void helpListsEveryCommand() {
        Result r = run("--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("contexts", "run", "replay", "demo", "trials", "transcript", "compare", "containers", "shell",
                "doctor", "colima");
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
}
