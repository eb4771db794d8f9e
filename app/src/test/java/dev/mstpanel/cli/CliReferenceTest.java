package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command-line reference in {@code docs/cli/} is generated from the commands themselves: each page is
 * what {@code mst-panel <command> --help} prints, so the reference cannot drift from the program. When a
 * command's options change, this test fails and names the pages; {@code scripts/update-cli-docs.sh}
 * (this test with {@code -Dmstpanel.updateCliDocs=true}) writes them again.
 */
class CliReferenceTest {

    private static final Path DOCS = TestEngines.projectRoot().resolve("docs/cli");

    @Test
    void theReferenceInDocsIsWhatHelpPrints() throws IOException {
        Map<String, String> pages = pages();
        if (Boolean.getBoolean("mstpanel.updateCliDocs")) {
            Files.createDirectories(DOCS);
            try (Stream<Path> old = Files.list(DOCS)) {
                for (Path p : old.filter(p -> p.toString().endsWith(".md")).toList()) {
                    Files.delete(p);
                }
            }
            for (var e : pages.entrySet()) {
                Files.writeString(DOCS.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
            }
        }
        List<String> stale = new ArrayList<>();
        for (var e : pages.entrySet()) {
            Path file = DOCS.resolve(e.getKey());
            if (!Files.isRegularFile(file)
                    || !Files.readString(file, StandardCharsets.UTF_8).equals(e.getValue())) {
                stale.add(e.getKey());
            }
        }
        try (Stream<Path> files = Files.list(DOCS)) {
            files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".md") && !pages.containsKey(n))
                    .forEach(n -> stale.add(n + " (no such command)"));
        }
        assertThat(stale)
                .as("docs/cli pages that differ from --help: run scripts/update-cli-docs.sh")
                .isEmpty();
    }

    @Test
    void everyCommandHasAPageAndTheIndexLinksIt() {
        Map<String, String> pages = pages();
        String index = pages.get("README.md");
        for (String name : MstPanelCommand.COMMANDS.keySet()) {
            assertThat(pages).containsKey(name + ".md");
            assertThat(index).contains("(" + name + ".md)");
        }
        assertThat(pages.get("contexts.md"))
                .contains("mst-panel contexts add --help")
                .contains("--json");
    }

    /** The pages by file name: one per top-level command (its subcommands below it), and an index. */
    static Map<String, String> pages() {
        Map<String, String> pages = new LinkedHashMap<>();
        StringBuilder index = new StringBuilder("""
                # Command-line reference

                Generated from the commands themselves: each page is what `mst-panel <command> --help` prints
                (with `java -jar app/target/mst-panel.jar` in place of `mst-panel` when you run the jar).
                With no command, `mst-panel` opens the window.

                ```text
                """).append(help()).append("```\n\n");
        CommandLine all = MstPanelCommand.commandLine("--help");
        for (var e : all.getSubcommands().entrySet()) {
            String name = e.getKey();
            CommandLine cmd = e.getValue();
            StringBuilder page = new StringBuilder("# mst-panel " + name + "\n\n")
                    .append(cmd.getCommandSpec().usageMessage().description().length > 0 ? firstLine(cmd) + "\n\n" : "")
                    .append("```text\n$ mst-panel ")
                    .append(name)
                    .append(" --help\n")
                    .append(help(name))
                    .append("```\n");
            for (String sub : cmd.getSubcommands().keySet()) {
                page.append("\n## mst-panel ")
                        .append(name)
                        .append(' ')
                        .append(sub)
                        .append("\n\n```text\n$ mst-panel ")
                        .append(name)
                        .append(' ')
                        .append(sub)
                        .append(" --help\n")
                        .append(help(name, sub))
                        .append("```\n");
            }
            pages.put(name + ".md", page.toString());
            index.append("- [")
                    .append(name)
                    .append("](")
                    .append(name)
                    .append(".md): ")
                    .append(firstLine(cmd))
                    .append('\n');
        }
        index.append(
                "\nThese pages are checked by the build; after changing a command, `scripts/update-cli-docs.sh` writes them again.\n");
        pages.put("README.md", index.toString());
        return pages;
    }

    private static String firstLine(CommandLine cmd) {
        String[] d = cmd.getCommandSpec().usageMessage().description();
        // picocli formats descriptions as String.format does: %% is a percent sign, %n a line end
        return d.length == 0 ? "" : d[0].replace("%n", " ").replace("%%", "%").strip();
    }

    /** What {@code mst-panel ARGS --help} prints, as a person gets it (the real entry point, no colours). */
    private static String help(String... command) {
        String[] args = Stream.concat(Stream.of(command), Stream.of("--help")).toArray(String[]::new);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = MstPanelCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        assertThat(code)
                .as("%s exits 0; stderr: %s", String.join(" ", args), err)
                .isZero();
        String text = out.toString().replace("\r\n", "\n").stripTrailing();
        // trailing spaces are picocli's padding, not part of the text
        return text.lines()
                        .map(String::stripTrailing)
                        .reduce((a, b) -> a + "\n" + b)
                        .orElse("") + "\n";
    }
}
