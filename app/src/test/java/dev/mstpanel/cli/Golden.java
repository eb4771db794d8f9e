package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command's output compared with the file that pins it, {@code app/src/test/resources/golden/NAME.golden}
 * (as the Docker CLI keeps {@code testdata/*.golden}): a change of what a command prints, by a byte, fails
 * here and shows the difference. When the change is meant, {@code -Dmstpanel.updateGolden=true} writes
 * the files again and the diff goes into the commit for a reviewer to read.
 */
final class Golden {
    static final Path DIR = TestEngines.projectRoot().resolve("app/src/test/resources/golden");

    private Golden() {}

    /**
     * @param name the file's name without {@code .golden}, e.g. {@code trials-all-statuses-json}
     * @param actual what the command printed, with only what varies from run to run replaced
     */
    static void assertMatches(String name, String actual) throws IOException {
        Path file = DIR.resolve(name + ".golden");
        if (Boolean.getBoolean("mstpanel.updateGolden")) {
            Files.createDirectories(DIR);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file)
                .as("golden file %s (write it with -Dmstpanel.updateGolden=true)", file)
                .isRegularFile();
        assertThat(actual)
                .as("output of %s against %s", name, file)
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
