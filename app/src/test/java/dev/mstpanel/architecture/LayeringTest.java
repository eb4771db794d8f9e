package dev.mstpanel.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.testsupport.TestEngines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The design's layering rule: nothing under core/ imports JavaFX, so the CLI and tests run without a display. */
class LayeringTest {
    @Test
    void coreImportsNoJavafx() throws IOException {
        Path core = TestEngines.projectRoot().resolve("app/src/main/java/dev/mstpanel/core");
        List<String> offenders;
        try (Stream<Path> files = Files.walk(core)) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    return Files.readAllLines(p).stream().anyMatch(l -> l.startsWith("import javafx.") || l.startsWith("import static javafx."));
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).map(p -> core.relativize(p).toString()).toList();
        }
        assertThat(offenders).as("core/ files importing javafx").isEmpty();
        assertThat(Files.isDirectory(core)).isTrue();
    }
}
