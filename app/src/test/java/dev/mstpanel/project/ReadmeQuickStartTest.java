package dev.mstpanel.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's Quick start holds exactly two commands ("Set-up in two commands"): the
 * first builds with the Maven wrapper and opens the window, the second runs the tests and is the
 * very line {@code .ci/run} calls.
 */
class ReadmeQuickStartTest {

    private static final Path ROOT = TestEngines.projectRoot();

    /** The indented (code) lines of the README's Quick start section. */
    static List<String> quickStartCommands() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
        int start = readme.indexOf("## Quick start");
        assertTrue(start >= 0, "README.md has a '## Quick start' section");
        List<String> commands = new java.util.ArrayList<>();
        for (String line : readme.subList(start + 1, readme.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            if (line.startsWith("    ") && !line.isBlank()) {
                commands.add(line.strip());
            }
        }
        return commands;
    }

    @Test
    void quickStartHasTwoCommandsAndCiRunsTheSecond() throws IOException {
        List<String> commands = quickStartCommands();
        assertEquals(2, commands.size(), "the Quick start's commands: " + commands);
        List<String> ci = Files.readAllLines(ROOT.resolve(".ci/run")).stream()
                .map(String::strip)
                .toList();
        assertTrue(
                ci.contains(commands.get(1)),
                ".ci/run runs the README's test command `" + commands.get(1) + "` as a line of its own");
    }

    @Test
    void firstCommandBuildsWithTheWrapperAndOpensTheWindow() throws IOException {
        String build = quickStartCommands().get(0);
        assertTrue(build.startsWith("./mvnw "), "needs no installed Maven: " + build);
        assertTrue(build.endsWith("java -jar app/target/mst-panel.jar"), "opens the window (no arguments): " + build);
        assertTrue(Files.isExecutable(ROOT.resolve("mvnw")), "mvnw is executable");
        String props = Files.readString(ROOT.resolve(".mvn/wrapper/maven-wrapper.properties"));
        assertTrue(
                props.contains("distributionUrl=https://repo.maven.apache.org/maven2/"),
                "the wrapper fetches Maven from Maven Central");
    }

    @Test
    void testScriptRunsTheWholeSuiteWithTheWrapper() throws IOException {
        String test = quickStartCommands().get(1);
        Path script = ROOT.resolve(test.split(" ")[0]);
        assertTrue(Files.isExecutable(script), test + " is an executable script");
        String text = Files.readString(script);
        assertTrue(text.contains("./mvnw -B verify"), test + " runs ./mvnw -B verify");
        assertTrue(text.contains("xvfb-run"), test + " gives the window tests a display where there is none");
    }
}
