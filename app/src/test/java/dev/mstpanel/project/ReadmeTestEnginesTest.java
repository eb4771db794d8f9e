package dev.mstpanel.project;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's "Test it" section says how to start and stop the test engines for a try by hand, with
 * the script's own usage ({@code test-engines.sh start|stop DIR}, contexts in {@code DIR/config}):
 * a new user found only the loop that stops them.
 */
class ReadmeTestEnginesTest {
    @Test
    void theTestSectionStartsAndStopsTheEnginesForATryByHand() throws Exception {
        Path root = TestEngines.projectRoot();
        String readme = Files.readString(root.resolve("README.md"));
        int at = readme.indexOf("## Test it");
        assertThat(at).as("a '## Test it' section").isNotNegative();
        int end = readme.indexOf("\n## ", at + 1);
        String section = readme.substring(at, end < 0 ? readme.length() : end);
        Matcher start =
                Pattern.compile("`bash scripts/test-engines\\.sh start (\\S+)`").matcher(section);
        assertThat(start.find())
                .as("a command that starts the engines, in: %s", section)
                .isTrue();
        String dir = start.group(1);
        assertThat(section)
                .contains("`bash scripts/test-engines.sh stop " + dir + "`")
                .contains("DOCKER_CONFIG=" + dir + "/config java -jar app/target/mst-panel.jar");
        String script = Files.readString(root.resolve("scripts/test-engines.sh"));
        assertThat(script)
                .contains("test-engines.sh start DIR")
                .contains("test-engines.sh stop DIR")
                .contains("DOCKER_CONFIG=DIR/config");
    }
}
