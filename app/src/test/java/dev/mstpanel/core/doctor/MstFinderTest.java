package dev.mstpanel.core.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.mstpanel.core.mst.MstInstallation;
import dev.mstpanel.core.mst.MstLocator;
import dev.mstpanel.core.shell.CommandRunner;
import dev.mstpanel.core.shell.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS)
class MstFinderTest {
    @TempDir
    Path dir;

    @Test
    void aGivenEvalConfigFindsTheMstInstalledAboveIt() throws Exception {
        // the Images view's "eval config" field: its project's node_modules/.bin/mst builds the images
        Path bin = dir.resolve("shop/node_modules/.bin");
        Files.createDirectories(bin);
        Path local = bin.resolve("mst");
        Files.writeString(
                local,
                "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 2.0.0-beta.7; exit 0; fi\necho '  --runner <name>'\n");
        local.toFile().setExecutable(true);
        Path config = dir.resolve("shop/evals/eval.json");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "{\"name\": \"shop\"}");
        MstFinder finder = new MstFinder(
                new MstLocator(new CommandRunner(new HostEnvironment(
                        Map.of("PATH", dir.resolve("empty").toString()), dir, HostEnvironment.OsFamily.LINUX))),
                () -> null,
                () -> null);

        assertThat(finder.find().installation())
                .as("no recent eval config, nothing on PATH")
                .isNull();
        MstFinder.Result found = finder.find(config);

        assertThat(found.problem()).isNull();
        assertThat(found.installation().source()).isEqualTo(MstInstallation.Source.LOCAL_DEPENDENCY);
        assertThat(found.installation().command()).containsExactly(local.toString());
        assertThat(found.version()).isEqualTo("2.0.0-beta.7");
    }
}
