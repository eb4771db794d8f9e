package dev.mstpanel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command a suggested line starts with is the one the person can run. */
class SelfInvocationTest {
    private final Path work = Path.of("/home/ana/mst-panel");

    @Test
    void theAppImageAndInstalledLauncherAreCalledByName() {
        assertThat(SelfInvocation.command(
                        "/opt/mst-panel/bin/mst-panel", Path.of("/opt/mst-panel/lib/app/mst-panel.jar"), work))
                .isEqualTo("mst-panel");
    }

    @Test
    void aJarRunByHandIsCalledAsItWasRunRelativeToTheWorkingFolder() {
        assertThat(SelfInvocation.command(null, work.resolve("app/target/mst-panel.jar"), work))
                .isEqualTo("java -jar app/target/mst-panel.jar");
        assertThat(SelfInvocation.command(null, Path.of("/tmp/my builds/mst-panel.jar"), work))
                .isEqualTo("java -jar '/tmp/my builds/mst-panel.jar'");
    }

    @Test
    void classesFromAFolderAsInTheTestsAreCalledByName() {
        assertThat(SelfInvocation.command(null, null, work)).isEqualTo("mst-panel");
    }
}
